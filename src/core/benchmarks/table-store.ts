import { z } from 'zod';
import { requestTableSchema, type RequestTable } from './request-table';
import { RUN_SCHEMA_VERSION } from './run-schema';

/**
 * What per-request data looks like in storage. It has its own IndexedDB database, written and
 * read by the worker (a million requests are tens of MB; copying them through the main thread
 * into storage and back would block the page for seconds). The page's runs database
 * (src/lib/storage/runs-db.ts) keeps files and runs and deletes tables when their run goes.
 * The database itself (name, version, store, key path) is declared with every other one in
 * src/platform/idb.ts, the one wrapper both sides open it through.
 */
export const tableRecordSchema = z.strictObject({
  type: z.literal('bench-table'),
  version: z.literal(RUN_SCHEMA_VERSION),
  runId: z.string().max(120),
  table: requestTableSchema,
});

/** The stored record of a run's per-request table (keyed by `runId`). */
export function tableRecord(
  runId: string,
  table: RequestTable,
): { type: 'bench-table'; version: typeof RUN_SCHEMA_VERSION; runId: string; table: RequestTable } {
  return { type: 'bench-table', version: RUN_SCHEMA_VERSION, runId, table };
}
