import { z } from 'zod';
import { openParquet, type ParquetColumn, type ParquetGroup } from '../../text/parquet';
import type { RandomBytes } from '../../text/packed';
import { REQUEST_LOG_LATENCY_FIELDS, REQUEST_LOG_TOKEN_FIELDS } from './request-log';

/**
 * A per-request log stored as Parquet (one row per request, the columns named as the JSON Lines
 * log names its fields: `ts, model, status, ttft_ms, duration_ms, in_tok, out_tok, cost_usd …`,
 * request-log.ts). Each row becomes the object a JSON Lines line would be and goes to the same
 * parser, so a Parquet copy of a log imports to the same runs as the log. Row n of the file is
 * reported as line n.
 */

/** The columns a request log needs: one latency and one token count, each holding numbers. */
const requestLogColumns = z.array(z.object({ name: z.string(), kind: z.string() })).superRefine((columns, ctx) => {
  const flat = columns.filter((c) => c.kind !== 'nested');
  const has = (fields: readonly string[]) => flat.some((c) => fields.includes(c.name));
  if (!has(REQUEST_LOG_LATENCY_FIELDS)) ctx.addIssue({ code: 'custom', message: `no latency column (one of ${REQUEST_LOG_LATENCY_FIELDS.join(', ')})` });
  if (!has(REQUEST_LOG_TOKEN_FIELDS)) ctx.addIssue({ code: 'custom', message: `no token column (one of ${REQUEST_LOG_TOKEN_FIELDS.join(', ')})` });
  for (const c of flat) {
    const numeric = (REQUEST_LOG_LATENCY_FIELDS as readonly string[]).includes(c.name) || (REQUEST_LOG_TOKEN_FIELDS as readonly string[]).includes(c.name);
    if (numeric && c.kind !== 'number' && c.kind !== 'string')
      ctx.addIssue({ code: 'custom', message: `column ${c.name} holds ${c.kind} values, not numbers` });
  }
});

/** Why the columns cannot be a request log, in words naming the file's columns; null when they can. */
export function requestLogColumnsProblem(columns: readonly ParquetColumn[]): string | null {
  const checked = requestLogColumns.safeParse(columns);
  if (checked.success) return null;
  const names = columns.map((c) => c.name);
  const shown = names.length > 20 ? `${names.slice(0, 20).join(', ')} … (${names.length})` : names.join(', ') || 'none';
  return `${checked.error.issues.map((i) => i.message).join('; ')}; the file's columns: ${shown}`;
}

export type ParquetRowsOutcome =
  { ok: true } | { ok: false; cancelled: true } | { ok: false; cancelled: false; code: 'parquet-invalid' | 'parquet-columns'; detail: string };

export interface ParquetRowsHost {
  /**
   * One row as a JSON Lines line's object; `line` is its 1-based row number. The object is the
   * same for every row and holds this row's values only during the call: a host that keeps a row
   * keeps a copy (`{ ...value }`).
   */
  row(value: Record<string, unknown>, line: number): void;
  /** Compressed bytes of the row groups read so far. */
  progress(bytes: number): void;
  cancelled(): boolean;
  /** Lets the host's messages in (a cancel) between slices of a large row group. */
  pause(): Promise<void>;
  /**
   * Called after the first row (the format is known then): returns the row group at which this
   * reading stops, the ones after it being read elsewhere (a helper thread). Without it, every
   * row group is read here.
   */
  split?(groups: readonly ParquetGroup[]): number;
}

/** The row groups [from, to) only (a part read by a helper thread); every group when absent. */
export interface ParquetGroupRange {
  from: number;
  to: number;
}

/** Reads a Parquet request log row group by row group (bounded memory), each row to `host.row`. */
export async function readParquetRequestRows(source: RandomBytes, host: ParquetRowsHost, range?: ParquetGroupRange): Promise<ParquetRowsOutcome> {
  const opened = await openParquet(source);
  if (!opened.ok) return { ok: false, cancelled: false, code: 'parquet-invalid', detail: opened.problem };
  const file = opened.file;
  const problem = requestLogColumnsProblem(file.columns);
  if (problem !== null) return { ok: false, cancelled: false, code: 'parquet-columns', detail: problem };
  const names = file.columns.filter((c) => c.kind !== 'nested').map((c) => c.name);
  // One object for every row: each field a getter of its column at the current row (a new
  // object per row, its fields stored by computed keys, took longer than the row's parsing).
  let columns: ArrayLike<unknown>[] = [];
  let at = 0;
  const row: Record<string, unknown> = {};
  names.forEach((name, c) => Object.defineProperty(row, name, { get: () => (columns[c] as ArrayLike<unknown>)[at], enumerable: true }));
  let bytes = 0;
  let end = Math.min(range?.to ?? file.groups.length, file.groups.length);
  for (let index = range?.from ?? 0; index < end; index++) {
    const group = file.groups[index] as ParquetGroup;
    if (host.cancelled()) return { ok: false, cancelled: true };
    let data: Map<string, ArrayLike<unknown>>;
    try {
      data = await file.readGroup(index, names);
    } catch (e) {
      return {
        ok: false,
        cancelled: false,
        code: 'parquet-invalid',
        detail: `row group ${index + 1} of ${file.groups.length} (rows ${group.rowStart + 1}–${group.rowEnd}): ${e instanceof Error ? e.message : String(e)}`,
      };
    }
    columns = names.map((n) => data.get(n) as ArrayLike<unknown>);
    const n = group.rowEnd - group.rowStart;
    for (let i = 0; i < n; i++) {
      at = i;
      host.row(row, group.rowStart + i + 1);
      // The helpers start on their groups as soon as the first row has told the format.
      if (index === 0 && i === 0 && host.split && !range) end = Math.max(1, Math.min(end, host.split(file.groups)));
      // Progress and cancel inside a large row group too (a writer may put a million rows in one).
      if ((i & 0xffff) === 0xffff) {
        host.progress(bytes + (group.bytes * i) / n);
        await host.pause();
        if (host.cancelled()) return { ok: false, cancelled: true };
      }
    }
    bytes += group.bytes;
    host.progress(bytes);
  }
  return { ok: true };
}
