/**
 * Writes the compressed and Parquet copies of fixtures (provenance in fixtures/bench/SOURCES.md
 * and fixtures/usage/SOURCES.md), the forms in which teams keep logs:
 * - `fixtures/bench/api-usage/SYNTHETIC_per_request_log.jsonl.gz`: the JSON Lines log, gzip
 *   (level 9, no file name, modification time 0, so the bytes are the same on every run);
 * - `fixtures/bench/api-usage/SYNTHETIC_per_request_log.parquet`: the same rows as Parquet, one
 *   column per field of the log (a field a row lacks is null there), `ts` as TIMESTAMP_MILLIS
 *   (the ISO strings and the epoch-seconds number alike), token counts INT64, Snappy pages;
 * - `fixtures/usage/SCHEMA_hourly_aggregate.parquet`: the hourly aggregate CSV as a warehouse
 *   writes it to Parquet (`hour` TIMESTAMP_MILLIS, counts INT64, `cost_usd` DOUBLE); the CSV's
 *   row with a non-numeric `requests` cell (`bad`, line 4) has no Parquet form (an INT64 column
 *   holds no text) and is left out: the Parquet file holds the rows the CSV's reading keeps.
 * Written with hyparquet-writer (a devDependency). Rerun with `npx tsx scripts/make-fixtures-packed.ts`.
 * The benchmark's 1,000,000-row copies (bench/suites/import-formats.ts) use the same functions.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { ColumnSource } from 'hyparquet-writer';

type ColumnType = 'TIMESTAMP' | 'STRING' | 'DOUBLE' | 'INT64' | 'INT32';

/** Parquet types of the request log's fields (src/core/benchmarks/formats/request-log.ts). */
const REQUEST_LOG_TYPES: Record<string, ColumnType> = {
  ts: 'TIMESTAMP',
  model: 'STRING',
  status: 'STRING',
  ttft_ms: 'DOUBLE',
  duration_ms: 'DOUBLE',
  in_tok: 'INT64',
  out_tok: 'INT64',
  cached_tok: 'INT64',
  reasoning_tok: 'INT64',
  cost_usd: 'DOUBLE',
  http_status: 'INT32',
  error: 'STRING',
};

/** A time as epoch milliseconds: an ISO string, or a number of epoch seconds (as the log writes them). */
function epochMs(v: unknown): number | null {
  if (typeof v === 'number') return Math.round(v * 1000);
  if (typeof v === 'string') {
    const ms = Date.parse(v);
    if (Number.isNaN(ms)) throw new Error(`not a time: ${v}`);
    return ms;
  }
  return null;
}

function cell(type: ColumnType, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  switch (type) {
    case 'TIMESTAMP':
      return epochMs(v);
    case 'STRING':
      return String(v);
    case 'INT64':
      return BigInt(v as number);
    default:
      return v;
  }
}

/** Columns of the rows: every field any row has, in the order first seen; a missing field is null. */
export function requestLogColumns(rows: readonly Record<string, unknown>[]): ColumnSource[] {
  const names: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!names.includes(k)) names.push(k);
  return names.map((name) => {
    const type = REQUEST_LOG_TYPES[name];
    if (!type) throw new Error(`no Parquet type for field ${name}`);
    return { name, type, nullable: true, data: rows.map((r) => cell(type, r[name])) } as ColumnSource;
  });
}

export function jsonlToParquet(text: string, rowGroupSize?: number): Uint8Array {
  const rows = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return new Uint8Array(parquetWriteBuffer({ columnData: requestLogColumns(rows), ...(rowGroupSize ? { rowGroupSize } : {}) }));
}

/** gzip with no name and time 0 in its header: the same bytes on every run. */
export function gzip(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(gzipSync(bytes, { level: 9 }));
}

const HOURLY_TYPES: Record<string, ColumnType> = {
  hour: 'TIMESTAMP',
  model: 'STRING',
  requests: 'INT64',
  failed: 'INT64',
  input_tokens: 'INT64',
  cached_tokens: 'INT64',
  output_tokens: 'INT64',
  reasoning_tokens: 'INT64',
  cost_usd: 'DOUBLE',
};

/** The hourly aggregate CSV (no quoted cells) as Parquet; a row with a count that is no number is left out. */
export function hourlyCsvToParquet(text: string): Uint8Array {
  const [header, ...lines] = text.split(/\r?\n/).filter((l) => l !== '');
  const names = (header as string).split(',');
  const rows = lines.map((l) => l.split(',')).filter((r) => r.every((v, c) => HOURLY_TYPES[names[c] as string] !== 'INT64' || /^\d+$/.test(v)));
  const columnData = names.map((name, c) => {
    const type = HOURLY_TYPES[name];
    if (!type) throw new Error(`no Parquet type for column ${name}`);
    const data = rows.map((r) => {
      const v = r[c] ?? '';
      if (type === 'STRING') return v;
      if (type === 'TIMESTAMP') return epochMs(v);
      return type === 'INT64' ? BigInt(v) : Number(v);
    });
    return { name, type, nullable: true, data } as ColumnSource;
  });
  return new Uint8Array(parquetWriteBuffer({ columnData }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bench = new URL('../fixtures/bench/api-usage/', import.meta.url);
  const usage = new URL('../fixtures/usage/', import.meta.url);
  const log = readFileSync(new URL('SYNTHETIC_per_request_log.jsonl', bench));
  writeFileSync(new URL('SYNTHETIC_per_request_log.jsonl.gz', bench), gzip(log));
  writeFileSync(new URL('SYNTHETIC_per_request_log.parquet', bench), jsonlToParquet(log.toString('utf8')));
  writeFileSync(new URL('SCHEMA_hourly_aggregate.parquet', usage), hourlyCsvToParquet(readFileSync(new URL('SCHEMA_hourly_aggregate.csv', usage), 'utf8')));
  console.log('wrote SYNTHETIC_per_request_log.jsonl.gz, SYNTHETIC_per_request_log.parquet, SCHEMA_hourly_aggregate.parquet');
}
