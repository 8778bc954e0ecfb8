import { MAX_COLUMNS, MAX_LINE_CHARS } from '../text/limits';

/**
 * Problems found while importing a file. Each names the file (the import result it belongs
 * to), the line and/or field when known, and what is wrong; the UI turns the code into a
 * sentence in the user's language, the CLI uses `describeIssue`. Details copied from the file
 * are plain text and must be rendered as text only.
 */
export const issueCodes = [
  // No longer given (files have no size limit); kept so that messages of stored imports still read.
  'too-large',
  'empty-file',
  'binary-file',
  'gzip-file',
  'packed-damaged',
  'not-packed',
  'parquet-invalid',
  'parquet-columns',
  'line-too-long',
  'too-many-columns',
  'read-failed',
  'unrecognised-format',
  'invalid-json',
  'truncated',
  'row-invalid-json',
  'row-not-object',
  'row-unfinished',
  'row-other-format',
  'field-invalid',
  'field-negative',
  'field-missing',
  'ttft-exceeds-e2el',
  'counts-inconsistent',
  'needs-column-mapping',
  'mapping-invalid',
  'csv-row-width',
  'no-runs',
  'no-latency',
  'strings-shortened',
  'cancelled',
] as const;
export type IssueCode = (typeof issueCodes)[number];

export type IssueSeverity = 'error' | 'warning' | 'info';

export interface ImportIssue {
  severity: IssueSeverity;
  code: IssueCode;
  /** 1-based line in the file, when the problem has one. */
  line: number | null;
  /** Key, column or path, e.g. "ttft_ms" or "benchmarks[2].metrics". */
  field: string | null;
  /** Short excerpt or explanation (from the file or the parser), plain text. */
  detail: string | null;
}

export interface SkippedRow {
  line: number;
  code: IssueCode;
  field: string | null;
}

export interface IssueLogState {
  issues: ImportIssue[];
  omitted: number;
  perCode: [IssueCode, number][];
  rowsRead: number;
  rowsSkipped: number;
  skippedSamples: SkippedRow[];
}

/** Caps per code keep a file with a million bad rows from producing a million messages. */
const MAX_PER_CODE = 20;
const MAX_SKIPPED_SAMPLES = 500;

export class IssueLog {
  readonly issues: ImportIssue[] = [];
  omitted = 0;
  private readonly perCode = new Map<IssueCode, number>();
  rowsRead = 0;
  rowsSkipped = 0;
  readonly skippedSamples: SkippedRow[] = [];

  add(severity: IssueSeverity, code: IssueCode, line: number | null, field: string | null, detail: string | null): void {
    const seen = this.perCode.get(code) ?? 0;
    this.perCode.set(code, seen + 1);
    if (seen >= MAX_PER_CODE) {
      this.omitted += 1;
      return;
    }
    this.issues.push({ severity, code, line, field, detail: detail === null ? null : clip(detail) });
  }

  /** Counts a row that could not be used, with the reason. */
  skip(line: number, code: IssueCode, field: string | null, detail: string | null): void {
    this.rowsSkipped += 1;
    if (this.skippedSamples.length < MAX_SKIPPED_SAMPLES) this.skippedSamples.push({ line, code, field });
    this.add('warning', code, line, field, detail);
  }

  /** What this log holds, as plain data (to carry a part of a file read elsewhere back). */
  save(): IssueLogState {
    return {
      issues: this.issues,
      omitted: this.omitted,
      perCode: [...this.perCode],
      rowsRead: this.rowsRead,
      rowsSkipped: this.rowsSkipped,
      skippedSamples: this.skippedSamples,
    };
  }

  /**
   * Appends the log of a later part of the same file, its line numbers moved by `lineShift`,
   * under this log's caps: the result is the log a reading of the whole file would have made.
   */
  absorb(state: IssueLogState, lineShift: number): void {
    this.rowsRead += state.rowsRead;
    this.rowsSkipped += state.rowsSkipped;
    for (const s of state.skippedSamples) {
      if (this.skippedSamples.length >= MAX_SKIPPED_SAMPLES) break;
      this.skippedSamples.push({ ...s, line: s.line + lineShift });
    }
    const kept = new Map<IssueCode, number>();
    for (const i of state.issues) {
      const seen = this.perCode.get(i.code) ?? 0;
      kept.set(i.code, (kept.get(i.code) ?? 0) + 1);
      this.perCode.set(i.code, seen + 1);
      if (seen >= MAX_PER_CODE) this.omitted += 1;
      else this.issues.push({ ...i, line: i.line === null ? null : i.line + lineShift });
    }
    // Issues the part itself left out over its caps are left out here as well.
    for (const [code, n] of state.perCode) {
      const extra = n - (kept.get(code) ?? 0);
      if (extra > 0) {
        this.perCode.set(code, (this.perCode.get(code) ?? 0) + extra);
        this.omitted += extra;
      }
    }
  }

  count(code: IssueCode): number {
    return this.perCode.get(code) ?? 0;
  }

  hasErrors(): boolean {
    return this.issues.some((i) => i.severity === 'error');
  }
}

export function clip(text: string, max = 160): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

const SENTENCES: Record<IssueCode, string> = {
  'too-large': 'the file is larger than the import limit',
  'empty-file': 'the file is empty',
  'binary-file': 'the file is not text (binary content)',
  'gzip-file': 'a gzip-compressed file; unpack it first',
  'packed-damaged': 'the compressed data is cut off or damaged; the rows before that point were read',
  'not-packed': 'the file name says compressed, the content is not; the file was read as it is',
  'parquet-invalid': 'not a readable Parquet file',
  'parquet-columns': 'the Parquet file lacks the columns a request log needs',
  'line-too-long': `the line is longer than ${MAX_LINE_CHARS} characters; the file is not read further`,
  'too-many-columns': `the row has more than ${MAX_COLUMNS} columns; the file is not read further`,
  'read-failed': 'the file could not be read',
  'unrecognised-format': 'the content matches none of the supported result formats',
  'invalid-json': 'invalid JSON',
  truncated: 'the file ends in the middle of the data (truncated?)',
  'row-invalid-json': 'this line is not valid JSON; skipped',
  'row-not-object': 'this line is not a JSON object; skipped',
  'row-unfinished': 'this row is cut off; skipped',
  'row-other-format': 'this line does not belong to the format of the file; skipped',
  'field-invalid': 'the value is not a valid number; row skipped',
  'field-negative': 'the value is negative; row skipped',
  'field-missing': 'a required value is missing; row skipped',
  'ttft-exceeds-e2el': 'time to first token exceeds the end-to-end latency (wrong units?); row skipped',
  'counts-inconsistent': 'the request counts do not add up',
  'needs-column-mapping': 'a CSV file of unknown layout: choose which column holds which metric',
  'mapping-invalid': 'the column mapping does not fit this file',
  'csv-row-width': 'this row has a different number of columns than the header; skipped',
  'no-runs': 'no usable run found in the file',
  'no-latency': 'the file has no latency figures (only token counts)',
  'strings-shortened': 'long text fields (prompts, outputs) were shortened while reading',
  cancelled: 'the import was cancelled',
};

/** One-line English description, used by the CLI and in logs. */
export function describeIssue(fileName: string, issue: ImportIssue): string {
  const where = [issue.line !== null ? `line ${issue.line}` : null, issue.field !== null ? `field "${issue.field}"` : null].filter(Boolean).join(', ');
  const detail = issue.detail ? ` (${issue.detail})` : '';
  return `${fileName}${where ? `: ${where}` : ''}: ${SENTENCES[issue.code]}${detail}`;
}
