import { memo, useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import {
  AXIS,
  AXIS_TITLE,
  Bar,
  BarChart,
  CartesianGrid,
  GRID,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  TOOLTIP_BOX,
  XAxis,
  YAxis,
} from '../../components/chart/recharts';
import { Button } from '../../components/button';
import { ChartFrame } from '../../components/chart-frame';
import { verticalAxisWidth } from '../../components/chart/axis-layout';
import { legendItems, seriesOf, tableColumns, type ChartConfig, type ChartSeries, type ColourVar, type SeriesKind } from '../../components/chart-config';
import { useLanguage, useT } from '../../components/use-t';
import type { BenchRun, MetricId } from '../../core/benchmarks/run-schema';
import type { Language } from '../../core/scenario/schema';
import { errorBreakdown, percentileBars, throughputVsLoad, type CdfSeries, type LoadAxis } from '../../core/benchmarks/views';
import { formatInteger, formatNumber, formatPercent } from '../../lib/format/format';
import { plural } from '../../core/text/plural';
import { formatMs, formatRate, loadText, runName } from './format-bench';
import { benchmarksMessages, type BenchT } from './messages';
import { axisFor, defaultScale, spreadOf, type Scale } from './scale';
import { usePacedParts, useTipOnEnter } from '../../components/chart/pacing';

/** Okabe-Ito series colours from the theme; runs beyond six repeat them dashed. */
export const SERIES: readonly ColourVar[] = [
  'var(--series-api)',
  'var(--series-self)',
  'var(--series-hybrid)',
  'var(--series-4)',
  'var(--series-5)',
  'var(--series-6)',
];
export function seriesColor(i: number): ColourVar {
  return SERIES[i % SERIES.length] as ColourVar;
}
export function seriesDash(i: number): string | undefined {
  return i >= SERIES.length ? '6 3' : undefined;
}

/**
 * The `i`-th compared run as a chart series: keyed by its id, named by its short tag (R1 …, as
 * on the axes and in the tooltips), its full name (tool, engine, model, label) as the legend's
 * detail, coloured by its position. `dash` and `kind` say how one chart draws it (default: a
 * line, dashed for runs beyond the six colours).
 */
function runSeries(t: BenchT, language: Language, run: BenchRun, i: number, drawn: { kind?: SeriesKind; dash?: string | undefined } = {}): ChartSeries {
  const dash = 'dash' in drawn ? drawn.dash : seriesDash(i);
  // The load tells the runs of one sweep apart (R1–R8 of one file differ only in it).
  const load = loadText(t, language, run);
  return {
    key: run.id,
    label: `R${i + 1}`,
    detail: `${runName(t, run)}${load !== '–' ? ` · ${load}` : ''}${run.label ? ` · ${run.label}` : ''}`,
    colour: seriesColor(i),
    ...(drawn.kind ? { kind: drawn.kind } : {}),
    ...(dash ? { dash } : {}),
  };
}

/** The compared runs in their order as one chart config (the run legend, the percentile bars). */
export function runsConfig(
  t: BenchT,
  language: Language,
  runs: readonly BenchRun[],
  drawn?: (run: BenchRun, i: number) => { kind?: SeriesKind; dash?: string | undefined },
): ChartConfig {
  return { series: runs.map((run, i) => runSeries(t, language, run, i, drawn?.(run, i))) };
}

/**
 * Width of a vertical axis with a title, from the tick texts it draws: "800,000 requests" or
 * "1.000.000" need more room than "30 ms", and with a fixed width the title would run into them.
 */
function useAxisWidth(ticks: readonly number[], format: (v: number) => string): number {
  return useMemo(() => verticalAxisWidth(ticks.map(format), AXIS.fontSize, true), [ticks, format]);
}
const BAR_MARGIN = { top: 8, right: 8, bottom: 22, left: 8 } as const;
const LINE_MARGIN = { top: 8, right: 24, bottom: 22, left: 8 } as const;
const ERRORS_MARGIN = { top: 8, right: 8, bottom: 8, left: 8 } as const;
const SHARE_TICKS = [0, 0.25, 0.5, 0.75, 1];
const SHARE_DOMAIN: [number, number] = [0, 1];
const percent0 = (language: Language, v: number) => formatPercent(language, v, 0);

/**
 * A tick formatter that keeps its identity from one render to the next. The chart library
 * compares an axis's props before it recomputes the chart's layout; a new function on every
 * render (each staged part, each re-render of the page) would recompute all of it each time.
 */
function useTickFormat(format: (language: Language, v: number) => string): (v: number) => string {
  const language = useLanguage();
  return useCallback((v: number) => format(language, v), [format, language]);
}
const TOOLTIP = { contentStyle: TOOLTIP_BOX } as const;

/** A small radio group in a chart's footer (scale, load axis, counts vs shares). */
export function ChartToggle<V extends string>(props: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (v: V) => void;
  testId?: string;
}) {
  const { label, value, options, onChange, testId } = props;
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs" role="radiogroup" aria-label={label} data-testid={testId} data-value={value}>
      <span className="text-muted" aria-hidden>
        {label}:
      </span>
      {options.map((o) => (
        <Button key={o.value} role="radio" aria-checked={value === o.value} onClick={() => onChange(o.value)} variant="chip" size="xs">
          {o.label}
        </Button>
      ))}
    </span>
  );
}

/** Phone width: horizontal axes get fewer tick labels. */
const NARROW = '(max-width: 639px)';
function subscribeNarrow(onChange: () => void): () => void {
  const mq = window.matchMedia(NARROW);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}
function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

/** The scale the user picked, or the default for the data (log beyond a 30× spread). */
function useScale(values: readonly (number | null | undefined)[]): [Scale, (s: Scale) => void] {
  const [chosen, setChosen] = useState<Scale | null>(null);
  return [chosen ?? defaultScale(values), setChosen];
}

function ScaleToggle(props: { t: BenchT; value: Scale; onChange: (s: Scale) => void; testId: string }) {
  const { t, value, onChange, testId } = props;
  return (
    <ChartToggle
      label={t('chart.scale')}
      value={value}
      onChange={onChange}
      testId={testId}
      options={[
        { value: 'linear', label: t('chart.scale.linear') },
        { value: 'log', label: t('chart.scale.log') },
      ]}
    />
  );
}

/**
 * Short tags R1, R2 … keep axes readable; this legend, shared by the four charts and shown
 * above them, and the tables give the full names. Its items are the runs' chart config (each
 * chart's PNG/SVG carries the same entries); a run whose latency curve comes from its
 * percentiles (`dashed`) gets a dashed swatch.
 */
export function RunLegend(props: { runs: readonly BenchRun[]; dashed?: ReadonlySet<string> }) {
  const { runs, dashed } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const config = runsConfig(t, language, runs, (r, i) => ({ dash: seriesDash(i) ?? (dashed?.has(r.id) ? '3 2' : undefined) }));
  return (
    <ul className="flex flex-col gap-0.5 text-xs" data-testid="compare-legend">
      {legendItems(config).map((item) => (
        <li key={item.key} className="flex items-start gap-1.5" data-run-id={item.key}>
          <svg width="18" height="10" aria-hidden className="mt-0.5 shrink-0">
            <line x1="1" y1="5" x2="17" y2="5" stroke={item.colour} strokeWidth="3" strokeDasharray={item.dash} />
          </svg>
          <span className="break-words">
            <span className="font-medium">{item.label}</span> {item.detail}
          </span>
        </li>
      ))}
    </ul>
  );
}

export const PercentileChart = memo(function PercentileChart(props: { runs: readonly BenchRun[]; metric: MetricId }) {
  const { runs, metric } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const rows = useMemo(() => percentileBars(runs, metric), [runs, metric]);
  const all = useMemo(() => rows.flatMap((r) => Object.values(r.values)), [rows]);
  const [scale, setScale] = useScale(all);
  const axis = useMemo(() => axisFor(scale, all), [scale, all]);
  const statName = useCallback((p: number) => (p === -1 ? t('chart.pct.mean') : `p${p}`), [t]);
  const tickMs = useTickFormat(formatMs);
  const yWidth = useAxisWidth(axis.ticks, tickMs);
  // A log axis has no zero: values of 0 are left out there (the table keeps them).
  const data = useMemo(
    () =>
      rows.map((r) => ({
        stat: statName(r.percentile),
        ...Object.fromEntries(Object.entries(r.values).map(([id, v]) => [id, scale === 'log' && (v === null || v <= 0) ? null : v])),
      })),
    [rows, scale, statName],
  );
  const metricName = t(`metric.${metric}`);
  const p99 = rows.find((r) => r.percentile === 99);
  let worst: { run: BenchRun; v: number } | null = null;
  for (const run of runs) {
    const v = p99?.values[run.id];
    if (v !== null && v !== undefined && (!worst || v > worst.v)) worst = { run, v };
  }
  // One bar per run and statistic; runs beyond the six colours are paler, not dashed.
  const config = runsConfig(t, language, runs, () => ({ kind: 'bar', dash: undefined }));
  const runCell = (run: BenchRun) => `${seriesOf(config, run.id).label} ${runName(t, run)}`;
  // Drawn in parts (x axis, y axis, grid, one part per run), the tooltip on first entry: see components/chart/pacing.tsx.
  const [parts, onResize] = usePacedParts(3 + config.series.length);
  const [tip, arm] = useTipOnEnter();
  const table = {
    head: [t('th.run'), ...rows.map((r) => `${statName(r.percentile)} (ms)`)],
    rows: runs.map((run) => [runCell(run), ...rows.map((r) => formatMs(language, r.values[run.id]))]),
  };
  return (
    <ChartFrame
      title={t('chart.pct.title', { metric: metricName })}
      summary={t('chart.pct.aria', {
        metric: metricName,
        n: runs.length,
        run: worst ? runName(t, worst.run) : '–',
        value: worst ? formatMs(language, worst.v) : '–',
      })}
      table={table}
      csv={{ head: table.head, rows: runs.map((run) => [runCell(run), ...rows.map((r) => r.values[run.id] ?? '')]) }}
      height={260}
      testId="chart-percentiles"
      config={config}
      legend="outside"
      footer={<ScaleToggle t={t} value={scale} onChange={setScale} testId="scale-percentiles" />}
    >
      <div className="h-full" {...arm}>
        <ResponsiveContainer width="100%" height="100%" onResize={onResize}>
          <BarChart data={data} margin={BAR_MARGIN} baseValue={scale === 'log' ? axis.domain[0] : 0}>
            {parts >= 3 ? <CartesianGrid stroke={GRID} vertical={false} /> : null}
            {parts >= 1 ? (
              <XAxis dataKey="stat" interval={0} {...AXIS} label={{ value: t('chart.pct.x'), position: 'insideBottom', offset: -12, ...AXIS_TITLE }} />
            ) : null}
            {parts >= 2 ? (
              <YAxis
                {...AXIS}
                width={yWidth}
                scale={scale}
                domain={axis.domain}
                ticks={axis.ticks}
                interval={0}
                allowDataOverflow
                tickFormatter={tickMs}
                label={{
                  value: t(scale === 'log' ? 'chart.pct.yLog' : 'chart.pct.y', { metric: metricName }),
                  angle: -90,
                  position: 'insideLeft',
                  ...AXIS_TITLE,
                  dy: 50,
                }}
              />
            ) : null}
            {tip ? <Tooltip {...TOOLTIP} formatter={(v) => `${formatMs(language, Number(v))} ms`} /> : null}
            {config.series.slice(0, Math.max(0, parts - 3)).map((s, i) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.colour} fillOpacity={i >= SERIES.length ? 0.55 : 0.9} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartFrame>
  );
});

export const CdfChart = memo(function CdfChart(props: { runs: readonly BenchRun[]; metric: MetricId; series: readonly CdfSeries[] }) {
  const { runs, metric } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const metricName = t(`metric.${metric}`);
  const index = useMemo(() => new Map(runs.map((r, i) => [r.id, i])), [runs]);
  // While the curves of a new set of runs are computed, those of the last set are kept: only
  // the curves of runs still ticked are drawn, so the series always match the runs named.
  const series = useMemo(() => props.series.filter((s) => index.has(s.runId)), [props.series, index]);
  const values = useMemo(() => series.flatMap((s) => s.points.map((p) => p.value)), [series]);
  const [scale, setScale] = useScale(values);
  const log = scale === 'log';
  const narrow = useNarrow();
  const axis = useMemo(() => axisFor(scale, values, narrow), [scale, values, narrow]);
  const tickMs = useTickFormat(formatMs);
  const tickShare = useTickFormat(percent0);
  const yWidth = useAxisWidth(SHARE_TICKS, tickShare);
  // A log axis has no zero: points at 0 ms are left out there.
  const lines = useMemo(() => series.map((s) => (log ? s.points.filter((p) => p.value > 0) : s.points)), [series, log]);
  const dashedNote = series.some((s) => s.from === 'percentiles') ? t('chart.cdf.dashed') : null;
  // One line per run with a curve: steps from its requests, a dashed line through its percentiles.
  const config: ChartConfig = {
    series: series.map((s) => {
      const i = index.get(s.runId) as number;
      return runSeries(t, language, runs[i] as BenchRun, i, {
        kind: s.from === 'requests' ? 'step' : 'line',
        dash: s.from === 'percentiles' ? '5 4' : seriesDash(i),
      });
    }),
    ...(dashedNote ? { notes: [{ text: dashedNote }] } : {}),
  };
  const table = {
    head: [t('th.run'), `${metricName} (ms)`, t('th.share')],
    rows: series.flatMap((s) => {
      const run = runs[index.get(s.runId) as number] as BenchRun;
      const tag = seriesOf(config, s.runId).label;
      // A few points per run keep the table readable; the CSV has all of them.
      const step = Math.max(1, Math.floor(s.points.length / 10));
      return s.points
        .filter((_, k) => k % step === 0 || k === s.points.length - 1)
        .map((p) => [`${tag} ${runName(t, run)}`, formatMs(language, p.value), formatNumber(language, p.share * 100, 1)]);
    }),
  };
  const csv = { head: table.head, rows: series.flatMap((s) => s.points.map((p) => [seriesOf(config, s.runId).label, p.value, p.share * 100])) };
  const [parts, onResize] = usePacedParts(3 + series.length, series.length > 0);
  const [tip, arm] = useTipOnEnter();
  return (
    <ChartFrame
      title={t('chart.cdf.title', { metric: metricName })}
      summary={t('chart.cdf.aria', { metric: metricName, n: series.length })}
      table={table}
      csv={csv}
      height={260}
      testId="chart-cdf"
      config={config}
      legend="outside"
      footer={
        <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
          {dashedNote ? <p className="text-muted">{dashedNote}</p> : <span />}
          {series.length > 0 ? <ScaleToggle t={t} value={scale} onChange={setScale} testId="scale-cdf" /> : null}
        </div>
      }
    >
      {series.length === 0 ? (
        <p className="text-sm text-muted">{t('chart.cdf.none')}</p>
      ) : (
        <div className="h-full" {...arm}>
          <ResponsiveContainer width="100%" height="100%" onResize={onResize}>
            <LineChart margin={LINE_MARGIN}>
              {parts >= 3 ? <CartesianGrid stroke={GRID} /> : null}
              {parts >= 1 ? (
                <XAxis
                  type="number"
                  dataKey="value"
                  scale={scale}
                  domain={axis.domain}
                  ticks={axis.ticks}
                  interval={0}
                  allowDataOverflow
                  {...AXIS}
                  tickFormatter={tickMs}
                  label={{ value: log ? t('chart.cdf.x', { metric: metricName }) : `${metricName} (ms)`, position: 'insideBottom', offset: -12, ...AXIS_TITLE }}
                />
              ) : null}
              {parts >= 2 ? (
                <YAxis
                  type="number"
                  dataKey="share"
                  domain={SHARE_DOMAIN}
                  ticks={SHARE_TICKS}
                  interval={0}
                  {...AXIS}
                  width={yWidth}
                  tickFormatter={tickShare}
                  label={{ value: t('chart.cdf.y'), angle: -90, position: 'insideLeft', ...AXIS_TITLE, dy: 60 }}
                />
              ) : null}
              {tip ? (
                <Tooltip {...TOOLTIP} labelFormatter={(v) => `${formatMs(language, Number(v))} ms`} formatter={(v) => formatPercent(language, Number(v), 1)} />
              ) : null}
              {series.slice(0, Math.max(0, parts - 3)).map((s, k) => {
                const c = seriesOf(config, s.runId);
                return (
                  <Line
                    key={c.key}
                    data={lines[k]}
                    dataKey="share"
                    name={c.label}
                    type={c.kind === 'step' ? 'stepAfter' : 'linear'}
                    stroke={c.colour}
                    strokeWidth={2}
                    strokeDasharray={c.dash}
                    dot={s.from === 'percentiles' ? { r: 2 } : false}
                    isAnimationActive={false}
                  />
                );
              })}
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
    </ChartFrame>
  );
});

export const LoadChart = memo(function LoadChart(props: { runs: readonly BenchRun[] }) {
  const { runs } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const [chosen, setChosen] = useState<LoadAxis | null>(null);
  const view = useMemo(() => throughputVsLoad(runs, chosen), [runs, chosen]);
  const ys = useMemo(() => view.series.flatMap((s) => s.points.map((p) => p.outputTokensPerS)), [view]);
  const xs = useMemo(() => view.series.flatMap((s) => s.points.map((p) => p.x)), [view]);
  // One scale for both axes: loads (1 … 10,000 in flight) spread as widely as throughputs.
  const [scale, setScale] = useScale(spreadOf(xs) > spreadOf(ys) ? xs : ys);
  const yAxis = useMemo(() => axisFor(scale, ys), [scale, ys]);
  const narrow = useNarrow();
  const xAxis = useMemo(() => axisFor(scale, xs, narrow), [scale, xs, narrow]);
  const tickRate = useTickFormat(formatRate);
  const yWidth = useAxisWidth(yAxis.ticks, tickRate);
  // A log axis has no zero: points at zero load or throughput are left out there.
  const lines = useMemo(
    () => view.series.map((s) => (scale === 'log' ? s.points.filter((p) => p.x > 0 && p.outputTokensPerS !== null && p.outputTokensPerS > 0) : s.points)),
    [view, scale],
  );
  const index = new Map(runs.map((r, i) => [r.id, i]));
  const axisName = t(`chart.load.axis.${view.axis}`);
  const unplacedNote =
    view.unplaced.length > 0
      ? t(plural(language, view.unplaced.length, { one: 'chart.load.unplaced.one', other: 'chart.load.unplaced.other' }), {
          n: formatInteger(language, view.unplaced.length),
        })
      : null;
  // One line per sweep (runs of one tool, model, engine and hardware at several loads), named by
  // its runs' tags and coloured as its first run.
  const config: ChartConfig = {
    series: view.series.map((s) => {
      const i = index.get(s.points[0]?.runId ?? '') ?? 0;
      const names = [...new Set(s.points.map((p) => runName(t, runs[index.get(p.runId) ?? 0] as BenchRun)))];
      const dash = seriesDash(i);
      return {
        key: s.key,
        label: s.points.map((p) => `R${(index.get(p.runId) ?? 0) + 1}`).join(', '),
        detail: names.join(' / '),
        colour: seriesColor(i),
        ...(dash ? { dash } : {}),
      };
    }),
    ...(unplacedNote ? { notes: [{ text: unplacedNote }] } : {}),
  };
  const table = {
    head: [t('th.run'), axisName, t('chart.load.y')],
    rows: view.series.flatMap((s) =>
      s.points.map((p) => [
        `R${(index.get(p.runId) ?? 0) + 1} ${runName(t, runs[index.get(p.runId) ?? 0] as BenchRun)}`,
        formatRate(language, p.x),
        formatRate(language, p.outputTokensPerS),
      ]),
    ),
  };
  const [parts, onResize] = usePacedParts(3 + view.series.length, view.series.length > 0);
  const [tip, arm] = useTipOnEnter();
  return (
    <ChartFrame
      title={t('chart.load.title')}
      summary={t('chart.load.aria', { axis: axisName, n: view.series.length })}
      table={table}
      height={260}
      testId="chart-load"
      config={config}
      legend="outside"
      footer={
        <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
          {unplacedNote ? <p className="text-muted">{unplacedNote}</p> : <span />}
          {view.series.length > 0 ? <ScaleToggle t={t} value={scale} onChange={setScale} testId="scale-load" /> : null}
          {view.available.length > 1 ? (
            <ChartToggle
              label={t('chart.load.axis')}
              value={view.axis}
              onChange={setChosen}
              options={view.available.map((a) => ({ value: a, label: t(`chart.load.axis.${a}`) }))}
              testId="load-axis"
            />
          ) : null}
        </div>
      }
    >
      {view.series.length === 0 ? (
        <p className="text-sm text-muted">{t('chart.load.none')}</p>
      ) : (
        <div className="h-full" {...arm}>
          <ResponsiveContainer width="100%" height="100%" onResize={onResize}>
            <LineChart margin={LINE_MARGIN}>
              {parts >= 3 ? <CartesianGrid stroke={GRID} /> : null}
              {parts >= 1 ? (
                <XAxis
                  type="number"
                  dataKey="x"
                  scale={scale}
                  domain={xAxis.domain}
                  ticks={xAxis.ticks}
                  interval={0}
                  allowDataOverflow
                  {...AXIS}
                  tickFormatter={tickRate}
                  label={{ value: scale === 'log' ? t('chart.load.xLog', { axis: axisName }) : axisName, position: 'insideBottom', offset: -12, ...AXIS_TITLE }}
                />
              ) : null}
              {parts >= 2 ? (
                <YAxis
                  type="number"
                  scale={scale}
                  domain={yAxis.domain}
                  ticks={yAxis.ticks}
                  interval={0}
                  allowDataOverflow
                  {...AXIS}
                  width={yWidth}
                  tickFormatter={tickRate}
                  label={{ value: t(scale === 'log' ? 'chart.load.yLog' : 'chart.load.y'), angle: -90, position: 'insideLeft', ...AXIS_TITLE, dy: 50 }}
                />
              ) : null}
              {tip ? (
                <Tooltip
                  {...TOOLTIP}
                  labelFormatter={(v) => `${axisName}: ${formatRate(language, Number(v))}`}
                  formatter={(v) => formatRate(language, Number(v))}
                />
              ) : null}
              {view.series.slice(0, Math.max(0, parts - 3)).map((s, k) => {
                const c = seriesOf(config, s.key);
                return (
                  <Line
                    key={c.key}
                    data={lines[k]}
                    dataKey="outputTokensPerS"
                    name={c.label}
                    stroke={c.colour}
                    strokeWidth={2}
                    strokeDasharray={c.dash}
                    dot={{ r: 3 }}
                    isAnimationActive={false}
                    connectNulls
                  />
                );
              })}
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
    </ChartFrame>
  );
});

export const ErrorsChart = memo(function ErrorsChart(props: { runs: readonly BenchRun[] }) {
  const { runs } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const rows = useMemo(() => errorBreakdown(runs), [runs]);
  const totals = useMemo(() => rows.map((r) => (r.ok ?? 0) + (r.failed ?? 0)), [rows]);
  // Stacked counts cannot go on a log axis; when run sizes differ by more than 30× (8 requests
  // next to 10,000) the chart shows each run's shares instead, so small runs stay readable.
  const [chosen, setChosen] = useState<'counts' | 'shares' | null>(null);
  const mode = chosen ?? (defaultScale(totals) === 'log' ? 'shares' : 'counts');
  const data = useMemo(
    () =>
      rows.map((r, i) => {
        const ok = r.ok ?? 0;
        const failed = r.failed ?? 0;
        const total = ok + failed;
        return mode === 'shares'
          ? { run: `R${i + 1}`, ok: total > 0 ? ok / total : 0, failed: total > 0 ? failed / total : 0 }
          : { run: `R${i + 1}`, ok, failed };
      }),
    [rows, mode],
  );
  const yAxis = useMemo(() => (mode === 'shares' ? { domain: SHARE_DOMAIN, ticks: SHARE_TICKS } : axisFor('linear', totals)), [mode, totals]);
  const fmt = useCallback((v: number) => (mode === 'shares' ? formatPercent(language, v, 0) : formatInteger(language, v)), [mode, language]);
  const yWidth = useAxisWidth(yAxis.ticks, fmt);
  // Succeeded and failed requests stacked per run: the legend under the chart, the table's columns.
  const config: ChartConfig<'ok' | 'failed'> = {
    series: [
      { key: 'ok', label: t('chart.err.ok'), colour: 'var(--series-hybrid)', kind: 'bar' },
      { key: 'failed', label: t('chart.err.failed'), colour: 'var(--bad)', kind: 'bar' },
    ],
  };
  const okBars = seriesOf(config, 'ok');
  const failedBars = seriesOf(config, 'failed');
  const table = {
    head: [t('th.run'), ...tableColumns(config), t('th.share')],
    rows: rows.map((r, i) => [
      `R${i + 1} ${runName(t, runs[i] as BenchRun)}`,
      formatInteger(language, r.ok),
      r.failed === null ? t('chart.err.unknown') : formatInteger(language, r.failed),
      r.errorShare === null ? '–' : formatNumber(language, r.errorShare * 100, 1),
    ]),
  };
  const kinds = rows.flatMap((r, i) => r.kinds.map((k) => ({ run: i, ...k })));
  // x axis, y axis, grid, then the two stacks.
  const [parts, onResize] = usePacedParts(5);
  const [tip, arm] = useTipOnEnter();
  return (
    <ChartFrame
      title={t('chart.err.title')}
      summary={t('chart.err.aria', { n: runs.length })}
      table={table}
      height={220}
      testId="chart-errors"
      config={config}
      footer={
        <div className="flex flex-col gap-2">
          <ChartToggle
            label={t('chart.err.mode')}
            value={mode}
            onChange={setChosen}
            testId="mode-errors"
            options={[
              { value: 'counts', label: t('chart.err.counts') },
              { value: 'shares', label: t('chart.err.shares') },
            ]}
          />
          {kinds.length === 0 ? (
            <p className="text-xs text-muted">{t(rows.every((r) => r.ok === null && r.failed === null) ? 'chart.err.noCounts' : 'chart.err.none')}</p>
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
          )}
        </div>
      }
    >
      <div className="h-full" {...arm}>
        <ResponsiveContainer width="100%" height="100%" onResize={onResize}>
          <BarChart data={data} margin={ERRORS_MARGIN}>
            {parts >= 3 ? <CartesianGrid stroke={GRID} vertical={false} /> : null}
            {parts >= 1 ? <XAxis dataKey="run" interval={0} {...AXIS} /> : null}
            {parts >= 2 ? (
              <YAxis
                {...AXIS}
                width={yWidth}
                domain={yAxis.domain}
                ticks={yAxis.ticks}
                interval={0}
                tickFormatter={fmt}
                label={{ value: t(mode === 'shares' ? 'chart.err.yShare' : 'chart.err.y'), angle: -90, position: 'insideLeft', ...AXIS_TITLE, dy: 30 }}
              />
            ) : null}
            {tip ? <Tooltip {...TOOLTIP} formatter={(v) => fmt(Number(v))} /> : null}
            {parts >= 4 ? <Bar dataKey={okBars.key} name={okBars.label} stackId="r" fill={okBars.colour} isAnimationActive={false} /> : null}
            {parts >= 5 ? <Bar dataKey={failedBars.key} name={failedBars.label} stackId="r" fill={failedBars.colour} isAnimationActive={false} /> : null}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartFrame>
  );
});
