import { z } from 'zod';
import type { FileImport } from '../../core/benchmarks/import-contract';
import { issueCodes, type ImportIssue, type SkippedRow } from '../../core/benchmarks/issues';
import type { RequestTable } from '../../core/benchmarks/request-table';
import { readTable, tableKeys, tableRecords } from '../../core/benchmarks/table-store';
import { benchRunSchema, formatIdSchema, RUN_SCHEMA_VERSION, sloLimitsSchema, type BenchRun, type SloLimits } from '../../core/benchmarks/run-schema';
import { database, requestToPromise, RUN_TABLES_DB, RUNS_DB, storageFailure, type StorageFailure } from '../../platform/idb';

/**
 * Imported benchmark runs in this browser's IndexedDB: the normalised runs, their per-request
 * data and the files they came from. Other areas (the pilot scorecard, the report) read runs
 * through this module only.
 *
 * API
 * - `listRuns()` → `{ files, runs, quarantined }`: every stored file (name, size, SHA-256
 *   content hash, import date, format, status, issues, row counts) and every run, newest file
 *   first. Records that fail validation are moved to a quarantine store and listed with the
 *   reason instead of breaking the list.
 * - `saveImport(result, importedAt)` → `{ status: 'saved' }` or `{ status: 'duplicate',
 *   existing }` when a file with the same content hash was imported before (no run is written
 *   then; a copy under another name is added to the first file's `copies`), or `{ status: 'unstored', reason }` when the browser would not store it
 *   (no IndexedDB, storage full or failing; nothing half-written): the runs are then held in
 *   this tab's memory and listed with the stored ones until the page reloads
 *   (`snapshot.unstored`). `{ status: 'failed' }` only for an import without runs.
 * - `loadTable(runId)` / `loadTables(runIds)`: per-request columns of a run (typed arrays),
 *   null when the file had none. They live in a separate database the worker writes and reads
 *   (`RUN_TABLES_DB` in ./idb.ts, records in src/core/benchmarks/table-store.ts); reading a large one here copies it to the main
 *   thread, so heavy work on them belongs in the worker (see src/worker/benchmarks-api.ts).
 * - `deleteFile(hash)` removes a file with its runs; `deleteRun(id)` removes one run (and the
 *   file record when it was the last one); `clearQuarantine()`.
 * - `loadSloLimits()` / `saveSloLimits(limits)`: the goodput limits the user set (a local
 *   preference, not part of the shared scenario).
 * - `onRunsChanged(listener)`: called when another tab changed the stored runs.
 *
 * Records carry `{type, version}`; `version` follows `RUN_SCHEMA_VERSION` of the run record.
 */
const FILES = 'files';
const RUNS = 'runs';
const PREFS = 'prefs';
const QUARANTINE = 'quarantine';
const TABLES = 'tables';
const CHANNEL = 'llm-selfhost-runs';

/** Copies of a file remembered by name; the first ones are kept. */
const MAX_COPIES = 100;

const issueSchema = z.strictObject({
  severity: z.enum(['error', 'warning', 'info']),
  code: z.enum(issueCodes),
  line: z.number().int().nullable(),
  field: z.string().max(300).nullable(),
  detail: z.string().max(400).nullable(),
});

const fileRecordSchema = z.strictObject({
  type: z.literal('bench-file'),
  version: z.literal(RUN_SCHEMA_VERSION),
  hash: z.string().min(8).max(128),
  hashAlgorithm: z.enum(['sha256', 'sha256-of-4mib-blocks']),
  name: z.string().max(500),
  size: z.number().nonnegative(),
  importedAt: z.string().max(40),
  format: formatIdSchema.nullable(),
  status: z.enum(['ok', 'partial']),
  issues: z.array(issueSchema).max(1000),
  issuesOmitted: z.number().int().nonnegative(),
  rows: z.strictObject({
    read: z.number().int().nonnegative(),
    skipped: z.number().int().nonnegative(),
    skippedSamples: z.array(z.strictObject({ line: z.number().int(), code: z.enum(issueCodes), field: z.string().max(300).nullable() })).max(1000),
  }),
  runIds: z.array(z.string().max(120)).max(10_000),
  mergedInto: z.string().max(500).nullable(),
  /** Names of byte-identical files dropped later and not stored again (absent in records stored before). */
  copies: z.array(z.string().max(500)).max(MAX_COPIES).optional(),
});

const runRecordSchema = z.strictObject({
  type: z.literal('bench-run'),
  version: z.literal(RUN_SCHEMA_VERSION),
  id: z.string().max(120),
  fileHash: z.string().max(128),
  run: benchRunSchema,
});

export interface StoredFile {
  hash: string;
  hashAlgorithm: 'sha256' | 'sha256-of-4mib-blocks';
  name: string;
  size: number;
  importedAt: string;
  format: BenchRun['source']['format'] | null;
  status: 'ok' | 'partial';
  issues: ImportIssue[];
  issuesOmitted: number;
  rows: { read: number; skipped: number; skippedSamples: SkippedRow[] };
  runIds: string[];
  mergedInto: string | null;
  /** Byte-identical files dropped later under other names, not stored again: the capacity series name them. */
  copies?: string[];
}

export interface QuarantinedEntry {
  key: string;
  store: string;
  reason: string;
}

export interface RunsSnapshot {
  files: StoredFile[];
  runs: BenchRun[];
  quarantined: QuarantinedEntry[];
  /** Files (by hash) held in this tab's memory only, with the reason they were not stored: lost on reload. */
  unstored: { hash: string; reason: StorageFailure }[];
  /** Runs that are stored but whose per-request table the browser refused (held in the worker's memory until a reload). */
  tablesUnstored: { runId: string; reason: StorageFailure }[];
  /** Why the stored runs could not be read (the files held in memory are listed all the same); null = read. */
  readFailure: StorageFailure | null;
}

/**
 * `unstored`: the browser would not store the file (no IndexedDB, storage full or failing); its
 * runs are held in this tab's memory and listed like stored ones until the page reloads.
 */
export type SaveResult =
  | { status: 'saved'; file: StoredFile }
  | { status: 'duplicate'; existing: StoredFile }
  | { status: 'unstored'; file: StoredFile; reason: StorageFailure }
  | { status: 'failed'; reason: StorageFailure };

export const DEFAULT_SLO: SloLimits = { ttftMs: null, tpotMs: null, e2elMs: null };

const runsDb = database(RUNS_DB);
const tablesDb = database(RUN_TABLES_DB);

/** Imports the browser would not store, held in memory until the page reloads (by file hash). */
interface HeldImport {
  file: StoredFile;
  runs: BenchRun[];
  tables: Map<string, RequestTable>;
  reason: StorageFailure;
}
const held = new Map<string, HeldImport>();

/** Per-request tables the worker could not store after their runs were (by run id). */
const tablesHeld = new Map<string, StorageFailure>();

/** Notes tables the worker's background write could not store (their runs are listed with a note). */
export function noteUnstoredTables(tables: readonly { runId: string; reason: StorageFailure }[]): void {
  for (const t of tables) tablesHeld.set(t.runId, t.reason);
  if (tables.length > 0) announce();
}

async function deleteTables(runIds: readonly string[]): Promise<void> {
  if (runIds.length === 0) return;
  await tablesDb.transact(TABLES, 'readwrite', (tx) => {
    for (const id of runIds) for (const key of tableKeys(id)) tx.objectStore(TABLES).delete(key);
  });
}

/** For tests: close and forget the open connections. */
export async function resetRunsDbForTests(): Promise<void> {
  held.clear();
  tablesHeld.clear();
  await runsDb.close();
  await tablesDb.close();
}

function announce(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const c = new BroadcastChannel(CHANNEL);
  c.postMessage('changed');
  c.close();
}

export function onRunsChanged(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const c = new BroadcastChannel(CHANNEL);
  c.onmessage = () => listener();
  return () => c.close();
}

function describeZod(error: z.ZodError): string {
  const first = error.issues[0];
  return first ? `${first.path.join('.') || '(record)'}: ${first.message}` : 'invalid record';
}

function quarantineKey(store: string, key: unknown): string {
  return `${store}:${typeof key === 'string' ? key : JSON.stringify(key)}`;
}

/** Reads every record of a store; records that fail their schema are moved to quarantine. */
async function readAll<T>(
  store: typeof FILES | typeof RUNS,
  schema: z.ZodType<T>,
  keyOf: (raw: unknown) => unknown,
): Promise<{ ok: T[]; bad: QuarantinedEntry[] }> {
  const raw = await runsDb.transact(store, 'readonly', (tx) => requestToPromise(tx.objectStore(store).getAll() as IDBRequest<unknown[]>));
  const ok: T[] = [];
  const bad: (QuarantinedEntry & { raw: unknown; storeKey: unknown })[] = [];
  for (const r of raw) {
    const parsed = schema.safeParse(r);
    if (parsed.success) ok.push(parsed.data);
    else {
      const storeKey = keyOf(r);
      bad.push({ key: quarantineKey(store, storeKey), store, reason: describeZod(parsed.error), raw: r, storeKey });
    }
  }
  if (bad.length > 0) {
    await runsDb.transact([store, QUARANTINE], 'readwrite', (tx) => {
      for (const b of bad) {
        tx.objectStore(QUARANTINE).put({ key: b.key, store: b.store, reason: b.reason, raw: b.raw });
        if (b.storeKey !== undefined && b.storeKey !== null) tx.objectStore(store).delete(b.storeKey as IDBValidKey);
      }
    });
  }
  return { ok, bad: bad.map(({ key, store: s, reason }) => ({ key, store: s, reason })) };
}

function keyField(field: string): (raw: unknown) => unknown {
  return (raw) => (typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[field] : undefined);
}

async function listStored(): Promise<{ files: StoredFile[]; runs: { fileHash: string; run: BenchRun }[]; quarantined: QuarantinedEntry[] }> {
  const files = await readAll(FILES, fileRecordSchema, keyField('hash'));
  const runs = await readAll(RUNS, runRecordSchema, keyField('id'));
  const old = await runsDb.transact(QUARANTINE, 'readonly', (tx) => requestToPromise(tx.objectStore(QUARANTINE).getAll() as IDBRequest<unknown[]>));
  const quarantined: QuarantinedEntry[] = old.map((q) => {
    const r = q as { key?: unknown; store?: unknown; reason?: unknown };
    return { key: String(r.key), store: String(r.store), reason: String(r.reason) };
  });
  return { files: files.ok.map(({ type: _t, version: _v, ...f }) => f), runs: runs.ok, quarantined };
}

/** The stored runs and those held in memory; without a readable database, the held ones alone. */
export async function listRuns(): Promise<RunsSnapshot> {
  let stored: Awaited<ReturnType<typeof listStored>>;
  let readFailure: StorageFailure | null = null;
  try {
    stored = await listStored();
  } catch (e) {
    if (held.size === 0) throw e;
    stored = { files: [], runs: [], quarantined: [] };
    readFailure = storageFailure(e);
  }
  const files = [...stored.files.filter((f) => !held.has(f.hash)), ...[...held.values()].map((h) => h.file)];
  const runs = [
    ...stored.runs.filter((r) => !held.has(r.fileHash)),
    ...[...held.values()].flatMap((h) => h.runs.map((run) => ({ fileHash: h.file.hash, run }))),
  ];
  const sortedFiles = files.sort((a, b) => (a.importedAt < b.importedAt ? 1 : a.importedAt > b.importedAt ? -1 : a.name.localeCompare(b.name)));
  const order = new Map<string, number>();
  sortedFiles.forEach((f, i) => order.set(f.hash, i));
  const list = runs
    .filter((r) => order.has(r.fileHash))
    .sort((a, b) => (order.get(a.fileHash) as number) - (order.get(b.fileHash) as number) || a.run.source.index - b.run.source.index)
    .map((r) => r.run);
  const unstored = [...held.values()].map((h) => ({ hash: h.file.hash, reason: h.reason }));
  // Runs of a file held in memory are named by `unstored` already.
  const tablesUnstored = list
    .filter((r) => tablesHeld.has(r.id) && !held.has(r.source.fileHash ?? ''))
    .map((r) => ({ runId: r.id, reason: tablesHeld.get(r.id) as StorageFailure }));
  return { files: sortedFiles, runs: list, quarantined: stored.quarantined, unstored, tablesUnstored, readFailure };
}

export async function saveImport(result: FileImport, importedAt: string): Promise<SaveResult> {
  const hash = result.file.hash;
  if (!hash || !result.file.hashAlgorithm || (result.status !== 'ok' && result.status !== 'partial')) {
    return { status: 'failed', reason: { kind: 'not-storable' } };
  }
  const file: StoredFile = {
    hash,
    hashAlgorithm: result.file.hashAlgorithm,
    name: result.file.name.slice(0, 500),
    size: result.file.size,
    importedAt,
    format: result.format,
    status: result.status,
    issues: result.issues.slice(0, 1000),
    issuesOmitted: result.issuesOmitted,
    rows: { read: result.rows.read, skipped: result.rows.skipped, skippedSamples: result.rows.skippedSamples.slice(0, 1000) },
    runIds: result.runs.map((r) => r.id),
    mergedInto: result.mergedInto,
  };
  /** The record with this file's name among its copies, or null when it is the file itself or listed already. */
  const withCopy = (f: StoredFile): StoredFile | null => {
    const copies = f.copies ?? [];
    return file.name === f.name || copies.includes(file.name) || copies.length >= MAX_COPIES ? null : { ...f, copies: [...copies, file.name] };
  };
  const inMemory = held.get(hash);
  if (inMemory) {
    inMemory.file = withCopy(inMemory.file) ?? inMemory.file;
    return { status: 'duplicate', existing: inMemory.file };
  }
  let copyAdded = false;
  try {
    const saved = await runsDb.transact([FILES, RUNS], 'readwrite', async (tx) => {
      const existing = await requestToPromise(tx.objectStore(FILES).get(hash) as IDBRequest<unknown>);
      if (existing !== undefined) {
        const parsed = fileRecordSchema.safeParse(existing);
        if (parsed.success) {
          const { type: _t, version: _v, ...f } = parsed.data;
          const updated = withCopy(f);
          if (updated) {
            tx.objectStore(FILES).put({ type: 'bench-file', version: RUN_SCHEMA_VERSION, ...updated });
            copyAdded = true;
          }
          return { status: 'duplicate', existing: updated ?? f } as SaveResult;
        }
      }
      tx.objectStore(FILES).put({ type: 'bench-file', version: RUN_SCHEMA_VERSION, ...file });
      for (const run of result.runs) tx.objectStore(RUNS).put({ type: 'bench-run', version: RUN_SCHEMA_VERSION, id: run.id, fileHash: hash, run });
      return { status: 'saved', file } as SaveResult;
    });
    // Per-request tables usually arrive already stored by the worker (result.tables is empty);
    // when they come along (no worker), they are stored here.
    if (saved.status === 'saved' && result.tables.length > 0) {
      await tablesDb.transact(TABLES, 'readwrite', (tx) => {
        for (const t of result.tables) for (const record of tableRecords(t.runId, t.table)) tx.objectStore(TABLES).put(record);
      });
    }
    if (saved.status === 'saved' || copyAdded) announce();
    return saved;
  } catch (e) {
    // Nothing the user imported is dropped: the runs stay in this tab until it reloads.
    const reason = storageFailure(e);
    held.set(hash, { file, runs: result.runs, tables: new Map(result.tables.map((t) => [t.runId, t.table])), reason });
    return { status: 'unstored', file, reason };
  }
}

/** The held import a run belongs to. */
function heldWithRun(runId: string): HeldImport | undefined {
  for (const h of held.values()) if (h.runs.some((r) => r.id === runId)) return h;
  return undefined;
}

export async function loadTable(runId: string): Promise<RequestTable | null> {
  const inMemory = heldWithRun(runId);
  if (inMemory) return inMemory.tables.get(runId) ?? null;
  const read = await tablesDb.transact(TABLES, 'readonly', (tx) =>
    readTable(runId, (key) => requestToPromise(tx.objectStore(TABLES).get(key) as IDBRequest<unknown>)),
  );
  if (read === null) return null;
  if (!('problem' in read)) return read;
  // Set aside with the reason (only the reason: the raw columns can be very large).
  await runsDb.transact(QUARANTINE, 'readwrite', (tx) => {
    tx.objectStore(QUARANTINE).put({ key: quarantineKey(TABLES, runId), store: TABLES, reason: describeZod(read.problem), raw: null });
  });
  await deleteTables([runId]);
  return null;
}

export async function loadTables(runIds: readonly string[]): Promise<{ runId: string; table: RequestTable }[]> {
  const out: { runId: string; table: RequestTable }[] = [];
  for (const runId of runIds) {
    const table = await loadTable(runId);
    if (table) out.push({ runId, table });
  }
  return out;
}

export async function deleteFile(hash: string): Promise<void> {
  const inMemory = held.get(hash);
  if (inMemory) {
    held.delete(hash);
    await deleteTables(inMemory.runs.map((r) => r.id)).catch(() => undefined);
    return;
  }
  const removed = await runsDb.transact([FILES, RUNS], 'readwrite', async (tx) => {
    const raw = await requestToPromise(tx.objectStore(FILES).get(hash) as IDBRequest<unknown>);
    const ids = fileRecordSchema.safeParse(raw).success ? (raw as { runIds: string[] }).runIds : [];
    // Runs of this file whose id is not in the record (should not happen) go too.
    const all = (await requestToPromise(tx.objectStore(RUNS).getAll() as IDBRequest<unknown[]>)) as { id?: unknown; fileHash?: unknown }[];
    const extra = all.filter((r) => r.fileHash === hash && typeof r.id === 'string').map((r) => r.id as string);
    const every = [...new Set([...ids, ...extra])];
    for (const id of every) tx.objectStore(RUNS).delete(id);
    tx.objectStore(FILES).delete(hash);
    return every;
  });
  await deleteTables(removed);
  announce();
}

export async function deleteRun(runId: string): Promise<void> {
  const inMemory = heldWithRun(runId);
  if (inMemory) {
    inMemory.runs = inMemory.runs.filter((r) => r.id !== runId);
    inMemory.tables.delete(runId);
    inMemory.file = { ...inMemory.file, runIds: inMemory.file.runIds.filter((id) => id !== runId) };
    if (inMemory.runs.length === 0) held.delete(inMemory.file.hash);
    await deleteTables([runId]).catch(() => undefined);
    return;
  }
  await runsDb.transact([FILES, RUNS], 'readwrite', async (tx) => {
    const raw = (await requestToPromise(tx.objectStore(RUNS).get(runId) as IDBRequest<unknown>)) as { fileHash?: unknown } | undefined;
    tx.objectStore(RUNS).delete(runId);
    if (!raw || typeof raw.fileHash !== 'string') return;
    const fileRaw = await requestToPromise(tx.objectStore(FILES).get(raw.fileHash) as IDBRequest<unknown>);
    const parsed = fileRecordSchema.safeParse(fileRaw);
    if (!parsed.success) return;
    const runIds = parsed.data.runIds.filter((id) => id !== runId);
    if (runIds.length === 0) tx.objectStore(FILES).delete(raw.fileHash);
    else tx.objectStore(FILES).put({ ...parsed.data, runIds });
  });
  await deleteTables([runId]);
  announce();
}

export async function clearQuarantine(): Promise<void> {
  await runsDb.transact(QUARANTINE, 'readwrite', (tx) => {
    tx.objectStore(QUARANTINE).clear();
  });
}

export async function loadSloLimits(): Promise<SloLimits> {
  try {
    const raw = await runsDb.transact(PREFS, 'readonly', (tx) => requestToPromise(tx.objectStore(PREFS).get('slo') as IDBRequest<unknown>));
    const parsed = sloLimitsSchema.safeParse((raw as { value?: unknown } | undefined)?.value);
    return parsed.success ? parsed.data : DEFAULT_SLO;
  } catch {
    return DEFAULT_SLO;
  }
}

export async function saveSloLimits(limits: SloLimits): Promise<void> {
  const value = sloLimitsSchema.parse(limits);
  await runsDb.transact(PREFS, 'readwrite', (tx) => {
    tx.objectStore(PREFS).put({ key: 'slo', value });
  });
}

/** For tests: writes a raw record into a store, bypassing validation. */
export async function putRawRecordForTests(store: 'files' | 'runs' | 'tables', record: unknown): Promise<void> {
  const write = (tx: IDBTransaction) => {
    tx.objectStore(store).put(record);
  };
  await (store === TABLES ? tablesDb.transact(TABLES, 'readwrite', write) : runsDb.transact(store, 'readwrite', write));
}
