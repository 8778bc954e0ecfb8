/**
 * The part of the benchmarks area the first view never needs: the importer with every format
 * parser, companion merging, the stored-table schema and the chart views. `benchmarks-api.ts`
 * loads it with a dynamic `import()` on the first call that needs it (a dropped file, a stored
 * table), so the worker's first module, which the TCO result waits for, stays small.
 */
export { mergeCompanions } from '../core/benchmarks/companions';
export { importFile } from '../core/benchmarks/importer';
export { readTable, tableKeys, tableRecords } from '../core/benchmarks/table-store';
export { cdfSeries, goodputForRuns } from '../core/benchmarks/views';
