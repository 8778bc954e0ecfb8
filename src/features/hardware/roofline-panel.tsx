import { memo } from 'react';
import {
  AXIS,
  AXIS_TITLE,
  CartesianGrid,
  GRID,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  TOOLTIP_BOX,
  XAxis,
  YAxis,
} from '../../components/chart/recharts';
import { Button } from '../../components/button';
import { Card, Kpi } from '../../components/card';
import { useLanguage, useT } from '../../components/use-t';
import type { HardwareReport } from '../../core/hardware/report';
import { formatDate, formatInteger, formatNumber } from '../../lib/format/format';
import { translate } from '../../lib/i18n/define';
import { fieldLabels } from '../../lib/i18n/fields';
import { glossary } from '../../lib/i18n/glossary';
import { useAppStore } from '../../state/store';
import { ChartFrame } from '../../components/chart-frame';
import { seriesOf, tableColumns, type ChartConfig } from '../../components/chart-config';
import type { HardwareT } from './messages';
import { gb, tokens } from './format-hardware';

export const RooflinePanel = memo(function RooflinePanel(props: { report: HardwareReport; t: HardwareT }) {
  const ft = useT(fieldLabels);
  const { report: r, t } = props;
  const language = useLanguage();
  const throughput = useAppStore((s) => s.scenario.selfHosted.throughput);
  // A capacity series chosen on the TCO page sizes the replicas instead of the single figure.
  const capacity = useAppStore((s) => s.scenario.selfHosted.capacity);
  const series = capacity.series;
  const updateSection = useAppStore((s) => s.updateSection);
  const rf = r.roofline;
  const at = rf.atConcurrency;
  // The two figures the text quotes, not the whole hardware section: a concurrency step would
  // otherwise redraw this chart inside the slider's input event instead of in its paced turn.
  const bandwidthEfficiency = useAppStore((s) => s.scenario.hardware.bandwidthEfficiency);
  const computeEfficiency = useAppStore((s) => s.scenario.hardware.computeEfficiency);
  // Points beyond the memory limit are drawn dashed: the roofline allows them, memory does not.
  const lastFit = rf.series.reduce((k, p, i) => (p.fitsInMemory ? i : k), -1);
  const data = rf.series.map((p, i) => ({
    batch: p.batch,
    agg: p.aggregateTokensPerSecond,
    user: p.perUserTokensPerSecond,
    aggFit: i <= lastFit ? p.aggregateTokensPerSecond : null,
    userFit: i <= lastFit ? p.perUserTokensPerSecond : null,
    aggOver: i >= lastFit ? p.aggregateTokensPerSecond : null,
    userOver: i >= lastFit ? p.perUserTokensPerSecond : null,
    fits: p.fitsInMemory,
  }));
  const n0 = (v: number) => formatNumber(language, v, v >= 100 ? 0 : 1);
  const summary = t('rooflineAria', {
    max: formatInteger(language, data.at(-1)?.batch ?? 1),
    batch: formatInteger(language, at.batch),
    agg: n0(at.aggregateTokensPerSecond),
    user: n0(at.perUserTokensPerSecond),
  });
  // The lines within memory; beyond the memory limit each goes on dashed in its colour, unlabelled.
  const config: ChartConfig<'aggFit' | 'userFit'> = {
    series: [
      { key: 'aggFit', label: t('aggregate'), colour: 'var(--series-self)', unit: 'tok/s' },
      { key: 'userFit', label: t('perUser'), colour: 'var(--series-api)', unit: 'tok/s' },
    ],
  };
  const agg = seriesOf(config, 'aggFit');
  const user = seriesOf(config, 'userFit');
  const est = rf.estimate;
  const estTps = est.kind === 'ok' ? Math.round(est.outputTokensPerSecond) : null;
  const inUse =
    estTps !== null && series === null && throughput.source === 'estimated' && throughput.tokensPerSecond === estTps && throughput.basis === 'output';
  const touched =
    at.touchedExperts !== null && r.model.moe
      ? t('touched', { n: formatNumber(language, at.touchedExperts, 1), e: formatInteger(language, r.model.moe.experts) })
      : t('allWeights');
  return (
    <Card title={t('rooflineTitle')} testId="hw-roofline">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Kpi
          label={t('decodeTps', { batch: formatInteger(language, at.batch) })}
          value={`${n0(at.aggregateTokensPerSecond)} tok/s`}
          sub={t('decodeTpsSub', { user: n0(at.perUserTokensPerSecond) })}
          testId="hw-decode-tps"
        />
        <Kpi
          label={t('stepTime', { batch: formatInteger(language, at.batch) })}
          value={`${formatNumber(language, at.stepMs, 1)} ms`}
          sub={t('stepDetail', {
            bound: at.bound === 'memory' ? t('boundMemory') : t('boundCompute'),
            mem: formatNumber(language, at.memoryMs, 1),
            comp: formatNumber(language, at.computeMs, 1),
            overhead: formatNumber(language, at.overheadMs, 1),
          })}
          testId="hw-step"
        />
        <Kpi label={t('ttft', { tokens: tokens(language, rf.promptTokens) })} value={`${formatNumber(language, rf.ttft.ttftMs, 0)} ms`} testId="hw-ttft" />
      </div>
      <p className="figures mt-2 text-xs text-muted" data-testid="hw-roofline-work">
        {t('rooflineWork', {
          weights: gb(language, at.weightReadBytes),
          touched,
          kv: gb(language, at.kvReadBytes),
          gpus: formatInteger(language, r.memory.layout.gpus),
          bw: formatNumber(language, r.gpu.bandwidthTBps, 2),
          eff: formatNumber(language, bandwidthEfficiency, 2),
          flops: `${formatNumber(language, at.flops / 1e12, 2)} T`,
          peak: formatInteger(language, rf.peakTflops),
          precision: rf.precision.toUpperCase(),
          ceff: formatNumber(language, computeEfficiency, 2),
          ctx: tokens(language, rf.decodeContext),
        })}
      </p>
      <div className="mt-3">
        <ChartFrame
          title={t('rooflineChart')}
          summary={summary}
          height={300}
          config={config}
          table={{
            head: [ft('hardware.concurrentSequences'), ...tableColumns(config), t('memoryLimit')],
            rows: data.map((d) => [formatInteger(language, d.batch), n0(d.agg), n0(d.user), d.fits ? '✓' : '✗']),
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 28, right: 8, bottom: 8, left: 8 }}>
              <CartesianGrid stroke={GRID} />
              <XAxis
                dataKey="batch"
                type="number"
                scale="log"
                domain={['dataMin', 'dataMax']}
                ticks={data.map((d) => d.batch).filter((b) => Number.isInteger(Math.log2(b)))}
                tickFormatter={(v: number) => formatInteger(language, v)}
                {...AXIS}
                height={40}
                label={{ value: t('axisBatch'), position: 'insideBottom', offset: 0, ...AXIS_TITLE }}
              />
              <YAxis
                yAxisId="agg"
                stroke={agg.colour}
                fontSize={11}
                width={56}
                tickFormatter={(v: number) => formatInteger(language, v)}
                label={{ value: t('axisAgg'), position: 'top', offset: 12, fill: agg.colour, fontSize: 11, textAnchor: 'start', dx: -20 }}
              />
              <YAxis
                yAxisId="user"
                orientation="right"
                stroke={user.colour}
                fontSize={11}
                width={60}
                tickFormatter={(v: number) => formatInteger(language, v)}
                label={{ value: t('axisUser'), position: 'top', offset: 12, fill: user.colour, fontSize: 11, textAnchor: 'end', dx: 20 }}
              />
              <Tooltip
                formatter={(v, name) => [v === null || v === undefined ? '–' : `${n0(Number(v))} tok/s`, name]}
                labelFormatter={(v) => `${ft('hardware.concurrentSequences')}: ${formatInteger(language, Number(v))}`}
                contentStyle={TOOLTIP_BOX}
              />
              {r.frontier.maxConcurrencyAtContext >= 1 ? (
                <ReferenceLine
                  x={Math.max(1, r.frontier.maxConcurrencyAtContext)}
                  yAxisId="agg"
                  stroke="var(--bad)"
                  strokeDasharray="4 3"
                  label={{ value: t('memoryLimit'), position: 'insideTopLeft', fill: 'var(--bad)', fontSize: 11 }}
                />
              ) : null}
              <ReferenceLine x={at.batch} yAxisId="agg" stroke="var(--muted)" strokeDasharray="2 2" />
              <Line
                yAxisId="agg"
                type="monotone"
                dataKey={agg.key}
                name={agg.label}
                stroke={agg.colour}
                strokeWidth={2}
                dot={{ r: 2 }}
                isAnimationActive={false}
                connectNulls={false}
              />
              <Line
                yAxisId="user"
                type="monotone"
                dataKey={user.key}
                name={user.label}
                stroke={user.colour}
                strokeWidth={2}
                dot={{ r: 2 }}
                isAnimationActive={false}
                connectNulls={false}
              />
              <Line
                yAxisId="agg"
                type="monotone"
                dataKey="aggOver"
                name={`${agg.label} (${t('overMemory')})`}
                stroke={agg.colour}
                strokeWidth={1.5}
                strokeDasharray="4 3"
                dot={false}
                isAnimationActive={false}
                connectNulls={false}
                legendType="none"
              />
              <Line
                yAxisId="user"
                type="monotone"
                dataKey="userOver"
                name={`${user.label} (${t('overMemory')})`}
                stroke={user.colour}
                strokeWidth={1.5}
                strokeDasharray="4 3"
                dot={false}
                isAnimationActive={false}
                connectNulls={false}
                legendType="none"
              />
            </LineChart>
          </ResponsiveContainer>
        </ChartFrame>
      </div>
      <div className="mt-3 rounded-md border border-border bg-surface-2 p-3" data-testid="hw-estimate">
        <h3 className="text-sm font-semibold">{t('estimateTitle')}</h3>
        {est.kind === 'ok' ? (
          <>
            <p className="figures mt-1 text-lg font-semibold">{t('estimateValue', { tps: formatInteger(language, estTps ?? 0) })}</p>
            <p className="figures text-xs text-muted">
              {t('estimateDetail', {
                batch: formatInteger(language, est.batch),
                uncached: tokens(language, rf.uncachedPromptTokens),
                prefill: formatNumber(language, est.prefillMsPerCycle / 1e3, 1),
                out: tokens(language, rf.outputTokensPerRequest),
                decode: formatNumber(language, est.decodeMsPerCycle / 1e3, 1),
              })}
            </p>
          </>
        ) : (
          <p className="mt-1 text-sm text-muted">{t(`estimateNa.${est.reason}`)}</p>
        )}
        <p className="figures mt-2 text-xs" data-testid="hw-tco-current">
          {series !== null ? (
            t('tcoSeries', {
              label: series.label,
              source: [
                translate(glossary, language, `source.${series.kind}`),
                series.kind === 'measured' ? series.fileName : null,
                series.kind === 'published' ? series.publisher : null,
                series.kind === 'published' && series.date ? formatDate(language, series.date.slice(0, 10)) : null,
              ]
                .filter((x) => x)
                .join(', '),
            })
          ) : (
            <>
              {t('tcoCurrent', {
                tps: formatInteger(language, throughput.tokensPerSecond),
                source: translate(glossary, language, `source.${throughput.source}`),
              })}
              {throughput.measuredRun
                ? ` ${t('measuredNext', { label: throughput.measuredRun.label, tps: formatInteger(language, throughput.measuredRun.outputTokensPerSecond) })}`
                : ''}
            </>
          )}
        </p>
        <Button
          variant="primary"
          disabled={estTps === null || inUse}
          onClick={() => {
            if (estTps === null) return;
            // The estimate holds at its uncached prompt and output lengths, with its own prefill rate.
            updateSection('selfHosted', {
              throughput: {
                ...throughput,
                source: 'estimated',
                tokensPerSecond: estTps,
                basis: 'output',
                atInputTokens: rf.uncachedPromptTokens,
                atOutputTokens: rf.outputTokensPerRequest,
                prefillTokensPerSecond: est.kind === 'ok' && est.prefillTokensPerSecond !== null ? Math.round(est.prefillTokensPerSecond) : null,
              },
              capacity: { ...capacity, series: null },
            });
          }}
          className="mt-2"
          data-testid="hw-use-estimate"
        >
          {inUse ? t('usedEstimate') : t('useEstimate')}
        </Button>
      </div>
    </Card>
  );
});
