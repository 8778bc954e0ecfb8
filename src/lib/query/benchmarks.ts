import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BenchRun, MetricId, SloLimits } from '../../core/benchmarks/run-schema';
import { metricOf } from '../../core/benchmarks/views';
import { useEffect } from 'react';
import { listRuns, loadSloLimits, onRunsChanged, type RunsSnapshot } from '../storage/runs-db';
import { compute } from './compute';
import { watchStore } from './storage-watch';

/**
 * Benchmark queries: the stored runs and SLO limits (IndexedDB), goodput and CDFs (worker
 * queries that read the per-request data in the worker; it never passes through the main
 * thread). The stored runs have one key and one policy for every view (benchmarks, pilot
 * evidence).
 */
export const benchmarkKeys = {
  runs: ['benchmark-runs'] as const,
  slo: ['benchmark-slo'] as const,
  goodput: (ids: readonly string[], limits: SloLimits | undefined) => ['benchmark-goodput', ids, limits] as const,
  cdfs: (ids: readonly string[], metric: MetricId) => ['benchmark-cdf', ids, metric] as const,
};

export function storedRunsQuery() {
  return queryOptions({ queryKey: benchmarkKeys.runs, queryFn: listRuns, staleTime: Number.POSITIVE_INFINITY });
}

/** The stored runs, re-read whenever they change (in this tab or another); `select` picks a part. */
export function useStoredRunsQuery<T = RunsSnapshot>(select?: (snapshot: RunsSnapshot) => T) {
  const client = useQueryClient();
  useEffect(() => watchStore(client, benchmarkKeys.runs, onRunsChanged), [client]);
  return useQuery({ ...storedRunsQuery(), select });
}

export function sloLimitsQuery() {
  return queryOptions({ queryKey: benchmarkKeys.slo, queryFn: loadSloLimits, staleTime: Number.POSITIVE_INFINITY });
}

/** Goodput of the runs that have per-request data, under the current limits. */
export function goodputQuery(runs: readonly BenchRun[], limits: SloLimits | undefined) {
  const items = runs.filter((r) => r.perRequest !== null).map((r) => ({ runId: r.id, durationS: r.durationS }));
  const ids = items.map((i) => i.runId);
  const active = limits !== undefined && (limits.ttftMs !== null || limits.tpotMs !== null || limits.e2elMs !== null);
  return queryOptions({
    queryKey: benchmarkKeys.goodput(ids, limits),
    enabled: active && ids.length > 0,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => compute.call('benchmarkGoodput', [items, limits as SloLimits], signal),
  });
}

export function cdfsQuery(runs: readonly BenchRun[], metric: MetricId) {
  const ids = runs.map((r) => r.id);
  return queryOptions({
    queryKey: benchmarkKeys.cdfs(ids, metric),
    enabled: runs.length > 0,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const items = runs.map((run) => ({ runId: run.id, hasRequests: run.perRequest !== null, fallback: metricOf(run, metric)?.summary ?? null }));
      return compute.call('benchmarkCdfs', [items, metric, 160], signal);
    },
  });
}
