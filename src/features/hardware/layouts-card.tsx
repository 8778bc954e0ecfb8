import { countIn } from '../../lib/i18n/count';
import { hardwareMessages } from './messages';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { useLanguage, useT } from '../../components/use-t';
import type { LayoutFit } from '../../core/hardware/layouts';
import type { HardwareReport, LayoutOption } from '../../core/hardware/report';
import type { Language, Scenario } from '../../core/scenario/schema';
import { formatInteger } from '../../lib/format/format';
import { useAppStore } from '../../state/store';
import { layoutName } from '../../components/layout-name';
import { layoutMessages, type LayoutT } from './layout-messages';
import { gb, tokens } from './format-hardware';

export function fitName(language: Language, f: Pick<LayoutFit, 'kind' | 'layout' | 'ep'>): string {
  return layoutName(language, f.kind, { tp: f.layout.tp, pp: f.layout.pp, dcp: f.layout.dcp, ep: f.ep });
}

/** The hardware fields that pin a compared layout. */
export function pinnedFields(f: { kind: LayoutFit['kind']; layout: Pick<LayoutFit['layout'], 'tp' | 'dcp'> }): Partial<Scenario['hardware']> {
  const mlaKvMode = f.kind === 'dp-attention' ? 'dp-attention' : f.kind === 'dcp' ? 'dcp' : 'replicated';
  return { layout: { choice: 'pinned' }, tensorParallel: f.layout.tp, mlaKvMode, ...(f.kind === 'dcp' ? { dcpSize: f.layout.dcp } : {}) };
}

/**
 * One line under the verdict: which layout the figures use and what each other layout would
 * need ("Fits with TP8 + DCP8, the best fitting of 4 layouts on 8 GPUs. DP-attention would need 16 GPUs.").
 */
export function LayoutVerdict(props: { report: HardwareReport }) {
  const { report: r } = props;
  const t = useT(layoutMessages);
  const language = useLanguage();
  const L = r.layouts;
  const gpus = countIn(hardwareMessages, language, 'gpus', r.memory.layout.gpus);
  const lead =
    L.choice === 'pinned'
      ? t('verdictPinned', { layout: fitName(language, L.chosen) })
      : L.chosen.fits
        ? t('verdictBest', { layout: fitName(language, L.chosen), n: formatInteger(language, L.options.length), gpus })
        : t('verdictBestNone', { layout: fitName(language, L.chosen), gpus });
  const others = L.options.filter((o) => o.kind !== L.chosen.kind).map((o) => otherText(t, language, o, r.setup.contextLength));
  return (
    <p className="mt-2 text-sm" data-testid="hw-layout-verdict">
      {[lead, ...others].join(' ')}
    </p>
  );
}

function otherText(t: LayoutT, language: Language, o: LayoutOption, context: number): string {
  const kind = t(`short.${o.kind}`);
  if (o.fits) return t('otherFits', { kind, room: t('room', { n: formatInteger(language, o.maxSequencesAtContext), context: tokens(language, context) }) });
  if (o.minGpus.kind === 'fits') return t('otherNeeds', { kind, gpus: countIn(hardwareMessages, language, 'gpus', o.minGpus.count) });
  return t('otherNever', { kind, max: formatInteger(language, o.minGpus.checkedUpTo) });
}

/** Every sensible layout at the scenario's GPU count: fits or not, per-GPU bytes, KV room, the count it would need, and a button to pin it. */
export function LayoutsCard(props: { report: HardwareReport }) {
  const { report: r } = props;
  const t = useT(layoutMessages);
  const language = useLanguage();
  const updateSection = useAppStore((s) => s.updateSection);
  const L = r.layouts;
  const gpus = countIn(hardwareMessages, language, 'gpus', r.memory.layout.gpus);
  const th = 'border-b border-border py-1 pr-2 font-medium';
  const td = 'border-b border-border/60 py-1.5 pr-2';
  return (
    <Card title={t('title', { gpus })} testId="hw-layouts">
      <p className="mb-2 text-xs text-muted">{t('hint')}</p>
      {/* relative: the screen-reader-only texts are positioned inside the scroller, not beside the page. */}
      <div className="relative overflow-x-auto">
        <table className="figures w-full min-w-[560px] border-collapse text-sm">
          <caption className="sr-only">{t('caption', { model: r.model.name, gpus })}</caption>
          <thead>
            <tr className="text-left text-xs text-muted">
              <th scope="col" className={th}>
                {t('colLayout')}
              </th>
              <th scope="col" className={th}>
                {t('colFits')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('colWeights')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('colKv')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('colHeadroom')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('colRoom')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('colNeeds')}
              </th>
              <th scope="col" className={th}>
                <span className="sr-only">{t('pin')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {L.options.map((o) => {
              const name = fitName(language, o);
              const used = L.choice === 'best-fit' && o.kind === L.chosen.kind;
              return (
                <tr key={o.kind} data-testid={`layout-row-${o.kind}`} className={used ? 'bg-surface-2' : undefined}>
                  <th scope="row" className={`${td} text-left font-medium`}>
                    {name}
                    {used ? <span className="ml-1 text-xs font-normal text-muted">({t('chosen')})</span> : null}
                  </th>
                  <td className={`${td} ${o.fits ? 'text-ok' : 'text-bad'} font-semibold`} data-testid="layout-fits">
                    {o.fits ? t('yes') : t('no')}
                  </td>
                  <td className={`${td} text-right`}>{gb(language, o.weightsPerGpu)}</td>
                  <td className={`${td} text-right`}>{gb(language, o.kvPerGpu)}</td>
                  <td className={`${td} text-right ${o.headroomPerGpu < 0 ? 'text-bad' : ''}`}>{gb(language, o.headroomPerGpu)}</td>
                  <td className={`${td} text-right`} data-testid="layout-room">
                    {o.maxSequencesAtContext > 0
                      ? t('room', { n: formatInteger(language, o.maxSequencesAtContext), context: tokens(language, r.setup.contextLength) })
                      : t('none')}
                  </td>
                  <td className={`${td} text-right`} data-testid="layout-needs">
                    {o.minGpus.kind === 'fits' ? countIn(hardwareMessages, language, 'gpus', o.minGpus.count) : '–'}
                  </td>
                  <td className={td}>
                    <Button variant="link" size="xs" aria-label={t('pinLabel', { layout: name })} onClick={() => updateSection('hardware', pinnedFields(o))}>
                      {t('pin')}
                    </Button>
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
