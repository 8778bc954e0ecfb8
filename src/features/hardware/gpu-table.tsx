import { Button } from '../../components/button';
import { Card, Kpi } from '../../components/card';
import { SourceBadge } from '../../components/source-badge';
import { useLanguage, useT } from '../../components/use-t';
import type { HardwareReport } from '../../core/hardware/report';
import { MAX_GPUS_PER_NODE } from '../../core/scenario/schema';
import { formatInteger, formatNumber } from '../../lib/format/format';
import { useAppStore } from '../../state/store';
import { layoutName } from '../../components/layout-name';
import { layoutMessages } from './layout-messages';
import { pinnedFields } from './layouts-card';
import type { HardwareT } from './messages';
import { duration, gb, gbGib, memoryFigures, tokens } from './format-hardware';

export function GpuTable(props: { report: HardwareReport; t: HardwareT }) {
  const { report: r, t } = props;
  const language = useLanguage();
  const updateSection = useAppStore((s) => s.updateSection);
  const lt = useT(layoutMessages);
  const pinned = r.layouts.choice === 'pinned';
  return (
    <Card title={t('tableTitle')} testId="hw-gpu-table">
      <p className="mb-2 text-xs text-muted">{t('tableHint')}</p>
      <div className="overflow-x-auto">
        <table className="figures w-full min-w-[640px] border-collapse text-sm">
          <thead>
            <tr className="text-left text-xs text-muted">
              <th scope="col" className="border-b border-border py-1 pr-2 font-medium">
                {t('colGpu')}
              </th>
              <th scope="col" className="border-b border-border py-1 pr-2 text-right font-medium">
                {t('colMemory')}
              </th>
              <th scope="col" className="border-b border-border py-1 pr-2 text-right font-medium">
                {t('colMin')}
              </th>
              <th scope="col" className="border-b border-border py-1 pr-2 text-right font-medium">
                {t('colNodes')}
              </th>
              <th scope="col" className="border-b border-border py-1 pr-2 font-medium">
                {t('colLayout')}
              </th>
              <th scope="col" className="border-b border-border py-1 pr-2 text-right font-medium">
                {lt('colRoomTable', { context: tokens(language, r.setup.contextLength) })}
              </th>
              <th scope="col" className="border-b border-border py-1 pr-2 text-right font-medium">
                {t('colUsed')}
              </th>
              <th scope="col" className="border-b border-border py-1 font-medium">
                {t('colSource')}
              </th>
            </tr>
          </thead>
          <tbody>
            {r.minGpuTable.map((row) => {
              const res = row.result;
              return (
                <tr key={row.gpuId} data-testid={`gpu-row-${row.gpuId}`} className={row.selected ? 'bg-surface-2' : undefined}>
                  <th scope="row" className="border-b border-border/60 py-1.5 pr-2 text-left font-medium">
                    {row.name}
                    {row.selected ? <span className="ml-1 text-xs font-normal text-muted">({t('selected')})</span> : null}
                  </th>
                  <td className="border-b border-border/60 py-1.5 pr-2 text-right" title={memoryFigures(language, t, row)} data-testid="gpu-memory">
                    {formatInteger(language, row.memoryGB)} GB
                    <span className="block text-xs text-muted">
                      {row.reportedMemory ? `${formatInteger(language, row.reportedMemory.mib)} MiB` : t('marketedShort')}
                    </span>
                  </td>
                  <td className="border-b border-border/60 py-1.5 pr-2 text-right font-semibold" data-testid="min-count">
                    {res.kind === 'fits' ? (
                      <Button
                        variant="textLink"
                        onClick={() => {
                          updateSection('selfHosted', {
                            gpuId: row.gpuId,
                            gpusPerReplica: res.count,
                            gpusPerNode: Math.min(MAX_GPUS_PER_NODE, row.gpusPerNode),
                          });
                          // A pinned scenario keeps its pin with this row's layout; best fit picks it again by itself.
                          updateSection(
                            'hardware',
                            pinned ? pinnedFields({ kind: res.layout, layout: { tp: res.tp, dcp: res.dcp } }) : { tensorParallel: res.tp },
                          );
                        }}
                      >
                        {formatInteger(language, res.count)}
                      </Button>
                    ) : (
                      <span title={res.limit === 'pipeline-stages' ? t('stagesLimitHelp', { stages: 16 }) : undefined}>
                        {t('moreThan', { max: formatInteger(language, res.checkedUpTo) })}
                        {res.limit === 'pipeline-stages' ? (
                          <span className="ml-1 text-xs font-normal text-muted">{t('stagesLimitShort', { stages: 16 })}</span>
                        ) : null}
                      </span>
                    )}
                  </td>
                  <td className="border-b border-border/60 py-1.5 pr-2 text-right">{res.kind === 'fits' ? formatInteger(language, res.nodes) : '–'}</td>
                  <td className="border-b border-border/60 py-1.5 pr-2 text-xs">
                    {res.kind === 'fits' ? layoutName(language, res.layout, res) : '–'}
                    {res.kind === 'fits' && res.multiNodeMoe ? <span className="ml-1 rounded bg-warn-bg px-1 text-warn">{t('multiNodeMoeShort')}</span> : null}
                    {res.kind === 'fits' && res.tpSpansNodes ? (
                      <span className="ml-1 rounded bg-warn-bg px-1 text-warn" title={t('tpSpansNodesHelp')}>
                        {t('tpSpansNodesShort')}
                      </span>
                    ) : null}
                  </td>
                  <td className="border-b border-border/60 py-1.5 pr-2 text-right text-xs" data-testid="gpu-room">
                    {res.kind === 'fits' ? formatInteger(language, res.maxSequencesAtContext) : '–'}
                  </td>
                  <td className="border-b border-border/60 py-1.5 pr-2 text-right text-xs">
                    {res.kind === 'fits' ? `${gb(language, res.usedPerGpu)} / ${gb(language, res.budgetPerGpu)}` : '–'}
                  </td>
                  <td className="border-b border-border/60 py-1.5">
                    <SourceBadge source={row.source} />
                    {row.reportedMemory ? (
                      <span className="ml-1">
                        <SourceBadge source={row.reportedMemory.source} />
                      </span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

export function CheckpointCard(props: { report: HardwareReport; t: HardwareT }) {
  const { report: r, t } = props;
  const language = useLanguage();
  const c = r.checkpoint;
  return (
    <Card title={t('checkpointTitle')} testId="hw-checkpoint">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Kpi
          label={t('checkpointSize')}
          value={gb(language, c.bytes)}
          sub={`${gbGib(language, c.bytes).replace(`${gb(language, c.bytes)} `, '')} · ${c.source.kind === 'estimate' ? t('sourceEstimate') : t('sourceCheckpoint')} · ${c.source.format.toUpperCase()}`}
          testId="hw-checkpoint-size"
        />
        <Kpi
          label={t('downloadTime', { gbps: formatNumber(language, c.downloadGbps, 2) })}
          value={duration(language, c.downloadSeconds)}
          testId="hw-download-time"
        />
      </div>
      {r.model.source ? (
        <p className="mt-2 text-xs">
          <SourceBadge source={r.model.source} />
        </p>
      ) : null}
    </Card>
  );
}
