import { BENCH_FIXTURES } from '../../testing/bench-fixtures';
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importFile } from '../../core/benchmarks/importer';
import { type FileImport } from '../../core/benchmarks/import-contract';
import { memorySource } from '../../core/benchmarks/memory-source';
import { platformHost } from '../../platform/host';
import { fullIndexedDb } from '../../testing/failing-indexeddb';
import { deleteFile, deleteRun, listRuns, loadSloLimits, loadTable, putRawRecordForTests, resetRunsDbForTests, saveImport, saveSloLimits } from './runs-db';

const ROOT = BENCH_FIXTURES;

async function imported(path: string): Promise<FileImport> {
  return importFile(memorySource(path.split('/').pop() as string, new Uint8Array(readFileSync(resolve(ROOT, path)))), platformHost());
}

beforeEach(async () => {
  await resetRunsDbForTests();
  await new Promise<void>((done) => {
    const r = indexedDB.deleteDatabase('llm-selfhost-runs');
    r.onsuccess = () => done();
    r.onerror = () => done();
  });
});

describe('runs database', () => {
  it('stores files with runs and per-request data, recognises the same file, deletes', async () => {
    const log = await imported('api-usage/SYNTHETIC_per_request_log.jsonl');
    const vllm = await imported('vllm/nerdalert_benchmark_serving_append_results.json');
    expect((await saveImport(log, '2026-11-30T10:00:00.000Z')).status).toBe('saved');
    expect((await saveImport(vllm, '2026-11-30T11:00:00.000Z')).status).toBe('saved');

    const again = await saveImport(await imported('api-usage/SYNTHETIC_per_request_log.jsonl'), '2026-11-30T12:00:00.000Z');
    expect(again).toMatchObject({ status: 'duplicate', existing: { name: 'SYNTHETIC_per_request_log.jsonl', importedAt: '2026-11-30T10:00:00.000Z' } });

    let snap = await listRuns();
    // Newest import first.
    expect(snap.files.map((f) => f.name)).toEqual(['nerdalert_benchmark_serving_append_results.json', 'SYNTHETIC_per_request_log.jsonl']);
    expect(snap.files[1]).toMatchObject({ size: 834, hash: log.file.hash, format: 'request-log', runIds: log.runs.map((r) => r.id) });
    expect(snap.runs).toHaveLength(14);
    const table = await loadTable(log.runs[0]!.id);
    expect(table?.count).toBe(4);
    expect(table?.ttftMs).toBeInstanceOf(Float64Array);

    await deleteRun(log.runs[1]!.id);
    snap = await listRuns();
    expect(snap.runs).toHaveLength(13);
    await deleteFile(vllm.file.hash!);
    snap = await listRuns();
    expect(snap.files.map((f) => f.name)).toEqual(['SYNTHETIC_per_request_log.jsonl']);
    expect(snap.runs.map((r) => r.model)).toEqual(['gpt-4o-mini']);
    await deleteRun(log.runs[0]!.id);
    expect((await listRuns()).files).toEqual([]);
    expect(await loadTable(log.runs[0]!.id)).toBeNull();
  });

  it('a byte-identical file under another name is not stored again, but remembered as a copy of the first', async () => {
    const first = await imported('inference-perf/kubecon_vllm_stage_3_lifecycle_metrics.json');
    expect((await saveImport(first, '2026-11-30T10:00:00.000Z')).status).toBe('saved');
    const bytes = new Uint8Array(readFileSync(resolve(ROOT, 'inference-perf/kubecon_vllm_stage_3_lifecycle_metrics.json')));
    const copy = await importFile(memorySource('results/stage_3 (copy).json', bytes), platformHost());
    expect(await saveImport(copy, '2026-11-30T10:01:00.000Z')).toMatchObject({
      status: 'duplicate',
      existing: { name: 'kubecon_vllm_stage_3_lifecycle_metrics.json' },
    });
    // The same copy again, and the first file itself again: nothing more to remember.
    await saveImport(copy, '2026-11-30T10:02:00.000Z');
    await saveImport(first, '2026-11-30T10:03:00.000Z');
    const snap = await listRuns();
    expect(snap.files).toHaveLength(1);
    expect(snap.files[0]?.copies).toEqual(['results/stage_3 (copy).json']);
  });

  it('quarantines a corrupted record with the reason and keeps the rest', async () => {
    const vllm = await imported('vllm/er0080_bench_serve_v0.25.1.json');
    await saveImport(vllm, '2026-11-30T10:00:00.000Z');
    const run = vllm.runs[0]!;
    await putRawRecordForTests('runs', { type: 'bench-run', version: 1, id: 'broken', fileHash: vllm.file.hash, run: { ...run, id: 'broken', durationS: -3 } });
    const snap = await listRuns();
    expect(snap.runs.map((r) => r.id)).toEqual([run.id]);
    expect(snap.quarantined).toHaveLength(1);
    expect(snap.quarantined[0]).toMatchObject({ key: 'runs:broken', store: 'runs' });
    expect(snap.quarantined[0]?.reason).toContain('run.durationS');
    // It stays listed (in quarantine) on the next read and is not back among the runs.
    expect((await listRuns()).quarantined).toHaveLength(1);
  });

  it('keeps the goodput limits as a preference', async () => {
    expect(await loadSloLimits()).toEqual({ ttftMs: null, tpotMs: null, e2elMs: null });
    await saveSloLimits({ ttftMs: 500, tpotMs: 50, e2elMs: null });
    expect(await loadSloLimits()).toEqual({ ttftMs: 500, tpotMs: 50, e2elMs: null });
  });
});

describe('runs the browser will not store', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are held in memory and listed with the reason, until deleted', async () => {
    const log = await imported('api-usage/SYNTHETIC_per_request_log.jsonl');
    vi.stubGlobal('indexedDB', fullIndexedDb());
    const saved = await saveImport(log, '2026-11-30T10:00:00.000Z');
    expect(saved).toMatchObject({
      status: 'unstored',
      reason: { kind: 'quota' },
      file: { name: 'SYNTHETIC_per_request_log.jsonl', runIds: log.runs.map((r) => r.id) },
    });
    // The database cannot even be read: the held file is listed all the same.
    let snap = await listRuns();
    expect(snap.files.map((f) => f.name)).toEqual(['SYNTHETIC_per_request_log.jsonl']);
    expect(snap.runs.map((r) => r.id)).toEqual(log.runs.map((r) => r.id));
    expect(snap.unstored).toEqual([{ hash: log.file.hash, reason: { kind: 'quota' } }]);
    expect(snap.readFailure).toEqual({ kind: 'quota' });
    expect((await loadTable(log.runs[0]!.id))?.count).toBe(4);
    // The same file again is the held one.
    expect(await saveImport(log, '2026-11-30T11:00:00.000Z')).toMatchObject({ status: 'duplicate', existing: { importedAt: '2026-11-30T10:00:00.000Z' } });

    vi.unstubAllGlobals();
    snap = await listRuns();
    expect(snap.runs).toHaveLength(log.runs.length);
    expect(snap.readFailure).toBeNull();
    await deleteRun(log.runs[0]!.id);
    expect((await listRuns()).runs).toHaveLength(log.runs.length - 1);
    await deleteFile(log.file.hash!);
    snap = await listRuns();
    expect(snap.files).toEqual([]);
    expect(snap.unstored).toEqual([]);
  });
});
