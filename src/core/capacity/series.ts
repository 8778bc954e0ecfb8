import { configKey, configLabel, configOfRun, type SeriesConfig } from '../benchmarks/run-config';
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

/**
 * User corrections of the automatic grouping: run id → the key of the group it belongs to.
 * Merging two series gives all their runs one key; splitting gives some runs a new one.
 */
export type GroupOverrides = Readonly<Record<string, string>>;

/**
 * Groups runs imported together into series: equal configuration = one series, ordered by
 * load. The axis is concurrency when every run of the group has one, else the request rate.
 */
export function seriesFromRuns(runs: readonly BenchRun[], overrides: GroupOverrides = {}): CapacitySeries[] {
  const groups = new Map<string, { config: SeriesConfig; runs: BenchRun[] }>();
  for (const run of runs) {
    const config = configOfRun(run);
    const key = overrides[run.id] ?? configKey(config);
    const g = groups.get(key);
    if (g) g.runs.push(run);
    else groups.set(key, { config, runs: [run] });
  }
  return [...groups.entries()].map(([key, g]) => {
    const loadKind: LoadKind = g.runs.every((r) => (r.load.concurrency ?? r.load.measuredConcurrency) !== null) ? 'concurrency' : 'rate';
    const fileNames = [...new Set(g.runs.map((r) => r.source.fileName))];
    const dates = g.runs.map((r) => r.date).filter((d): d is string => d !== null).sort();
    // A merged group keeps the configuration parts its runs share.
    const config = { ...g.config };
    for (const run of g.runs) {
      const c = configOfRun(run);
      for (const k of Object.keys(config) as (keyof SeriesConfig)[]) if (config[k] !== c[k]) (config as Record<keyof SeriesConfig, unknown>)[k] = null;
    }
    return {
      key,
      label: configLabel(config),
      kind: 'measured' as const,
      origin: { kind: 'measured' as const, fileNames, date: dates[0] ?? null },
      config,
      loadKind,
      points: sortByLoad(g.runs.map((r) => pointOfRun(r, loadKind))),
    };
  });
}

/** The runs of an imported series, in load order. */
export function runIdsOf(series: Pick<CapacitySeries, 'points'>): string[] {
  return series.points.flatMap((p) => (p.runId === null ? [] : [p.runId]));
}

/** Overrides that put every run of the given series into one series (the first one's key). */
export function mergeSeries(series: readonly { key: string; runIds: readonly string[] }[], keys: readonly string[], overrides: GroupOverrides = {}): GroupOverrides {
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
  };
}
