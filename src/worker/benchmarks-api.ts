import { mergeCompanions } from '../core/benchmarks/companions';
import type { CsvMapping } from '../core/benchmarks/csv';
import type { GoodputResult } from '../core/benchmarks/goodput';
import { importFile, type ByteSource, type FileImport, type ImportHost, type ImportProgress } from '../core/benchmarks/importer';
import type { RequestTable } from '../core/benchmarks/request-table';
import type { MetricId, MetricSummary, SloLimits } from '../core/benchmarks/run-schema';
import { cdfSeries, goodputForRuns, type CdfSeries, type GoodputItem } from '../core/benchmarks/views';

/**
 * Imported benchmark results (area C) offered to the UI. Files are read here, in the worker,
 * chunk by chunk from the `File`/`Blob` the UI passes (structured-cloned, not copied into
 * memory); the main thread only renders.
 *
 * Progress and cancellation go through one callback, which the UI passes wrapped in
 * `comlink.proxy`: the worker calls it at least every 100 ms with the progress so far, and the
 * callback answers `true` when the user pressed cancel. The answer arrives asynchronously, so
 * the import stops at the next chunk boundary after it (well within 250 ms).
 */
export type ImportControl = (progress: ImportProgress) => boolean | void | Promise<boolean | void>;

export interface ImportRequest {
  files: Blob[];
  /** Display names; `File.name` is used when the blob is a File. */
  names?: string[];
  /** Column mapping for CSV files of unknown layout. */
  mapping?: CsvMapping | null;
}

interface NodeBufferLike {
  from(buffer: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'utf8'): string };
}

/**
 * Decoding, hashing and the clock of the platform (browser, worker or Node ≥ 20). Under Node,
 * Buffer decodes UTF-8 natively and several times faster than its TextDecoder.
 */
export function platformHost(): Omit<ImportHost, 'progress' | 'cancelled'> {
  const NodeBuffer = (globalThis as unknown as { Buffer?: NodeBufferLike }).Buffer;
  return {
    decoder: () =>
      NodeBuffer
        ? { decode: (b?: Uint8Array) => (b && b.length > 0 ? NodeBuffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8') : '') }
        : new TextDecoder('utf-8'),
    sha256: async (bytes) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)),
    now: () => performance.now(),
  };
}

export function blobSource(blob: Blob, name: string): ByteSource {
  return {
    name,
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
  };
}

function nameOf(blob: Blob, i: number, names: string[] | undefined): string {
  const given = names?.[i];
  if (given) return given;
  const n = (blob as Blob & { name?: unknown }).name;
  return typeof n === 'string' && n !== '' ? n : `file ${i + 1}`;
}

export const benchmarksApi = {
  /**
   * Imports result files one after another and merges companion files (llmperf summary +
   * individual responses, AIPerf aggregate + per-request JSONL). One result per file, in order.
   */
  async importBenchmarkFiles(request: ImportRequest, control?: ImportControl): Promise<FileImport[]> {
    let cancelRequested = false;
    const base = platformHost();
    const results: FileImport[] = [];
    for (let i = 0; i < request.files.length; i++) {
      const blob = request.files[i] as Blob;
      const name = nameOf(blob, i, request.names);
      if (cancelRequested) break;
      const host: ImportHost = {
        ...base,
        progress: (p) => {
          if (!control) return;
          try {
            const answer = control(p);
            if (answer === true) cancelRequested = true;
            else if (answer && typeof (answer as Promise<boolean | void>).then === 'function') {
              (answer as Promise<boolean | void>).then(
                (c) => {
                  if (c === true) cancelRequested = true;
                },
                () => undefined,
              );
            }
          } catch {
            // A closed page cannot take progress; the import result is simply not collected.
          }
        },
        cancelled: () => cancelRequested,
      };
      results.push(await importFile(blobSource(blob, name), host, { mapping: request.mapping ?? null, fileIndex: i, fileCount: request.files.length }));
    }
    mergeCompanions(results);
    return results;
  },

  /** Goodput of each run under the user's limits (runs with per-request data only). */
  benchmarkGoodput(items: GoodputItem[], limits: SloLimits): Record<string, GoodputResult> {
    return goodputForRuns(items, limits);
  },

  /** Latency CDFs for the overlay: from per-request data, else through the file's percentiles. */
  benchmarkCdfs(items: { runId: string; table: RequestTable | null; fallback: MetricSummary | null }[], metric: MetricId, maxPoints: number): CdfSeries[] {
    return items.map((i) => cdfSeries(i.runId, i.table, i.fallback, metric, maxPoints)).filter((s): s is CdfSeries => s !== null);
  },
};
