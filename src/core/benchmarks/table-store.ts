import { z } from 'zod';
import { requestTableSchema, tableSampleSchema, type RequestTable } from './request-table';
import { RUN_SCHEMA_VERSION } from './run-schema';

/**
 * What per-request data looks like in storage. It has its own IndexedDB database, written and
 * read by the worker (a million requests are tens of MB; copying them through the main thread
 * into storage and back would block the page for seconds). The page's runs database
 * (src/lib/storage/runs-db.ts) keeps files and runs and deletes tables when their run goes.
 * The database itself (name, version, store, key path) is declared with every other one in
 * src/platform/idb.ts, the one wrapper both sides open it through.
 *
 * A table is stored column by column: one record per column under `<runId>#<column>`, written
 * first, each in a transaction of its own, then the record under the run's id that lists them.
 * Storing a record copies it (the browser serialises it until the transaction is sent); one
 * record of the whole table held a second copy of all its columns at once (about 60 MB for a
 * table of a million requests), one column at a time holds one column's. Records of the
 * earlier form (the whole table in the run's record) are still read.
 */

/** The columns of a table, in the order they are written. */
export const TABLE_COLUMNS = ['ok', 'ttftMs', 'e2elMs', 'tpotMs', 'perTokenMs', 'inputTokens', 'outputTokens', 'startS', 'itlGapsMs'] as const;
export type TableColumn = (typeof TABLE_COLUMNS)[number];

/** The earlier form: the whole table in the run's record. */
export const tableRecordSchema = z.strictObject({
  type: z.literal('bench-table'),
  version: z.literal(RUN_SCHEMA_VERSION),
  runId: z.string().max(120),
  table: requestTableSchema,
});

/** The run's record of a table stored column by column: its size and the columns beside it. */
export const tableHeadSchema = z.strictObject({
  type: z.literal('bench-table'),
  version: z.literal(RUN_SCHEMA_VERSION),
  runId: z.string().max(120),
  count: z.number().int().nonnegative(),
  sample: tableSampleSchema.optional(),
  columns: z.array(z.enum(TABLE_COLUMNS)).max(TABLE_COLUMNS.length),
});

/** One stored column (`key`: `<runId>#<column>`, the store's key path is `runId`). */
export const tableColumnSchema = z.strictObject({
  type: z.literal('bench-table-column'),
  version: z.literal(RUN_SCHEMA_VERSION),
  runId: z.string().max(160),
  values: z.union([z.instanceof(Float64Array), z.instanceof(Uint8Array)]),
});

export function tableColumnKey(runId: string, column: TableColumn): string {
  return `${runId}#${column}`;
}

/** Every key a run's table may be stored under: its record and each column's. */
export function tableKeys(runId: string): string[] {
  return [runId, ...TABLE_COLUMNS.map((c) => tableColumnKey(runId, c))];
}

/** The records of a table in the order to write them: each column, then the run's record that lists them. */
export function tableRecords(runId: string, table: RequestTable): unknown[] {
  const columns = TABLE_COLUMNS.filter((c) => table[c] !== null);
  const head: z.infer<typeof tableHeadSchema> = { type: 'bench-table', version: RUN_SCHEMA_VERSION, runId, count: table.count, columns };
  if (table.sample) head.sample = table.sample;
  return [...columns.map((c) => ({ type: 'bench-table-column', version: RUN_SCHEMA_VERSION, runId: tableColumnKey(runId, c), values: table[c] })), head];
}

/**
 * Reads a run's table through `get` (one record by key, from one transaction): null when none is
 * stored, the problem when what is stored is not a valid table (a column missing or of another
 * length, a record of another form).
 */
export async function readTable(runId: string, get: (key: string) => Promise<unknown>): Promise<RequestTable | null | { problem: z.ZodError }> {
  const raw = await get(runId);
  if (raw === undefined) return null;
  const whole = tableRecordSchema.safeParse(raw);
  if (whole.success) return whole.data.table;
  const head = tableHeadSchema.safeParse(raw);
  if (!head.success) return { problem: whole.error };
  const parts = await Promise.all(head.data.columns.map((c) => get(tableColumnKey(runId, c))));
  const table: Record<string, unknown> = { count: head.data.count, itlGapsMs: null };
  if (head.data.sample) table['sample'] = head.data.sample;
  for (const [i, c] of head.data.columns.entries()) {
    const column = tableColumnSchema.safeParse(parts[i]);
    if (!column.success) return { problem: column.error };
    table[c] = column.data.values;
  }
  const parsed = requestTableSchema.safeParse(table);
  return parsed.success ? parsed.data : { problem: parsed.error };
}
