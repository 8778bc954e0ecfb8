import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { proxy } from 'comlink';
import { useEffect } from 'react';
import type { CsvMapping } from '../../core/benchmarks/csv';
import type { FileImport, ImportProgress } from '../../core/benchmarks/importer';
import type { ImportUpdate } from '../../worker/benchmarks-api';
import type { BenchRun, MetricId, SloLimits } from '../../core/benchmarks/run-schema';
import { metricOf } from '../../core/benchmarks/views';
import { compute } from '../../lib/query/compute';
import type { DroppedFile } from '../../lib/files/dropped-files';
import { listRuns, loadSloLimits, onRunsChanged, saveImport, saveSloLimits, type SaveResult } from '../../lib/storage/runs-db';

/**
 * Data of the benchmarks page: the stored runs (IndexedDB, through TanStack Query), the import
 * (a worker job with a progress callback and cancel), goodput and CDFs (worker queries that
 * read the per-request data in the worker; it never passes through the main thread).
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

/**
 * Runs an import job in the worker and waits for it: progress arrives through the callback; a
 * heartbeat every second notices a job lost with a restarted worker; cancel stops the job.
 */
async function runImportJob(req: ImportRequest): Promise<FileImport[]> {
  let finished!: () => void;
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const callback = proxy((u: ImportUpdate) => {
    if (u.done) finished();
    else req.onProgress(u);
    return req.signal.aborted;
  });
  const request = { files: req.files.map((f) => f.file), names: req.files.map((f) => f.name), mapping: req.mapping };
  const { importId } = await compute.call('startBenchmarkImport', [request, callback], req.signal);
  const cancel = () => void compute.call('cancelBenchmarkImport', [importId]).catch(() => undefined);
  req.signal.addEventListener('abort', cancel, { once: true });
  try {
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(new DOMException('Import cancelled', 'AbortError'));
      if (req.signal.aborted) onAbort();
      req.signal.addEventListener('abort', onAbort, { once: true });
      const timer = setInterval(() => {
        compute.call('benchmarkImportState', [importId]).then(
          (s) => {
            if (s.state === 'unknown') reject(new Error('the worker was restarted and the import was lost; please drop the files again'));
            else if (s.state !== 'running') finished();
          },
          (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))),
        );
      }, 1000);
      void done.then(() => {
        clearInterval(timer);
        req.signal.removeEventListener('abort', onAbort);
        resolve();
      });
    });
    const state = await compute.call('benchmarkImportState', [importId], req.signal);
    if (state.state === 'failed') throw new Error(state.error ?? 'the import failed');
    const taken = await compute.call('takeBenchmarkImport', [importId], req.signal);
    return taken?.results ?? [];
  } finally {
    req.signal.removeEventListener('abort', cancel);
  }
}

/** Imports files in the worker, then stores every file that yielded runs. */
export function useImportFiles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (req: ImportRequest): Promise<ImportOutcome[]> => {
      const results = await runImportJob(req);
      const outcomes: ImportOutcome[] = [];
      for (const [i, result] of results.entries()) {
        const source = req.files[i] as DroppedFile;
        const storable = (result.status === 'ok' || result.status === 'partial') && (result.runs.length > 0 || result.mergedInto !== null);
        const saved = storable ? await saveImport(result, req.now()) : null;
        // Per-request tables the worker stored for runs that were not kept (same file again,
        // storage full) are removed again.
        if (saved && saved.status !== 'saved') {
          const kept = saved.status === 'duplicate' ? new Set(saved.existing.runIds) : new Set<string>();
          const orphans = result.runs.map((r) => r.id).filter((id) => !kept.has(id));
          if (orphans.length > 0) await compute.call('discardBenchmarkTables', [orphans]).catch(() => undefined);
        }
        // The per-request data is in the database now; the outcome list keeps only the summary.
        outcomes.push({ name: source.name, result: { ...result, tables: [] }, saved, file: source.file });
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
    queryFn: ({ signal }) => {
      const items = runs.filter((r) => r.perRequest !== null).map((r) => ({ runId: r.id, durationS: r.durationS }));
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
    queryFn: ({ signal }) => {
      const items = runs.map((run) => ({ runId: run.id, hasRequests: run.perRequest !== null, fallback: metricOf(run, metric)?.summary ?? null }));
      return compute.call('benchmarkCdfs', [items, metric, 160], signal);
    },
  });
}
