import type { RandomBytes } from '../text/packed';
import { openParquet, type ParquetColumn } from '../text/parquet';

/**
 * A usage table stored as Parquet (the warehouse's hourly aggregate, a request log) is read as
 * the CSV it would be: its column names are the header, each row's values the cells, written
 * as a CSV export writes them (numbers as JavaScript prints them, times as ISO 8601 UTC, null as
 * an empty cell). So the same column recognition, mapping form, decimal rules and row checks
 * apply, and a Parquet copy of a CSV gives the same workload. Row n is reported as line n + 1,
 * as in the CSV with its header on line 1. One row group is held at a time.
 */
function cellText(value: unknown, kind: ParquetColumn['kind']): string {
  if (value === null || value === undefined) return '';
  if (kind === 'timestamp' && typeof value === 'number') return Number.isFinite(value) ? new Date(value).toISOString() : '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return String(value);
  return '';
}

export type ParquetCellsOutcome = 'ok' | 'cancelled' | { problem: string };

export interface ParquetCellsHost {
  /** The header (line 1), then one call per row. */
  cells(cells: string[], line: number): void;
  /** False once the reader refused the file (a limit): nothing more is read. */
  reading(): boolean;
  progress?(bytesRead: number, totalBytes: number): void;
  cancelled?(): boolean;
}

export async function readParquetCells(source: RandomBytes, host: ParquetCellsHost): Promise<ParquetCellsOutcome> {
  const opened = await openParquet(source);
  if (!opened.ok) return { problem: opened.problem };
  const file = opened.file;
  const columns = file.columns.filter((c) => c.kind !== 'nested');
  const names = columns.map((c) => c.name);
  host.cells(names, 1);
  let bytes = 0;
  for (const [index, group] of file.groups.entries()) {
    if (host.cancelled?.()) return 'cancelled';
    if (!host.reading()) break;
    let data: Map<string, ArrayLike<unknown>>;
    try {
      data = await file.readGroup(index, names);
    } catch (e) {
      return {
        problem: `row group ${index + 1} of ${file.groups.length} (rows ${group.rowStart + 1}–${group.rowEnd}): ${e instanceof Error ? e.message : String(e)}`,
      };
    }
    const values = names.map((n) => data.get(n) as ArrayLike<unknown>);
    for (let i = 0; i < group.rowEnd - group.rowStart; i++) {
      host.cells(
        columns.map((c, k) => cellText((values[k] as ArrayLike<unknown>)[i], c.kind)),
        group.rowStart + i + 2,
      );
    }
    bytes += group.bytes;
    host.progress?.(Math.min(bytes, source.size), source.size);
  }
  return 'ok';
}
