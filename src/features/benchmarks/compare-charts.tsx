import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../../components/chart-frame';
import { useLanguage, useT } from '../../components/use-t';
import type { BenchRun, MetricId } from '../../core/benchmarks/run-schema';
import { errorBreakdown, percentileBars, throughputVsLoad, type CdfSeries, type LoadAxis } from '../../core/benchmarks/views';
import { formatInteger, formatNumber, formatPercent } from '../../lib/format/format';
import { formatMs, formatRate, runName } from './format-bench';
import { benchmarksMessages } from './messages';

/** Okabe-Ito series colours from the theme; runs beyond six repeat them dashed. */
export const SERIES = ['var(--series-api)', 'var(--series-self)', 'var(--series-hybrid)', 'var(--series-4)', 'var(--series-5)', 'var(--series-6)'];
export function seriesColor(i: number): string {
  return SERIES[i % SERIES.length] as string;
}
export function seriesDash(i: number): string | undefined {
  return i >= SERIES.length ? '6 3' : undefined;
}

const AXIS = { stroke: 'var(--muted)', fontSize: 11 } as const;
const TOOLTIP = { contentStyle: { background: 'var(--surface)', border: '1px solid var(--border)', fontSize: 12, color: 'var(--text)' } } as const;

/** Short tags R1, R2 … keep axes readable; the legend and the tables give the full names. */
export function RunLegend(props: { runs: readonly BenchRun[]; dashed?: ReadonlySet<string> }) {
  const { runs, dashed } = props;
  const t = useT(benchmarksMessages);
  return (
    <ul className="flex flex-col gap-0.5 text-xs" data-testid="compare-legend">
      {runs.map((r, i) => (
        <li key={r.id} className="flex items-start gap-1.5" data-run-id={r.id}>
          <svg width="18" height="10" aria-hidden className="mt-0.5 shrink-0">
            <line x1="1" y1="5" x2="17" y2="5" stroke={seriesColor(i)} strokeWidth="3" strokeDasharray={seriesDash(i) ?? (dashed?.has(r.id) ? '3 2' : undefined)} />
          </svg>
          <span className="break-words">
            <span className="font-medium">R{i + 1}</span> {runName(t, r)}
            {r.label ? ` · ${r.label}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function PercentileChart(props: { runs: readonly BenchRun[]; metric: MetricId }) {
  const { runs, metric } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const rows = useMemo(() => percentileBars(runs, metric), [runs, metric]);
  const statName = (p: number) => (p === -1 ? t('chart.pct.mean') : `p${p}`);
  const data = rows.map((r) => ({ stat: statName(r.percentile), ...r.values }));
  const metricName = t(`metric.${metric}`);
  const p99 = rows.find((r) => r.percentile === 99);
  let worst: { run: BenchRun; v: number } | null = null;
  for (const run of runs) {
    const v = p99?.values[run.id];
    if (v !== null && v !== undefined && (!worst || v > worst.v)) worst = { run, v };
  }
  const table = {
    head: [t('th.run'), ...rows.map((r) => `${statName(r.percentile)} (ms)`)],
    rows: runs.map((run, i) => [`R${i + 1} ${runName(t, run)}`, ...rows.map((r) => formatMs(language, r.values[run.id]))]),
  };
  return (
    <ChartFrame
      title={t('chart.pct.title', { metric: metricName })}
      summary={t('chart.pct.aria', { metric: metricName, n: runs.length, run: worst ? runName(t, worst.run) : '–', value: worst ? formatMs(language, worst.v) : '–' })}
      table={table}
      csv={{ head: table.head, rows: runs.map((run, i) => [`R${i + 1} ${runName(t, run)}`, ...rows.map((r) => r.values[run.id] ?? '')]) }}
      height={260}
      testId="chart-percentiles"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 22, left: 8 }}>
          <CartesianGrid stroke="var(--grid)" vertical={false} />
          <XAxis dataKey="stat" {...AXIS} label={{ value: t('chart.pct.x'), position: 'insideBottom', offset: -12, fill: 'var(--muted)', fontSize: 11 }} />
          <YAxis {...AXIS} width={64} tickFormatter={(v: number) => formatMs(language, v)} label={{ value: t('chart.pct.y', { metric: metricName }), angle: -90, position: 'insideLeft', fill: 'var(--muted)', fontSize: 11, dy: 50 }} />
          <Tooltip {...TOOLTIP} formatter={(v) => `${formatMs(language, Number(v))} ms`} />
          {runs.map((run, i) => (
            <Bar key={run.id} dataKey={run.id} name={`R${i + 1}`} fill={seriesColor(i)} fillOpacity={i >= SERIES.length ? 0.55 : 0.9} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** Decade-aligned domain and 1-2-5 ticks for a log axis (Recharts picks poor ticks itself). */
function logAxis(lo: number, hi: number): { domain: [number, number]; ticks: number[] } {
  const from = Math.floor(Math.log10(lo));
  const to = Math.ceil(Math.log10(hi));
  const ticks: number[] = [];
  const steps = to - from > 4 ? [1] : [1, 2, 5];
  for (let e = from; e <= to; e++) for (const m of steps) ticks.push(m * 10 ** e);
  const domain: [number, number] = [10 ** from, 10 ** to];
  return { domain, ticks: ticks.filter((v) => v >= domain[0] && v <= domain[1]) };
}

export function CdfChart(props: { runs: readonly BenchRun[]; metric: MetricId; series: readonly CdfSeries[] }) {
  const { runs, metric, series } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const metricName = t(`metric.${metric}`);
  const index = new Map(runs.map((r, i) => [r.id, i]));
  const values = series.flatMap((s) => s.points.map((p) => p.value)).filter((v) => v > 0);
  const lo = values.length ? Math.min(...values) : 1;
  const hi = values.length ? Math.max(...values) : 10;
  const log = hi / lo > 20;
  const axis = log ? logAxis(lo, hi) : null;
  const table = {
    head: [t('th.run'), `${metricName} (ms)`, t('th.share')],
    rows: series.flatMap((s) => {
      const i = index.get(s.runId) ?? 0;
      const run = runs[i] as BenchRun;
      // A few points per run keep the table readable; the CSV has all of them.
      const step = Math.max(1, Math.floor(s.points.length / 10));
      return s.points.filter((_, k) => k % step === 0 || k === s.points.length - 1).map((p) => [`R${i + 1} ${runName(t, run)}`, formatMs(language, p.value), formatNumber(language, p.share * 100, 1)]);
    }),
  };
  const csv = { head: table.head, rows: series.flatMap((s) => s.points.map((p) => [`R${(index.get(s.runId) ?? 0) + 1}`, p.value, p.share * 100])) };
  return (
    <ChartFrame
      title={t('chart.cdf.title', { metric: metricName })}
      summary={t('chart.cdf.aria', { metric: metricName, n: series.length })}
      table={table}
      csv={csv}
      height={260}
      testId="chart-cdf"
      footer={series.some((s) => s.from === 'percentiles') ? <p className="text-xs text-muted">{t('chart.cdf.dashed')}</p> : null}
    >
      {series.length === 0 ? (
        <p className="text-sm text-muted">{t('chart.cdf.none')}</p>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <LineChart margin={{ top: 8, right: 12, bottom: 22, left: 8 }}>
            <CartesianGrid stroke="var(--grid)" />
            <XAxis
              type="number"
              dataKey="value"
              scale={axis ? 'log' : 'linear'}
              domain={axis ? axis.domain : [0, 'auto']}
              ticks={axis ? axis.ticks : undefined}
              allowDataOverflow
              {...AXIS}
              tickFormatter={(v: number) => formatMs(language, v)}
              label={{ value: log ? t('chart.cdf.x', { metric: metricName }) : `${metricName} (ms)`, position: 'insideBottom', offset: -12, fill: 'var(--muted)', fontSize: 11 }}
            />
            <YAxis type="number" dataKey="share" domain={[0, 1]} {...AXIS} width={48} tickFormatter={(v: number) => formatPercent(language, v, 0)} label={{ value: t('chart.cdf.y'), angle: -90, position: 'insideLeft', fill: 'var(--muted)', fontSize: 11, dy: 60 }} />
            <Tooltip {...TOOLTIP} labelFormatter={(v) => `${formatMs(language, Number(v))} ms`} formatter={(v) => formatPercent(language, Number(v), 1)} />
            {series.map((s) => {
              const i = index.get(s.runId) ?? 0;
              return (
                <Line
                  key={s.runId}
                  data={s.from === 'requests' ? s.points : s.points}
                  dataKey="share"
                  name={`R${i + 1}`}
                  type={s.from === 'requests' ? 'stepAfter' : 'linear'}
                  stroke={seriesColor(i)}
                  strokeWidth={2}
                  strokeDasharray={s.from === 'percentiles' ? '5 4' : seriesDash(i)}
                  dot={s.from === 'percentiles' ? { r: 2 } : false}
                  isAnimationActive={false}
                />
              );
            })}
          </LineChart>
        </ResponsiveContainer>
      )}
    </ChartFrame>
  );
}

export function LoadChart(props: { runs: readonly BenchRun[] }) {
  const { runs } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const [chosen, setChosen] = useState<LoadAxis | null>(null);
  const view = useMemo(() => throughputVsLoad(runs, chosen), [runs, chosen]);
  const index = new Map(runs.map((r, i) => [r.id, i]));
  const axisName = t(`chart.load.axis.${view.axis}`);
  const seriesName = (s: (typeof view.series)[number]) => s.points.map((p) => `R${(index.get(p.runId) ?? 0) + 1}`).join(', ');
  const table = {
    head: [t('th.run'), axisName, t('chart.load.y')],
    rows: view.series.flatMap((s) => s.points.map((p) => [`R${(index.get(p.runId) ?? 0) + 1} ${runName(t, runs[index.get(p.runId) ?? 0] as BenchRun)}`, formatRate(language, p.x), formatRate(language, p.outputTokensPerS)])),
  };
  return (
    <ChartFrame
      title={t('chart.load.title')}
      summary={t('chart.load.aria', { axis: axisName, n: view.series.length })}
      table={table}
      height={260}
      testId="chart-load"
      footer={
        <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
          {view.unplaced.length > 0 ? <p className="text-muted">{t('chart.load.unplaced', { n: view.unplaced.length })}</p> : <span />}
          {view.available.length > 1 ? (
            <span className="flex gap-2" role="radiogroup" aria-label={t('chart.load.axis')}>
              {view.available.map((a) => (
                <button
                  key={a}
                  type="button"
                  role="radio"
                  aria-checked={view.axis === a}
                  onClick={() => setChosen(a)}
                  className={`rounded-full border px-2.5 py-0.5 ${view.axis === a ? 'border-accent bg-accent text-accent-contrast' : 'border-border'}`}
                >
                  {t(`chart.load.axis.${a}`)}
                </button>
              ))}
            </span>
          ) : null}
        </div>
      }
    >
      {view.series.length === 0 ? (
        <p className="text-sm text-muted">{t('chart.load.none')}</p>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <LineChart margin={{ top: 8, right: 12, bottom: 22, left: 8 }}>
            <CartesianGrid stroke="var(--grid)" />
            <XAxis type="number" dataKey="x" domain={[0, 'auto']} {...AXIS} tickFormatter={(v: number) => formatRate(language, v)} label={{ value: axisName, position: 'insideBottom', offset: -12, fill: 'var(--muted)', fontSize: 11 }} />
            <YAxis type="number" {...AXIS} width={64} tickFormatter={(v: number) => formatRate(language, v)} label={{ value: t('chart.load.y'), angle: -90, position: 'insideLeft', fill: 'var(--muted)', fontSize: 11, dy: 50 }} />
            <Tooltip {...TOOLTIP} labelFormatter={(v) => `${axisName}: ${formatRate(language, Number(v))}`} formatter={(v) => formatRate(language, Number(v))} />
            {view.series.map((s) => {
              const i = index.get(s.points[0]?.runId ?? '') ?? 0;
              return (
                <Line key={s.key} data={s.points} dataKey="outputTokensPerS" name={seriesName(s)} stroke={seriesColor(i)} strokeWidth={2} strokeDasharray={seriesDash(i)} dot={{ r: 3 }} isAnimationActive={false} connectNulls />
              );
            })}
          </LineChart>
        </ResponsiveContainer>
      )}
    </ChartFrame>
  );
}

export function ErrorsChart(props: { runs: readonly BenchRun[] }) {
  const { runs } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const rows = useMemo(() => errorBreakdown(runs), [runs]);
  const data = rows.map((r, i) => ({ run: `R${i + 1}`, ok: r.ok ?? 0, failed: r.failed ?? 0 }));
  const table = {
    head: [t('th.run'), t('chart.err.ok'), t('chart.err.failed'), t('th.share')],
    rows: rows.map((r, i) => [`R${i + 1} ${runName(t, runs[i] as BenchRun)}`, formatInteger(language, r.ok), r.failed === null ? t('chart.err.unknown') : formatInteger(language, r.failed), r.errorShare === null ? '–' : formatNumber(language, r.errorShare * 100, 1)]),
  };
  const kinds = rows.flatMap((r, i) => r.kinds.map((k) => ({ run: i, ...k })));
  return (
    <ChartFrame
      title={t('chart.err.title')}
      summary={t('chart.err.aria', { n: runs.length })}
      table={table}
      height={220}
      testId="chart-errors"
      footer={
        kinds.length === 0 ? (
          <p className="text-xs text-muted">{t('chart.err.none')}</p>
        ) : (
          <div className="text-xs">
            <p className="font-medium">{t('chart.err.kinds')}</p>
            <ul className="figures max-h-40 overflow-auto">
              {kinds.slice(0, 40).map((k, i) => (
                <li key={i} className="break-words">
                  R{k.run + 1}: {formatInteger(language, k.count)} × {k.kind}
                </li>
              ))}
            </ul>
          </div>
        )
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="var(--grid)" vertical={false} />
          <XAxis dataKey="run" {...AXIS} />
          <YAxis {...AXIS} width={56} tickFormatter={(v: number) => formatInteger(language, v)} label={{ value: t('chart.err.y'), angle: -90, position: 'insideLeft', fill: 'var(--muted)', fontSize: 11, dy: 30 }} />
          <Tooltip {...TOOLTIP} formatter={(v) => formatInteger(language, Number(v))} />
          <Bar dataKey="ok" name={t('chart.err.ok')} stackId="r" fill="var(--series-hybrid)" isAnimationActive={false} />
          <Bar dataKey="failed" name={t('chart.err.failed')} stackId="r" fill="var(--bad)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
