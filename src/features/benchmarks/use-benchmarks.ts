import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { proxy } from 'comlink';
import { useEffect } from 'react';
import type { CsvMapping } from '../../core/benchmarks/csv';
import type { FileImport, ImportProgress } from '../../core/benchmarks/importer';
import type { BenchRun, MetricId, SloLimits } from '../../core/benchmarks/run-schema';
import { metricOf } from '../../core/benchmarks/views';
import { compute } from '../../lib/query/compute';
import type { DroppedFile } from '../../lib/files/dropped-files';
import { listRuns, loadSloLimits, loadTable, onRunsChanged, saveImport, saveSloLimits, type SaveResult } from '../../lib/storage/runs-db';

/**
 * Data of the benchmarks page: the stored runs (IndexedDB, through TanStack Query), the import
 * (a worker call with a progress callback and cancel), goodput and CDFs (worker queries).
 */
const RUNS_KEY = ['benchmark-runs'] as const;

export function useStoredRuns() {
  const client = useQueryClient();
  useEffect(() => onRunsChanged(() => void client.invalidateQueries({ queryKey: RUNS_KEY })), [client]);
  return useQuery({ queryKey: RUNS_KEY, queryFn: listRuns, staleTime: Number.POSITIVE_INFINITY });
}

export interface ImportOutcome {
  name: string;
  result: FileImport;
  saved: SaveResult | null;
  /** The file, kept for a second attempt with a column mapping. */
  file: File;
}

export interface ImportRequest {
  files: DroppedFile[];
  mapping: CsvMapping | null;
  signal: AbortSignal;
  onProgress: (p: ImportProgress) => void;
  /** Current time as ISO text, for the stored import date. */
  now: () => string;
}

/** Imports files in the worker, then stores every file that yielded runs. */
export function useImportFiles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (req: ImportRequest): Promise<ImportOutcome[]> => {
      const callback = proxy((p: ImportProgress) => {
        req.onProgress(p);
        return req.signal.aborted;
      });
      const results = await compute.call(
        'importBenchmarkFiles',
        [{ files: req.files.map((f) => f.file), names: req.files.map((f) => f.name), mapping: req.mapping }, callback],
        req.signal,
      );
      const outcomes: ImportOutcome[] = [];
      for (const [i, result] of results.entries()) {
        const source = req.files[i] as DroppedFile;
        const storable = (result.status === 'ok' || result.status === 'partial') && (result.runs.length > 0 || result.mergedInto !== null);
        const saved = storable ? await saveImport(result, req.now()) : null;
        outcomes.push({ name: source.name, result, saved, file: source.file });
      }
      return outcomes;
    },
    onSettled: () => client.invalidateQueries({ queryKey: RUNS_KEY }),
  });
}

export function useInvalidateRuns() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: RUNS_KEY });
}

const SLO_KEY = ['benchmark-slo'] as const;

export function useSloLimits() {
  return useQuery({ queryKey: SLO_KEY, queryFn: loadSloLimits, staleTime: Number.POSITIVE_INFINITY });
}

export function useSaveSlo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSloLimits,
    onMutate: (limits: SloLimits) => client.setQueryData(SLO_KEY, limits),
  });
}

/** Goodput of the runs that have per-request data, under the current limits. */
export function useGoodput(runs: readonly BenchRun[], limits: SloLimits | undefined) {
  const ids = runs.filter((r) => r.perRequest !== null).map((r) => r.id);
  const active = limits !== undefined && (limits.ttftMs !== null || limits.tpotMs !== null || limits.e2elMs !== null);
  return useQuery({
    queryKey: ['benchmark-goodput', ids, limits] as const,
    enabled: active && ids.length > 0,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const items = [];
      for (const run of runs) {
        if (run.perRequest === null) continue;
        const table = await loadTable(run.id);
        if (table) items.push({ runId: run.id, table, durationS: run.durationS });
      }
      return compute.call('benchmarkGoodput', [items, limits as SloLimits], signal);
    },
  });
}

export function useCdfs(runs: readonly BenchRun[], metric: MetricId) {
  const ids = runs.map((r) => r.id);
  return useQuery({
    queryKey: ['benchmark-cdf', ids, metric] as const,
    enabled: runs.length > 0,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const items = [];
      for (const run of runs) {
        const table = run.perRequest ? await loadTable(run.id) : null;
        items.push({ runId: run.id, table, fallback: metricOf(run, metric)?.summary ?? null });
      }
      return compute.call('benchmarkCdfs', [items, metric, 160], signal);
    },
  });
}
