import type { LatencyStats } from '../catalog/published-measurements';
import type { CapacityPoint, CapacitySeries, LoadKind } from './series';
import { limitId, sloPercentiles, type Slo, type SloMetric, type SloPercentile } from '../schemas/slo';

/**
 * The operating point (docs/capacity.md §2): the highest throughput among the *measured*
 * points that meet every limit of the SLO. Latency often falls off a cliff between two loads,
 * so nothing between or beyond measured loads is assumed unless asked for: interpolation is an
 * option, monotone, labelled with the two loads it lies between, and refused across a
 * saturation cliff; there is never extrapolation. A point whose failed share is above the
 * SLO's does not qualify. When no point qualifies the result names the nearest point and the
 * limit that fails, and holds no number. A curve that is not monotone (a load fails while a
 * higher one passes, a checked latency falls with load) is warned about.
 */

/** A failing next point more than this many times over a limit is past a saturation cliff: no interpolation across it. */
export const CLIFF_FACTOR = 5;
/** Share by which a checked latency must fall from one load to the next to be warned about (as `series.ts`). */
export const CHECKED_FALL_SHARE = 0.1;

export interface LimitCheck {
  /** "ttft-p95", "tps-per-user" or "failed-share". */
  id: string;
  metric: SloMetric | 'tps-per-user' | 'failed-share';
  /** The limit's percentile (latency limits only). */
  percentile: SloPercentile | null;
  /** The percentile actually checked: higher than asked when a stricter one stood in. */
  usedPercentile: SloPercentile | null;
  direction: 'max' | 'min';
  threshold: number;
  /** The point's value (ms, tok/s per user or failed share); null when the source lacks it. */
  value: number | null;
  ok: boolean;
  /** How far the value is from its limit: value ÷ limit for maxima, limit ÷ value for minima (≤ 1 meets it). */
  ratio: number | null;
  /** Why the check could not use the value asked for. */
  note: 'stricter-percentile' | 'not-measured' | 'unknown-failures' | 'interactivity-from-mean' | null;
}

export interface PointCheck {
  index: number;
  qualifies: boolean;
  checks: LimitCheck[];
  /** The checks that fail. */
  failing: LimitCheck[];
}

export interface OperatingPoint {
  kind: 'measured' | 'interpolated';
  /** Index of the measured point (the lower neighbour when interpolated). */
  index: number;
  /** The upper neighbour of an interpolated point. */
  upperIndex: number | null;
  /** The loads an interpolated point lies between (null for a measured point). */
  lowerLoad: number | null;
  upperLoad: number | null;
  loadKind: LoadKind;
  load: number | null;
  /** Null only for a series that gives input + output tokens/s alone (a single "total" figure). */
  outputTokensPerS: number | null;
  totalTokensPerS: number | null;
  outputTokensPerSPerGpu: number | null;
  totalTokensPerSPerGpu: number | null;
  interactivity: number | null;
  requests: number | null;
  successShare: number | null;
  /** Every limit's value at the point. */
  checks: LimitCheck[];
  /** The limit closest to failing (highest ratio): what caps the load. */
  binding: LimitCheck | null;
  /** What fails at the next measured load, when there is one. */
  nextFails: LimitCheck[];
  /** The point is the highest measured load: nothing is known beyond it ("not measured beyond concurrency 64"). */
  notMeasuredBeyond: number | null;
  /** The point is measured at "as fast as possible" (no finite load). */
  unboundedLoad: boolean;
}

export type NoneReason =
  { code: 'no-points' } | { code: 'no-throughput' } | { code: 'none-qualifies'; nearest: { index: number; load: number | null; failing: LimitCheck[] } };

/** Where the curve is not monotone, as the SLO's checks see it. */
export type CurveWarning =
  /** A load fails the SLO while the next higher load that passes is `passingLoad` (null = "as fast as possible"). */
  | { code: 'fails-below-pass'; failingLoad: number | null; passingLoad: number | null; failing: string[] }
  /** A checked latency falls by more than 10 % from one load to the next (the largest fall of each limit). */
  | { code: 'latency-falls'; id: string; fromLoad: number | null; toLoad: number | null; from: number; to: number };

/** Why interpolation, asked for, did not happen: the next load is past a cliff, or the step is not monotone. */
export type InterpolationRefusal =
  { refused: 'cliff'; upperLoad: number | null; check: LimitCheck } | { refused: 'not-monotone'; upperLoad: number | null; check: LimitCheck | null };

interface ChoiceCommon {
  points: PointCheck[];
  warnings: CurveWarning[];
  /** Set when interpolation was asked for, the next load fails, and no point between was offered. */
  interpolation: InterpolationRefusal | null;
}

export type OperatingChoice = (ChoiceCommon & { chosen: OperatingPoint; reason: null }) | (ChoiceCommon & { chosen: null; reason: NoneReason });

export interface ChoiceOptions {
  /** Offer a point between the chosen load and the next (failing) one, labelled "interpolated". */
  interpolate?: boolean;
}

/** The value at a percentile, or at the next stricter one when allowed; never a lower one. */
function latencyAt(stats: LatencyStats, p: SloPercentile, allowStricter: boolean): { value: number; used: SloPercentile } | null {
  const own = stats[`p${p}`];
  if (own !== undefined) return { value: own, used: p };
  if (!allowStricter) return null;
  for (const q of sloPercentiles) {
    if (q <= p) continue;
    const v = stats[`p${q}`];
    if (v !== undefined) return { value: v, used: q };
  }
  return null;
}

const STATS_OF: Record<SloMetric, (p: CapacityPoint) => LatencyStats> = {
  ttft: (p) => p.ttftMs,
  tpot: (p) => p.tpotMs,
  itl: (p) => p.itlMs,
  e2el: (p) => p.e2elMs,
};

export function checkPoint(point: CapacityPoint, slo: Slo): LimitCheck[] {
  const checks: LimitCheck[] = [];
  for (const l of slo.limits) {
    const at = latencyAt(STATS_OF[l.metric](point), l.percentile, slo.allowStricterPercentile);
    const value = at?.value ?? null;
    checks.push({
      id: limitId(l),
      metric: l.metric,
      percentile: l.percentile,
      usedPercentile: at?.used ?? null,
      direction: 'max',
      threshold: l.maxMs,
      value,
      ok: value !== null && value <= l.maxMs,
      ratio: value === null ? null : value / l.maxMs,
      note: at === null ? 'not-measured' : at.used !== l.percentile ? 'stricter-percentile' : null,
    });
  }
  if (slo.minTokensPerSPerUser !== null) {
    const v = point.interactivity;
    checks.push({
      id: 'tps-per-user',
      metric: 'tps-per-user',
      percentile: null,
      usedPercentile: null,
      direction: 'min',
      threshold: slo.minTokensPerSPerUser,
      value: v,
      ok: v !== null && v >= slo.minTokensPerSPerUser,
      ratio: v === null ? null : v > 0 ? slo.minTokensPerSPerUser / v : Number.MAX_VALUE,
      note: v === null ? 'not-measured' : point.interactivityFrom === 'mean' ? 'interactivity-from-mean' : null,
    });
  }
  const failed = point.successShare === null ? null : 1 - point.successShare;
  checks.push({
    id: 'failed-share',
    metric: 'failed-share',
    percentile: null,
    usedPercentile: null,
    direction: 'max',
    threshold: slo.maxFailedShare,
    value: failed,
    // Unknown failures do not disqualify (the file does not say); the check says so.
    ok: failed === null || failed <= slo.maxFailedShare + 1e-12,
    ratio: failed === null ? null : slo.maxFailedShare > 0 ? failed / slo.maxFailedShare : failed > 0 ? Number.MAX_VALUE : 0,
    note: failed === null ? 'unknown-failures' : null,
  });
  return checks;
}

/** The check closest to its limit, the failed share included (a point can be capped by its failures). */
function binding(checks: readonly LimitCheck[]): LimitCheck | null {
  let best: LimitCheck | null = null;
  for (const c of checks) if (c.ratio !== null && (best === null || (best.ratio ?? 0) < c.ratio)) best = c;
  return best;
}

function asOperating(series: CapacitySeries, index: number, checks: LimitCheck[], nextFails: LimitCheck[]): OperatingPoint {
  const p = series.points[index] as CapacityPoint;
  const last = index === series.points.length - 1;
  return {
    kind: 'measured',
    index,
    upperIndex: null,
    lowerLoad: null,
    upperLoad: null,
    loadKind: series.loadKind,
    load: p.load,
    outputTokensPerS: p.outputTokensPerS,
    totalTokensPerS: p.totalTokensPerS,
    outputTokensPerSPerGpu: p.outputTokensPerSPerGpu,
    totalTokensPerSPerGpu: p.totalTokensPerSPerGpu,
    interactivity: p.interactivity,
    requests: p.requests,
    successShare: p.successShare,
    checks,
    binding: binding(checks),
    nextFails,
    notMeasuredBeyond: last ? p.load : null,
    unboundedLoad: p.load === null,
  };
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const lerpOrNull = (a: number | null, b: number | null, t: number) => (a === null || b === null ? null : lerp(a, b, t));

/**
 * The largest share t of the way from point a (meets every limit) to point b (fails one) at
 * which every linearly interpolated check still holds. Refused when the step is not monotone
 * (a latency that falls or a throughput that drops with load), when a failing value is missing,
 * or when b is past a saturation cliff: a failing latency more than CLIFF_FACTOR times its
 * limit (tokens/s per user below a CLIFF_FACTOR-th of it), where a straight line between the
 * two loads says nothing about where the cliff is.
 */
function interpolate(series: CapacitySeries, i: number, a: LimitCheck[], b: LimitCheck[]): OperatingPoint | InterpolationRefusal {
  const pa = series.points[i] as CapacityPoint;
  const pb = series.points[i + 1];
  const upperLoad = pb?.load ?? null;
  const notMonotone = (check: LimitCheck | null): InterpolationRefusal => ({ refused: 'not-monotone', upperLoad, check });
  if (!pb || pa.load === null || pb.load === null || pb.load <= pa.load) return notMonotone(null);
  if (pa.outputTokensPerS === null || pb.outputTokensPerS === null || pb.outputTokensPerS < pa.outputTokensPerS) return notMonotone(null);
  for (const cb of b) {
    if (cb.ok || cb.value === null || cb.metric === 'failed-share') continue;
    const past = cb.direction === 'max' ? cb.value > CLIFF_FACTOR * cb.threshold : cb.value * CLIFF_FACTOR < cb.threshold;
    if (past) return { refused: 'cliff', upperLoad, check: cb };
  }
  let t = 1;
  for (let k = 0; k < a.length; k++) {
    const ca = a[k] as LimitCheck;
    const cb = b[k] as LimitCheck;
    if (ca.value === null) continue; // unknown failures on both sides
    if (cb.value === null) return notMonotone(cb);
    const worsens = ca.direction === 'max' ? cb.value >= ca.value : cb.value <= ca.value;
    if (!worsens) return notMonotone(cb);
    if (cb.ok) continue;
    const reach = ca.direction === 'max' ? (ca.threshold - ca.value) / (cb.value - ca.value) : (ca.value - ca.threshold) / (ca.value - cb.value);
    t = Math.min(t, reach);
  }
  if (!(t > 0 && t < 1)) return notMonotone(null);
  const checks = a.map((ca, k): LimitCheck => {
    const cb = b[k] as LimitCheck;
    const value = ca.value === null || cb.value === null ? ca.value : lerp(ca.value, cb.value, t);
    const ratio =
      value === null ? null : ca.direction === 'max' ? (ca.threshold > 0 ? value / ca.threshold : 0) : value > 0 ? ca.threshold / value : Number.MAX_VALUE;
    return { ...ca, value, ratio, ok: true };
  });
  return {
    kind: 'interpolated',
    index: i,
    upperIndex: i + 1,
    lowerLoad: pa.load,
    upperLoad: pb.load,
    loadKind: series.loadKind,
    load: lerp(pa.load, pb.load, t),
    outputTokensPerS: lerp(pa.outputTokensPerS, pb.outputTokensPerS, t),
    totalTokensPerS: lerpOrNull(pa.totalTokensPerS, pb.totalTokensPerS, t),
    outputTokensPerSPerGpu: lerpOrNull(pa.outputTokensPerSPerGpu, pb.outputTokensPerSPerGpu, t),
    totalTokensPerSPerGpu: lerpOrNull(pa.totalTokensPerSPerGpu, pb.totalTokensPerSPerGpu, t),
    interactivity: lerpOrNull(pa.interactivity, pb.interactivity, t),
    requests: null,
    successShare: lerpOrNull(pa.successShare, pb.successShare, t),
    checks,
    binding: binding(checks),
    nextFails: b.filter((c) => !c.ok),
    notMeasuredBeyond: null,
    unboundedLoad: false,
  };
}

/**
 * Where the curve, as the SLO checks it, is not monotone: each failing load with a higher load
 * that passes, and for each latency limit the largest fall by more than CHECKED_FALL_SHARE from
 * one load to the next.
 */
function curveWarnings(series: CapacitySeries, points: readonly PointCheck[]): CurveWarning[] {
  const warnings: CurveWarning[] = [];
  for (const pc of points) {
    if (pc.qualifies) continue;
    const above = points.find((q) => q.index > pc.index && q.qualifies);
    if (above)
      warnings.push({
        code: 'fails-below-pass',
        failingLoad: series.points[pc.index]?.load ?? null,
        passingLoad: series.points[above.index]?.load ?? null,
        failing: pc.failing.map((c) => c.id),
      });
  }
  const limits = points[0]?.checks.filter((c) => c.metric !== 'failed-share' && c.metric !== 'tps-per-user') ?? [];
  for (const [k, limit] of limits.entries()) {
    let worst: { share: number; warning: CurveWarning } | null = null;
    let prev: { load: number | null; value: number } | null = null;
    for (const pc of points) {
      const v = pc.checks[k]?.value ?? null;
      if (v === null) continue;
      const load = series.points[pc.index]?.load ?? null;
      if (prev !== null && v < prev.value * (1 - CHECKED_FALL_SHARE)) {
        const share = 1 - v / prev.value;
        if (worst === null || share > worst.share)
          worst = { share, warning: { code: 'latency-falls', id: limit.id, fromLoad: prev.load, toLoad: load, from: prev.value, to: v } };
      }
      prev = { load, value: v };
    }
    if (worst) warnings.push(worst.warning);
  }
  return warnings;
}

/** The worst ratio of a point's failing checks: how far it is from qualifying. */
function distance(pc: PointCheck): number {
  let worst = 0;
  for (const c of pc.failing) worst = Math.max(worst, c.ratio ?? Number.POSITIVE_INFINITY);
  return worst;
}

export function chooseOperatingPoint(series: CapacitySeries, slo: Slo, options: ChoiceOptions = {}): OperatingChoice {
  const points: PointCheck[] = series.points.map((p, index) => {
    const checks = checkPoint(p, slo);
    const failing = checks.filter((c) => !c.ok);
    return { index, qualifies: failing.length === 0, checks, failing };
  });
  const warnings = curveWarnings(series, points);
  const common = { points, warnings, interpolation: null };
  if (series.points.length === 0) return { ...common, chosen: null, reason: { code: 'no-points' } };
  // Ranked by output tokens/s; a series without them (a single input + output figure) by its total.
  const tput = (p: CapacityPoint | undefined) => (p ? (p.outputTokensPerS ?? p.totalTokensPerS ?? 0) : 0);
  const withThroughput = series.points.map((p) => tput(p) > 0);
  if (!withThroughput.some(Boolean)) return { ...common, chosen: null, reason: { code: 'no-throughput' } };

  let best = -1;
  for (const pc of points) {
    if (!pc.qualifies || !withThroughput[pc.index]) continue;
    if (best === -1 || tput(series.points[pc.index]) > tput(series.points[best])) best = pc.index;
  }
  if (best === -1) {
    let nearest = -1;
    for (const pc of points) if (withThroughput[pc.index] && (nearest === -1 || distance(pc) < distance(points[nearest] as PointCheck))) nearest = pc.index;
    const n = points[nearest] as PointCheck;
    return {
      ...common,
      chosen: null,
      reason: { code: 'none-qualifies', nearest: { index: nearest, load: series.points[nearest]?.load ?? null, failing: n.failing } },
    };
  }
  const here = points[best] as PointCheck;
  const next = points[best + 1];
  const nextFails = next ? next.failing : [];
  let interpolation: InterpolationRefusal | null = null;
  if (options.interpolate && next && !next.qualifies) {
    const between = interpolate(series, best, here.checks, next.checks);
    if ('kind' in between) return { ...common, chosen: between, reason: null };
    interpolation = between;
  }
  return { ...common, interpolation, chosen: asOperating(series, best, here.checks, nextFails), reason: null };
}

/**
 * Choosing over many points must stay interactive: the check is one pass over the points
 * with a constant number of limits each (`npm run bench` prints the time for 1,000 points).
 */
export const OPERATING_POINT_BUDGET_MS = 5;
