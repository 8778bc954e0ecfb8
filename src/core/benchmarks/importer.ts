import type { FileContext, ParsedRun, ValueParser } from './common';
import { isRecord } from './common';
import { CsvReader, detectDelimiter, suggestMapping, type CsvMapping, type CsvPreview, type CsvRow } from './csv';
import { createParser, detectCsvHeader, detectValue, isRowFormat } from './detect';
import { aiperfCsvRun } from './formats/aiperf';
import { mappedCsvParser, type MappedCsvParser } from './formats/mapped-csv';
import { IssueLog, type ImportIssue, type IssueLogState, type SkippedRow } from './issues';
import { JsonValueStream, parseTolerant } from './json-stream';
import { sampleRate, type RequestTable } from './request-table';
import type { BenchRun, FormatId } from './run-schema';
import { sniffEncoding, Utf16Decoder, type EncodingSniff, type TextEncoding } from '../text/encoding';
import { excerpt, MAX_LINE_CHARS, type CsvLimit } from '../text/limits';
import { concatBytes, describePackedProblem, openPacked, type PackedReader, type Unpack } from '../text/packed';
import { isParquet } from '../text/parquet';
import { readParquetRequestRows } from './formats/parquet-rows';

/**
 * Streaming import of one benchmark result file. The file is read in chunks (4 MiB), decoded
 * incrementally and parsed as it arrives: JSON Lines line by line with the native parser, other
 * JSON with the incremental reader, CSV row by row. Between chunks the import reports progress
 * and checks for cancellation, so it can run in a worker with a progress bar and a cancel
 * button. Pure: reading bytes, decoding, hashing and the clock come from the host.
 */
export const CHUNK_BYTES = 1024 * 1024;
/** Hash block size; independent of the chunk size so the hash depends on the content only. */
export const HASH_BLOCK_BYTES = 4 * 1024 * 1024;

export interface ByteSource {
  name: string;
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export interface TextDecoderLike {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

export interface ImportProgress {
  fileName: string;
  fileIndex: number;
  fileCount: number;
  bytesRead: number;
  totalBytes: number;
  rows: number;
}

export interface ImportHost {
  decoder(): TextDecoderLike;
  /** SHA-256 of the bytes. */
  sha256(bytes: Uint8Array): Promise<Uint8Array>;
  /** Milliseconds on a monotonic clock (for progress pacing only). */
  now(): number;
  progress?(p: ImportProgress): void;
  cancelled?(): boolean;
  /** Helper threads for the parts of a large JSON Lines file; without them a file is read in one piece. */
  parts?: ImportParts;
  /** The platform's decompressor; without it a gzip or zlib file is refused ('gzip-file'). */
  unpack?: Unpack;
}

export interface ImportOptions {
  chunkBytes?: number;
  /** Minimum time between progress reports. */
  progressIntervalMs?: number;
  /** Column mapping for a CSV of unknown layout (from the mapping dialog). */
  mapping?: CsvMapping | null;
  fileIndex?: number;
  fileCount?: number;
  /** Smallest file read in parts when the host offers helper threads (default SPLIT_MIN_BYTES). */
  splitMinBytes?: number;
  /** About how many requests a run's table keeps before it keeps a sample (default TABLE_ROWS). */
  tableRows?: number;
}

export type ImportStatus = 'ok' | 'partial' | 'failed' | 'needs-mapping' | 'cancelled';

export interface FileImport {
  file: {
    name: string;
    size: number;
    /**
     * Content hash (hex): the SHA-256 of the file when it fits in one 4 MiB block, otherwise
     * the SHA-256 of the concatenated SHA-256 digests of its 4 MiB blocks. Either way it
     * depends only on the content, which is what duplicate detection needs, and the blocks
     * can be hashed while the file streams.
     */
    hash: string | null;
    hashAlgorithm: 'sha256' | 'sha256-of-4mib-blocks' | null;
  };
  status: ImportStatus;
  format: FormatId | null;
  runs: BenchRun[];
  /** Per-request data by run id. */
  tables: { runId: string; table: RequestTable }[];
  issues: ImportIssue[];
  issuesOmitted: number;
  rows: { read: number; skipped: number; skippedSamples: SkippedRow[] };
  csvPreview: CsvPreview | null;
  /** Set when this file's data was merged into a run of another file of the same import. */
  mergedInto: string | null;
  /** Threads that read the file: 1, or more when helper threads read parts of a large JSON Lines file. */
  threads: number;
}

function hex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += (bytes[i] as number).toString(16).padStart(2, '0');
  return s;
}

/** Cuts the byte stream into 4 MiB blocks and starts a SHA-256 of each as soon as it is full. */
class BlockHasher {
  private block = new Uint8Array(HASH_BLOCK_BYTES);
  private filled = 0;
  private readonly spare: Uint8Array<ArrayBuffer>[] = [];
  readonly digests: Promise<Uint8Array>[] = [];
  constructor(private readonly host: ImportHost) {}

  push(bytes: Uint8Array): void {
    let at = 0;
    while (at < bytes.length) {
      if (this.filled === 0 && bytes.length - at >= HASH_BLOCK_BYTES) {
        this.digests.push(this.host.sha256(bytes.subarray(at, at + HASH_BLOCK_BYTES)));
        at += HASH_BLOCK_BYTES;
        continue;
      }
      const n = Math.min(HASH_BLOCK_BYTES - this.filled, bytes.length - at);
      this.block.set(bytes.subarray(at, at + n), this.filled);
      this.filled += n;
      at += n;
      if (this.filled === HASH_BLOCK_BYTES) {
        const block = this.block;
        const digest = this.host.sha256(block);
        this.digests.push(digest);
        // A block is filled again once its digest is done, instead of a new 4 MiB block each
        // time (150 MB of short-lived buffers for a 150 MB file, which cost full collections).
        void digest.then(
          () => this.spare.push(block),
          () => undefined,
        );
        this.block = this.spare.pop() ?? new Uint8Array(HASH_BLOCK_BYTES);
        this.filled = 0;
      }
    }
  }

  finish(): Promise<Uint8Array>[] {
    if (this.filled > 0 || this.digests.length === 0) this.digests.push(this.host.sha256(this.block.slice(0, this.filled)));
    this.filled = 0;
    return this.digests;
  }
}

async function finalHash(host: ImportHost, digests: Promise<Uint8Array>[]): Promise<{ hash: string; algorithm: 'sha256' | 'sha256-of-4mib-blocks' }> {
  const parts = await Promise.all(digests);
  if (parts.length === 1) return { hash: hex(parts[0] as Uint8Array), algorithm: 'sha256' };
  const all = new Uint8Array(parts.length * 32);
  parts.forEach((p, i) => all.set(p.subarray(0, 32), i * 32));
  return { hash: hex(await host.sha256(all)), algorithm: 'sha256-of-4mib-blocks' };
}

type Mode = 'lines' | 'document' | 'csv-known' | 'csv-mapped' | 'csv-preview' | 'unknown';

/** Decides how to read the file from its first decoded text (what its bytes are, `sniffEncoding` has decided). */
export function sniffMode(head: string): { mode: Mode; csvKind: 'aiperf-csv' | 'genai-perf-csv' | null } {
  const trimmed = head.replace(/^\uFEFF/, '').trimStart();
  const c = trimmed[0];
  if (c === '{') {
    // JSON Lines when the first line is a complete object and another object line follows.
    const firstEnd = trimmed.indexOf('\n');
    if (firstEnd > 0) {
      const first = trimmed.slice(0, firstEnd).trim();
      const rest = trimmed.slice(firstEnd + 1).trimStart();
      if (first.endsWith('}') && (rest === '' || rest[0] === '{')) {
        let parsed: boolean;
        try {
          JSON.parse(first);
          parsed = true;
        } catch {
          parsed = parseTolerant(first).ok;
        }
        if (parsed && rest !== '') return { mode: 'lines', csvKind: null };
      }
    }
    return { mode: 'document', csvKind: null };
  }
  if (c === '[') return { mode: 'document', csvKind: null };
  const firstLine = firstLineOf(trimmed);
  const known = detectCsvHeader(firstLine);
  if (known) return { mode: 'csv-known', csvKind: known };
  const delimiter = detectDelimiter(firstLine);
  if (firstLine.includes(delimiter) && !/^\s*</.test(firstLine)) return { mode: 'csv-preview', csvKind: null };
  return { mode: 'unknown', csvKind: null };
}

/** The first line of `text`, without searching or copying past MAX_LINE_CHARS. */
export function firstLineOf(text: string): string {
  const nl = text.indexOf('\n');
  return text.slice(0, Math.min(nl === -1 ? text.length : nl, MAX_LINE_CHARS));
}

/** Why a file is not read as text, as an import issue; null for text. */
export function encodingIssue(sniff: EncodingSniff): 'gzip-file' | 'binary-file' | null {
  return sniff.kind === 'gzip' ? 'gzip-file' : sniff.kind === 'binary' ? 'binary-file' : null;
}

/** A CSV row over a reading limit, as an import issue. */
export function csvLimitIssue(issues: IssueLog, limit: CsvLimit): void {
  if (limit.kind === 'line-too-long') issues.add('error', 'line-too-long', limit.line, null, limit.excerpt);
  else issues.add('error', 'too-many-columns', limit.line, null, String(limit.columns));
}

/** Length of the longest prefix of `bytes` that ends on a whole UTF-8 character. */
export function utf8Boundary(bytes: Uint8Array): number {
  const end = bytes.length;
  let j = end;
  while (j > 0 && j > end - 4 && ((bytes[j - 1] as number) & 0xc0) === 0x80) j -= 1;
  if (j === 0) return end;
  const lead = bytes[j - 1] as number;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (need === 1) return end;
  return end - (j - 1) >= need ? end : j - 1;
}

function describeValue(v: unknown): string {
  if (isRecord(v)) return `keys: ${Object.keys(v).slice(0, 8).join(', ')}`;
  if (Array.isArray(v)) return `an array of ${v.length} items`;
  return typeof v;
}

/** A value to the format's parser: each row of a top-level array in a row format, else the value itself. */
function toParser(parser: ValueParser, issues: IssueLog, rowFormat: boolean, value: unknown, line: number): void {
  if (rowFormat && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      issues.rowsRead += 1;
      parser.value(value[i], line, i);
    }
  } else {
    issues.rowsRead += 1;
    parser.value(value, line, null);
  }
}

/** Where JSON Lines go: the format's parser once it is known, the detection before. */
interface LineSink {
  readonly parser: ValueParser | null;
  dispatch(value: unknown, line: number): void;
}

/**
 * Splits decoded text into lines and parses each with the native JSON parser (a broken line
 * with the tolerant one, for its message). `lines` counts every line ended so far, blank ones
 * included, so a later part of the file can number its lines on from it.
 */
function lineFeeder(issues: IssueLog, sink: LineSink, tick: () => void) {
  let lineNo = 0;
  let carry = '';
  let tooLong = false;
  const handleLine = (data: string, start: number, end: number) => {
    lineNo += 1;
    if (end > start && data.charCodeAt(end - 1) === 13) end -= 1;
    if (end <= start) return;
    const line = data.slice(start, end);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (line.trim() === '') return;
      const t = parseTolerant(line);
      if (!t.ok) {
        issues.rowsRead += 1;
        issues.skip(lineNo, 'row-invalid-json', null, `column ${t.problem.column}: ${t.problem.problem}`);
        return;
      }
      value = t.value;
    }
    // The hot path of large logs: once the format is known, a row goes straight to its parser.
    const parser = sink.parser;
    if (parser !== null && !Array.isArray(value)) {
      issues.rowsRead += 1;
      parser.value(value, lineNo, null);
      return;
    }
    sink.dispatch(value, lineNo);
  };
  return {
    get lines(): number {
      return lineNo;
    },
    /** True while a line is cut at the end of the text fed so far. */
    get open(): boolean {
      return carry.length > 0;
    },
    /** True once a line was longer than MAX_LINE_CHARS (an error is logged; nothing more is read). */
    get tooLong(): boolean {
      return tooLong;
    },
    feed(text: string, final: boolean): void {
      if (tooLong) return;
      const data = carry.length > 0 ? carry + text : text;
      let start = 0;
      let sinceReport = 0;
      for (;;) {
        const nl = data.indexOf('\n', start);
        if (nl === -1) break;
        handleLine(data, start, nl);
        start = nl + 1;
        // Progress from inside a chunk too, so a slow (busy) machine still reports in time.
        if (++sinceReport === 4096) {
          sinceReport = 0;
          tick();
        }
      }
      if (data.length - start > MAX_LINE_CHARS) {
        tooLong = true;
        issues.add('error', 'line-too-long', lineNo + 1, null, excerpt(data.slice(start, start + 200)));
        carry = '';
        return;
      }
      carry = data.slice(start);
      if (final && carry.length > 0) {
        const last = carry;
        carry = '';
        handleLine(last, 0, last.length);
      }
    },
  };
}

const NEWLINE = 10;

/**
 * Decodes chunks whole characters at a time and carries a character cut at a chunk's end into
 * the next: a one-shot decode is several times faster than a streaming one in some runtimes.
 */
export class ChunkDecoder {
  private pending: Uint8Array | null = null;
  private utf16: Utf16Decoder | null = null;
  constructor(private readonly decoder: TextDecoderLike) {}

  /** Reads the bytes from now on as `encoding` (UTF-8 until told otherwise). */
  use(encoding: TextEncoding): void {
    this.utf16 = encoding === 'utf-8' ? null : new Utf16Decoder(encoding === 'utf-16be');
  }

  /** True while a character cut at the last chunk's end waits for its other bytes. */
  get open(): boolean {
    return this.pending !== null;
  }

  /** `last`: no bytes follow, so nothing is carried. */
  decode(bytes: Uint8Array, last: boolean): string {
    if (this.utf16) return this.utf16.decode(bytes) + (last ? this.utf16.rest() : '');
    let data = bytes;
    if (this.pending) {
      data = concatBytes([this.pending, bytes], this.pending.length + bytes.length);
      this.pending = null;
    }
    const cut = last ? data.length : utf8Boundary(data);
    if (cut < data.length) this.pending = data.slice(cut);
    return this.decoder.decode(cut < data.length ? data.subarray(0, cut) : data);
  }

  /** What is still carried, decoded as it is (the end of the text). */
  rest(): string {
    if (this.utf16) return this.utf16.rest();
    const rest = this.pending ? this.decoder.decode(this.pending) : '';
    this.pending = null;
    return rest;
  }
}

/**
 * The bytes from `at` up to and including the next newline (or to the end of the file): the rest
 * of a line cut where a part of the file ends. `ended` says the file ended without one.
 */
async function restOfLine(source: ByteSource, at: number): Promise<{ bytes: Uint8Array; ended: boolean }> {
  const pieces: Uint8Array[] = [];
  let total = 0;
  let offset = at;
  // Past this many bytes the line holds more than MAX_LINE_CHARS characters: the reader refuses it.
  const most = 4 * MAX_LINE_CHARS + 4;
  while (offset < source.size && total < most) {
    const bytes = await source.read(offset, Math.min(64 * 1024, source.size - offset));
    if (bytes.length === 0) break;
    const nl = bytes.indexOf(NEWLINE);
    if (nl !== -1) {
      pieces.push(bytes.subarray(0, nl + 1));
      total += nl + 1;
      return { bytes: concatBytes(pieces, total), ended: false };
    }
    pieces.push(bytes);
    total += bytes.length;
    offset += bytes.length;
  }
  return { bytes: concatBytes(pieces, total), ended: offset >= source.size };
}

/**
 * A large JSON Lines file is read in parts at once, one per thread, when the host offers
 * threads and the format's parser can carry its state (`ValueParser.parts`). Part k covers the
 * bytes [from, to): it reads the lines that start there (finishing its last line past `to`) and
 * hashes exactly those bytes. Bounds are multiples of the hash block, so the block digests, and
 * with them the file's hash, are the same as a reading in one piece.
 */
export interface PartRequest {
  from: number;
  to: number;
  format: FormatId;
  /** The share of requests the tables keep, fixed from the file's first chunk (the same in every part). */
  rowRate: number;
}

export interface PartResult {
  /** Lines of the part, blank ones included: the next part's line numbers go on from them. */
  lines: number;
  issues: IssueLogState;
  parser: unknown;
  /** SHA-256 of each hash block of [from, to). */
  digests: Uint8Array[];
  /** The buffers `parser` holds, to be transferred rather than copied between threads. */
  transfer: ArrayBuffer[];
}

export interface PartHandle {
  /** The part's result; `null` when it was cancelled, a message when it failed. */
  result: Promise<PartResult | null | string>;
  cancel(): void;
}

export interface ImportParts {
  /** Parts that can run at the same time as the importing thread's own. */
  helpers: number;
  run(request: PartRequest, progress: (bytes: number, rows: number) => void): PartHandle;
}

/** Files below this are read in one piece (a helper thread's start would cost more than it saves). */
export const SPLIT_MIN_BYTES = 16 * 1024 * 1024;

/** Byte bounds of the parts: multiples of the hash block, increasing, past `readSoFar` and before the end. */
export function partBounds(size: number, parts: number, readSoFar: number): number[] {
  const bounds: number[] = [];
  for (let k = 1; k < parts; k++) {
    const b = Math.round((k * size) / parts / HASH_BLOCK_BYTES) * HASH_BLOCK_BYTES;
    if (b > Math.max(readSoFar, bounds[bounds.length - 1] ?? 0) && b < size) bounds.push(b);
  }
  return bounds;
}

/**
 * Reads one part of a JSON Lines file (see PartRequest) with a fresh parser of the file's format
 * and returns its state, for `importFile` to append. Runs in a helper thread, or in the importing
 * thread when no helper could be started.
 */
export async function importPart(
  source: ByteSource,
  host: Omit<ImportHost, 'progress'>,
  request: PartRequest,
  progress?: (bytes: number, rows: number) => void,
): Promise<PartResult | null | string> {
  const issues = new IssueLog();
  const ctx: FileContext = { name: source.name, size: source.size, hash: '', issues, rowRate: request.rowRate };
  const parser = createParser(request.format, ctx);
  if (!parser?.parts) return `the ${request.format} reader cannot read a file in parts`;
  // As importFile's dispatch once the format is known (only arrays get here).
  const rowFormat = isRowFormat(request.format);
  const sink: LineSink = { parser, dispatch: (value, line) => toParser(parser, issues, rowFormat, value, line) };
  let offset = request.from;
  let lastProgress = Number.NEGATIVE_INFINITY;
  const tick = () => {
    const now = host.now();
    if (now - lastProgress < 100) return;
    lastProgress = now;
    progress?.(offset - request.from, issues.rowsRead);
  };
  const lines = lineFeeder(issues, sink, tick);
  const hasher = new BlockHasher(host);
  const chunks = new ChunkDecoder(host.decoder());
  // The first line belongs to the part before unless the byte before `from` ends a line.
  let skipping = request.from > 0 && (await source.read(request.from - 1, 1))[0] !== NEWLINE;
  try {
    while (offset < request.to) {
      if (host.cancelled?.()) return null;
      const bytes = await source.read(offset, Math.min(CHUNK_BYTES, request.to - offset));
      if (bytes.length === 0) return `no data at byte ${offset}`;
      hasher.push(bytes);
      offset += bytes.length;
      let data = bytes;
      if (skipping) {
        const nl = data.indexOf(NEWLINE);
        if (nl === -1) continue;
        skipping = false;
        data = data.subarray(nl + 1);
      }
      lines.feed(chunks.decode(data, offset >= source.size), false);
      // The line is logged as too long; the file is refused when the parts are put together.
      if (lines.tooLong) break;
      tick();
    }
    if (!skipping && request.to < source.size && (lines.open || chunks.open)) {
      const rest = await restOfLine(source, request.to);
      lines.feed(chunks.decode(rest.bytes, true), rest.ended);
    }
    if (!skipping) lines.feed(chunks.rest(), true);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  const saved = parser.parts.save();
  return { lines: lines.lines, issues: issues.save(), parser: saved.state, digests: await Promise.all(hasher.finish()), transfer: saved.buffers };
}

export async function importFile(source: ByteSource, host: ImportHost, options: ImportOptions = {}): Promise<FileImport> {
  const chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
  const interval = options.progressIntervalMs ?? 100;
  const issues = new IssueLog();
  const ctx: FileContext = { name: source.name, size: source.size, hash: '', issues, tick: () => report(false) };
  const result: FileImport = {
    file: { name: source.name, size: source.size, hash: null, hashAlgorithm: null },
    status: 'failed',
    format: null,
    runs: [],
    tables: [],
    issues: issues.issues,
    issuesOmitted: 0,
    rows: { read: 0, skipped: 0, skippedSamples: issues.skippedSamples },
    csvPreview: null,
    mergedInto: null,
    threads: 1,
  };
  const finish = (status: ImportStatus): FileImport => {
    result.status = status;
    result.issuesOmitted = issues.omitted;
    result.rows.read = issues.rowsRead;
    result.rows.skipped = issues.rowsSkipped;
    return result;
  };
  if (source.size === 0) {
    issues.add('error', 'empty-file', null, null, null);
    return finish('failed');
  }

  let parser: ValueParser | null = null;
  let format: FormatId | null = null;
  const pending: { value: unknown; line: number }[] = [];
  let firstUnrecognised: unknown = undefined;

  const dispatch = (value: unknown, line: number): void => {
    if (!parser) {
      const f = detectValue(value);
      if (f === null) {
        if (firstUnrecognised === undefined) firstUnrecognised = value;
        pending.push({ value, line });
        return;
      }
      format = f;
      parser = createParser(f, ctx);
      if (!parser) return;
      for (const p of pending) issues.skip(p.line, 'row-other-format', null, describeValue(p.value));
      pending.length = 0;
    }
    toParser(parser, issues, format !== null && isRowFormat(format), value, line);
  };

  // ---- the readers, one per mode ----
  let mode: Mode | null = null;
  const sink: LineSink = {
    get parser() {
      return parser;
    },
    dispatch,
  };
  const lines = lineFeeder(issues, sink, () => report(false));
  let json: JsonValueStream | null = null;
  let csv: CsvReader | null = null;
  let csvKind: 'aiperf-csv' | 'genai-perf-csv' | null = null;
  const csvRows: CsvRow[] = [];
  let mapped: MappedCsvParser | null = null;
  let csvHeader: string[] | null = null;
  const previewRows: string[][] = [];

  const start = (head: string): void => {
    const sniff = sniffMode(head);
    mode = sniff.mode;
    if (mode === 'csv-preview' && options.mapping) mode = 'csv-mapped';
    csvKind = sniff.csvKind;
    if (mode === 'document') json = new JsonValueStream({ onValue: dispatch });
    if (mode === 'csv-known') {
      format = csvKind;
      csv = new CsvReader(',', (r) => csvRows.push(r));
    }
    if (mode === 'csv-mapped' && options.mapping) {
      const m = (mapped = mappedCsvParser(ctx, options.mapping));
      format = 'mapped-csv';
      parser = m.parser;
      csv = new CsvReader(options.mapping.delimiter, (r) => {
        if (csvHeader === null) {
          if (r.cells.length === 0) return;
          csvHeader = r.cells;
          m.header(r.cells);
          return;
        }
        if (r.cells.length === 0) return;
        issues.rowsRead += 1;
        m.row(r);
      });
    }
    if (mode === 'csv-preview') {
      const firstLine = firstLineOf(head.replace(/^\uFEFF/, '').trimStart());
      const delimiter = detectDelimiter(firstLine);
      csv = new CsvReader(delimiter, (r) => {
        if (r.cells.length === 0) return;
        if (csvHeader === null) csvHeader = r.cells.map((c) => c.trim());
        else if (previewRows.length < 5) previewRows.push(r.cells);
      });
      result.csvPreview = { delimiter, headers: [], sample: previewRows, suggested: null };
    }
  };
  const push = (text: string, final: boolean): void => {
    switch (mode) {
      case 'lines':
        lines.feed(text, final);
        break;
      case 'document':
        (json as unknown as JsonValueStream).push(text);
        break;
      case 'csv-known':
      case 'csv-mapped':
      case 'csv-preview':
        (csv as unknown as CsvReader).push(text);
        break;
      default:
        break;
    }
  };

  /** True when a line or a CSV row broke a reading limit (its error is logged): the file is not read on. */
  let limitLogged = false;
  const overLimit = (): boolean => {
    const limit = (csv as CsvReader | null)?.limit ?? null;
    if (limit !== null && !limitLogged) {
      limitLogged = true;
      csvLimitIssue(issues, limit);
    }
    return limit !== null || lines.tooLong;
  };

  // ---- the read loop ----
  const chunks = new ChunkDecoder(host.decoder());
  let encoding: TextEncoding = 'utf-8';
  const hasher = new BlockHasher(host);
  let offset = 0;
  let lastProgress = Number.NEGATIVE_INFINITY;
  // Parts of a large JSON Lines file read by helper threads; this thread reads [0, stopAt).
  const helpers: { request: PartRequest; handle: PartHandle; bytes: number; rows: number }[] = [];
  /** Progress of helper k's part (or of that part read here when its helper failed). */
  const partProgress = (k: number) => (bytes: number, rows: number) => {
    const h = helpers[k] as (typeof helpers)[number];
    h.bytes = bytes;
    h.rows = rows;
    report(false);
    if (host.cancelled?.()) for (const other of helpers) other.handle.cancel();
  };
  let stopAt = source.size;
  // A gzip or zlib file is unpacked as it is read (text/packed.ts): `offset` then counts unpacked
  // bytes and `packed.consumed` the file's, which progress shows.
  let packed: PackedReader | null = null;
  /** Compressed bytes of the row groups read, for a Parquet file. */
  let parquetAt: number | null = null;
  const report = (force: boolean) => {
    const now = host.now();
    if (!force && now - lastProgress < interval) return;
    lastProgress = now;
    let bytesRead = packed ? packed.consumed : (parquetAt ?? offset);
    let rows = issues.rowsRead;
    for (const h of helpers) {
      bytesRead += h.bytes;
      rows += h.rows;
    }
    host.progress?.({ fileName: source.name, fileIndex: options.fileIndex ?? 0, fileCount: options.fileCount ?? 1, bytesRead, totalBytes: source.size, rows });
  };
  const stop = (status: 'cancelled' | 'failed', detail: string): FileImport => {
    for (const h of helpers) h.handle.cancel();
    void packed?.close();
    if (status === 'cancelled') issues.add('info', 'cancelled', null, null, detail);
    else issues.add('error', 'read-failed', null, null, detail);
    return finish(status);
  };
  const cancelledAt = () => stop('cancelled', `after ${packed ? packed.consumed : offset} of ${source.size} bytes`);
  /** Starts the helpers once the format is known, when the file is large enough to gain from them. */
  const split = () => {
    const p = parser as ValueParser | null;
    const threads = host.parts;
    // Parts start at byte offsets found by searching for newline bytes: UTF-8 only.
    if (
      mode !== 'lines' ||
      packed !== null ||
      encoding !== 'utf-8' ||
      !p?.parts ||
      !threads ||
      threads.helpers < 1 ||
      format === null ||
      source.size < (options.splitMinBytes ?? SPLIT_MIN_BYTES)
    )
      return;
    const bounds = partBounds(source.size, threads.helpers + 1, offset);
    stopAt = bounds[0] ?? source.size;
    for (const [k, from] of bounds.entries()) {
      const request: PartRequest = { from, to: bounds[k + 1] ?? source.size, format, rowRate: ctx.rowRate ?? 1 };
      helpers.push({ request, handle: threads.run(request, partProgress(k)), bytes: 0, rows: 0 });
    }
  };
  report(true);
  try {
    const head = await source.read(0, Math.min(16, source.size));
    if (isParquet(head)) {
      const outcome = await readParquetRequestRows(source, {
        row: (value, line) => {
          // As the JSON Lines hot path: once the format is known, a row goes straight to its parser.
          if (parser === null) dispatch(value, line);
          else {
            issues.rowsRead += 1;
            parser.value(value, line, null);
          }
        },
        progress: (bytes) => {
          parquetAt = bytes;
          report(false);
        },
        cancelled: () => host.cancelled?.() ?? false,
        // A read lets the thread's messages in (a cancel) while a large row group is read.
        pause: async () => void (await source.read(0, 0)),
      });
      if (!outcome.ok && outcome.cancelled) return cancelledAt();
      if (!outcome.ok) {
        issues.add('error', outcome.code, null, null, outcome.detail);
        return finish('failed');
      }
      // The hash is of the file's bytes, read once more in order (a Parquet file is compact).
      for (let at = 0; at < source.size;) {
        const bytes = await source.read(at, Math.min(chunkBytes, source.size - at));
        if (bytes.length === 0) return stop('failed', `no data at byte ${at}`);
        hasher.push(bytes);
        at += bytes.length;
      }
      parquetAt = source.size;
      offset = stopAt;
    }
    const opened = isParquet(head) ? { reader: null, note: null } : openPacked(source, head, host.unpack, chunkBytes);
    if (opened === 'no-unpacker') {
      issues.add('error', 'gzip-file', null, null, null);
      return finish('failed');
    }
    if (opened.note !== null) issues.add('warning', 'not-packed', null, null, opened.note);
    packed = opened.reader;
  } catch (e) {
    return stop('failed', e instanceof Error ? e.message : String(e));
  }
  let stoppedEarly = false;
  let firstChunk = true;
  while (packed !== null || offset < stopAt) {
    if (host.cancelled?.()) return cancelledAt();
    let bytes: Uint8Array | null;
    try {
      bytes = packed ? await packed.next() : await source.read(offset, Math.min(chunkBytes, stopAt - offset));
    } catch (e) {
      return stop('failed', e instanceof Error ? e.message : String(e));
    }
    // The end of the unpacked data, or where it broke off (logged below).
    if (bytes === null) break;
    if (bytes.length === 0) return stop('failed', `no data at byte ${offset}`);
    hasher.push(bytes);
    offset += bytes.length;
    if (firstChunk) {
      const sniff = sniffEncoding(bytes);
      const notText = encodingIssue(sniff);
      if (notText !== null) {
        issues.add('error', notText, null, null, packed ? `the unpacked ${packed.packing} content` : null);
        void packed?.close();
        return finish('failed');
      }
      if (sniff.kind === 'text') encoding = sniff.encoding;
      chunks.use(encoding);
    }
    let text = chunks.decode(bytes, packed === null && offset >= source.size);
    if (mode === null) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      start(text);
      if (mode === 'unknown') {
        issues.add('error', 'unrecognised-format', 1, null, excerpt(text));
        void packed?.close();
        return finish('failed');
      }
      // One request per line: a log too large for a complete table keeps a sample (request-table.ts).
      if (mode === 'lines' || mode === 'csv-mapped') ctx.rowRate = sampleRate(source.size, bytes, options.tableRows);
    }
    push(text, false);
    if (overLimit()) {
      void packed?.close();
      return finish('failed');
    }
    if (firstChunk) split();
    firstChunk = false;
    report(false);
    if (mode === 'csv-preview' && csvHeader !== null && previewRows.length >= 5) {
      stoppedEarly = true;
      void packed?.close();
      break;
    }
    if (host.cancelled?.()) return cancelledAt();
  }
  // The rows before the break are kept, as for a text file cut off; the file is 'partial'.
  if (packed?.problem) {
    issues.add('error', 'packed-damaged', null, null, describePackedProblem(packed.packing, packed.problem, source.size));
    if (mode === null) return finish('failed');
  }
  const partDigests: Uint8Array[] = [];
  if (helpers.length > 0) {
    // Finish the line cut at stopAt, then append the helpers' parts in file order.
    if (lines.open || chunks.open) {
      const rest = await restOfLine(source, stopAt);
      lines.feed(chunks.decode(rest.bytes, true), rest.ended);
    }
    let shift = lines.lines;
    for (const [k, h] of helpers.entries()) {
      let part = await h.handle.result;
      // A helper that failed (a thread that could not start) is read here instead.
      if (typeof part === 'string') part = await importPart(source, host, h.request, partProgress(k));
      else if (part !== null) result.threads += 1;
      if (part === null || host.cancelled?.()) return cancelledAt();
      if (typeof part === 'string') return stop('failed', part);
      issues.absorb(part.issues, shift);
      (parser as unknown as ValueParser).parts?.absorb(part.parser, shift);
      shift += part.lines;
      partDigests.push(...part.digests);
      offset = h.request.to;
      h.bytes = 0;
      report(false);
    }
    if (issues.count('line-too-long') > 0) return finish('failed');
  } else if (!stoppedEarly) push(chunks.rest(), true);
  report(true);
  if (overLimit()) return finish('failed');

  // ---- end of text ----
  if (mode === 'document' && json) {
    const end = (json as JsonValueStream).end();
    if (end.error) issues.add('error', 'invalid-json', end.error.line, null, `column ${end.error.column}: ${end.error.problem}`);
    else if (end.truncated) issues.add('error', 'truncated', end.salvagedLine, null, null);
    if (end.salvaged !== undefined) dispatch(end.salvaged, end.salvagedLine);
    if (end.shortenedStrings > 0) issues.add('info', 'strings-shortened', null, null, `${end.shortenedStrings} strings`);
  }
  if (csv && mode !== 'csv-preview') {
    const { unterminatedQuote } = (csv as CsvReader).end();
    if (overLimit()) return finish('failed');
    if (unterminatedQuote) issues.add('warning', 'truncated', null, null, 'an opening quote is never closed');
  }
  if (mode === 'csv-preview') {
    if (!stoppedEarly) (csv as unknown as CsvReader).end();
    if (overLimit()) return finish('failed');
    const preview = result.csvPreview as CsvPreview;
    preview.headers = csvHeader ?? [];
    preview.suggested = suggestMapping(preview.headers, preview.delimiter);
    issues.add('info', 'needs-column-mapping', 1, null, preview.headers.slice(0, 12).join(', '));
    return finish('needs-mapping');
  }

  let parsed: ParsedRun[] = [];
  if (mode === 'csv-known' && csvKind) {
    result.format = csvKind;
    parsed = [{ run: aiperfCsvRun(ctx, csvRows, csvKind), table: null }];
  } else if (parser) {
    parsed = (parser as ValueParser).finish();
    result.format = format;
  } else {
    const what = firstUnrecognised === undefined ? 'no JSON value' : describeValue(firstUnrecognised);
    issues.add('error', 'unrecognised-format', pending[0]?.line ?? 1, null, what);
  }
  void mapped;

  report(false);
  const { hash, algorithm } = await finalHash(host, [...hasher.finish(), ...partDigests.map((d) => Promise.resolve(d))]);
  result.file.hash = hash;
  result.file.hashAlgorithm = algorithm;
  for (const p of parsed) {
    p.run.source.fileHash = hash;
    p.run.id = `${hash.slice(0, 16)}-${p.run.source.index}`;
    result.runs.push(p.run);
    if (p.table) result.tables.push({ runId: p.run.id, table: p.table });
  }
  if (result.runs.length === 0 && !issues.issues.some((i) => i.code === 'unrecognised-format')) issues.add('error', 'no-runs', null, null, null);
  const damaged = issues.rowsSkipped > 0 || issues.issues.some((i) => i.severity === 'error' || i.code === 'truncated');
  report(true);
  return finish(result.runs.length === 0 ? 'failed' : damaged ? 'partial' : 'ok');
}
