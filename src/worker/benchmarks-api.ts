import { transfer } from 'comlink';
import type { GoodputResult } from '../core/benchmarks/goodput';
import type { FileImport, ImportHost, ImportProgress } from '../core/benchmarks/import-contract';
import type { RequestTable } from '../core/benchmarks/request-table';
import type { MetricId, SloLimits } from '../core/benchmarks/run-schema';
import type { CdfSeries, GoodputItem } from '../core/benchmarks/views';
import type * as BenchmarksCore from './benchmarks-core';
import type { CdfItemRequest, GoodputItemRequest, ImportJobState, ImportRequest, ImportTaken, ImportUpdate, ImportUpdateCallback } from './contract';
import { MAX_HELPERS, PartPool, type PartPort } from './part-pool';
import { blobSource, platformHost } from '../platform/host';
import partWorkerUrl from './part.worker.ts?worker&url';
import { startModuleWorker } from './spawn';

// The one IndexedDB wrapper, shared with the page.
import { database, indexedDbAvailable, requestToPromise, RUN_TABLES_DB, storageFailure, type StorageFailure } from '../platform/idb';

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
/**
 * The importer, its parsers and the table schema load on first use (the first dropped file or
 * stored table), not with the worker: the first TCO result does not wait for them.
 */
let heavy: Promise<typeof BenchmarksCore> | null = null;
function core(): Promise<typeof BenchmarksCore> {
  heavy ??= import('./benchmarks-core');
  return heavy;
}

/** A helper worker for the parts of a large file, started from this (the compute) worker. */
function partWorker(): PartPort<Blob> {
  const worker = startModuleWorker(partWorkerUrl, 'import-part');
  return {
    post: (message, transfer = []) => worker.postMessage(message, transfer),
    listen: (onReply, onError) => {
      worker.onmessage = (e: MessageEvent) => onReply(e.data as Parameters<typeof onReply>[0]);
      worker.onerror = (e: ErrorEvent) => {
        e.preventDefault();
        onError(e.message || 'the helper worker failed');
      };
    },
    terminate: () => worker.terminate(),
  };
}

/**
 * Helpers beside this worker: one per further core (`navigator.hardwareConcurrency`), so the
 * file is read by as many threads as the machine has cores; the page's own thread only draws.
 * A table keeps a sample of a fixed size however many parts there are, so more helpers do not
 * mean more memory for the rows.
 */
let parts: PartPool<Blob> | null | undefined;
function partPool(): PartPool<Blob> | null {
  if (parts === undefined) {
    const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 1 : 1;
    parts = typeof Worker === 'function' && cores >= 2 ? new PartPool(partWorker, Math.min(cores - 1, MAX_HELPERS)) : null;
  }
  return parts;
}

function nameOf(blob: Blob, i: number, names: string[] | undefined): string {
  const given = names?.[i];
  if (given) return given;
  const n = (blob as Blob & { name?: unknown }).name;
  return typeof n === 'string' && n !== '' ? n : `file ${i + 1}`;
}

interface ImportJob {
  cancelled: boolean;
  state: 'running' | 'done' | 'failed';
  results: FileImport[] | null;
  error: string | null;
}

const jobs = new Map<string, ImportJob>();
let jobSerial = 0;

function ask(control: ImportUpdateCallback | undefined, update: ImportUpdate, job: ImportJob): void {
  if (!control) return;
  try {
    const answer = control(update);
    if (answer === true) job.cancelled = true;
    else if (answer && typeof (answer as Promise<boolean | void>).then === 'function') {
      (answer as Promise<boolean | void>).then(
        (c) => {
          if (c === true) job.cancelled = true;
        },
        () => undefined,
      );
    }
  } catch {
    // A closed page cannot take progress; the job's results are simply never collected.
  }
}

/**
 * Imports the files one after another and merges companion files (llmperf summary + individual
 * responses, AIPerf aggregate + per-request JSONL). One result per file, in order.
 */
export async function importBlobs(request: ImportRequest, job: ImportJob, control?: ImportUpdateCallback): Promise<FileImport[]> {
  const { importFile, mergeCompanions } = await core();
  const base = platformHost();
  const results: FileImport[] = [];
  let last: ImportProgress = { fileName: '', fileIndex: 0, fileCount: request.files.length, bytesRead: 0, totalBytes: 0, rows: 0 };
  const pool = partPool();
  for (let i = 0; i < request.files.length && !job.cancelled; i++) {
    const blob = request.files[i] as Blob;
    const name = nameOf(blob, i, request.names);
    const host: ImportHost = {
      ...base,
      progress: (p) => {
        last = p;
        ask(control, { ...p, done: false }, job);
      },
      cancelled: () => job.cancelled,
    };
    if (pool) host.parts = pool.forFile(blob, name, blob.size);
    results.push(await importFile(blobSource(blob, name), host, { mapping: request.mapping ?? null, fileIndex: i, fileCount: request.files.length }));
  }
  mergeCompanions(results);
  ask(control, { ...last, done: true }, job);
  return results;
}

function buffersOf(results: FileImport[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const r of results) {
    for (const { table } of r.tables) {
      for (const a of [
        table.ok,
        table.ttftMs,
        table.e2elMs,
        table.tpotMs,
        table.perTokenMs,
        table.inputTokens,
        table.outputTokens,
        table.startS,
        table.itlGapsMs,
      ]) {
        if (a && a.buffer instanceof ArrayBuffer) out.add(a.buffer);
      }
    }
  }
  return [...out];
}

/* ---------- per-request tables in IndexedDB, read and written here in the worker ---------- */

const tablesDb = database(RUN_TABLES_DB);
const TABLES = 'tables';

/** Recently used tables stay in memory: goodput is recomputed on every change of a limit. */
const cache = new Map<string, RequestTable>();
const CACHE_ROWS = 4_000_000;
function remember(runId: string, table: RequestTable): void {
  cache.delete(runId);
  cache.set(runId, table);
  let rows = 0;
  for (const t of cache.values()) rows += t.count;
  for (const key of cache.keys()) {
    if (rows <= CACHE_ROWS || cache.size <= 1) break;
    rows -= (cache.get(key) as RequestTable).count;
    cache.delete(key);
  }
}

/**
 * Tables the database would not take (storage full or failing): kept here, never evicted, so
 * goodput and CDFs of their runs work until the page reloads (the page holds the runs too).
 */
const held = new Map<string, RequestTable>();

/**
 * Tables handed over but still being written: the import's result goes to the page at once
 * (storing tens of MB takes longer than reading the file), and goodput and CDFs read them from
 * here meanwhile. `writes` settles when every write so far has; a table the database then
 * refuses moves to `held`, and `benchmarkTableWrites` tells the page which.
 */
const writing = new Map<string, RequestTable>();
let writes: Promise<void> = Promise.resolve();
const notWritten: { runId: string; reason: StorageFailure }[] = [];

/**
 * Writes the tables one record at a time, each in a transaction of its own (table-store.ts: the
 * browser holds a serialised copy of a record until its transaction is sent, so one column's
 * copy at a time instead of every table's). A write that fails leaves no listed table: the
 * records written before it are removed again, as far as the database lets.
 */
async function putTables(tables: { runId: string; table: RequestTable }[]): Promise<boolean> {
  if (!indexedDbAvailable() || tables.length === 0) return false;
  const { tableKeys, tableRecords } = await core();
  try {
    for (const { runId, table } of tables)
      for (const record of tableRecords(runId, table))
        await tablesDb.transact(TABLES, 'readwrite', (tx) => {
          tx.objectStore(TABLES).put(record);
        });
  } catch (e) {
    await tablesDb
      .transact(TABLES, 'readwrite', (tx) => {
        for (const { runId } of tables) for (const key of tableKeys(runId)) tx.objectStore(TABLES).delete(key);
      })
      .catch(() => undefined);
    throw e;
  }
  for (const { runId, table } of tables) remember(runId, table);
  return true;
}

/** A stored table, validated; an unreadable record is removed (its run then shows no per-request data). */
async function getTable(runId: string): Promise<RequestTable | null> {
  const hit = held.get(runId) ?? writing.get(runId) ?? cache.get(runId);
  if (hit) return hit;
  if (!indexedDbAvailable()) return null;
  const { readTable, tableKeys } = await core();
  const read = await tablesDb.transact(TABLES, 'readonly', (tx) =>
    readTable(runId, (key) => requestToPromise(tx.objectStore(TABLES).get(key) as IDBRequest<unknown>)),
  );
  if (read === null) return null;
  if ('problem' in read) {
    await tablesDb.transact(TABLES, 'readwrite', (tx) => {
      for (const key of tableKeys(runId)) tx.objectStore(TABLES).delete(key);
    });
    return null;
  }
  remember(runId, read);
  return read;
}

async function deleteTables(runIds: readonly string[]): Promise<void> {
  // A write still under way would put the table back after its deletion.
  await writes;
  for (const id of runIds) {
    cache.delete(id);
    held.delete(id);
  }
  if (!indexedDbAvailable() || runIds.length === 0) return;
  const { tableKeys } = await core();
  await tablesDb.transact(TABLES, 'readwrite', (tx) => {
    for (const id of runIds) for (const key of tableKeys(id)) tx.objectStore(TABLES).delete(key);
  });
}

/** For tests: forgets the tables kept in memory and closes the connection. */
export async function resetBenchmarkTablesForTests(): Promise<void> {
  await writes;
  cache.clear();
  held.clear();
  notWritten.length = 0;
  await tablesDb.close();
}

/**
 * The import is a job: `startBenchmarkImport` returns at once and the worker reads the files in
 * the background, calling the UI's callback (wrapped in `comlink.proxy`) with progress at least
 * every 100 ms and once more with `done: true`. A callback answer of `true`, or
 * `cancelBenchmarkImport`, stops the job at the next chunk. `takeBenchmarkImport` hands the
 * results over (per-request arrays are transferred, not copied). Every call is short, so a large
 * file never runs into the client's per-call timeout; `benchmarkImportState` lets the UI notice
 * a job that disappeared with a restarted worker.
 */
export const benchmarksApi = {
  startBenchmarkImport(request: ImportRequest, control?: ImportUpdateCallback): { importId: string } {
    jobSerial += 1;
    const importId = `import-${jobSerial}`;
    const job: ImportJob = { cancelled: false, state: 'running', results: null, error: null };
    jobs.set(importId, job);
    importBlobs(request, job, control).then(
      (results) => {
        job.results = results;
        job.state = 'done';
        // Nobody collects a cancelled job.
        if (job.cancelled) jobs.delete(importId);
      },
      (e: unknown) => {
        job.error = e instanceof Error ? e.message : String(e);
        job.state = 'failed';
        ask(control, { fileName: '', fileIndex: 0, fileCount: 0, bytesRead: 0, totalBytes: 0, rows: 0, done: true }, job);
      },
    );
    return { importId };
  },

  /**
   * Starts the import's helper threads before a file comes (the import panel is shown, a file is
   * dragged over it, the file picker is opened), so that the first file's parts do not wait for
   * the helpers' script to load (80–140 ms of a 1M-line import on a 2-core machine). Idle
   * helpers end after a minute, as after an import. Nothing happens while an import runs.
   * The importer's code is loaded here as well.
   */
  warmImportHelpers(): void {
    for (const job of jobs.values()) if (job.state === 'running') return;
    partPool()?.warm();
    // The importer's own code too (loaded on first use).
    core().catch(() => undefined);
  },

  benchmarkImportState(importId: string): ImportJobState {
    const job = jobs.get(importId);
    return job ? { state: job.state, error: job.error } : { state: 'unknown', error: null };
  },

  cancelBenchmarkImport(importId: string): void {
    const job = jobs.get(importId);
    if (job) job.cancelled = true;
  },

  /**
   * Hands over the results. Per-request tables are written to IndexedDB here in the worker and
   * left out of the results (`tablesStored: true`); the write goes on after the results are
   * handed over (`benchmarkTableWrites` reports its end). Without IndexedDB they are transferred.
   */
  takeBenchmarkImport(importId: string): ImportTaken | null {
    const job = jobs.get(importId);
    if (!job || job.state === 'running') return null;
    jobs.delete(importId);
    if (!job.results) return null;
    const tables = job.results.flatMap((r) => r.tables);
    if (!indexedDbAvailable() || tables.length === 0) return transfer({ results: job.results, tablesStored: false }, buffersOf(job.results));
    for (const { runId, table } of tables) writing.set(runId, table);
    const write = putTables(tables).then(
      () => {
        for (const { runId } of tables) writing.delete(runId);
      },
      (e: unknown) => {
        // Kept here until the page reloads; the page is told (benchmarkTableWrites).
        const reason = storageFailure(e);
        for (const { runId, table } of tables) {
          writing.delete(runId);
          held.set(runId, table);
          notWritten.push({ runId, reason });
        }
      },
    );
    writes = writes.then(() => write);
    return { results: job.results.map((r) => ({ ...r, tables: [] })), tablesStored: true };
  },

  /** Waits for the table writes under way; the tables the database refused (held in this worker's memory until a reload). */
  async benchmarkTableWrites(): Promise<{ runId: string; reason: StorageFailure }[]> {
    await writes;
    return notWritten.splice(0);
  },

  /** Removes stored per-request tables (their runs were not kept, or were deleted). */
  async discardBenchmarkTables(runIds: string[]): Promise<void> {
    await deleteTables(runIds);
  },

  /** Goodput of each run under the user's limits, from its stored per-request data. */
  async benchmarkGoodput(items: GoodputItemRequest[], limits: SloLimits): Promise<Record<string, GoodputResult>> {
    const withTables: GoodputItem[] = [];
    for (const item of items) {
      const table = await getTable(item.runId);
      if (table) withTables.push({ runId: item.runId, table, durationS: item.durationS });
    }
    const { goodputForRuns } = await core();
    return goodputForRuns(withTables, limits);
  },

  /** Latency CDFs for the overlay: from stored per-request data, else through the file's percentiles. */
  async benchmarkCdfs(items: CdfItemRequest[], metric: MetricId, maxPoints: number): Promise<CdfSeries[]> {
    const { cdfSeries } = await core();
    const out: CdfSeries[] = [];
    for (const i of items) {
      const table = i.hasRequests ? await getTable(i.runId) : null;
      const s = cdfSeries(i.runId, table, i.fallback, metric, maxPoints);
      if (s) out.push(s);
    }
    return out;
  },
};
