import { keepPreviousData, mutationOptions, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CsvMapping } from '../../core/benchmarks/csv';
import { publishedSeriesImport, publishedSeriesText } from '../../core/benchmarks/from-published';
import type { FileImport, ImportProgress } from '../../core/benchmarks/import-contract';
import type { BenchRun, MetricId, SloLimits } from '../../core/benchmarks/run-schema';
import { metricOf } from '../../core/benchmarks/views';
import type { PublishedSeries } from '../../core/catalog/published-measurements';
import type { DroppedFile } from '../files/dropped-files';
import {
  clearQuarantine,
  deleteFile,
  deleteRun,
  listRuns,
  loadSloLimits,
  noteUnstoredTables,
  onRunsChanged,
  saveImport,
  saveSloLimits,
  type RunsSnapshot,
  type SaveResult,
} from '../storage/runs-db';
import { compute } from './compute';
import { rereadOnSettled, watchStore } from './storage-watch';

/**
 * Benchmark queries: the stored runs and SLO limits (IndexedDB), goodput and CDFs (worker
 * queries that read the per-request data in the worker; it never passes through the main
 * thread). The stored runs have one key and one policy for every view (benchmarks, pilot
 * evidence, capacity), and every write to them re-reads them.
 */
export const benchmarkKeys = {
  all: ['benchmarks'] as const,
  runs: ['benchmarks', 'runs'] as const,
  slo: ['benchmarks', 'slo'] as const,
  goodput: (ids: readonly string[], limits: SloLimits | undefined) => ['benchmarks', 'goodput', ids, limits] as const,
  cdfs: (ids: readonly string[], metric: MetricId) => ['benchmarks', 'cdf', ids, metric] as const,
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
    queryFn: ({ signal }) => compute.benchmarkGoodput(items, limits as SloLimits, { signal }),
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
      return compute.benchmarkCdfs(items, metric, 160, { signal });
    },
  });
}

/* ---------- writes: each re-reads the stored runs once it has settled ---------- */

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

/** Imports files in the worker (progress and cancel through `compute.importFiles`), then stores every file that yielded runs. */
export function importFilesMutation() {
  return mutationOptions({
    mutationFn: async (req: ImportRequest): Promise<ImportOutcome[]> => {
      const results = await compute.importFiles(req.files, { signal: req.signal, onProgress: req.onProgress, mapping: req.mapping });
      const outcomes: ImportOutcome[] = [];
      for (const [i, result] of results.entries()) {
        const source = req.files[i] as DroppedFile;
        const storable = (result.status === 'ok' || result.status === 'partial') && (result.runs.length > 0 || result.mergedInto !== null);
        const saved = storable ? await saveImport(result, req.now()) : null;
        // Per-request tables the worker stored for runs that were not kept (same file again, an
        // import without runs) are removed again; runs held in memory keep theirs.
        if (saved && saved.status !== 'saved' && saved.status !== 'unstored') {
          const kept = saved.status === 'duplicate' ? new Set(saved.existing.runIds) : new Set<string>();
          const orphans = result.runs.map((r) => r.id).filter((id) => !kept.has(id));
          if (orphans.length > 0) await compute.discardBenchmarkTables(orphans, {}).catch(() => undefined);
        }
        // The per-request data is in the database now; the outcome list keeps only the summary.
        outcomes.push({ name: source.name, result: { ...result, tables: [] }, saved, file: source.file });
      }
      // The worker writes the per-request tables after handing the results over; a table it
      // could not store is named above the runs (kept in its memory until a reload).
      void compute.benchmarkTableWrites({}).then(noteUnstoredTables, () => undefined);
      return outcomes;
    },
    ...rereadOnSettled(benchmarkKeys.runs),
  });
}

/** Starts the worker's import helpers ahead of a file (a hint: nothing is reported back). */
export function warmImportHelpers(): void {
  compute.warmImportHelpers({}).catch(() => undefined);
}

/** SHA-256 of text as lowercase hex (Web Crypto, at the UI edge). */
async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Stores a series of the library of published measurements as runs (one per point), like an
 * imported file whose content is the series' canonical text; loading it twice is a duplicate.
 */
export function loadPublishedSeriesMutation() {
  return mutationOptions({
    mutationFn: async ({ series, now }: { series: PublishedSeries; now: () => string }): Promise<{ saved: SaveResult; runIds: string[] }> => {
      const bytes = new TextEncoder().encode(publishedSeriesText(series));
      const result = publishedSeriesImport(series, await sha256Hex(bytes), bytes.length);
      const saved = await saveImport(result, now());
      return { saved, runIds: saved.status === 'duplicate' ? saved.existing.runIds : result.runs.map((r) => r.id) };
    },
    ...rereadOnSettled(benchmarkKeys.runs),
  });
}

export function deleteRunMutation() {
  return mutationOptions({ mutationFn: (runId: string) => deleteRun(runId), ...rereadOnSettled(benchmarkKeys.runs) });
}

/** Deletes an imported file and its runs (by the file's hash). */
export function deleteFileMutation() {
  return mutationOptions({ mutationFn: (hash: string) => deleteFile(hash), ...rereadOnSettled(benchmarkKeys.runs) });
}

/** Forgets the stored records that no longer validated. */
export function clearQuarantineMutation() {
  return mutationOptions({ mutationFn: () => clearQuarantine(), ...rereadOnSettled(benchmarkKeys.runs) });
}

/** Stores the SLO limits; the cache takes them at once, so goodput follows while they are written. */
export function saveSloMutation() {
  return mutationOptions({
    mutationFn: (limits: SloLimits) => saveSloLimits(limits),
    onMutate: (limits: SloLimits, { client }) => {
      client.setQueryData(benchmarkKeys.slo, limits);
    },
  });
}
