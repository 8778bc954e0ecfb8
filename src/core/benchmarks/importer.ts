import type { FileContext, ValueParser } from './common';
import {
  CHUNK_BYTES,
  HASH_BLOCK_BYTES,
  SPLIT_MIN_BYTES,
  type ByteSource,
  type FileImport,
  type ImportHost,
  type ImportOptions,
  type ImportStatus,
  type PartHandle,
  type PartRequest,
  type PartResult,
  type StreamPartHandle,
} from './import-contract';
import { endText, keepRuns } from './import-finish';
import { encodingIssue, TextReaders } from './import-sniff';
import { BlockHasher, ChunkDecoder, importPart, partBounds, restOfLine } from './import-stream';
import { IssueLog } from './issues';
import { sampleRate } from './request-table';
import { readParquetRequestRows } from './formats/parquet-rows';
import { sniffEncoding, type TextEncoding } from '../text/encoding';
import { excerpt } from '../text/limits';
import { encodeUtf8 } from '../text/utf8';
import { describePackedProblem, openPacked, type PackedReader } from '../text/packed';
import { isParquet } from '../text/parquet';

/**
 * Streaming import of one benchmark result file. The file is read in chunks (1 MiB), decoded
 * incrementally and parsed as it arrives: JSON Lines line by line with the native parser, other
 * JSON with the incremental reader, CSV row by row, Parquet by row group. Between chunks the
 * import reports progress and checks for cancellation, so it can run in a worker with a progress
 * bar and a cancel button. Pure: reading bytes, decoding, hashing and the clock come from the host.
 *
 * Three steps, each in its own module: sniff (import-sniff.ts: what the first chunk is, and the
 * readers for the rest), stream (import-stream.ts: decoding, lines, hashing, the parts a helper
 * thread reads), finish (import-finish.ts: the end of the text, the runs, the hash, the status).
 * This file holds the loop that joins them: progress, cancel and the parts of a large log.
 */
export async function importFile(source: ByteSource, host: ImportHost, options: ImportOptions = {}): Promise<FileImport> {
  const reading = new FileReading(source, host, options);
  const { issues, result } = reading;
  if (source.size === 0) {
    issues.add('error', 'empty-file', null, null, null);
    return reading.finish('failed');
  }
  reading.report(true);
  try {
    const head = await source.read(0, Math.min(16, source.size));
    if (isParquet(head)) {
      const done = await reading.readParquet();
      if (done) return done;
    }
    const opened = isParquet(head) ? { reader: null, note: null } : openPacked(source, head, host.unpack, reading.chunkBytes);
    if (opened === 'no-unpacker') {
      issues.add('error', 'gzip-file', null, null, null);
      return reading.finish('failed');
    }
    if (opened.note !== null) issues.add('warning', 'not-packed', null, null, opened.note);
    reading.packed = opened.reader;
  } catch (e) {
    return reading.stop('failed', e instanceof Error ? e.message : String(e));
  }
  const streamed = await reading.stream();
  if (!(streamed instanceof TextReaders)) return streamed;
  const end = endText(streamed, reading.ctx, result, reading.stoppedEarly);
  if ('status' in end) return reading.finish(end.status);
  reading.report(false);
  const status = await keepRuns(host, issues, result, end.runs, reading.digests());
  reading.report(true);
  return reading.finish(status);
}

/** A helper thread's part of a large JSON Lines file, with its progress. */
interface Helper {
  request: PartRequest;
  handle: PartHandle;
  bytes: number;
  rows: number;
}

/** The helper that parses a compressed file's lines after its first chunk, while this thread unpacks and hashes. */
interface Fed {
  handle: StreamPartHandle;
  rows: number;
  /** Unpacked bytes not yet handed over, and their length. */
  batch: Uint8Array[];
  batched: number;
}

/** The state of one file's import between its steps: where the reading is, progress, cancel, the parts. */
class FileReading {
  readonly issues = new IssueLog();
  readonly ctx: FileContext;
  readonly result: FileImport;
  readonly chunkBytes: number;
  readers: TextReaders | null = null;
  /** A gzip or zlib file is unpacked as it is read (text/packed.ts): `offset` then counts unpacked bytes. */
  packed: PackedReader | null = null;
  /** True when a CSV preview had what it needed before the end of the file. */
  stoppedEarly = false;
  private readonly hasher: BlockHasher;
  private readonly chunks: ChunkDecoder;
  /** The chunks after the first go to the lines as bytes (LineFeeder.bytes). */
  private asBytes = false;
  /** Bytes read of the rest of a helper's part that this thread took over (`takeRest`). */
  private restBytes = 0;
  private encoding: TextEncoding = 'utf-8';
  private offset = 0;
  /** This thread reads [0, stopAt); helper threads read the parts after it. */
  private stopAt: number;
  private readonly helpers: Helper[] = [];
  private fed: Fed | null = null;
  private readonly partDigests: Uint8Array[] = [];
  /** Compressed bytes of the row groups read, for a Parquet file. */
  private parquetAt: number | null = null;
  private lastProgress = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly source: ByteSource,
    private readonly host: ImportHost,
    private readonly options: ImportOptions,
  ) {
    this.chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
    this.stopAt = source.size;
    this.hasher = new BlockHasher(host);
    this.chunks = new ChunkDecoder(host.decoder());
    this.ctx = { name: source.name, size: source.size, hash: '', issues: this.issues, tick: () => this.report(false) };
    this.result = {
      file: { name: source.name, size: source.size, hash: null, hashAlgorithm: null },
      status: 'failed',
      format: null,
      runs: [],
      tables: [],
      issues: this.issues.issues,
      issuesOmitted: 0,
      rows: { read: 0, skipped: 0, skippedSamples: this.issues.skippedSamples },
      csvPreview: null,
      mergedInto: null,
      threads: 1,
    };
  }

  finish(status: ImportStatus): FileImport {
    const { result, issues } = this;
    result.status = status;
    result.issuesOmitted = issues.omitted;
    result.rows.read = issues.rowsRead;
    result.rows.skipped = issues.rowsSkipped;
    return result;
  }

  report(force: boolean): void {
    const now = this.host.now();
    if (!force && now - this.lastProgress < (this.options.progressIntervalMs ?? 100)) return;
    this.lastProgress = now;
    let bytesRead = this.packed ? this.packed.consumed : (this.parquetAt ?? this.offset);
    let rows = this.issues.rowsRead + (this.fed?.rows ?? 0);
    for (const h of this.helpers) {
      bytesRead += h.bytes;
      rows += h.rows;
    }
    bytesRead += this.restBytes;
    const { options, source } = this;
    this.host.progress?.({
      fileName: source.name,
      fileIndex: options.fileIndex ?? 0,
      fileCount: options.fileCount ?? 1,
      bytesRead,
      totalBytes: source.size,
      rows,
    });
  }

  stop(status: 'cancelled' | 'failed', detail: string): FileImport {
    for (const h of this.helpers) h.handle.cancel();
    this.fed?.handle.cancel();
    void this.packed?.close();
    if (status === 'cancelled') this.issues.add('info', 'cancelled', null, null, detail);
    else this.issues.add('error', 'read-failed', null, null, detail);
    return this.finish(status);
  }

  private cancelled(): boolean {
    return this.host.cancelled?.() ?? false;
  }

  private cancelledAt(): FileImport {
    return this.stop('cancelled', `after ${this.packed ? this.packed.consumed : this.offset} of ${this.source.size} bytes`);
  }

  /** The hash blocks' digests: this thread's, then the helpers' in file order. */
  digests(): Promise<Uint8Array>[] {
    return [...this.hasher.finish(), ...this.partDigests.map((d) => Promise.resolve(d))];
  }

  /** A Parquet request log, row group by row group; then its bytes once more in order, for the hash. Returns the result when the file ends here. */
  async readParquet(): Promise<FileImport | null> {
    const { source, issues } = this;
    const outcome = await readParquetRequestRows(source, {
      row: (value, line) => {
        const parser = this.readers?.parser ?? null;
        // As the JSON Lines hot path: once the format is known, a row goes straight to its parser.
        // Before, a row may be held until the format is known: a copy (the reader reuses its object).
        if (parser === null) this.rowReaders().dispatch({ ...value }, line);
        else {
          issues.rowsRead += 1;
          parser.value(value, line, null);
        }
      },
      progress: (bytes) => {
        this.parquetAt = bytes;
        this.report(false);
      },
      cancelled: () => this.cancelled(),
      // A read lets the thread's messages in (a cancel) while a large row group is read.
      pause: async () => void (await source.read(0, 0)),
      split: (groups) => this.splitParquet(groups),
    });
    if (!outcome.ok && outcome.cancelled) return this.cancelledAt();
    if (!outcome.ok) {
      for (const h of this.helpers) h.handle.cancel();
      issues.add('error', outcome.code, null, null, outcome.detail);
      return this.finish('failed');
    }
    // The hash is of the file's bytes, read once more in order (while the helpers read their groups).
    for (let at = 0; at < source.size;) {
      const bytes = await source.read(at, Math.min(this.chunkBytes, source.size - at));
      if (bytes.length === 0) return this.stop('failed', `no data at byte ${at}`);
      this.hasher.push(bytes);
      at += bytes.length;
    }
    const appended = await this.appendParquetParts();
    if (appended) return appended;
    this.parquetAt = source.size;
    this.offset = this.stopAt;
    return null;
  }

  /**
   * Hands the row groups after this thread's to helpers, once the first row has told the format:
   * the file's groups are cut into one contiguous run per thread, this thread's first (it holds
   * the first group already), each ending at the group boundary nearest to an equal share of the
   * rows. Returns the group at which this thread stops.
   */
  private splitParquet(groups: readonly { rowStart: number; rowEnd: number }[]): number {
    const parser = this.readers?.parser ?? null;
    const format = this.readers?.format ?? null;
    const threads = this.host.parts;
    if (!parser?.parts || format === null || !threads || threads.helpers < 1) return groups.length;
    if (this.source.size < (this.options.splitMinBytes ?? SPLIT_MIN_BYTES)) return groups.length;
    const runs = Math.min(threads.helpers + 1, groups.length);
    if (runs < 2) return groups.length;
    const bounds = rowBalancedRuns(groups, runs);
    for (let k = 1; k < bounds.length - 1; k++) {
      const request: PartRequest = {
        from: 0,
        to: 0,
        format,
        rowRate: this.ctx.rowRate ?? 1,
        rowGroups: { from: bounds[k] as number, to: bounds[k + 1] as number },
      };
      this.helpers.push({ request, handle: threads.run(request, this.partProgress(k - 1)), bytes: 0, rows: 0 });
    }
    return bounds[1] as number;
  }

  /** Appends the helpers' row groups in file order (rows keep the whole file's numbers); the result when the file ends here. */
  private async appendParquetParts(): Promise<FileImport | null> {
    const parser = this.readers?.parser ?? null;
    for (const [k, h] of this.helpers.entries()) {
      const part = await this.collect(k);
      if ('status' in part) return part;
      this.issues.absorb(part.issues, 0);
      parser?.parts?.absorb(part.parser, 0, part.blocks);
      h.bytes = 0;
      if (part.failed) {
        for (const later of this.helpers.slice(k + 1)) later.handle.cancel();
        this.issues.add('error', part.failed.code, null, null, part.failed.detail);
        return this.finish('failed');
      }
      this.report(false);
    }
    this.helpers.length = 0;
    return null;
  }

  /** Readers of values that come as rows (Parquet), or of no text at all (an empty unpacked stream). */
  private rowReaders(): TextReaders {
    this.readers ??= new TextReaders(this.ctx, null, null, () => this.report(false));
    return this.readers;
  }

  /** The read loop: chunks to the readers (and the parts to the helpers) until the end; the readers when the text is ready to end. */
  async stream(): Promise<FileImport | TextReaders> {
    const { source, issues } = this;
    let firstChunk = true;
    while (this.packed !== null || this.offset < this.stopAt) {
      if (this.cancelled()) return this.cancelledAt();
      let bytes: Uint8Array | null;
      try {
        bytes = this.packed ? await this.packed.next() : await source.read(this.offset, Math.min(this.chunkBytes, this.stopAt - this.offset));
      } catch (e) {
        return this.stop('failed', e instanceof Error ? e.message : String(e));
      }
      // The end of the unpacked data, or where it broke off (logged below).
      if (bytes === null) break;
      if (bytes.length === 0) return this.stop('failed', `no data at byte ${this.offset}`);
      this.hasher.push(bytes);
      this.offset += bytes.length;
      if (firstChunk) {
        const refused = this.sniffBytes(bytes);
        if (refused) return refused;
      }
      if (this.fed) {
        await this.feed(bytes, false);
        this.report(false);
        continue;
      }
      if (this.asBytes) {
        const readers = this.readers as TextReaders;
        readers.lines.feedBytes(bytes, false);
        this.report(false);
        if (readers.overLimit()) {
          void this.packed?.close();
          return this.finish('failed');
        }
        continue;
      }
      let text = this.chunks.decode(bytes, this.packed === null && this.offset >= source.size);
      if (this.readers === null) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        const readers = (this.readers = new TextReaders(this.ctx, text, this.options.mapping, () => this.report(false), this.host.decoder()));
        this.result.csvPreview = readers.preview;
        if (readers.mode === 'unknown') {
          issues.add('error', 'unrecognised-format', 1, null, excerpt(text));
          void this.packed?.close();
          return this.finish('failed');
        }
        if (readers.rowsPerLine) this.ctx.rowRate = sampleRate(source.size, bytes, this.options.tableRows);
      }
      const readers = this.readers;
      readers.push(text, false);
      if (readers.overLimit()) {
        void this.packed?.close();
        return this.finish('failed');
      }
      if (firstChunk) {
        this.split();
        this.splitStream();
      }
      // UTF-8 JSON Lines of a format with a flat-row reader: the following chunks go to the rows as bytes.
      if (!this.fed && !this.asBytes && readers.mode === 'lines' && this.encoding === 'utf-8' && !readers.lines.tooLong)
        this.asBytes = readers.lines.bytes(() => this.chunks.takePending());
      firstChunk = false;
      this.report(false);
      if (readers.previewComplete) {
        this.stoppedEarly = true;
        void this.packed?.close();
        break;
      }
      if (this.cancelled()) return this.cancelledAt();
    }
    // The lines the helper parsed come before anything logged about the stream's end, as in one piece.
    const rest = this.fed ? await this.appendFed() : null;
    if (typeof rest === 'object' && rest !== null) return rest;
    // The rows before the break are kept, as for a text file cut off; the file is 'partial'.
    if (this.packed?.problem) {
      issues.add('error', 'packed-damaged', null, null, describePackedProblem(this.packed.packing, this.packed.problem, source.size));
      if (this.readers === null) return this.finish('failed');
    }
    const readers = this.readers ?? this.rowReaders();
    if (this.helpers.length > 0) {
      const appended = await this.appendParts(readers);
      if (appended) return appended;
    } else if (!this.stoppedEarly) readers.push(rest ?? this.chunks.rest(), true);
    this.report(true);
    if (readers.overLimit()) return this.finish('failed');
    return readers;
  }

  /** What the first chunk's bytes are: text in an encoding, or a file refused (returned). */
  private sniffBytes(bytes: Uint8Array): FileImport | null {
    const sniff = sniffEncoding(bytes);
    const notText = encodingIssue(sniff);
    if (notText !== null) {
      this.issues.add('error', notText, null, null, this.packed ? `the unpacked ${this.packed.packing} content` : null);
      void this.packed?.close();
      return this.finish('failed');
    }
    if (sniff.kind === 'text') this.encoding = sniff.encoding;
    this.chunks.use(this.encoding);
    return null;
  }

  /** Progress of helper k's part (or of that part read here when its helper failed). */
  private partProgress(k: number): (bytes: number, rows: number) => void {
    return (bytes, rows) => {
      const h = this.helpers[k] as Helper;
      h.bytes = bytes;
      h.rows = rows;
      this.report(false);
      if (this.cancelled()) for (const other of this.helpers) other.handle.cancel();
    };
  }

  /** Starts the helpers once the format is known, when the file is large enough to gain from them. */
  private split(): void {
    const readers = this.readers;
    const p: ValueParser | null = readers?.parser ?? null;
    const threads = this.host.parts;
    const format = readers?.format ?? null;
    // Parts start at byte offsets found by searching for newline bytes: UTF-8 only.
    if (readers?.mode !== 'lines' || this.packed !== null || this.encoding !== 'utf-8' || !p?.parts || !threads || threads.helpers < 1 || format === null)
      return;
    if (this.source.size < (this.options.splitMinBytes ?? SPLIT_MIN_BYTES)) return;
    const bounds = partBounds(this.source.size, threads.helpers + 1, this.offset);
    this.stopAt = bounds[0] ?? this.source.size;
    for (const [k, from] of bounds.entries()) {
      const request: PartRequest = { from, to: bounds[k + 1] ?? this.source.size, format, rowRate: this.ctx.rowRate ?? 1 };
      this.helpers.push({ request, handle: threads.run(request, this.partProgress(k)), bytes: 0, rows: 0 });
    }
  }

  /**
   * Hands a compressed file's lines after the first chunk to a helper, when the format's parser
   * can carry its state: this thread then unpacks and hashes, the helper parses (a gzip stream
   * cannot be cut into parts that are read at the same time, but its two halves of the work can).
   */
  private splitStream(): void {
    const readers = this.readers;
    const parser: ValueParser | null = readers?.parser ?? null;
    const threads = this.host.parts;
    const format = readers?.format ?? null;
    if (
      this.packed === null ||
      readers?.mode !== 'lines' ||
      this.encoding !== 'utf-8' ||
      !parser?.parts ||
      !threads?.stream ||
      threads.helpers < 1 ||
      format === null
    )
      return;
    if (this.source.size < (this.options.splitMinBytes ?? SPLIT_MIN_BYTES)) return;
    const handle = threads.stream({ format, rowRate: this.ctx.rowRate ?? 1 }, (rows) => {
      if (this.fed) this.fed.rows = rows;
      this.report(false);
    });
    if (handle === null) return;
    // The helper starts with the line cut at the first chunk's end.
    const cut = encodeUtf8(readers.lines.takeCut());
    const pending = this.chunks.takePending();
    this.fed = { handle, rows: 0, batch: pending ? [cut, pending] : [cut], batched: cut.length + (pending?.length ?? 0) };
  }

  /** Unpacked bytes to the helper, about a chunk at a time, in a buffer of their own (it is transferred). */
  private async feed(bytes: Uint8Array, last: boolean): Promise<void> {
    const fed = this.fed as Fed;
    fed.batch.push(bytes);
    fed.batched += bytes.length;
    if (fed.batched === 0 || (fed.batched < this.chunkBytes && !last)) return;
    const out = new Uint8Array(fed.batched);
    let at = 0;
    for (const piece of fed.batch) {
      out.set(piece, at);
      at += piece.length;
    }
    fed.batch = [];
    fed.batched = 0;
    await fed.handle.push(out);
  }

  /** Appends the helper's lines after this thread's; returns the text after the last newline, or the result when the file ends here. */
  private async appendFed(): Promise<string | FileImport> {
    const fed = this.fed as Fed;
    const readers = this.readers as TextReaders;
    await this.feed(new Uint8Array(0), true);
    const part = await fed.handle.end();
    if (part === null || this.cancelled()) return this.cancelledAt();
    if (typeof part === 'string') return this.stop('failed', part);
    this.fed = null;
    this.result.threads += 1;
    this.issues.absorb(part.issues, readers.lines.lines);
    (readers.parser as ValueParser).parts?.absorb(part.parser, readers.lines.lines, part.blocks);
    readers.lines.advance(part.lines);
    if (this.issues.count('line-too-long') > 0) {
      void this.packed?.close();
      return this.finish('failed');
    }
    return part.rest ?? '';
  }

  /** Helper k's part; read here when its helper failed (a thread that could not start); the result when the file ends here (cancelled, failed). */
  private async collect(k: number): Promise<PartResult | FileImport> {
    const h = this.helpers[k] as Helper;
    let part = await h.handle.result;
    if (typeof part === 'string') part = await importPart(this.source, this.host, h.request, this.partProgress(k));
    else if (part !== null) this.result.threads += 1;
    return this.settled(part);
  }

  /** A part's result to append, or the file's result when it ends here (cancelled, or the part failed). */
  private settled(part: PartResult | null | string): PartResult | FileImport {
    if (part === null || this.cancelled()) return this.cancelledAt();
    if (typeof part === 'string') return this.stop('failed', part);
    return part;
  }

  /** Finishes the line cut at stopAt, then appends the helpers' parts in file order. Returns the result when the file ends here. */
  private async appendParts(readers: TextReaders): Promise<FileImport | null> {
    const { source, issues } = this;
    if (readers.lines.open || this.chunks.open) {
      const rest = await restOfLine(source, this.stopAt);
      if (this.asBytes) readers.lines.feedBytes(rest.bytes, rest.ended);
      else readers.lines.feed(this.chunks.decode(rest.bytes, true), rest.ended);
    }
    let shift = readers.lines.lines;
    for (const [k, h] of this.helpers.entries()) {
      const rest = await this.takeRest(h);
      const parts = [await this.collect(k)];
      if (rest) parts.push(this.settled(await rest.result));
      for (const part of parts) {
        if ('status' in part) return part;
        issues.absorb(part.issues, shift);
        (readers.parser as ValueParser).parts?.absorb(part.parser, shift, part.blocks);
        shift += part.lines;
        this.partDigests.push(...part.digests);
      }
      this.offset = rest?.request.to ?? h.request.to;
      h.bytes = 0;
      this.restBytes = 0;
      this.report(false);
    }
    return issues.count('line-too-long') > 0 ? this.finish('failed') : null;
  }

  /**
   * When this thread is done with its own part and a helper still has much of its part ahead, the
   * helper is asked to end about halfway through what it has left, and this thread reads the rest
   * itself meanwhile (a helper starts later than this thread: waiting for it left this thread
   * idle for 0.1–0.4 s of a 1M-line import in the browser). The rest starts at a hash-block bound.
   */
  private async takeRest(h: Helper): Promise<{ request: PartRequest; result: Promise<PartResult | null | string> } | null> {
    const left = h.request.to - (h.request.from + h.bytes);
    if (!h.handle.shorten || left < 2 * HASH_BLOCK_BYTES) return null;
    const end = h.request.to;
    const to = await h.handle.shorten(h.request.from + h.bytes + left / 2);
    if (to >= end) return null;
    h.request = { ...h.request, to };
    const request: PartRequest = { ...h.request, from: to, to: end };
    return { request, result: importPart(this.source, this.host, request, (bytes) => ((this.restBytes = bytes), this.report(false))) };
  }
}

/**
 * Group boundaries `[0, b1, …, groups.length]` that cut a Parquet file's row groups into `runs`
 * contiguous runs of about equal rows, each of at least one group: every boundary is the group
 * start nearest to its share of the rows.
 */
export function rowBalancedRuns(groups: readonly { rowStart: number; rowEnd: number }[], runs: number): number[] {
  const total = groups.at(-1)?.rowEnd ?? 0;
  const start = (g: number) => (groups[g] as { rowStart: number }).rowStart;
  const bounds = [0];
  for (let k = 1; k < runs; k++) {
    const target = (k * total) / runs;
    let best = (bounds[k - 1] as number) + 1;
    for (let g = best + 1; g <= groups.length - (runs - k); g++) if (Math.abs(start(g) - target) < Math.abs(start(best) - target)) best = g;
    bounds.push(best);
  }
  bounds.push(groups.length);
  return bounds;
}
