import { CsvReader, detectDelimiter, type CsvRow } from '../benchmarks/csv';
import { ChunkDecoder } from '../benchmarks/import-stream';
import { CHUNK_BYTES, type ByteSource, type TextDecoderLike } from '../benchmarks/import-contract';
import { encodingIssue, firstLineOf } from '../benchmarks/import-sniff';
import { JsonValueStream } from '../benchmarks/json-stream';
import { sniffEncoding } from '../text/encoding';
import { describePackedProblem, openPacked, type Unpack } from '../text/packed';
import { isParquet } from '../text/parquet';
import { readParquetCells } from './parquet-cells';
import { excerpt, MAX_LINE_CHARS } from '../text/limits';
import { hasTimeColumn, suggestUsageMapping, UsageCsvRows, type UsageCsvMapping } from './csv';
import { DuplicateFilter } from './dedupe';
import { IssueList, readValue, type Sink } from './formats';
import { UsageTable } from './table';
import type { CostRecord, UsageFormat, UsageIssue } from './types';

export interface ParsedUsage {
  fileName: string;
  formats: UsageFormat[];
  records: UsageTable;
  costs: CostRecord[];
  issues: UsageIssue[];
  /**
   * Rows read, rows skipped because they were unreadable, and rows dropped because an earlier
   * row (of this file or an earlier one) was the same (dedupe.ts).
   */
  rows: { read: number; skipped: number; duplicates: number };
}

/**
 * Reads one usage file chunk by chunk (the worker feeds it 1 MiB at a time with progress and
 * cancel; the CLI feeds it the same way). What the text is decides the path:
 * - JSON Lines (every line one value: request logs, LiteLLM rows, one API page per line): each
 *   line is parsed with `JSON.parse` as it arrives, a broken line is skipped and named;
 * - a JSON document (an API page or report, an array of rows, pretty-printed or not): the
 *   tolerant streaming reader of the benchmarks importer (benchmarks/json-stream.ts);
 * - CSV: the streaming row splitter of the benchmarks importer, columns by a mapping.
 */
export interface UsageReadResult extends ParsedUsage {
  /** 'duplicate': the file's bytes are an earlier file's; it is not read (`duplicateOf`). */
  status: 'ok' | 'partial' | 'failed' | 'needs-mapping' | 'duplicate';
  duplicateOf: string | null;
  /** For a CSV whose columns could not be recognised: its header and first rows. */
  csv: { headers: string[]; sample: string[][]; suggested: UsageCsvMapping | null; delimiter: ',' | ';' | '\t' } | null;
}

type Mode = 'undecided' | 'probe' | 'jsonl' | 'json' | 'csv';

/** The first non-blank line when it is complete (a newline follows), else null. */
function firstLine(data: string): string | null {
  let from = 0;
  for (;;) {
    const nl = data.indexOf('\n', from);
    if (nl === -1) return null;
    const t = data.slice(from, nl).trim();
    if (t !== '') return t;
    from = nl + 1;
  }
}

export class UsageReader {
  private mode: Mode = 'undecided';
  private carry = '';
  private line = 1;
  private readonly issues = new IssueList();
  private readonly sink: Sink;
  private json: JsonValueStream | null = null;
  private csv: CsvReader | null = null;
  private csvHeaders: string[] | null = null;
  private csvRows: UsageCsvRows | null = null;
  private csvSample: string[][] = [];
  private csvMapping: UsageCsvMapping | null = null;
  private csvDelimiter: ',' | ';' | '\t' = ',';
  private rowsRead = 0;
  /** Set when the file is refused before its end (not text, a line or a row over a limit): nothing more is read. */
  private refused = false;
  /** Set when the compressed data broke off: the rows before it count, the file is 'partial'. */
  private damaged = false;

  /** `seen`: what the files read before this one gave (one filter for all files of a read). */
  constructor(
    private readonly fileName: string,
    private readonly mapping: UsageCsvMapping | null = null,
    seen: DuplicateFilter = new DuplicateFilter(),
  ) {
    seen.beginFile(fileName);
    this.sink = { records: new UsageTable(), costs: [], formats: new Set<UsageFormat>(), issues: this.issues, seen, duplicates: { rows: 0 } };
  }

  /** True once the file is refused: the caller stops reading it. */
  get stopped(): boolean {
    return this.refused;
  }

  /** Refuses the file for what its first bytes are (gzip, binary, no Parquet), before any text is read. */
  refuse(code: 'binary-file' | 'gzip-file' | 'parquet-invalid', detail: string | null = null): void {
    this.refused = true;
    this.issues.add('error', code, null, null, detail);
  }

  /** The name promises compression the content lacks (read as it is), or the compressed data broke off. */
  packing(code: 'not-packed' | 'packed-damaged', detail: string): void {
    if (code === 'packed-damaged') this.damaged = true;
    this.issues.add(code === 'packed-damaged' ? 'error' : 'warning', code, null, null, detail);
  }

  /** A row of a table read as values rather than text (a Parquet file), its column names first. */
  pushCells(cells: string[], line: number): void {
    if (this.refused) return;
    this.mode = 'csv';
    this.csvRow({ cells, line }, ',');
  }

  push(text: string): void {
    if (this.refused) return;
    if (this.mode === 'undecided') {
      const head = (this.carry + text).trimStart();
      if (head === '') {
        this.carry += text;
        return;
      }
      text = this.carry + text;
      this.carry = '';
      // A UTF-8 byte order mark (Excel's "CSV UTF-8") is no part of the first header.
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      const c = head[0];
      if (c !== '{' && c !== '[') {
        this.mode = 'csv';
        this.startCsv(head);
      } else this.mode = 'probe';
    }
    if (this.mode === 'csv') {
      this.csv?.push(text);
      this.checkCsvLimit();
      return;
    }
    if (this.mode === 'json') return this.json?.push(text);
    if (this.mode === 'probe') {
      this.carry += text;
      const data = this.carry;
      const first = firstLine(data);
      if (first === null) {
        // A first line past the cap is no JSON Lines line: one JSON document, read incrementally.
        if (data.length > MAX_LINE_CHARS) {
          this.carry = '';
          this.startJson(data);
        }
        return;
      }
      this.carry = '';
      this.decide(first, data);
      return;
    }
    this.pushLines(text);
  }

  /** A CSV row over a reading limit refuses the file, naming the row and the limit. */
  private checkCsvLimit(): void {
    const limit = this.csv?.limit;
    if (!limit || this.refused) return;
    this.refused = true;
    if (limit.kind === 'line-too-long') this.issues.add('error', 'line-too-long', limit.line, null, limit.excerpt);
    else this.issues.add('error', 'too-many-columns', limit.line, null, String(limit.columns));
  }

  /** JSON Lines when the first non-blank line is a whole value, else one JSON document. */
  private decide(first: string, data: string): void {
    let whole = true;
    try {
      JSON.parse(first);
    } catch {
      whole = false;
    }
    if (whole) {
      this.mode = 'jsonl';
      this.pushLines(data);
    } else this.startJson(data);
  }

  private startJson(data: string): void {
    this.mode = 'json';
    this.json = new JsonValueStream({
      onValue: (value, line) => {
        this.rowsRead += 1;
        readValue(value, line, this.sink);
      },
    });
    this.json.push(data);
  }

  private pushLines(text: string): void {
    const data = this.carry + text;
    let from = 0;
    for (;;) {
      const nl = data.indexOf('\n', from);
      if (nl === -1) break;
      this.jsonlLine(data.slice(from, nl));
      from = nl + 1;
    }
    if (data.length - from > MAX_LINE_CHARS) {
      this.refused = true;
      this.carry = '';
      this.issues.add('error', 'line-too-long', this.line, null, excerpt(data.slice(from, from + 200)));
      return;
    }
    this.carry = data.slice(from);
  }

  private jsonlLine(lineText: string): void {
    // JSON.parse skips surrounding white space itself; only empty lines are passed over here.
    if (lineText.length > 1 || (lineText.length === 1 && lineText.charCodeAt(0) !== 13)) {
      let value: unknown;
      try {
        value = JSON.parse(lineText);
      } catch (e) {
        if (lineText.trim() !== '') this.issues.skip('json-syntax', this.line, null, e instanceof Error ? e.message : null);
        this.line += 1;
        return;
      }
      this.rowsRead += 1;
      readValue(value, this.line, this.sink);
    }
    this.line += 1;
  }

  private startCsv(head: string): void {
    const delimiter = this.mapping?.delimiter ?? detectDelimiter(firstLineOf(head));
    this.csvDelimiter = delimiter;
    this.csv = new CsvReader(delimiter, (row) => this.csvRow(row, delimiter));
  }

  private csvRow(row: CsvRow, delimiter: ',' | ';' | '\t'): void {
    if (this.csvHeaders === null) {
      this.csvHeaders = row.cells;
      this.csvMapping = this.mapping ?? suggestUsageMapping(row.cells, delimiter);
      if (this.csvMapping !== null) this.csvRows = new UsageCsvRows(this.csvMapping, row.cells, this.sink);
      return;
    }
    if (row.cells.length === 0) return;
    this.rowsRead += 1;
    if (this.csvRows === null) {
      if (this.csvSample.length < 5) this.csvSample.push(row.cells);
      return;
    }
    this.sink.formats.add('usage-csv');
    this.csvRows.row(row.cells, row.line);
  }

  end(): UsageReadResult {
    let csvInfo: UsageReadResult['csv'] = null;
    let fatal = false;
    if (this.refused) {
      // Only the refusal is said: what was read before it is no part of a usable reading.
    } else if (this.mode === 'probe') {
      const data = this.carry;
      this.carry = '';
      this.decide(data.trim(), data.endsWith('\n') ? data : `${data}\n`);
    } else if (this.mode === 'jsonl' && this.carry !== '') {
      const rest = this.carry;
      this.carry = '';
      this.jsonlLine(rest);
    }
    if (this.mode === 'json' && this.json) {
      const end = this.json.end();
      if (end.error) {
        this.issues.add('error', 'json-syntax', end.error.line, null, `column ${end.error.column}: ${end.error.problem}`);
        if (end.values === 0) fatal = true;
      }
      if (end.truncated) this.issues.add('warning', 'file-truncated', end.salvagedLine);
    }
    if (this.mode === 'csv' && !this.refused) {
      const unterminatedQuote = this.csv?.end().unterminatedQuote ?? false;
      this.checkCsvLimit();
      this.csvRows?.finish();
      if (unterminatedQuote) this.issues.add('warning', 'csv-unterminated-quote', null);
      if (this.csvHeaders !== null && this.csvRows === null && !this.refused) {
        csvInfo = { headers: this.csvHeaders, sample: this.csvSample, suggested: null, delimiter: this.csvDelimiter };
        this.issues.add('error', hasTimeColumn(this.csvHeaders) ? 'csv-no-usage-columns' : 'csv-no-time-column', 1);
      }
    }
    const { records, costs } = this.sink;
    const duplicates = this.sink.duplicates.rows;
    // A file of rows all read before is no failure: it adds nothing new.
    const empty = records.length === 0 && costs.length === 0 && duplicates === 0;
    if (empty && csvInfo === null && !fatal && !this.refused) this.issues.add('error', 'no-usage-data', null);
    const status: UsageReadResult['status'] = this.refused
      ? 'failed'
      : csvInfo !== null
        ? 'needs-mapping'
        : empty
          ? 'failed'
          : this.issues.skipped > 0 || fatal || this.damaged
            ? 'partial'
            : 'ok';
    return {
      fileName: this.fileName,
      formats: [...this.sink.formats],
      records,
      costs,
      issues: this.issues.list,
      rows: { read: this.rowsRead, skipped: this.issues.skipped, duplicates },
      status,
      duplicateOf: null,
      csv: csvInfo,
    };
  }
}

/** Reads a whole text (tests, small files). */
export function readUsageText(fileName: string, text: string, mapping: UsageCsvMapping | null = null, seen?: DuplicateFilter): UsageReadResult {
  const reader = new UsageReader(fileName, mapping, seen);
  reader.push(text);
  return reader.end();
}

export interface UsageReadHost {
  decoder(): TextDecoderLike;
  /** The platform's decompressor; without it a gzip or zlib file is refused ('gzip-file'). */
  unpack?: Unpack;
  progress?(bytesRead: number, totalBytes: number): void;
  cancelled?(): boolean;
}

/**
 * Reads a file chunk by chunk (1 MiB), cut at UTF-8 character boundaries, with progress and
 * cancel; returns null when cancelled. Awaiting every chunk keeps the worker responsive to a
 * cancel message. A gzip or zlib file is unpacked as it is read (text/packed.ts); a Parquet file
 * is read by row groups as the CSV it would be (parquet-cells.ts).
 */
export async function readUsageSource(
  source: ByteSource,
  host: UsageReadHost,
  mapping: UsageCsvMapping | null = null,
  seen?: DuplicateFilter,
): Promise<UsageReadResult | null> {
  const reader = new UsageReader(source.name, mapping, seen);
  const head = source.size > 0 ? await source.read(0, Math.min(16, source.size)) : new Uint8Array(0);
  if (isParquet(head)) {
    const outcome = await readParquetCells(source, {
      cells: (cells, line) => reader.pushCells(cells, line),
      reading: () => !reader.stopped,
      progress: host.progress,
      cancelled: host.cancelled,
    });
    if (outcome === 'cancelled') return null;
    if (outcome !== 'ok') reader.refuse('parquet-invalid', outcome.problem);
    return reader.end();
  }
  const opened = openPacked(source, head, host.unpack, CHUNK_BYTES);
  if (opened === 'no-unpacker') {
    reader.refuse('gzip-file');
    return reader.end();
  }
  if (opened.note !== null) reader.packing('not-packed', opened.note);
  const packed = opened.reader;
  const chunks = new ChunkDecoder(host.decoder());
  let offset = 0;
  while ((packed !== null || offset < source.size) && !reader.stopped) {
    if (host.cancelled?.()) {
      await packed?.close();
      return null;
    }
    const bytes = packed ? await packed.next() : await source.read(offset, Math.min(CHUNK_BYTES, source.size - offset));
    if (bytes === null || bytes.length === 0) break;
    if (offset === 0) {
      const sniff = sniffEncoding(bytes);
      const notText = encodingIssue(sniff);
      if (notText !== null) {
        reader.refuse(notText);
        break;
      }
      if (sniff.kind === 'text') chunks.use(sniff.encoding);
    }
    offset += bytes.length;
    reader.push(chunks.decode(bytes, packed === null && offset >= source.size));
    host.progress?.(packed ? packed.consumed : offset, source.size);
  }
  if (packed) {
    if (packed.problem) reader.packing('packed-damaged', describePackedProblem(packed.packing, packed.problem, source.size));
    await packed.close();
  }
  const rest = reader.stopped ? '' : chunks.rest();
  if (rest.length > 0) reader.push(rest);
  return reader.end();
}

/** A file whose bytes equal an earlier file's (`sameContent`): not read, and said. */
export function duplicateFileResult(fileName: string, earlier: string): UsageReadResult {
  return {
    fileName,
    formats: [],
    records: new UsageTable(),
    costs: [],
    issues: [{ severity: 'info', code: 'duplicate-file', line: null, field: null, detail: earlier }],
    rows: { read: 0, skipped: 0, duplicates: 0 },
    status: 'duplicate',
    duplicateOf: earlier,
    csv: null,
  };
}
