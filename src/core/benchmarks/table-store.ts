import { z } from 'zod';
import { requestTableSchema } from './request-table';
import { RUN_SCHEMA_VERSION } from './run-schema';

/**
 * Where per-request data is stored: its own IndexedDB database, written and read by the worker
 * (a million requests are tens of MB; copying them through the main thread into storage and
 * back would block the page for seconds). The page's runs database (src/lib/storage/runs-db.ts)
 * keeps files and runs and deletes tables here when their run goes. Both sides open the
 * database with these definitions.
 */
export const RUN_TABLES_DB = 'llm-selfhost-run-tables';
export const RUN_TABLES_VERSION = 1;
export const RUN_TABLES_STORE = 'tables';

export const tableRecordSchema = z.strictObject({
  type: z.literal('bench-table'),
  version: z.literal(RUN_SCHEMA_VERSION),
  runId: z.string().max(120),
  table: requestTableSchema,
});
export type TableRecord = z.infer<typeof tableRecordSchema>;

/** Creates the store on first open (the upgrade step of version 1). */
export function upgradeRunTables(db: { objectStoreNames: { contains(name: string): boolean }; createObjectStore(name: string, options: { keyPath: string }): unknown }): void {
  if (!db.objectStoreNames.contains(RUN_TABLES_STORE)) db.createObjectStore(RUN_TABLES_STORE, { keyPath: 'runId' });
}
