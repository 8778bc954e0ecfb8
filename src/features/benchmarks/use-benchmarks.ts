import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CsvMapping } from '../../core/benchmarks/csv';
import { publishedSeriesImport, publishedSeriesText } from '../../core/benchmarks/from-published';
import type { PublishedSeries } from '../../core/catalog/published-measurements';
import type { FileImport, ImportProgress } from '../../core/benchmarks/importer';
import type { BenchRun, MetricId, SloLimits } from '../../core/benchmarks/run-schema';
import type { DroppedFile } from '../../lib/files/dropped-files';
import { benchmarkKeys, cdfsQuery, goodputQuery, sloLimitsQuery, useStoredRunsQuery } from '../../lib/query/benchmarks';
import { compute } from '../../lib/query/compute';
import { noteUnstoredTables, saveImport, saveSloLimits, type SaveResult } from '../../lib/storage/runs-db';

/**
 * Data of the benchmarks page (factories in `src/lib/query/benchmarks.ts`): the stored runs
 * (IndexedDB, through TanStack Query), the import (a worker job with a progress callback and
 * cancel, through `compute.importFiles`), goodput and CDFs (worker queries that read the
 * per-request data in the worker; it never passes through the main thread).
 */
export function useStoredRuns() {
  return useStoredRunsQuery();
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
          if (orphans.length > 0) await compute.call('discardBenchmarkTables', [orphans]).catch(() => undefined);
        }
        // The per-request data is in the database now; the outcome list keeps only the summary.
        outcomes.push({ name: source.name, result: { ...result, tables: [] }, saved, file: source.file });
      }
      // The worker writes the per-request tables after handing the results over; a table it
      // could not store is named above the runs (kept in its memory until a reload).
      void compute.call('benchmarkTableWrites', []).then(noteUnstoredTables, () => undefined);
      return outcomes;
    },
    onSettled: () => client.invalidateQueries({ queryKey: benchmarkKeys.runs }),
  });
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
export function useLoadPublishedExample() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ series, now }: { series: PublishedSeries; now: () => string }): Promise<{ saved: SaveResult; runIds: string[] }> => {
      const bytes = new TextEncoder().encode(publishedSeriesText(series));
      const result = publishedSeriesImport(series, await sha256Hex(bytes), bytes.length);
      const saved = await saveImport(result, now());
      return { saved, runIds: saved.status === 'duplicate' ? saved.existing.runIds : result.runs.map((r) => r.id) };
    },
    onSettled: () => client.invalidateQueries({ queryKey: benchmarkKeys.runs }),
  });
}

export function useInvalidateRuns() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: benchmarkKeys.runs });
}

export function useSloLimits() {
  return useQuery(sloLimitsQuery());
}

export function useSaveSlo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSloLimits,
    onMutate: (limits: SloLimits) => client.setQueryData(benchmarkKeys.slo, limits),
  });
}

/** Goodput of the runs that have per-request data, under the current limits. */
export function useGoodput(runs: readonly BenchRun[], limits: SloLimits | undefined) {
  return useQuery(goodputQuery(runs, limits));
}

export function useCdfs(runs: readonly BenchRun[], metric: MetricId) {
  return useQuery(cdfsQuery(runs, metric));
}
