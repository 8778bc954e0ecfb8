import { computeGoodput, type GoodputResult } from './goodput';
import { autoGroupKeys } from './run-groups';
import type { RequestTable } from './request-table';
import type { BenchRun, MetricId, MetricSummary, SloLimits } from './run-schema';
import { cdfOfColumn, percentileKey, type CdfPoint } from './stats';

/**
 * Shaping runs into what the comparison charts draw. Pure; numbers stay numbers (ms, per
 * second, shares 0..1) until the UI formats them.
 */

/** The run's figure for a metric: the file's own, else the one recomputed from its requests. */
export function metricOf(run: BenchRun, id: MetricId): { summary: MetricSummary; from: 'file' | 'recomputed' } | null {
  const file = run.metrics[id];
  if (file) return { summary: file, from: 'file' };
  const mine = run.recomputed?.[id];
  return mine ? { summary: mine, from: 'recomputed' } : null;
}

export function percentileValue(s: MetricSummary, p: number): number | null {
  const v = s.percentiles[percentileKey(p)];
  if (v !== undefined) return v;
  return p === 50 ? s.median : null;
}

export interface PercentileBarRow {
  /** 50, 90, 95, 99 or the mean (-1). */
  percentile: number;
  values: Record<string, number | null>;
}

/** Side-by-side percentile bars: one group per percentile, one bar per run. */
export function percentileBars(runs: readonly BenchRun[], id: MetricId, percentiles: readonly number[] = [50, 90, 95, 99]): PercentileBarRow[] {
  const rows: PercentileBarRow[] = [
    { percentile: -1, values: {} },
    ...percentiles.map((p) => ({ percentile: p, values: {} as Record<string, number | null> })),
  ];
  for (const run of runs) {
    const m = metricOf(run, id);
    for (const row of rows) row.values[run.id] = m ? (row.percentile === -1 ? m.summary.mean : percentileValue(m.summary, row.percentile)) : null;
  }
  return rows.filter((r) => Object.values(r.values).some((v) => v !== null));
}

export interface CdfSeries {
  runId: string;
  /** 'requests': from per-request data; 'percentiles': the file's percentile points only. */
  from: 'requests' | 'percentiles';
  points: CdfPoint[];
}

function columnOf(table: RequestTable, id: MetricId): Float64Array | null {
  if (id === 'ttft') return table.ttftMs;
  if (id === 'e2el') return table.e2elMs;
  if (id === 'tpot') return table.tpotMs;
  if (id === 'perTokenInclTtft') return table.perTokenMs;
  return table.itlGapsMs;
}

/** Latency CDF of a run from its requests, or a coarse one through the file's percentiles. */
export function cdfSeries(runId: string, table: RequestTable | null, fallback: MetricSummary | null, id: MetricId, maxPoints = 200): CdfSeries | null {
  if (table) {
    const col = columnOf(table, id);
    if (col) {
      const points = cdfOfColumn(col, id === 'itl' ? undefined : table.ok, maxPoints);
      if (points.length > 0) return { runId, from: 'requests', points };
    }
  }
  if (!fallback) return null;
  const pts: CdfPoint[] = [];
  if (fallback.min !== null) pts.push({ value: fallback.min, share: 0 });
  const ps = Object.entries(fallback.percentiles)
    .map(([k, v]) => ({ share: Number(k) / 100, value: v }))
    .sort((a, b) => a.share - b.share);
  if (fallback.median !== null && !ps.some((p) => p.share === 0.5)) ps.push({ share: 0.5, value: fallback.median });
  ps.sort((a, b) => a.share - b.share);
  pts.push(...ps);
  if (fallback.max !== null) pts.push({ value: fallback.max, share: 1 });
  // A CDF never decreases; drop points that would (rounded or inconsistent files).
  const clean: CdfPoint[] = [];
  for (const p of pts)
    if (!clean.length || (p.value >= (clean[clean.length - 1] as CdfPoint).value && p.share >= (clean[clean.length - 1] as CdfPoint).share)) clean.push(p);
  return clean.length >= 2 ? { runId, from: 'percentiles', points: clean } : null;
}

export type LoadAxis = 'concurrency' | 'rate';

export interface LoadPoint {
  runId: string;
  x: number;
  outputTokensPerS: number | null;
  totalTokensPerS: number | null;
  requestsPerS: number | null;
}

export interface LoadSeries {
  key: string;
  /** Parts the UI joins into a legend label. */
  tool: BenchRun['tool'];
  model: string | null;
  engine: string | null;
  provider: string | null;
  hardware: string | null;
  points: LoadPoint[];
}

/** Concurrency, configured rate, or measured concurrency of a run on the chosen axis. */
export function loadValue(run: BenchRun, axis: LoadAxis): number | null {
  if (axis === 'concurrency') return run.load.concurrency ?? run.load.measuredConcurrency;
  return typeof run.load.requestRate === 'number' ? run.load.requestRate : null;
}

/**
 * Throughput vs load across runs: runs of one tool, provider and configuration (model, engine,
 * hardware, GPUs, precision, parallelism, request lengths, dataset, and the folder of each
 * deployment: grouped as the capacity series are, `run-groups.ts`) form one curve, sorted by
 * load; two configurations in one file are two curves, not one zig-zag. The axis is the one most runs can be placed on; runs without a value on it
 * (e.g. "as fast as possible" without a concurrency limit) are listed as unplaced.
 */
export function throughputVsLoad(
  runs: readonly BenchRun[],
  chosen: LoadAxis | null = null,
): { axis: LoadAxis; series: LoadSeries[]; unplaced: string[]; available: LoadAxis[] } {
  const byConc = runs.filter((r) => loadValue(r, 'concurrency') !== null).length;
  const byRate = runs.filter((r) => loadValue(r, 'rate') !== null).length;
  const available: LoadAxis[] = [...(byConc > 0 ? (['concurrency'] as const) : []), ...(byRate > 0 ? (['rate'] as const) : [])];
  const axis: LoadAxis = chosen !== null && available.includes(chosen) ? chosen : byRate > byConc ? 'rate' : 'concurrency';
  const series = new Map<string, LoadSeries>();
  const unplaced: string[] = [];
  const groups = autoGroupKeys(runs);
  for (const run of runs) {
    const x = loadValue(run, axis);
    if (x === null) {
      unplaced.push(run.id);
      continue;
    }
    const key = [run.tool, run.endpoint.provider ?? '', groups.get(run.id) ?? ''].join('|');
    let s = series.get(key);
    if (!s) {
      s = { key, tool: run.tool, model: run.model, engine: run.engine, provider: run.endpoint.provider, hardware: run.hardware, points: [] };
      series.set(key, s);
    }
    s.points.push({
      runId: run.id,
      x,
      outputTokensPerS: run.throughput.outputTokensPerS,
      totalTokensPerS: run.throughput.totalTokensPerS,
      requestsPerS: run.throughput.requestsPerS,
    });
  }
  for (const s of series.values()) s.points.sort((a, b) => a.x - b.x);
  return { axis, series: [...series.values()], unplaced, available };
}

export interface ErrorRow {
  runId: string;
  ok: number | null;
  failed: number | null;
  /** failed / (ok + failed), 0..1. */
  errorShare: number | null;
  kinds: { kind: string; count: number }[];
}

export function errorBreakdown(runs: readonly BenchRun[]): ErrorRow[] {
  return runs.map((r) => {
    const { ok, failed } = r.requests;
    const total = ok !== null && failed !== null ? ok + failed : null;
    return { runId: r.id, ok, failed, errorShare: total !== null && total > 0 ? (failed as number) / total : null, kinds: r.requests.errors };
  });
}

export interface GoodputItem {
  runId: string;
  table: RequestTable;
  durationS: number | null;
}

export function goodputForRuns(items: readonly GoodputItem[], limits: SloLimits): Record<string, GoodputResult> {
  const out: Record<string, GoodputResult> = {};
  for (const item of items) out[item.runId] = computeGoodput(item.table, limits, item.durationS);
  return out;
}
