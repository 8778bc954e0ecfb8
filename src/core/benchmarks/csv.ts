import { z } from 'zod';
import { excerpt, MAX_COLUMNS, MAX_LINE_CHARS, type CsvLimit } from '../text/limits';

/**
 * CSV reading for benchmark files: a streaming RFC 4180 row splitter (quoted fields may hold
 * delimiters, quotes as "" and line breaks), delimiter detection, and the column mapping a user
 * chooses for a CSV of unknown layout.
 */
export type Delimiter = ',' | ';' | '\t';

export interface CsvRow {
  cells: string[];
  /** Line where the row starts (1-based). */
  line: number;
}

export class CsvReader {
  private cell = '';
  private cells: string[] = [];
  private inQuotes = false;
  private quotePending = false;
  private line = 1;
  private rowLine = 1;
  private rowHasContent = false;
  /** Characters of the row so far, and its cells past MAX_COLUMNS (counted, not kept). */
  private rowChars = 0;
  private extraCells = 0;
  /**
   * Set when a row is longer than MAX_LINE_CHARS or wider than MAX_COLUMNS: the reader then
   * takes no more text, and the caller stops reading the file.
   */
  limit: CsvLimit | null = null;

  constructor(
    private readonly delimiter: Delimiter,
    private readonly onRow: (row: CsvRow) => void,
  ) {}

  push(text: string): void {
    if (this.limit !== null) return;
    const d = this.delimiter;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i] as string;
      if (++this.rowChars > MAX_LINE_CHARS) {
        this.limit = { kind: 'line-too-long', line: this.rowLine, excerpt: excerpt([...this.cells.slice(0, 81), this.cell].join(d)) };
        return;
      }
      if (this.quotePending) {
        this.quotePending = false;
        if (ch === '"') {
          this.cell += '"';
          continue;
        }
        this.inQuotes = false;
      }
      if (this.inQuotes) {
        if (ch === '"') this.quotePending = true;
        else {
          if (ch === '\n') this.line += 1;
          this.cell += ch;
        }
        continue;
      }
      if (ch === '"' && this.cell === '') {
        this.inQuotes = true;
        this.rowHasContent = true;
      } else if (ch === d) {
        if (this.cells.length < MAX_COLUMNS) this.cells.push(this.cell);
        else this.extraCells += 1;
        this.cell = '';
        this.rowHasContent = true;
      } else if (ch === '\n') {
        this.endRow();
        if (this.limit !== null) return;
        this.line += 1;
        this.rowLine = this.line;
      } else if (ch !== '\r') {
        this.cell += ch;
        this.rowHasContent = true;
      }
    }
  }

  end(): { unterminatedQuote: boolean } {
    if (this.limit !== null) return { unterminatedQuote: false };
    const unterminated = this.inQuotes && !this.quotePending;
    this.quotePending = false;
    this.inQuotes = false;
    if (this.rowHasContent || this.cell !== '') this.endRow();
    return { unterminatedQuote: unterminated };
  }

  private endRow(): void {
    this.cells.push(this.cell);
    const cells = this.cells;
    const width = cells.length + this.extraCells;
    this.cells = [];
    this.cell = '';
    this.rowChars = 0;
    this.extraCells = 0;
    if (width > MAX_COLUMNS) {
      this.limit = { kind: 'too-many-columns', line: this.rowLine, columns: width };
      return;
    }
    const blank = !this.rowHasContent && cells.every((c) => c === '');
    this.rowHasContent = false;
    this.onRow({ cells: blank ? [] : cells, line: this.rowLine });
  }
}

/** The delimiter used most in the first line, outside quotes. */
export function detectDelimiter(firstLine: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch] += 1;
  }
  const best = (Object.entries(counts) as [Delimiter, number][]).sort((a, b) => b[1] - a[1])[0] as [Delimiter, number];
  return best[1] > 0 ? best[0] : ',';
}

const timeUnit = z.enum(['ms', 's', 'us']);
const column = z.number().int().min(0).max(10_000);

/** Which column holds which figure, and in which unit. Columns are 0-based. */
export const csvMappingSchema = z
  .strictObject({
    delimiter: z.enum([',', ';', '\t']),
    ttft: z.strictObject({ column, unit: timeUnit }).nullable(),
    e2el: z.strictObject({ column, unit: timeUnit }).nullable(),
    tpot: z.strictObject({ column, unit: timeUnit }).nullable(),
    inputTokens: column.nullable(),
    outputTokens: column.nullable(),
    /** Status column: a row fails when it reads error/failed/timeout/false/0 or an HTTP code ≥ 400. */
    status: column.nullable(),
    /** Request start: ISO 8601 or epoch seconds/milliseconds. */
    timestamp: column.nullable(),
    model: column.nullable(),
  })
  .refine((m) => m.ttft !== null || m.e2el !== null, { message: 'Choose at least a TTFT or an end-to-end latency column', path: ['ttft'] });
export type CsvMapping = z.infer<typeof csvMappingSchema>;

export interface CsvPreview {
  delimiter: Delimiter;
  headers: string[];
  /** The first rows under the header, as text. */
  sample: string[][];
  suggested: CsvMapping | null;
}

function unitFromName(name: string): 'ms' | 's' | 'us' {
  const n = name.toLowerCase();
  if (/(\bms\b|_ms\b|\(ms\)|millis)/.test(n)) return 'ms';
  if (/(\bus\b|_us\b|\(us\)|µs|micro)/.test(n)) return 'us';
  if (/(\bs\b|_s\b|\(s\)|sec)/.test(n)) return 's';
  return 'ms';
}

/** A first guess at the mapping from header names; the user confirms or corrects it. */
export function suggestMapping(headers: string[], delimiter: Delimiter): CsvMapping | null {
  const find = (re: RegExp, not?: RegExp) => {
    const i = headers.findIndex((h) => re.test(h.toLowerCase()) && !(not && not.test(h.toLowerCase())));
    return i === -1 ? null : i;
  };
  const ttft = find(/ttft|time.?to.?first/);
  const e2el = find(/e2e|end.?to.?end|latency|duration|elapsed|response.?time/, /ttft|first|token|tpot|itl/);
  const tpot = find(/tpot|time.?per.?output/);
  const mapping: CsvMapping = {
    delimiter,
    ttft: ttft === null ? null : { column: ttft, unit: unitFromName(headers[ttft] ?? '') },
    e2el: e2el === null ? null : { column: e2el, unit: unitFromName(headers[e2el] ?? '') },
    tpot: tpot === null ? null : { column: tpot, unit: unitFromName(headers[tpot] ?? '') },
    inputTokens: find(/in_?tok|input.?tok|prompt.?tok|^input$|isl/),
    outputTokens: find(/out_?tok|output.?tok|completion.?tok|gen.?tok|^output$|osl/),
    status: find(/status|success|^ok$|error/),
    timestamp: find(/^ts$|timestamp|^start|^time$|^date|created/),
    model: find(/model/),
  };
  return csvMappingSchema.safeParse(mapping).success ? mapping : null;
}

export function unitFactorToMs(unit: 'ms' | 's' | 'us'): number {
  return unit === 's' ? 1000 : unit === 'us' ? 1e-3 : 1;
}
