import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { importFile } from '../core/benchmarks/importer';
import { memorySource } from '../core/benchmarks/memory-source';
import { defaultScenario } from '../core/scenario/defaults';
import { BENCH_FIXTURES } from '../testing/bench-fixtures';
import { fullIndexedDb } from '../testing/failing-indexeddb';
import { benchmarksApi, resetBenchmarkTablesForTests } from '../worker/benchmarks-api';
import { platformHost } from './host';
import type { ImportUpdate } from '../worker/contract';
import { database, requestToPromise, RUN_TABLES_DB, RUNS_DB, SCENARIOS_DB } from './idb';
import { deleteRun, listRuns, loadTable, noteUnstoredTables, resetRunsDbForTests, saveImport } from '../lib/storage/runs-db';
import { listScenarios, resetScenariosDbForTests } from '../lib/storage/scenarios-db';

const LOG = 'api-usage/SYNTHETIC_per_request_log.jsonl';

function deleteDb(name: string): Promise<void> {
  return new Promise((done, fail) => {
    const r = indexedDB.deleteDatabase(name);
    r.onsuccess = () => done();
    r.onerror = () => fail(r.error ?? new Error(`could not delete ${name}`));
  });
}

/** The keys of the per-request store, read through a connection of its own. */
async function tableStoreKeys(): Promise<string[]> {
  const db = database(RUN_TABLES_DB);
  try {
    return await db.transact('tables', 'readonly', (tx) => requestToPromise(tx.objectStore('tables').getAllKeys() as IDBRequest<string[]>));
  } finally {
    await db.close();
  }
}

/** Opens a database with the bare IndexedDB API, the way the previous code did, and plants records. */
function openByHand(name: string, version: number, stores: Record<string, string>, records: Record<string, unknown[]> = {}): Promise<void> {
  return new Promise((done, fail) => {
    const r = indexedDB.open(name, version);
    r.onupgradeneeded = () => {
      for (const [store, keyPath] of Object.entries(stores)) r.result.createObjectStore(store, { keyPath });
    };
    r.onerror = () => fail(r.error ?? new Error(`could not open ${name}`));
    r.onsuccess = () => {
      const db = r.result;
      const names = Object.keys(records);
      if (names.length === 0) {
        db.close();
        done();
        return;
      }
      const tx = db.transaction(names, 'readwrite');
      for (const [store, list] of Object.entries(records)) for (const rec of list) tx.objectStore(store).put(rec);
      tx.oncomplete = () => {
        db.close();
        done();
      };
      tx.onerror = () => fail(tx.error ?? new Error('write failed'));
    };
  });
}

/** The stores of a database as IndexedDB reports them (name → key path). */
function layoutOnDisk(name: string): Promise<{ version: number; stores: Record<string, unknown> }> {
  return new Promise((done, fail) => {
    const r = indexedDB.open(name);
    r.onerror = () => fail(r.error ?? new Error(`could not open ${name}`));
    r.onsuccess = () => {
      const db = r.result;
      const names = [...db.objectStoreNames];
      const stores: Record<string, unknown> = {};
      if (names.length > 0) {
        const tx = db.transaction(names, 'readonly');
        for (const n of names) stores[n] = tx.objectStore(n).keyPath;
      }
      const version = db.version;
      db.close();
      done({ version, stores });
    };
  });
}

/** Runs the worker's import job to the end and takes its results. */
async function runImportInWorker(file: Blob, name: string): Promise<Awaited<ReturnType<typeof benchmarksApi.takeBenchmarkImport>>> {
  let importId = '';
  await new Promise<void>((done) => {
    importId = benchmarksApi.startBenchmarkImport({ files: [file], names: [name] }, (u: ImportUpdate) => {
      // The job is marked done right after its last update.
      if (u.done) setTimeout(done, 0);
    }).importId;
  });
  return benchmarksApi.takeBenchmarkImport(importId);
}

beforeEach(async () => {
  await resetRunsDbForTests();
  await resetScenariosDbForTests();
  await resetBenchmarkTablesForTests();
  for (const name of [RUNS_DB.name, RUN_TABLES_DB.name, SCENARIOS_DB.name]) await deleteDb(name);
});

describe('the one IndexedDB wrapper', () => {
  it('declares the databases exactly as they were laid out before (names, versions, stores, key paths)', () => {
    // Written from the hand-made upgrade functions this wrapper replaced (runs-db.ts,
    // scenarios-db.ts, the worker's and core's run-tables open): changing any of these would
    // strand the data of existing users.
    expect(RUNS_DB).toEqual({ name: 'llm-selfhost-runs', version: 1, stores: { files: 'hash', runs: 'id', prefs: 'key', quarantine: 'key' } });
    // Durability is how a write is committed, not part of the layout on disk.
    expect(RUN_TABLES_DB).toEqual({ name: 'llm-selfhost-run-tables', version: 1, stores: { tables: 'runId' }, durability: 'relaxed' });
    expect(SCENARIOS_DB).toEqual({ name: 'llm-selfhost-scenarios', version: 1, stores: { scenarios: 'id', quarantine: 'key' } });
  });

  it('creates the declared stores on first open', async () => {
    const runs = database(RUNS_DB);
    await runs.transact('prefs', 'readonly', () => undefined);
    await runs.close();
    expect(await layoutOnDisk('llm-selfhost-runs')).toEqual({ version: 1, stores: { files: 'hash', runs: 'id', prefs: 'key', quarantine: 'key' } });
  });

  it('opens a saved scenario stored by the previous code without an upgrade or a loss', async () => {
    const s = defaultScenario();
    s.name = 'Kept from before';
    await openByHand(
      'llm-selfhost-scenarios',
      1,
      { scenarios: 'id', quarantine: 'key' },
      {
        scenarios: [
          {
            type: 'saved-scenario',
            version: 1,
            id: 'old-1',
            name: 'Kept from before',
            createdAt: '2026-01-02T03:04:05.000Z',
            updatedAt: '2026-01-02T03:04:05.000Z',
            revision: 4,
            scenario: s,
          },
        ],
      },
    );
    const list = await listScenarios();
    expect(list.quarantined).toEqual([]);
    expect(list.scenarios.map((x) => [x.id, x.name, x.revision, x.scenario.name])).toEqual([['old-1', 'Kept from before', 4, 'Kept from before']]);
  });

  it('lets a newer version opened elsewhere through instead of blocking it', async () => {
    const scenarios = database(SCENARIOS_DB);
    await scenarios.transact('scenarios', 'readonly', () => undefined);
    // Another tab deletes (or upgrades) the database while this connection is open: it is not
    // blocked, and the next use here opens the database again.
    await deleteDb('llm-selfhost-scenarios');
    const count = await scenarios.transact(
      'scenarios',
      'readonly',
      (tx) =>
        new Promise<number>((done) => {
          const r = tx.objectStore('scenarios').count();
          r.onsuccess = () => done(r.result);
        }),
    );
    expect(count).toBe(0);
    await scenarios.close();
  });

  it('page and worker read and write the same per-request store through it', async () => {
    const bytes = new Uint8Array(readFileSync(resolve(BENCH_FIXTURES, LOG)));

    // Worker writes: the import job stores the per-request tables and hands back results without them.
    const taken = await runImportInWorker(new Blob([bytes]), 'SYNTHETIC_per_request_log.jsonl');
    expect(taken?.tablesStored).toBe(true);
    const result = taken!.results[0]!;
    expect(result.tables).toEqual([]);
    expect((await saveImport(result, '2026-11-30T10:00:00.000Z')).status).toBe('saved');
    // The tables are written after the results were handed over; the write ends without a refusal.
    expect(await benchmarksApi.benchmarkTableWrites()).toEqual([]);
    // Each run's table is stored a column per record (a request log has no chunk gaps: 8) beside the run's record.
    const keys = await tableStoreKeys();
    for (const run of result.runs) expect(keys.filter((k) => k === run.id || k.startsWith(`${run.id}#`))).toHaveLength(9);

    // Page reads what the worker wrote. The file has two models: gpt-4o-mini with lines 1, 2,
    // 3 (an error) and 5 (a timeout) = 4 requests, o4-mini with line 4 = 1 request.
    const snap = await listRuns();
    const byModel = new Map(snap.runs.map((r) => [r.model, r.id]));
    const mini = byModel.get('gpt-4o-mini') as string;
    const o4 = byModel.get('o4-mini') as string;
    expect((await loadTable(mini))?.count).toBe(4);
    expect((await loadTable(o4))?.count).toBe(1);

    // Page writes (the path without a worker: tables come along with the import), worker reads.
    await resetRunsDbForTests();
    await resetBenchmarkTablesForTests();
    await deleteDb('llm-selfhost-runs');
    await deleteDb('llm-selfhost-run-tables');
    const direct = await importFile(memorySource('SYNTHETIC_per_request_log.jsonl', bytes), platformHost());
    expect(direct.tables.length).toBe(2);
    expect((await saveImport(direct, '2026-11-30T11:00:00.000Z')).status).toBe('saved');
    const directMini = direct.runs.find((r) => r.model === 'gpt-4o-mini')!.id;
    // TTFT of the successful gpt-4o-mini requests: 412.5 ms (line 1) and 388.0 ms (line 2);
    // sorted 388.0, 412.5, each half of the two: shares 1/2 and 2/2.
    const cdf = await benchmarksApi.benchmarkCdfs([{ runId: directMini, hasRequests: true, fallback: null }], 'ttft', 200);
    expect(cdf).toEqual([
      {
        runId: directMini,
        from: 'requests',
        points: [
          { value: 388, share: 0.5 },
          { value: 412.5, share: 1 },
        ],
      },
    ]);

    // Page deletes the run; the worker (memory cache cleared, as in a fresh worker) finds no table.
    await resetBenchmarkTablesForTests();
    await deleteRun(directMini);
    expect(await benchmarksApi.benchmarkCdfs([{ runId: directMini, hasRequests: true, fallback: null }], 'ttft', 200)).toEqual([]);
    // None of its records is left; the other run's nine are.
    const left = await tableStoreKeys();
    expect(left.filter((k) => k.startsWith(directMini))).toEqual([]);
    expect(left).toHaveLength(9);
  });

  it('a table the database refuses after the hand-over stays in the worker and is named above the runs', async () => {
    const bytes = new Uint8Array(readFileSync(resolve(BENCH_FIXTURES, LOG)));
    await resetBenchmarkTablesForTests();
    // The runs are stored; then the disk is full when the worker writes the tables.
    const taken = await runImportInWorker(new Blob([bytes]), 'SYNTHETIC_per_request_log.jsonl');
    const result = taken!.results[0]!;
    expect((await saveImport(result, '2026-11-30T12:00:00.000Z')).status).toBe('saved');
    vi.stubGlobal('indexedDB', fullIndexedDb());
    await resetBenchmarkTablesForTests();
    const again = await runImportInWorker(new Blob([bytes]), 'SYNTHETIC_per_request_log.jsonl');
    expect(again?.tablesStored).toBe(true);
    const refused = await benchmarksApi.benchmarkTableWrites();
    vi.unstubAllGlobals();
    expect(refused.map((r) => r.runId).sort()).toEqual(result.runs.map((r) => r.id).sort());
    expect(refused.every((r) => r.reason.kind === 'quota')).toBe(true);
    // The worker still answers from memory: gpt-4o-mini's TTFTs 388.0 and 412.5 ms (lines 2 and 1).
    const mini = result.runs.find((r) => r.model === 'gpt-4o-mini')!.id;
    const cdf = await benchmarksApi.benchmarkCdfs([{ runId: mini, hasRequests: true, fallback: null }], 'ttft', 200);
    expect(cdf[0]?.points).toEqual([
      { value: 388, share: 0.5 },
      { value: 412.5, share: 1 },
    ]);
    noteUnstoredTables(refused);
    const snap = await listRuns();
    expect(snap.tablesUnstored.map((t) => t.runId).sort()).toEqual(result.runs.map((r) => r.id).sort());
  });
});
