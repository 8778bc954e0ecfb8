/**
 * Parquet files (request logs and usage aggregates as warehouses write them), read with
 * hyparquet (pure JavaScript, reads a file by byte ranges; docs/benchmarks.md "Parquet" says why
 * this reader). The footer is read first, then one row group at a time, each by the byte ranges
 * of the column chunks asked for: memory holds one row group's columns, never the whole file.
 * hyparquet is loaded on demand (its own chunk), and its codecs other than Snappy (zstd, gzip,
 * brotli, LZ4) only for a file that uses one, so a first page load does not grow.
 *
 * Values come out as a JSON Lines row has them: numbers (INT64 as a number, exact up to 2^53),
 * strings, booleans, null; a TIMESTAMP or DATE column as epoch milliseconds (`kind`
 * 'timestamp'). Nested columns (lists, structs, maps) are listed but not read.
 */
import type { AsyncBuffer, ColumnData, Compressors, FileMetaData, SchemaElement } from 'hyparquet';
import type { RandomBytes } from './packed';

/** "PAR1" at the start (and at the end) of every Parquet file. */
export function isParquet(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x41 && head[2] === 0x52 && head[3] === 0x31;
}

export interface ParquetColumn {
  name: string;
  /** What the values are: `timestamp` columns give epoch milliseconds; `nested` ones are not read. */
  kind: 'number' | 'string' | 'boolean' | 'timestamp' | 'other' | 'nested';
}

export interface ParquetGroup {
  rowStart: number;
  rowEnd: number;
  /** Compressed bytes of the group's column chunks (all columns): progress. */
  bytes: number;
}

export interface ParquetFile {
  rows: number;
  columns: ParquetColumn[];
  groups: ParquetGroup[];
  /** The named columns of one row group, each an array of the group's values in row order. */
  readGroup(index: number, columns: readonly string[]): Promise<Map<string, ArrayLike<unknown>>>;
}

/** Why a file is no readable Parquet file, in words for a message. */
export type ParquetOpen = { ok: true; file: ParquetFile } | { ok: false; problem: string };

/** Codecs hyparquet reads without hyparquet-compressors. */
const BUILT_IN_CODECS = new Set(['UNCOMPRESSED', 'SNAPPY']);

function kindOf(element: SchemaElement, nested: boolean): ParquetColumn['kind'] {
  if (nested) return 'nested';
  const logical = element.logical_type?.type;
  if (logical === 'TIMESTAMP' || logical === 'DATE' || element.converted_type === 'TIMESTAMP_MILLIS' || element.converted_type === 'TIMESTAMP_MICROS' || element.converted_type === 'DATE') return 'timestamp';
  if (element.type === 'INT96') return 'timestamp';
  if (logical === 'STRING' || logical === 'ENUM' || logical === 'JSON' || element.converted_type === 'UTF8' || element.converted_type === 'ENUM' || element.converted_type === 'JSON') return 'string';
  switch (element.type) {
    case 'BOOLEAN':
      return 'boolean';
    case 'INT32':
    case 'INT64':
    case 'FLOAT':
    case 'DOUBLE':
      return element.converted_type === 'DECIMAL' || logical === 'DECIMAL' ? 'other' : 'number';
    case 'BYTE_ARRAY':
      return 'string';
    default:
      return 'other';
  }
}

/** Epoch milliseconds, as a JSON Lines log would write a time as a number. */
const PARSERS = {
  timestampFromMilliseconds: (ms: bigint) => Number(ms),
  timestampFromMicroseconds: (us: bigint) => Number(us) / 1000,
  timestampFromNanoseconds: (ns: bigint) => Number(ns) / 1e6,
  dateFromDays: (days: number) => days * 86_400_000,
};

/** A column's values with INT64 as numbers (hyparquet gives them as bigint). */
function plainValues(data: ArrayLike<unknown>): ArrayLike<unknown> {
  if (data instanceof BigInt64Array || data instanceof BigUint64Array) return Float64Array.from(data as ArrayLike<bigint>, Number);
  if (Array.isArray(data)) {
    for (let i = 0; i < data.length; i++) {
      const v: unknown = data[i];
      if (typeof v === 'bigint') data[i] = Number(v);
      else if (v === undefined) data[i] = null;
    }
  }
  return data;
}

function join(pieces: ColumnData[], rowStart: number, rowEnd: number): ArrayLike<unknown> {
  pieces.sort((a, b) => a.rowStart - b.rowStart);
  const only = pieces[0];
  if (pieces.length === 1 && only && only.rowStart === rowStart && only.rowEnd === rowEnd) return plainValues(only.columnData);
  const out: unknown[] = new Array(rowEnd - rowStart).fill(null);
  for (const p of pieces) {
    const values = plainValues(p.columnData);
    for (let i = 0; i < values.length; i++) {
      const at = p.rowStart + i;
      if (at >= rowStart && at < rowEnd) out[at - rowStart] = values[i];
    }
  }
  return out;
}

/**
 * Opens a Parquet file by its footer (two small ranged reads). Damage in a column chunk shows
 * when its row group is read: `readGroup` rejects with the reader's message.
 */
export async function openParquet(source: RandomBytes): Promise<ParquetOpen> {
  const { parquetMetadataAsync, parquetSchema, parquetRead } = await import('hyparquet');
  const file: AsyncBuffer = {
    byteLength: source.size,
    slice: async (start, end) => {
      const bytes = await source.read(start, (end ?? source.size) - start);
      // hyparquet wants an ArrayBuffer of exactly the range.
      return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : (bytes.slice().buffer as ArrayBuffer);
    },
  };
  let metadata: FileMetaData;
  try {
    if (source.size < 12) return { ok: false, problem: `${source.size} bytes is too short for a Parquet file (at least 12)` };
    metadata = await parquetMetadataAsync(file, { parsers: PARSERS });
  } catch (e) {
    return { ok: false, problem: e instanceof Error ? e.message : String(e) };
  }
  const tree = parquetSchema(metadata);
  const columns: ParquetColumn[] = tree.children.map((child) => ({ name: child.element.name, kind: kindOf(child.element, child.children.length > 0) }));
  const groups: ParquetGroup[] = [];
  let at = 0;
  let codecsNeeded = false;
  for (const g of metadata.row_groups) {
    const n = Number(g.num_rows);
    let bytes = 0;
    for (const c of g.columns) {
      bytes += Number(c.meta_data?.total_compressed_size ?? 0);
      if (c.meta_data && !BUILT_IN_CODECS.has(c.meta_data.codec)) codecsNeeded = true;
    }
    groups.push({ rowStart: at, rowEnd: at + n, bytes });
    at += n;
  }
  let compressors: Compressors | undefined;
  if (codecsNeeded) compressors = (await import('hyparquet-compressors')).compressors;
  return {
    ok: true,
    file: {
      rows: at,
      columns,
      groups,
      async readGroup(index, names) {
        const group = groups[index];
        if (!group) throw new Error(`no row group ${index}`);
        const pieces = new Map<string, ColumnData[]>(names.map((n) => [n, []]));
        await parquetRead({
          file,
          metadata,
          columns: [...names],
          rowStart: group.rowStart,
          rowEnd: group.rowEnd,
          parsers: PARSERS,
          ...(compressors ? { compressors } : {}),
          onChunk: (chunk) => pieces.get(chunk.columnName)?.push(chunk),
        });
        const out = new Map<string, ArrayLike<unknown>>();
        for (const [name, list] of pieces) out.set(name, join(list, group.rowStart, group.rowEnd));
        return out;
      },
    },
  };
}
