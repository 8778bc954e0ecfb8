/**
 * Parquet files (request logs and usage aggregates as warehouses write them), read with
 * hyparquet (pure JavaScript, reads a file by byte ranges; docs/benchmarks.md "Parquet" says why
 * this reader). The footer is read first, then one row group at a time, each by the byte ranges
 * of the column chunks asked for: memory holds one row group's columns, never the whole file.
 * hyparquet is loaded on demand, in its own chunk, so a first page load does not grow. It reads
 * uncompressed and Snappy pages itself (pyarrow's, DuckDB's and Spark's default); zstd (Polars'
 * default) and gzip pages are unpacked by fzstd and fflate, loaded only for a file that has
 * them. Brotli and LZ4 pages are refused by name. (hyparquet-compressors is not used: it compiles
 * WebAssembly when loaded, which the app's Content-Security-Policy does not allow.)
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

function kindOf(element: SchemaElement, nested: boolean): ParquetColumn['kind'] {
  if (nested) return 'nested';
  const logical = element.logical_type?.type;
  if (
    logical === 'TIMESTAMP' ||
    logical === 'DATE' ||
    element.converted_type === 'TIMESTAMP_MILLIS' ||
    element.converted_type === 'TIMESTAMP_MICROS' ||
    element.converted_type === 'DATE'
  )
    return 'timestamp';
  if (element.type === 'INT96') return 'timestamp';
  if (
    logical === 'STRING' ||
    logical === 'ENUM' ||
    logical === 'JSON' ||
    element.converted_type === 'UTF8' ||
    element.converted_type === 'ENUM' ||
    element.converted_type === 'JSON'
  )
    return 'string';
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

/** Page codecs read: hyparquet's own, and zstd and gzip through fzstd and fflate. */
const READ_CODECS = new Set(['UNCOMPRESSED', 'SNAPPY', 'ZSTD', 'GZIP']);

/** Bytes of a gzip member's header (RFC 1952 §2.3: 10 bytes, then the optional extra field, name, comment and header CRC). */
export function gzipHeaderLength(b: Uint8Array): number {
  if (b[0] !== 0x1f || b[1] !== 0x8b || b[2] !== 8) throw new Error('a gzip page without a gzip header');
  const flags = b[3] as number;
  let at = 10;
  if (flags & 4) at += 2 + ((b[10] as number) | ((b[11] as number) << 8));
  for (const bit of [8, 16]) {
    if (flags & bit) {
      while (at < b.length && b[at] !== 0) at += 1;
      at += 1;
    }
  }
  if (flags & 2) at += 2;
  return at;
}

/** Epoch milliseconds from a time column's integers, by its unit (as a JSON Lines log would write a time as a number). */
const TO_MS = {
  MILLIS: (v: number) => v,
  MICROS: (v: number) => v / 1000,
  NANOS: (v: number) => v / 1e6,
  DAYS: (v: number) => v * 86_400_000,
} as const;
type TimeUnit = keyof typeof TO_MS;

/** The reader's conversions, where it converts a time itself (statistics, nested and INT96 columns). */
const PARSERS = {
  timestampFromMilliseconds: (ms: bigint) => TO_MS.MILLIS(Number(ms)),
  timestampFromMicroseconds: (us: bigint) => TO_MS.MICROS(Number(us)),
  timestampFromNanoseconds: (ns: bigint) => TO_MS.NANOS(Number(ns)),
  dateFromDays: (days: number) => TO_MS.DAYS(days),
};

/**
 * The unit of a flat INT64 timestamp or INT32 date column, read here from its raw integers:
 * the reader would make a BigInt and then a boxed number of every value (on a million-row log
 * about a fifth of the Parquet import's time). Null for every other column.
 */
function rawTimeUnit(element: SchemaElement): TimeUnit | null {
  const logical = element.logical_type;
  if (element.type === 'INT64') {
    if (element.converted_type === 'TIMESTAMP_MILLIS') return 'MILLIS';
    if (element.converted_type === 'TIMESTAMP_MICROS') return 'MICROS';
    if (logical?.type === 'TIMESTAMP') return logical.unit;
  }
  if (element.type === 'INT32' && (element.converted_type === 'DATE' || logical?.type === 'DATE')) return 'DAYS';
  return null;
}

/**
 * 64-bit integers as numbers without a BigInt per value: high word × 2^32 + low word, both exact
 * doubles, so the one rounding of the sum gives the value `Number(bigint)` gives (exact up to
 * 2^53, correctly rounded beyond).
 */
function int64Numbers(data: BigInt64Array | BigUint64Array): Float64Array {
  const out = new Float64Array(data.length);
  const words = new Int32Array(data.buffer, data.byteOffset, data.length * 2);
  if (data instanceof BigInt64Array)
    for (let i = 0, j = 0; i < out.length; i++, j += 2) out[i] = (words[j + 1] as number) * 4294967296 + ((words[j] as number) >>> 0);
  else for (let i = 0, j = 0; i < out.length; i++, j += 2) out[i] = ((words[j + 1] as number) >>> 0) * 4294967296 + ((words[j] as number) >>> 0);
  return out;
}

/** A column's values with INT64 as numbers (hyparquet gives them as bigint). */
function plainValues(data: ArrayLike<unknown>): ArrayLike<unknown> {
  if (data instanceof BigInt64Array || data instanceof BigUint64Array) return int64Numbers(data);
  if (Array.isArray(data)) {
    for (let i = 0; i < data.length; i++) {
      const v: unknown = data[i];
      if (typeof v === 'bigint') data[i] = Number(v);
      else if (v === undefined) data[i] = null;
    }
  }
  return data;
}

/** A time column's integers (numbers by now, nulls kept) as epoch milliseconds. */
function timeValues(data: ArrayLike<unknown>, unit: TimeUnit): ArrayLike<unknown> {
  const toMs = TO_MS[unit];
  if (data instanceof Float64Array) {
    // This module's own array (int64Numbers or join): converted in place.
    if (unit !== 'MILLIS') for (let i = 0; i < data.length; i++) data[i] = toMs(data[i] as number);
    return data;
  }
  if (ArrayBuffer.isView(data)) {
    const numbers = data as unknown as ArrayLike<number>;
    const out = new Float64Array(numbers.length);
    for (let i = 0; i < out.length; i++) out[i] = toMs(numbers[i] as number);
    return out;
  }
  const values = data as unknown[];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v === 'number') values[i] = toMs(v);
  }
  return values;
}

const isNumbers = (data: ArrayLike<unknown>): data is Float64Array | Float32Array | Int32Array =>
  data instanceof Float64Array || data instanceof Float32Array || data instanceof Int32Array;

function join(pieces: ColumnData[], rowStart: number, rowEnd: number): ArrayLike<unknown> {
  pieces.sort((a, b) => a.rowStart - b.rowStart);
  const only = pieces[0];
  if (pieces.length === 1 && only && only.rowStart === rowStart && only.rowEnd === rowEnd) return plainValues(only.columnData);
  // Pages of numbers without a null, one after another (a writer's pages of a column chunk): one
  // array of numbers, not one boxed number per row.
  const parts = pieces.map((p) => plainValues(p.columnData));
  let at = rowStart;
  const contiguous = pieces.every((p, i) => {
    const ok = p.rowStart === at && isNumbers(parts[i] as ArrayLike<unknown>) && (parts[i] as ArrayLike<unknown>).length === p.rowEnd - p.rowStart;
    at = p.rowEnd;
    return ok;
  });
  if (contiguous && at === rowEnd) {
    const numbers = new Float64Array(rowEnd - rowStart);
    for (const [i, p] of pieces.entries()) numbers.set(parts[i] as Float64Array, p.rowStart - rowStart);
    return numbers;
  }
  const out: unknown[] = new Array(rowEnd - rowStart).fill(null);
  for (const [k, p] of pieces.entries()) {
    const values = parts[k] as ArrayLike<unknown>;
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
  // Flat time columns are read as their integers (rawTimeUnit): the reader is given a schema
  // without their time annotation, and this module converts them.
  const rawTimes = new Map<string, TimeUnit>();
  const unannotated = new Set<SchemaElement>();
  for (const child of tree.children) {
    const unit = child.children.length === 0 ? rawTimeUnit(child.element) : null;
    if (unit === null) continue;
    rawTimes.set(child.element.name, unit);
    unannotated.add(child.element);
  }
  const readMetadata: FileMetaData =
    unannotated.size === 0
      ? metadata
      : { ...metadata, schema: metadata.schema.map((e) => (unannotated.has(e) ? { ...e, converted_type: undefined, logical_type: undefined } : e)) };
  const groups: ParquetGroup[] = [];
  let at = 0;
  const codecs = new Set<string>();
  for (const g of metadata.row_groups) {
    const n = Number(g.num_rows);
    let bytes = 0;
    for (const c of g.columns) {
      bytes += Number(c.meta_data?.total_compressed_size ?? 0);
      if (c.meta_data) codecs.add(c.meta_data.codec);
    }
    groups.push({ rowStart: at, rowEnd: at + n, bytes });
    at += n;
  }
  const unread = [...codecs].filter((c) => !READ_CODECS.has(c));
  if (unread.length > 0) return { ok: false, problem: `its pages are compressed with ${unread.join(', ')}; read are ${[...READ_CODECS].join(', ')}` };
  const compressors: Compressors = {};
  if (codecs.has('ZSTD')) {
    const { decompress } = await import('fzstd');
    compressors.ZSTD = (input, length) => decompress(input, new Uint8Array(length));
  }
  if (codecs.has('GZIP')) {
    // fflate's streaming Inflate, which the share-link codec already keeps in the page's first
    // chunk (its gunzipSync would add to that chunk); the gzip frame is read here.
    const { Inflate } = await import('fflate');
    compressors.GZIP = (input, length) => {
      const out = new Uint8Array(length);
      let at = 0;
      const inflate = new Inflate((piece) => {
        out.set(piece.subarray(0, Math.max(0, Math.min(piece.length, length - at))), at);
        at += piece.length;
      });
      inflate.push(input.subarray(gzipHeaderLength(input), Math.max(0, input.length - 8)), true);
      return out;
    };
  }
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
          metadata: readMetadata,
          columns: [...names],
          rowStart: group.rowStart,
          rowEnd: group.rowEnd,
          parsers: PARSERS,
          compressors,
          onChunk: (chunk) => pieces.get(chunk.columnName)?.push(chunk),
        });
        const out = new Map<string, ArrayLike<unknown>>();
        for (const [name, list] of pieces) {
          const values = join(list, group.rowStart, group.rowEnd);
          const unit = rawTimes.get(name);
          out.set(name, unit === undefined ? values : timeValues(values, unit));
        }
        return out;
      },
    },
  };
}
