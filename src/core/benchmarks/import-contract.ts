/**
 * What the benchmark importer (importer.ts) takes and gives: the byte source, the host (decoding,
 * hashing, clock, helper threads, decompressor), the options and the result of one file. Types and
 * constants only, so the worker, the CLI and the stores can name them without the reader.
 */
import type { CsvMapping, CsvPreview } from './csv';
import type { ImportIssue, IssueLogState, SkippedRow } from './issues';
import type { ColumnBlock, RequestTable } from './request-table';
import type { BenchRun, FormatId } from './run-schema';
import type { Unpack } from '../text/packed';

/** Bytes read at a time (and decoded, parsed, reported between). */
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
  /** A Parquet file: the row groups [from, to) (`from` and `to` above are then unused; rows are numbered as in the whole file). */
  rowGroups?: { from: number; to: number };
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
  /** A part fed as bytes: the text after its last newline, not read (the importing thread reads it as the file's last line). */
  rest?: string;
  /** The table blocks the part sent while it read (`FileContext.blocks`), by number; added where they arrive. */
  blocks?: ColumnBlock[];
  /** A Parquet part whose row group could not be read: the rows before it are in the result. */
  failed?: { code: 'parquet-invalid' | 'parquet-columns'; detail: string };
}

export interface PartHandle {
  /** The part's result; `null` when it was cancelled, a message when it failed. */
  result: Promise<PartResult | null | string>;
  cancel(): void;
  /**
   * Asks the part to end sooner: at the first hash-block bound at or past both `to` and what it
   * has read (then the importing thread reads the rest itself, so neither thread waits for the
   * other). Resolves to where the part ends; its own end when it ended before it could be asked.
   * Absent where a part cannot be asked while it runs.
   */
  shorten?(to: number): Promise<number>;
}

/** Where a running part ends (`to`, lowered by `shortenPart`) and how far it has read, the read on its way included (`at`). */
export interface PartLimit {
  to: number;
  at: number;
}

export interface ImportParts {
  /** Parts that can run at the same time as the importing thread's own. */
  helpers: number;
  run(request: PartRequest, progress: (bytes: number, rows: number) => void): PartHandle;
  /**
   * Starts a part whose bytes this thread hands over as it has them: a gzip or zlib file is one
   * stream, so this thread unpacks and hashes it and a helper parses the lines. Null when no
   * helper could start (the file is then read in one piece).
   */
  stream?(request: StreamPartRequest, progress: (rows: number) => void): StreamPartHandle | null;
}

/** A part fed by the importing thread: the lines after its first chunk, starting at a line's start. */
export interface StreamPartRequest {
  format: FormatId;
  /** As PartRequest.rowRate. */
  rowRate: number;
}

export interface StreamPartHandle {
  /** Hands the next bytes over (they are transferred: the caller may not use them again); resolves when the helper has room for more. */
  push(bytes: Uint8Array<ArrayBuffer>): Promise<void>;
  /** No more bytes: the part's result (no digests: the importing thread hashed the bytes), null when cancelled, a message when it failed. */
  end(): Promise<PartResult | null | string>;
  cancel(): void;
}

/** Files below this are read in one piece (a helper thread's start would cost more than it saves). */
export const SPLIT_MIN_BYTES = 16 * 1024 * 1024;
