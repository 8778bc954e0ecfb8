import type { CostCurves, CostPoint, TcoEvaluation } from '../../../core/tco/evaluate';
import type { HistogramBin } from '../../../core/tco/monte-carlo';
import type { BreakEvenOutcome, ReplicaStep, Tornado, TornadoRow } from '../../../core/tco/sensitivity';

/**
 * Shaping worker results into what the charts draw. Pure functions, numbers stay numbers;
 * `toDisplay` converts USD into the display currency (the only unit change made here).
 */

/** Value of a step-shaped series (pairs of points per step) at x; null outside the series. */
export function stepValueAt(points: readonly CostPoint[], x: number): number | null {
  if (points.length === 0) return null;
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as CostPoint;
    const next = points[i + 1];
    if (next && x >= p.x && x <= next.x && next.x > p.x) return p.usd + ((next.usd - p.usd) * (x - p.x)) / (next.x - p.x);
  }
  const last = points[points.length - 1] as CostPoint;
  return x >= last.x ? last.usd : (points[0] as CostPoint).usd;
}

export interface CurveSeries {
  api: { x: number; y: number }[];
  self: { x: number; y: number }[];
  hybrid: { x: number; y: number }[];
  xMax: number;
  yMax: number;
}

export function costCurveSeries(curves: CostCurves, toDisplay: (usd: number) => number): CurveSeries {
  const map = (ps: readonly CostPoint[]) => ps.map((p) => ({ x: p.x, y: toDisplay(p.usd) }));
  const self = map(curves.selfHosted);
  const hybrid = map(curves.hybrid);
  const api = map(curves.api);
  // The self-hosted steps can run far above the others; keep the chart readable by capping
  // the axis at 1.5× the highest API/hybrid cost or the first self-hosted step.
  const apiMax = Math.max(0, ...api.map((p) => p.y), ...hybrid.map((p) => p.y));
  const selfFirst = self[0]?.y ?? 0;
  const selfMax = Math.max(0, ...self.map((p) => p.y));
  const yMax = Math.max(apiMax, Math.min(selfMax, Math.max(apiMax * 1.5, selfFirst * 1.5)), 1e-9);
  return { api, self, hybrid, xMax: curves.xMax, yMax };
}

/**
 * Where a series first rises above the top of the chart (the axis is capped so the cheap
 * options stay readable): the volume of that step and the value it jumps to; null when the
 * series stays within the chart.
 */
export function offChartPoint(points: readonly { x: number; y: number }[], top: number): { x: number; y: number } | null {
  for (const p of points) if (p.y > top * (1 + 1e-9)) return { x: p.x, y: p.y };
  return null;
}

export interface CostRow {
  x: number;
  api: number;
  self: number | null;
  hybrid: number;
}

function interpolate(points: readonly { x: number; y: number }[], x: number): number {
  if (points.length === 0) return 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as { x: number; y: number };
    const b = points[i] as { x: number; y: number };
    if (x <= b.x) return b.x > a.x ? a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x) : b.y;
  }
  return (points[points.length - 1] as { x: number; y: number }).y;
}

/**
 * One data array for all three lines (so the chart gets one data change per result, not
 * three): the self-hosted step points in order (two rows at each step's volume draw the
 * vertical jump), merged with the hybrid samples; the API and hybrid values at every row.
 */
export function costChartRows(series: CurveSeries): CostRow[] {
  const apiEnd = series.api[1];
  const slope = apiEnd && apiEnd.x > 0 ? apiEnd.y / apiEnd.x : 0;
  const steps = series.self.map((p) => ({ x: p.x, usd: p.y }));
  const rows: CostRow[] = [];
  let j = 0;
  const pushHybrid = (h: { x: number; y: number }) =>
    rows.push({ x: h.x, api: slope * h.x, self: steps.length > 0 ? stepValueAt(steps, h.x) : null, hybrid: h.y });
  for (const p of series.self) {
    while (j < series.hybrid.length && (series.hybrid[j] as { x: number }).x < p.x) pushHybrid(series.hybrid[j++] as { x: number; y: number });
    while (j < series.hybrid.length && (series.hybrid[j] as { x: number }).x === p.x) j++;
    rows.push({ x: p.x, api: slope * p.x, self: p.y, hybrid: interpolate(series.hybrid, p.x) });
  }
  while (j < series.hybrid.length) pushHybrid(series.hybrid[j++] as { x: number; y: number });
  return rows;
}

/** Table rows of the cost curves at the hybrid sample volumes. */
export function costCurveRows(curves: CostCurves): { x: number; api: number; self: number | null; hybrid: number; replicas: number }[] {
  const apiEnd = curves.api[1];
  const slope = apiEnd && apiEnd.x > 0 ? apiEnd.usd / apiEnd.x : 0;
  return curves.hybrid
    .filter((_, i) => i % 4 === 0)
    .map((h) => ({ x: h.x, api: slope * h.x, self: stepValueAt(curves.selfHosted, h.x), hybrid: h.usd, replicas: h.replicas }));
}

export const BREAKDOWN_KEYS = ['gpu', 'power', 'staff', 'ops', 'input', 'cached', 'output'] as const;
export type BreakdownKey = (typeof BREAKDOWN_KEYS)[number];
export type BreakdownRow = { option: 'api' | 'self-hosted' | 'hybrid' } & Record<BreakdownKey, number>;

export function breakdownRows(e: TcoEvaluation, toDisplay: (usd: number) => number): BreakdownRow[] {
  const d = toDisplay;
  const zero = { gpu: 0, power: 0, staff: 0, ops: 0, input: 0, cached: 0, output: 0 };
  const b = e.hybrid.breakdown;
  return [
    { option: 'api', ...zero, input: d(e.api.uncachedInputUsd), cached: d(e.api.cachedInputUsd), output: d(e.api.outputUsd) },
    {
      option: 'self-hosted',
      ...zero,
      gpu: d(e.selfHosted.gpuUsd),
      power: d(e.selfHosted.powerUsd),
      staff: d(e.selfHosted.staffUsd),
      ops: d(e.selfHosted.opsUsd),
    },
    {
      option: 'hybrid',
      gpu: d(b.gpuUsd),
      power: d(b.powerUsd),
      staff: d(b.staffUsd),
      ops: d(b.opsUsd),
      input: d(b.uncachedInputUsd),
      cached: d(b.cachedInputUsd),
      output: d(b.outputUsd),
    },
  ];
}

export type TornadoMetric = 'saving' | 'npv' | 'breakEven';

/**
 * The part of an end's bar beyond a replica step: [saving just before the step, saving at the
 * end], drawn apart from the part before it, with the step it stands for.
 */
export interface TornadoBeyond {
  bar: [number, number];
  step: ReplicaStep;
}

export interface TornadoBar {
  key: TornadoRow['key'];
  /**
   * [from, to] of each end's bar in the chart's unit; null when that end has no value. When a
   * replica step lies inside the swing, it runs from the base to the saving just before the step
   * and `lowBeyond` / `highBeyond` carry the rest.
   */
  low: [number, number] | null;
  high: [number, number] | null;
  lowBeyond: TornadoBeyond | null;
  highBeyond: TornadoBeyond | null;
  lowLabel: 'value' | 'never' | 'always' | 'cannot-serve';
  highLabel: 'value' | 'never' | 'always' | 'cannot-serve';
  row: TornadoRow;
}

function endOf(o: BreakEvenOutcome): { v: number | null; label: TornadoBar['lowLabel'] } {
  return o.kind === 'at' ? { v: o.tokens, label: 'value' } : { v: null, label: o.kind };
}

/**
 * Bars of the tornado: each input's two ends drawn from the base value. Inputs that change
 * nothing are dropped; at most `limit` rows, the largest swings first.
 * Break-even "never" ends are drawn to the edge of the axis (`edge`) and labelled.
 */
export function tornadoBars(
  t: Tornado,
  metric: TornadoMetric,
  toDisplay: (usd: number) => number,
  limit = 10,
): { base: number | null; bars: TornadoBar[]; edge: number } {
  if (metric === 'saving') {
    const base = t.baseSaving === null ? null : toDisplay(t.baseSaving);
    const bars = t.bySaving
      .filter((r) => r.savingSwing > 1e-6)
      .slice(0, limit)
      .map((r): TornadoBar => {
        const b = base ?? 0;
        const lo = r.savingLow === null ? null : toDisplay(r.savingLow);
        const hi = r.savingHigh === null ? null : toDisplay(r.savingHigh);
        const split = (end: number | null, step: ReplicaStep | null): { bar: [number, number] | null; beyond: TornadoBeyond | null } => {
          if (end === null) return { bar: null, beyond: null };
          if (step === null || step.savingBefore === null) return { bar: [b, end], beyond: null };
          const before = toDisplay(step.savingBefore);
          return { bar: [b, before], beyond: { bar: [before, end], step } };
        };
        const low = split(lo, r.stepLow);
        const high = split(hi, r.stepHigh);
        return {
          key: r.key,
          low: low.bar,
          high: high.bar,
          lowBeyond: low.beyond,
          highBeyond: high.beyond,
          lowLabel: lo === null ? 'cannot-serve' : 'value',
          highLabel: hi === null ? 'cannot-serve' : 'value',
          row: r,
        };
      });
    return { base, bars, edge: 0 };
  }
  if (metric === 'npv') {
    // The NPV over the horizon: no replica steps are split out (each end is a whole horizon).
    const base = t.baseNpv === null ? null : toDisplay(t.baseNpv);
    const b = base ?? 0;
    const bars = t.byNpv
      .filter((r) => r.npvSwing > 1e-6)
      .slice(0, limit)
      .map((r): TornadoBar => ({
        key: r.key,
        low: r.npvLow === null ? null : [b, toDisplay(r.npvLow)],
        high: r.npvHigh === null ? null : [b, toDisplay(r.npvHigh)],
        lowBeyond: null,
        highBeyond: null,
        lowLabel: r.npvLow === null ? 'cannot-serve' : 'value',
        highLabel: r.npvHigh === null ? 'cannot-serve' : 'value',
        row: r,
      }));
    return { base, bars, edge: 0 };
  }
  const baseEnd = endOf(t.baseBreakEven);
  const values = t.byBreakEven.flatMap((r) => [endOf(r.breakEvenLow).v, endOf(r.breakEvenHigh).v]).filter((v): v is number => v !== null);
  const edge = Math.max(baseEnd.v ?? 0, ...values) * 1.15 || 1;
  const base = baseEnd.v ?? edge;
  const bars = t.byBreakEven
    .filter((r) => r.breakEvenFlips || (r.breakEvenSwing ?? 0) > 0)
    .slice(0, limit)
    .map((r): TornadoBar => {
      const lo = endOf(r.breakEvenLow);
      const hi = endOf(r.breakEvenHigh);
      return {
        key: r.key,
        low: [base, lo.v ?? edge],
        high: [base, hi.v ?? edge],
        lowBeyond: null,
        highBeyond: null,
        lowLabel: lo.label,
        highLabel: hi.label,
        row: r,
      };
    });
  return { base: baseEnd.v, bars, edge };
}

export interface HistogramBar {
  mid: number;
  from: number;
  to: number;
  count: number;
  share: number;
  selfCheaper: boolean;
}

export function histogramBars(bins: readonly HistogramBin[], samples: number, toDisplay: (usd: number) => number): HistogramBar[] {
  return bins.map((b) => ({
    mid: toDisplay((b.from + b.to) / 2),
    from: toDisplay(b.from),
    to: toDisplay(b.to),
    count: b.count,
    share: samples > 0 ? b.count / samples : 0,
    selfCheaper: (b.from + b.to) / 2 > 0,
  }));
}

/**
 * The histogram as points of two step areas: a point at each bin's start carrying its share
 * (in the "dearer" or the "cheaper" series by the side of zero), and one closing point.
 */
export function histogramSteps(bars: readonly HistogramBar[]): { x: number; dearer: number; cheaper: number }[] {
  const points = bars.map((b) => ({ x: b.from, dearer: b.selfCheaper ? 0 : b.share, cheaper: b.selfCheaper ? b.share : 0 }));
  const last = points[points.length - 1];
  const lastBar = bars[bars.length - 1];
  if (last && lastBar) points.push({ ...last, x: lastBar.to });
  return points;
}
