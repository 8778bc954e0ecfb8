import { configLabel, type SeriesConfig } from '../benchmarks/run-config';
import { groupRuns, type GroupNote, type GroupOptions, type GroupOverrides } from '../benchmarks/run-groups';
import type { BenchRun, MetricId } from '../benchmarks/run-schema';
import { metricOf, percentileValue } from '../benchmarks/views';
import type { LatencyStats, PublishedSeries } from '../catalog/published-measurements';

/**
 * Throughput–latency series (docs/capacity.md §1). A serving engine has no single throughput:
 * as load rises, throughput grows and latency worsens. A series is the measured points of one
 * configuration (model, engine, hardware, GPU count, precision, parallelism, request lengths,
 * dataset), ordered by load. It comes from imported runs, from a published measurement of the
 * library, or from the roofline estimate; its `kind` says which, and travels with every figure.
 */

/** Where a throughput figure comes from (the provenance badge). */
export type SourceKind = 'measured' | 'published' | 'estimated' | 'entered';

/** The axis a series' load is on. */
export type LoadKind = 'concurrency' | 'rate';

export interface CapacityPoint {
  /** Configured concurrency (in-flight requests), when known. */
  concurrency: number | null;
  /** Configured request rate per second, when known and finite. */
  requestRate: number | null;
  /** The value on the series' load axis; null = "as fast as possible" (placed after every measured load). */
  load: number | null;
  /** Output and input + output tokens/s of the whole deployment (all GPUs of the series). */
  outputTokensPerS: number | null;
  totalTokensPerS: number | null;
  /** The same per GPU; null when the GPU count is unknown. */
  outputTokensPerSPerGpu: number | null;
  totalTokensPerSPerGpu: number | null;
  ttftMs: LatencyStats;
  tpotMs: LatencyStats;
  itlMs: LatencyStats;
  e2elMs: LatencyStats;
  /** Output tokens/s one user sees: 1000 ÷ TPOT (median, else mean); null without TPOT. */
  interactivity: number | null;
  interactivityFrom: 'p50' | 'mean' | null;
  /** Share of requests that succeeded, 0..1; null when the source does not say. */
  successShare: number | null;
  /** Completed requests the point's statistics rest on; null when the source does not say. */
  requests: number | null;
  /** The run the point came from (imported series only). */
  runId: string | null;
}

export type { SeriesConfig };

export type SeriesOrigin =
  | { kind: 'measured'; fileNames: string[]; date: string | null }
  | { kind: 'published'; libraryId: string; publisher: string; measuredOn: string; source: PublishedSeries['source'] }
  | { kind: 'estimated'; method: 'roofline' }
  | { kind: 'entered' };

/** A run named by its file and its place in it (0-based), for notes. */
export interface RunRef {
  file: string;
  index: number;
}

/**
 * What the series says about how it was built and what its curve does (docs/capacity.md §1):
 * the grouping notes of `run-groups.ts` (aggregates kept out, duplicates skipped, folders split,
 * failed loads kept, lengths stated), and on the points themselves:
 * - `duplicate-load`: the same load measured twice or more; the worse point is kept (the higher
 *   failed share, else the lower output throughput), the others are named;
 * - `latency-falls`: a median latency (the mean where the source has no median) that falls by
 *   more than 10 % from one load to the next, the largest such fall of each metric. Latency
 *   rises with load on a healthy curve; a fall means the higher load measured something else
 *   (requests that failed early, another configuration).
 */
export type SeriesNote =
  | GroupNote
  | { code: 'duplicate-load'; load: number | null; loadKind: LoadKind; kept: RunRef; dropped: RunRef[] }
  | { code: 'latency-falls'; metric: 'ttft' | 'tpot' | 'e2el'; stat: 'p50' | 'mean'; fromLoad: number | null; toLoad: number | null; from: number; to: number };

export interface CapacitySeries {
  /** The grouping key (shown to the user; equal keys = one configuration). */
  key: string;
  label: string;
  kind: SourceKind;
  origin: SeriesOrigin;
  config: SeriesConfig;
  loadKind: LoadKind;
  /** Ordered by load, lowest first; "as fast as possible" last. */
  points: CapacityPoint[];
  /** How the series was built and what its curve does; empty for library and roofline series. */
  notes: SeriesNote[];
}

function statsOf(run: BenchRun, id: MetricId): LatencyStats {
  const m = metricOf(run, id);
  if (!m) return {};
  const s = m.summary;
  const out: LatencyStats = {};
  if (s.mean !== null) out.mean = s.mean;
  for (const p of [50, 90, 95, 99] as const) {
    const v = percentileValue(s, p);
    if (v !== null) out[`p${p}`] = v;
  }
  return out;
}

/** 1000 ÷ TPOT: median when the source has it, else the mean (InferenceX reports the mean). */
export function interactivityOf(tpot: LatencyStats): { value: number | null; from: 'p50' | 'mean' | null } {
  if (tpot.p50 !== undefined && tpot.p50 > 0) return { value: 1000 / tpot.p50, from: 'p50' };
  if (tpot.mean !== undefined && tpot.mean > 0) return { value: 1000 / tpot.mean, from: 'mean' };
  return { value: null, from: null };
}

function successShareOf(run: BenchRun): number | null {
  const { ok, failed, total } = run.requests;
  if (ok !== null && failed !== null && ok + failed > 0) return ok / (ok + failed);
  if (ok !== null && total !== null && total > 0) return Math.min(1, ok / total);
  if (failed !== null && total !== null && total > 0) return Math.max(0, 1 - failed / total);
  return null;
}

export function pointOfRun(run: BenchRun, loadKind: LoadKind): CapacityPoint {
  const tpotMs = statsOf(run, 'tpot');
  const inter = interactivityOf(tpotMs);
  const gpus = run.gpus;
  const out = run.throughput.outputTokensPerS;
  const total = run.throughput.totalTokensPerS;
  const concurrency = run.load.concurrency ?? run.load.measuredConcurrency;
  const requestRate = typeof run.load.requestRate === 'number' ? run.load.requestRate : null;
  return {
    concurrency,
    requestRate,
    load: loadKind === 'concurrency' ? concurrency : requestRate,
    outputTokensPerS: out,
    totalTokensPerS: total,
    outputTokensPerSPerGpu: run.throughput.outputTokensPerSPerGpu ?? (out !== null && gpus !== null ? out / gpus : null),
    totalTokensPerSPerGpu: run.throughput.totalTokensPerSPerGpu ?? (total !== null && gpus !== null ? total / gpus : null),
    ttftMs: statsOf(run, 'ttft'),
    tpotMs,
    itlMs: statsOf(run, 'itl'),
    e2elMs: statsOf(run, 'e2el'),
    interactivity: inter.value,
    interactivityFrom: inter.from,
    successShare: successShareOf(run),
    requests: run.requests.ok,
    runId: run.id,
  };
}

/** Lowest load first; "as fast as possible" (null) last; ties keep their input order. */
export function sortByLoad<T extends { load: number | null }>(points: readonly T[]): T[] {
  return points
    .map((p, i) => ({ p, i }))
    .sort((a, b) => {
      const la = a.p.load ?? Number.POSITIVE_INFINITY;
      const lb = b.p.load ?? Number.POSITIVE_INFINITY;
      return la === lb ? a.i - b.i : la - lb;
    })
    .map((x) => x.p);
}

export type { GroupOverrides };

/** Share by which a latency must fall from one load to the next to be called out (noise stays quiet). */
export const LATENCY_FALL_SHARE = 0.1;

const failedShareOf = (p: CapacityPoint) => (p.successShare === null ? 0 : 1 - p.successShare);
const throughputOf = (p: CapacityPoint) => p.outputTokensPerS ?? p.totalTokensPerS ?? 0;

/** The worse of two points at one load: the higher failed share, else the lower throughput; the first on a tie. */
function worse(a: CapacityPoint, b: CapacityPoint): CapacityPoint {
  const fa = failedShareOf(a);
  const fb = failedShareOf(b);
  if (Math.abs(fa - fb) > 1e-12) return fa > fb ? a : b;
  return throughputOf(b) < throughputOf(a) ? b : a;
}

/** One point per load: the worse one kept, the others named in a note. Points are in load order. */
function oneLoadOnce(points: CapacityPoint[], loadKind: LoadKind, refOf: (p: CapacityPoint) => RunRef): { points: CapacityPoint[]; notes: SeriesNote[] } {
  const out: CapacityPoint[] = [];
  const notes: SeriesNote[] = [];
  let i = 0;
  while (i < points.length) {
    let j = i + 1;
    while (j < points.length && (points[j] as CapacityPoint).load === (points[i] as CapacityPoint).load) j++;
    const same = points.slice(i, j);
    const kept = same.reduce((w, p) => worse(w, p));
    out.push(kept);
    if (same.length > 1)
      notes.push({ code: 'duplicate-load', load: kept.load, loadKind, kept: refOf(kept), dropped: same.filter((p) => p !== kept).map(refOf) });
    i = j;
  }
  return { points: out, notes };
}

/** The largest fall by more than LATENCY_FALL_SHARE of each median latency from one load to the next. */
export function latencyFalls(points: readonly CapacityPoint[]): SeriesNote[] {
  const notes: SeriesNote[] = [];
  const metrics = [
    ['ttft', (p: CapacityPoint) => p.ttftMs],
    ['tpot', (p: CapacityPoint) => p.tpotMs],
    ['e2el', (p: CapacityPoint) => p.e2elMs],
  ] as const;
  for (const [metric, stats] of metrics) {
    const stat = points.every((p) => stats(p).p50 === undefined) ? 'mean' : 'p50';
    let worst: { share: number; note: SeriesNote } | null = null;
    let prev: { load: number | null; value: number } | null = null;
    for (const p of points) {
      const v = stats(p)[stat];
      if (v === undefined) continue;
      if (prev !== null && v < prev.value * (1 - LATENCY_FALL_SHARE)) {
        const share = 1 - v / prev.value;
        if (worst === null || share > worst.share)
          worst = { share, note: { code: 'latency-falls', metric, stat, fromLoad: prev.load, toLoad: p.load, from: prev.value, to: v } };
      }
      prev = { load: p.load, value: v };
    }
    if (worst) notes.push(worst.note);
  }
  return notes;
}

/**
 * Groups runs imported together into series (`run-groups.ts`: aggregates and duplicate files
 * out, equal configuration and lengths = one series, folders of two deployments apart), ordered
 * by load, one point per load. The axis is concurrency when every run of the group has one,
 * else the request rate. `notes` are those that belong to no series (an aggregate alone).
 */
export function groupSeries(
  runs: readonly BenchRun[],
  overrides: GroupOverrides = {},
  options: GroupOptions = {},
): { series: CapacitySeries[]; notes: SeriesNote[] } {
  const grouping = groupRuns(runs, overrides, options);
  const series = grouping.groups.map((g): CapacitySeries => {
    const loadKind: LoadKind = g.runs.every((r) => (r.load.concurrency ?? r.load.measuredConcurrency) !== null) ? 'concurrency' : 'rate';
    const fileNames = [...new Set(g.runs.map((r) => r.source.fileName))];
    const dates = g.runs
      .map((r) => r.date)
      .filter((d): d is string => d !== null)
      .sort();
    const byId = new Map(g.runs.map((r) => [r.id, r]));
    const refOf = (p: CapacityPoint): RunRef => {
      const r = p.runId === null ? undefined : byId.get(p.runId);
      return { file: r?.source.fileName ?? '', index: r?.source.index ?? 0 };
    };
    const once = oneLoadOnce(sortByLoad(g.runs.map((r) => pointOfRun(r, loadKind))), loadKind, refOf);
    return {
      key: g.key,
      label: configLabel(g.config),
      kind: 'measured' as const,
      origin: { kind: 'measured' as const, fileNames, date: dates[0] ?? null },
      config: g.config,
      loadKind,
      points: once.points,
      notes: [...g.notes, ...once.notes, ...latencyFalls(once.points)],
    };
  });
  return { series, notes: grouping.notes };
}

/** The series of `groupSeries`, without the notes that belong to none. */
export function seriesFromRuns(runs: readonly BenchRun[], overrides: GroupOverrides = {}, options: GroupOptions = {}): CapacitySeries[] {
  return groupSeries(runs, overrides, options).series;
}

/** The runs of an imported series, in load order. */
export function runIdsOf(series: Pick<CapacitySeries, 'points'>): string[] {
  return series.points.flatMap((p) => (p.runId === null ? [] : [p.runId]));
}

/** Overrides that put every run of the given series into one series (the first one's key). */
export function mergeSeries(
  series: readonly { key: string; runIds: readonly string[] }[],
  keys: readonly string[],
  overrides: GroupOverrides = {},
): GroupOverrides {
  const target = keys[0];
  if (target === undefined) return overrides;
  const next: Record<string, string> = { ...overrides };
  for (const s of series) if (keys.includes(s.key)) for (const id of s.runIds) next[id] = target;
  return next;
}

/** Overrides that move the given runs of a series into a new series of their own. */
export function splitSeries(seriesKey: string, runIds: readonly string[], overrides: GroupOverrides = {}): GroupOverrides {
  const next: Record<string, string> = { ...overrides };
  const newKey = `${seriesKey}|split:${[...runIds].sort().join(',')}`;
  for (const id of runIds) next[id] = newKey;
  return next;
}

/** A published library entry as a series (its points are already ordered by load). */
export function seriesFromPublished(p: PublishedSeries): CapacitySeries {
  const loadKind: LoadKind = p.points.every((x) => x.concurrency !== null) ? 'concurrency' : 'rate';
  const config: SeriesConfig = {
    model: p.modelName,
    engine: p.engineVersion ? `${p.engine} ${p.engineVersion}` : p.engine,
    hardware: p.hardwareName,
    gpus: p.gpus,
    precision: p.precision,
    parallelism: p.parallelism || null,
    inputTokens: p.inputTokens,
    outputTokens: p.outputTokens,
    dataset: p.dataset || null,
  };
  const points = p.points.map((x): CapacityPoint => {
    const inter = interactivityOf(x.tpotMs);
    return {
      concurrency: x.concurrency,
      requestRate: x.requestRate,
      load: loadKind === 'concurrency' ? x.concurrency : x.requestRate,
      outputTokensPerS: x.outputTokensPerS,
      totalTokensPerS: x.totalTokensPerS,
      outputTokensPerSPerGpu: x.outputTokensPerS / p.gpus,
      totalTokensPerSPerGpu: x.totalTokensPerS === null ? null : x.totalTokensPerS / p.gpus,
      ttftMs: x.ttftMs,
      tpotMs: x.tpotMs,
      itlMs: x.itlMs,
      e2elMs: x.e2elMs,
      interactivity: inter.value,
      interactivityFrom: inter.from,
      successShare: x.successShare,
      requests: x.requests,
      runId: null,
    };
  });
  return {
    key: `library:${p.id}`,
    label: p.label,
    kind: 'published',
    origin: { kind: 'published', libraryId: p.id, publisher: p.source.publisher, measuredOn: p.source.measuredOn, source: p.source },
    config,
    loadKind,
    points: sortByLoad(points),
    notes: [],
  };
}
