import { describe, expect, it } from 'vitest';
import { RequestTableBuilder, type RequestTable } from './request-table';
import { RUN_SCHEMA_VERSION } from './run-schema';
import { readTable, tableKeys, tableRecords, TABLE_COLUMNS } from './table-store';

/** Three requests: 120 ms and 80 ms TTFT (ok), one failed. */
function small(): RequestTable {
  const b = new RequestTableBuilder();
  b.add(true, 120, 900, Number.NaN, Number.NaN, 100, 41, 10);
  b.add(true, 80, 700, Number.NaN, Number.NaN, 50, 21, 11);
  b.add(false, Number.NaN, Number.NaN, Number.NaN, Number.NaN, 70, 0, 12);
  return b.build();
}

/** A store as a map of records by their `runId` (the store's key path). */
function store(records: unknown[]): (key: string) => Promise<unknown> {
  const byKey = new Map(records.map((r) => [(r as { runId: string }).runId, r]));
  return (key) => Promise.resolve(byKey.get(key));
}

describe('stored tables', () => {
  it('are written a column per record, then the record that lists them, and read back as they were', async () => {
    const table = small();
    const records = tableRecords('run-1', table);
    // ok … startS (no chunk gaps in this table), then the run's record.
    expect(records.map((r) => (r as { runId: string }).runId)).toEqual([
      'run-1#ok',
      'run-1#ttftMs',
      'run-1#e2elMs',
      'run-1#tpotMs',
      'run-1#perTokenMs',
      'run-1#inputTokens',
      'run-1#outputTokens',
      'run-1#startS',
      'run-1',
    ]);
    const back = await readTable('run-1', store(records));
    expect(back).toEqual(table);
    // TPOT of the first request by hand: (900 − 120) / (41 − 1) = 19.5 ms.
    expect((back as RequestTable).tpotMs[0]).toBe(19.5);
    expect(tableKeys('run-1')).toEqual(['run-1', ...TABLE_COLUMNS.map((c) => `run-1#${c}`)]);
  });

  it('keep the share a sampled table keeps, and its pooled chunk gaps', async () => {
    const table: RequestTable = { ...small(), itlGapsMs: Float64Array.from([12, 14.5]), sample: { requests: 30, rate: 0.1 } };
    expect(await readTable('r', store(tableRecords('r', table)))).toEqual(table);
  });

  it('read records of the earlier form (the whole table in one record)', async () => {
    const table = small();
    const earlier = { type: 'bench-table', version: RUN_SCHEMA_VERSION, runId: 'old', table };
    expect(await readTable('old', store([earlier]))).toEqual(table);
    expect(await readTable('none', store([earlier]))).toBeNull();
  });

  it('name the problem when a column is missing or of another length', async () => {
    const records = tableRecords('run-1', small());
    const withoutTtft = records.filter((r) => (r as { runId: string }).runId !== 'run-1#ttftMs');
    const missing = await readTable('run-1', store(withoutTtft));
    expect(missing).toHaveProperty('problem');
    const short = records.map((r) => ((r as { runId: string }).runId === 'run-1#e2elMs' ? { ...(r as object), values: new Float64Array(2) } : r));
    const problem = await readTable('run-1', store(short));
    expect(problem && 'problem' in problem ? problem.problem.issues[0]?.message : null).toBe('Column lengths differ from the request count');
  });
});
