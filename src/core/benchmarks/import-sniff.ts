import { isRecord, type FileContext, type ValueParser } from './common';
import { CsvReader, detectDelimiter, type CsvMapping, type CsvPreview, type CsvRow } from './csv';
import { createParser, detectCsvHeader, detectValue, isRowFormat } from './detect';
import { mappedCsvParser } from './formats/mapped-csv';
import { lineFeeder, toParser, type LineFeeder } from './import-stream';
import type { IssueLog } from './issues';
import { JsonValueStream, parseTolerant } from './json-stream';
import type { FormatId } from './run-schema';
import type { TextDecoderLike } from './import-contract';
import type { EncodingSniff } from '../text/encoding';
import { MAX_LINE_CHARS, type CsvLimit } from '../text/limits';

/*
 * The sniff half of the import: what a file's first decoded text is (JSON Lines, another JSON
 * document, a CSV of a known or an unknown layout), and the readers that take the rest of it.
 */

/** How the text is read; 'rows' when values come as rows (Parquet) rather than text. */
export type Mode = 'rows' | 'lines' | 'document' | 'csv-known' | 'csv-mapped' | 'csv-preview' | 'unknown';

/** Decides how to read the file from its first decoded text (what its bytes are, `sniffEncoding` has decided). */
export function sniffMode(head: string): { mode: Exclude<Mode, 'rows'>; csvKind: 'aiperf-csv' | 'genai-perf-csv' | null } {
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

export function describeValue(v: unknown): string {
  if (isRecord(v)) return `keys: ${Object.keys(v).slice(0, 8).join(', ')}`;
  if (Array.isArray(v)) return `an array of ${v.length} items`;
  return typeof v;
}

/**
 * The readers of one file's text, chosen by `sniffMode` from its first decoded chunk: JSON Lines
 * line by line, another JSON document with the incremental reader, CSV row by row (known layout,
 * mapped by the user, or a preview for the mapping dialog). Values are held back until one of them
 * names the format (`detectValue`); then they go to that format's parser. Without a head, the
 * values come as rows from elsewhere (a Parquet file) and go through `dispatch` alone.
 */
export class TextReaders {
  readonly mode: Mode;
  parser: ValueParser | null = null;
  format: FormatId | null = null;
  /** JSON values read before the format was known. */
  readonly pending: { value: unknown; line: number }[] = [];
  firstUnrecognised: unknown = undefined;
  readonly lines: LineFeeder;
  readonly json: JsonValueStream | null = null;
  readonly csv: CsvReader | null = null;
  readonly csvKind: 'aiperf-csv' | 'genai-perf-csv' | null;
  /** Rows of a CSV of a known layout, turned into a run at the end. */
  readonly csvRows: CsvRow[] = [];
  csvHeader: string[] | null = null;
  readonly preview: CsvPreview | null = null;
  private limitLogged = false;

  constructor(
    private readonly ctx: FileContext,
    head: string | null,
    mapping: CsvMapping | null | undefined,
    tick: () => void,
    /** For JSON Lines read as bytes (LineFeeder.bytes): decodes the lines the format's flat-row reader declines. */
    decoder?: TextDecoderLike,
  ) {
    const issues = ctx.issues;
    this.lines = lineFeeder(issues, this, tick, decoder);
    if (head === null) {
      this.mode = 'rows';
      this.csvKind = null;
      return;
    }
    const sniff = sniffMode(head);
    this.mode = sniff.mode === 'csv-preview' && mapping ? 'csv-mapped' : sniff.mode;
    this.csvKind = sniff.csvKind;
    if (this.mode === 'document') this.json = new JsonValueStream({ onValue: this.dispatch });
    if (this.mode === 'csv-known') {
      this.format = this.csvKind;
      this.csv = new CsvReader(',', (r) => this.csvRows.push(r));
    }
    if (this.mode === 'csv-mapped' && mapping) {
      const m = mappedCsvParser(ctx, mapping);
      this.format = 'mapped-csv';
      this.parser = m.parser;
      this.csv = new CsvReader(mapping.delimiter, (r) => {
        if (r.cells.length === 0) return;
        if (this.csvHeader === null) {
          this.csvHeader = r.cells;
          m.header(r.cells);
          return;
        }
        issues.rowsRead += 1;
        m.row(r);
      });
    }
    if (this.mode === 'csv-preview') {
      const delimiter = detectDelimiter(firstLineOf(head.replace(/^\uFEFF/, '').trimStart()));
      const sample: string[][] = [];
      this.csv = new CsvReader(delimiter, (r) => {
        if (r.cells.length === 0) return;
        if (this.csvHeader === null) this.csvHeader = r.cells.map((c) => c.trim());
        else if (sample.length < 5) sample.push(r.cells);
      });
      this.preview = { delimiter, headers: [], sample, suggested: null };
    }
  }

  /** A JSON value to the format's parser, or held back until a value names the format. */
  readonly dispatch = (value: unknown, line: number): void => {
    const issues = this.ctx.issues;
    if (!this.parser) {
      const f = detectValue(value);
      if (f === null) {
        if (this.firstUnrecognised === undefined) this.firstUnrecognised = value;
        this.pending.push({ value, line });
        return;
      }
      this.format = f;
      this.parser = createParser(f, this.ctx);
      if (!this.parser) return;
      for (const p of this.pending) issues.skip(p.line, 'row-other-format', null, describeValue(p.value));
      this.pending.length = 0;
    }
    toParser(this.parser, issues, this.format !== null && isRowFormat(this.format), value, line);
  };

  /** One request per line: a log too large for a complete table keeps a sample (request-table.ts). */
  get rowsPerLine(): boolean {
    return this.mode === 'lines' || this.mode === 'csv-mapped';
  }

  push(text: string, final: boolean): void {
    if (this.mode === 'lines') this.lines.feed(text, final);
    else if (this.json) this.json.push(text);
    else this.csv?.push(text);
  }

  /** True when a line or a CSV row broke a reading limit (its error is logged once): the file is not read on. */
  overLimit(): boolean {
    const limit = this.csv?.limit ?? null;
    if (limit !== null && !this.limitLogged) {
      this.limitLogged = true;
      csvLimitIssue(this.ctx.issues, limit);
    }
    return limit !== null || this.lines.tooLong;
  }

  /** True once the preview of a CSV of unknown layout has its header and five rows: nothing more is needed. */
  get previewComplete(): boolean {
    return this.preview !== null && this.csvHeader !== null && this.preview.sample.length >= 5;
  }
}
