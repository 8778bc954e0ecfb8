import type { FileContext, ValueParser } from './common';
import type { FlatRowReader } from './flat-row';
import type { BlockOutlet } from './request-table';
import { createParser, isRowFormat } from './detect';
import { IssueLog } from './issues';
import type { FormatId } from './run-schema';
import { parseTolerant } from './json-stream';
import {
  CHUNK_BYTES,
  HASH_BLOCK_BYTES,
  type ByteSource,
  type ImportHost,
  type PartRequest,
  type PartLimit,
  type PartResult,
  type StreamPartRequest,
  type TextDecoderLike,
} from './import-contract';
import { Utf16Decoder, type TextEncoding } from '../text/encoding';
import { excerpt, MAX_LINE_CHARS } from '../text/limits';
import { readParquetRequestRows } from './formats/parquet-rows';
import { concatBytes } from '../text/packed';
import { encodeUtf8 } from '../text/utf8';

/*
 * The stream half of the import: bytes to whole characters (ChunkDecoder), text to JSON Lines
 * (lineFeeder), the content hash taken as the bytes pass (BlockHasher), and a part of a large
 * log read on its own (importPart) for a helper thread.
 */

function hex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += (bytes[i] as number).toString(16).padStart(2, '0');
  return s;
}

/** Cuts the byte stream into 4 MiB blocks and starts a SHA-256 of each as soon as it is full. */
export class BlockHasher {
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

export async function finalHash(host: ImportHost, digests: Promise<Uint8Array>[]): Promise<{ hash: string; algorithm: 'sha256' | 'sha256-of-4mib-blocks' }> {
  const parts = await Promise.all(digests);
  if (parts.length === 1) return { hash: hex(parts[0] as Uint8Array), algorithm: 'sha256' };
  const all = new Uint8Array(parts.length * 32);
  parts.forEach((p, i) => all.set(p.subarray(0, 32), i * 32));
  return { hash: hex(await host.sha256(all)), algorithm: 'sha256-of-4mib-blocks' };
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

/** A value to the format's parser: each row of a top-level array in a row format, else the value itself. */
export function toParser(parser: ValueParser, issues: IssueLog, rowFormat: boolean, value: unknown, line: number): void {
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
export interface LineSink {
  readonly parser: ValueParser | null;
  dispatch(value: unknown, line: number): void;
}

/**
 * Splits decoded text into lines and parses each with the native JSON parser (a broken line
 * with the tolerant one, for its message). `lines` counts every line ended so far, blank ones
 * included, so a later part of the file can number its lines on from it.
 */
export type LineFeeder = ReturnType<typeof lineFeeder>;

export function lineFeeder(issues: IssueLog, sink: LineSink, tick: () => void, decoder?: TextDecoderLike) {
  let lineNo = 0;
  let carry = '';
  let tooLong = false;
  /** In bytes mode (see `bytes`), the start of the line cut at the end of the bytes fed so far; null in text mode. */
  let raw: Uint8Array | null = null;
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
  /** A line given as UTF-8 bytes (line break excluded): the parser's flat-row reader, else decoded and read as above. */
  const byteLine = (b: Uint8Array, start: number, end: number) => {
    let e = end;
    if (e > start && b[e - 1] === 13) e -= 1;
    const parser = sink.parser;
    const flat = parser?.rowBytes;
    if (e > start && flat !== undefined && flat.read(b, start, e)) {
      lineNo += 1;
      issues.rowsRead += 1;
      (parser as ValueParser).value(flat.row, lineNo, null);
      return;
    }
    textLine(b, start, end);
  };
  /** A line of bytes the flat-row reader declined: decoded and read as text. */
  const textLine = (b: Uint8Array, start: number, end: number) => {
    const text = decodeLine(decoder as TextDecoderLike, b, start, end);
    handleLine(text, 0, text.length);
  };
  /** After bytes were fed: the line cut at their end is refused once it is longer than MAX_LINE_CHARS characters (as in text mode). */
  const checkLength = (cut: Uint8Array) => {
    if (cut.length <= MAX_LINE_CHARS) return;
    const text = (decoder as TextDecoderLike).decode(cut.subarray(0, utf8Boundary(cut)));
    if (text.length <= MAX_LINE_CHARS) return;
    tooLong = true;
    issues.add('error', 'line-too-long', lineNo + 1, null, excerpt(text.slice(0, 200)));
    raw = EMPTY;
  };
  const feedBytes = (bytes: Uint8Array, final: boolean): void => {
    if (tooLong) return;
    let cut = raw as Uint8Array;
    let start = 0;
    if (cut.length > 0) {
      const nl = bytes.indexOf(NEWLINE);
      const joined = concatBytes([cut, bytes.subarray(0, nl === -1 ? bytes.length : nl)], cut.length + (nl === -1 ? bytes.length : nl));
      if (nl === -1) {
        cut = joined;
        start = bytes.length;
      } else {
        byteLine(joined, 0, joined.length);
        cut = EMPTY;
        start = nl + 1;
      }
    }
    let sinceReport = 0;
    // In bytes mode the parser has a flat-row reader (`bytes` below): a line it reads whole is
    // found and read in one pass; any other line is cut at its line feed and goes the usual way.
    const parser = sink.parser;
    const flat = parser?.rowBytes;
    for (;;) {
      const read = flat !== undefined ? flat.readLine(bytes, start, bytes.length) : -1;
      if (read >= 0) {
        lineNo += 1;
        issues.rowsRead += 1;
        (parser as ValueParser).value((flat as FlatRowReader).row, lineNo, null);
        start = read + 1;
      } else {
        const nl = bytes.indexOf(NEWLINE, start);
        if (nl === -1) break;
        textLine(bytes, start, nl);
        start = nl + 1;
      }
      if (++sinceReport === 4096) {
        sinceReport = 0;
        tick();
      }
    }
    if (start < bytes.length) cut = cut.length > 0 ? concatBytes([cut, bytes.subarray(start)], cut.length + bytes.length - start) : bytes.slice(start);
    raw = cut;
    checkLength(cut);
    if (tooLong) return;
    if (final && cut.length > 0) {
      raw = EMPTY;
      byteLine(cut, 0, cut.length);
    }
  };
  return {
    get lines(): number {
      return lineNo;
    },
    /** True while a line is cut at the end of the text fed so far. */
    get open(): boolean {
      return raw !== null ? raw.length > 0 : carry.length > 0;
    },
    /**
     * Reads the lines from now on as UTF-8 bytes (`feedBytes`) when the format's parser has a
     * flat-row reader (and a decoder was given for the lines it declines); `pending` gives the
     * start of a character cut at the last chunk's end (ChunkDecoder.takePending), asked only when
     * the feeder switches. False: stays text.
     */
    bytes(pending: () => Uint8Array | null): boolean {
      if (raw !== null) return true;
      if (decoder === undefined || sink.parser?.rowBytes === undefined || tooLong) return false;
      const head = encodeUtf8(carry);
      const cut = pending();
      raw = cut ? concatBytes([head, cut], head.length + cut.length) : head;
      carry = '';
      return true;
    },
    /** UTF-8 bytes, in bytes mode (`bytes`). */
    feedBytes,
    /** Counts `n` lines read elsewhere (a part) before the text fed from now on. */
    advance(n: number): void {
      lineNo += n;
    },
    /** The start of the line cut at the end of the text fed so far, handed to whoever reads on (it is not read here). */
    takeCut(): string {
      if (raw !== null) {
        const text = raw.length > 0 ? (decoder as TextDecoderLike).decode(raw) : '';
        raw = EMPTY;
        return text;
      }
      const cut = carry;
      carry = '';
      return cut;
    },
    /** True once a line was longer than MAX_LINE_CHARS (an error is logged; nothing more is read). */
    get tooLong(): boolean {
      return tooLong;
    },
    feed(text: string, final: boolean): void {
      if (tooLong) return;
      if (raw !== null) {
        feedBytes(text.length > 0 ? encodeUtf8(text) : EMPTY, final);
        return;
      }
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

export const NEWLINE = 10;
const EMPTY = new Uint8Array(0);

/** A line's bytes as text; a byte order mark at its start is kept (as when the chunk around it is decoded). */
function decodeLine(decoder: TextDecoderLike, b: Uint8Array, start: number, end: number): string {
  if (end - start >= 3 && b[start] === 0xef && b[start + 1] === 0xbb && b[start + 2] === 0xbf) return `\ufeff${decoder.decode(b.subarray(start + 3, end))}`;
  return decoder.decode(b.subarray(start, end));
}

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

  /** The bytes of a character cut at the last chunk's end, handed to whoever reads on (UTF-8 only). */
  takePending(): Uint8Array | null {
    const pending = this.pending;
    this.pending = null;
    return pending;
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
export async function restOfLine(source: ByteSource, at: number): Promise<{ bytes: Uint8Array; ended: boolean }> {
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

/** Byte bounds of the parts: multiples of the hash block, increasing, past `readSoFar` and before the end. */
export function partBounds(size: number, parts: number, readSoFar: number): number[] {
  const bounds: number[] = [];
  for (let k = 1; k < parts; k++) {
    const b = Math.round((k * size) / parts / HASH_BLOCK_BYTES) * HASH_BLOCK_BYTES;
    if (b > Math.max(readSoFar, bounds[bounds.length - 1] ?? 0) && b < size) bounds.push(b);
  }
  return bounds;
}

/** A part's own parser of the file's format, its log, and where its lines go (as importFile's once the format is known). */
interface PartReader {
  issues: IssueLog;
  parser: ValueParser & { parts: NonNullable<ValueParser['parts']> };
  sink: LineSink;
}

/** A fresh reader for a part; a message when the format's parser cannot carry its state between threads. */
function partReader(name: string, size: number, request: { format: FormatId; rowRate: number }, outlet?: BlockOutlet): PartReader | string {
  const issues = new IssueLog();
  const ctx: FileContext = { name, size, hash: '', issues, rowRate: request.rowRate };
  if (outlet) ctx.blocks = outlet;
  const parser = createParser(request.format, ctx);
  if (!parser?.parts) return `the ${request.format} reader cannot read a file in parts`;
  const withParts = parser as PartReader['parser'];
  // Only arrays of a row format reach dispatch: other values go straight to the parser.
  const rowFormat = isRowFormat(request.format);
  return { issues, parser: withParts, sink: { parser, dispatch: (value, line) => toParser(withParts, issues, rowFormat, value, line) } };
}

/** What a part gives back: its parser's state (buffers to transfer), its log, its line count. */
function partResult(reader: PartReader, lines: number, digests: Uint8Array[]): PartResult {
  const saved = reader.parser.parts.save();
  return { lines, issues: reader.issues.save(), parser: saved.state, digests, transfer: saved.buffers };
}

/** `report(…args)` at most every 100 ms. */
function paced<A extends unknown[]>(host: Pick<ImportHost, 'now'>, report: (...args: A) => void): (...args: A) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (...args) => {
    const now = host.now();
    if (now - last < 100) return;
    last = now;
    report(...args);
  };
}

/**
 * Lowers a running part's end to the first hash-block bound at or past both `to` and what the
 * part has read or asked to read (never above its end); returns the new end.
 */
export function shortenPart(limit: PartLimit, to: number): number {
  const bound = Math.ceil(Math.max(to, limit.at) / HASH_BLOCK_BYTES) * HASH_BLOCK_BYTES;
  limit.to = Math.min(limit.to, bound);
  return limit.to;
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
  /** The part's end as it is now (`shortenPart` may lower it while the part runs). */
  limit: PartLimit = { to: request.to, at: request.from },
  /** Where the part's tables send their full blocks while it reads (a helper thread's); absent: kept to the end. */
  outlet?: BlockOutlet,
): Promise<PartResult | null | string> {
  const reader = partReader(source.name, source.size, request, outlet);
  if (typeof reader === 'string') return reader;
  if (request.rowGroups) return importParquetPart(source, host, reader, request.rowGroups, progress);
  const { issues, sink } = reader;
  let offset = request.from;
  const tick = paced(host, () => progress?.(offset - request.from, issues.rowsRead));
  const lines = lineFeeder(issues, sink, tick, host.decoder());
  const hasher = new BlockHasher(host);
  const chunks = new ChunkDecoder(host.decoder());
  // Parts are UTF-8 (importFile splits no other): bytes straight to the rows where the format's parser can.
  const asBytes = lines.bytes(() => null);
  // The first line belongs to the part before unless the byte before `from` ends a line.
  let skipping = request.from > 0 && (await source.read(request.from - 1, 1))[0] !== NEWLINE;
  try {
    while (offset < limit.to) {
      if (host.cancelled?.()) return null;
      // What the part has asked for counts as read: asked to end sooner while this read is on its
      // way, it ends at a bound past it (ending before it would read those bytes twice).
      limit.at = offset + Math.min(CHUNK_BYTES, limit.to - offset);
      const bytes = await source.read(offset, limit.at - offset);
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
      if (asBytes) lines.feedBytes(data, false);
      else lines.feed(chunks.decode(data, offset >= source.size), false);
      // The line is logged as too long; the file is refused when the parts are put together.
      if (lines.tooLong) break;
      tick();
    }
    if (!skipping && limit.to < source.size && (lines.open || chunks.open)) {
      const rest = await restOfLine(source, limit.to);
      if (asBytes) lines.feedBytes(rest.bytes, rest.ended);
      else lines.feed(chunks.decode(rest.bytes, true), rest.ended);
    }
    if (!skipping) lines.feed(chunks.rest(), true);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return partResult(reader, lines.lines, await Promise.all(hasher.finish()));
}

/**
 * The helper's side of a part fed as bytes (ImportParts.stream): the lines of the bytes handed
 * over, in order, with a fresh parser of the file's format. The first byte starts a line; the
 * bytes are not hashed here (the importing thread hashes them as it unpacks). The text after the
 * last newline is returned unread (`rest`).
 */
export function streamPart(
  host: Pick<ImportHost, 'decoder'>,
  name: string,
  request: StreamPartRequest,
  outlet?: BlockOutlet,
): { feed(bytes: Uint8Array): void; end(): PartResult | string; readonly rows: number } {
  const reader = partReader(name, 0, request, outlet);
  if (typeof reader === 'string') return { rows: 0, feed: () => undefined, end: () => reader };
  const lines = lineFeeder(reader.issues, reader.sink, () => undefined, host.decoder());
  const chunks = new ChunkDecoder(host.decoder());
  const asBytes = lines.bytes(() => null);
  return {
    get rows(): number {
      return reader.issues.rowsRead;
    },
    feed(bytes) {
      if (lines.tooLong) return;
      if (asBytes) lines.feedBytes(bytes, false);
      else lines.feed(chunks.decode(bytes, false), false);
    },
    end() {
      // The last line, cut or not, goes back: the importing thread reads it after anything it logs about the stream's end.
      const rest = lines.takeCut() + chunks.rest();
      return { ...partResult(reader, lines.lines, []), rest };
    },
  };
}

/** A part of a Parquet request log: its row groups, each row to the part's parser as in importFile (rows keep the whole file's numbers). */
async function importParquetPart(
  source: ByteSource,
  host: Omit<ImportHost, 'progress'>,
  reader: PartReader,
  groups: { from: number; to: number },
  progress?: (bytes: number, rows: number) => void,
): Promise<PartResult | null | string> {
  const { issues, parser } = reader;
  const outcome = await readParquetRequestRows(
    source,
    {
      row: (value, line) => {
        issues.rowsRead += 1;
        parser.value(value, line, null);
      },
      progress: paced(host, (bytes: number) => progress?.(bytes, issues.rowsRead)),
      cancelled: () => host.cancelled?.() ?? false,
      pause: async () => void (await source.read(0, 0)),
    },
    groups,
  );
  if (!outcome.ok && outcome.cancelled) return null;
  const result = partResult(reader, 0, []);
  if (!outcome.ok) result.failed = { code: outcome.code, detail: outcome.detail };
  return result;
}
