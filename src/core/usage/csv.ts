import { z } from 'zod';
import type { Delimiter } from '../benchmarks/csv';
import { cellValue, defaultMark, readCellNumber, type CellNumber, type DecimalMark } from './decimal';
import { dropDuplicate, modelOfLineItem, readTime, requestIdOf, type Sink } from './formats';

/**
 * Usage CSV files: the usage export of the OpenAI dashboard (one row per time bucket, columns
 * named like the Usage API's fields: `start_time`/`start_time_iso`, `end_time`,
 * `num_model_requests`, `input_tokens`, `input_cached_tokens`, `output_tokens`, `model`), an
 * hourly aggregate written by the user's own warehouse query (docs/usage.md: `hour, model,
 * requests, failed, input_tokens, cached_tokens, output_tokens, reasoning_tokens, cost_usd`),
 * and per-request CSV logs (one row per request, no request column). Which column holds what
 * is a mapping: suggested from the header names, confirmed or corrected by the user.
 */
const column = z.number().int().min(0).max(10_000).nullable();

export const usageCsvMappingSchema = z.strictObject({
  delimiter: z.enum([',', ';', '\t']),
  /** Start of the row's time bucket (or the request): ISO 8601, a date, or epoch s/ms. */
  time: z.number().int().min(0).max(10_000),
  /** End of the bucket; with it the bucket length is end − start. */
  endTime: column,
  /** Bucket length when there is no end column: 0 = each row is one request. */
  bucketSeconds: z
    .number()
    .int()
    .min(0)
    .max(31 * 86_400),
  model: column,
  /** Requests in the bucket; null = each row is one request. */
  requests: column,
  failed: column,
  status: column,
  input: column,
  cached: column,
  output: column,
  reasoning: column,
  costUsd: column,
});
export type UsageCsvMapping = z.infer<typeof usageCsvMappingSchema>;

function finder(headers: readonly string[]) {
  const lower = headers.map((h) => h.trim().toLowerCase());
  return (...names: string[]): number | null => {
    for (const name of names) {
      const i = lower.indexOf(name);
      if (i !== -1) return i;
    }
    return null;
  };
}

/** A file of costs alone: a cost column, no requests and no tokens (its rows are cost records). */
function isCostsOnly(m: Pick<UsageCsvMapping, 'requests' | 'input' | 'output' | 'costUsd'>): boolean {
  return m.requests === null && m.input === null && m.output === null && m.costUsd !== null;
}

const TIME_NAMES = ['start_time_iso', 'hour', 'ts', 'timestamp', 'start_time', 'starttime', 'time', 'date', 'day', 'created_at', 'bucket_start'];

/** Whether a column's name says it holds the time (a CSV without one needs the user's mapping). */
export function hasTimeColumn(headers: readonly string[]): boolean {
  return finder(headers)(...TIME_NAMES) !== null;
}

/** The mapping the header names suggest; null when no column holds a time, or none holds usage. */
export function suggestUsageMapping(headers: readonly string[], delimiter: Delimiter): UsageCsvMapping | null {
  const find = finder(headers);
  const time = find(...TIME_NAMES);
  if (time === null) return null;
  const timeName = headers[time]?.trim().toLowerCase() ?? '';
  const requests = find('num_model_requests', 'requests', 'request_count', 'num_requests', 'count');
  const endTime = find(timeName === 'start_time_iso' ? 'end_time_iso' : 'end_time', 'end_time', 'endtime', 'bucket_end');
  const input = find('input_tokens', 'in_tok', 'prompt_tokens', 'tokens_prompt', 'input');
  const output = find('output_tokens', 'out_tok', 'completion_tokens', 'tokens_completion', 'output');
  // `amount_value`: the OpenAI dashboard's cost export (one row per day and line item).
  const costUsd = find('cost_usd', 'cost', 'spend', 'usage', 'amount_usd', 'amount_value');
  // Neither requests, tokens nor a cost: nothing here is usage (the user maps it, or it is not a usage file).
  if (requests === null && input === null && output === null && costUsd === null) return null;
  const costsOnly = isCostsOnly({ requests, input, output, costUsd });
  // A request column makes each row a bucket: an hour for `hour`, a day for `date`/`day`; so
  // does a file of costs alone.
  const bucketSeconds = requests === null && !costsOnly ? 0 : timeName === 'date' || timeName === 'day' ? 86_400 : 3_600;
  return {
    delimiter,
    time,
    endTime: requests === null && !costsOnly ? null : endTime,
    bucketSeconds,
    model: find('model', 'model_name', 'model_group', ...(costsOnly ? ['line_item'] : [])),
    requests,
    failed: find('failed', 'failed_requests', 'errors', 'error_count'),
    status: requests === null ? find('status', 'http_status') : null,
    input,
    cached: find('input_cached_tokens', 'cached_tokens', 'cached_tok', 'cache_read_input_tokens', 'cached'),
    output,
    reasoning: find('reasoning_tokens', 'reasoning_tok', 'tokens_reasoning', 'reasoning'),
    costUsd,
  };
}

const FAILED_STATUS = /^(error|failed|failure|timeout|false|0|[45]\d\d)$/i;

type Figure = 'requests' | 'failed' | 'input' | 'cached' | 'output' | 'reasoning' | 'cost';

interface NumberColumn {
  figure: Figure;
  index: number;
  /**
   * An optional column (failed, cached, reasoning, and the cost of a usage file) that cannot be
   * read is dropped with a note; an unreadable cell of a required one skips its row.
   */
  optional: boolean;
  /** The column's decimal mark, once a cell has shown it (decimal.ts). */
  mark: DecimalMark | null;
  dropped: boolean;
}

/** Rows held back while a cell of theirs could be read either way and its column has shown no decimal mark yet. */
const MAX_WAITING_ROWS = 10_000;

/** Reads the data rows of a usage CSV under `mapping` into `sink`. */
export class UsageCsvRows {
  /** A file of costs alone (no requests, no tokens): its rows are cost records. */
  private readonly costsOnly: boolean;
  /** The column naming the cost's currency (`amount_currency`), if any. */
  private readonly currency: number | null;
  /** The column holding a request id (`request_id`, `id`), if any: a request read twice counts once. */
  private readonly requestId: number | null;
  private readonly columns: NumberColumn[] = [];
  private readonly byFigure = new Map<Figure, NumberColumn>();
  /** The decimal mark of a column whose cells never show one: the file's convention. */
  private readonly fileMark: DecimalMark;
  private waiting: { cells: readonly string[]; line: number }[] = [];
  private readonly readings: CellNumber[] = [];

  constructor(
    private readonly mapping: UsageCsvMapping,
    private readonly headers: readonly string[],
    private readonly sink: Sink,
  ) {
    this.costsOnly = isCostsOnly(mapping);
    const lower = headers.map((h) => h.trim().toLowerCase());
    const c = lower.findIndex((h) => h === 'amount_currency' || h === 'currency');
    this.currency = c === -1 ? null : c;
    const id = ['request_id', 'requestid', 'request id', 'id'].map((n) => lower.indexOf(n)).find((i) => i !== -1);
    this.requestId = id === undefined ? null : id;
    this.fileMark = defaultMark(mapping.delimiter);
    const figures: [Figure, number | null, boolean][] = [
      ['requests', mapping.requests, false],
      ['failed', mapping.failed, true],
      ['input', mapping.input, false],
      ['cached', mapping.cached, true],
      ['output', mapping.output, false],
      ['reasoning', mapping.reasoning, true],
      ['cost', mapping.costUsd, !this.costsOnly],
    ];
    for (const [figure, index, optional] of figures) {
      if (index === null) continue;
      const col: NumberColumn = { figure, index, optional, mark: null, dropped: false };
      this.columns.push(col);
      this.byFigure.set(figure, col);
    }
    // A reasoning column read per request may be dropped at a later row: the table then needs
    // the whole output of the requests before it.
    if (mapping.requests === null && mapping.reasoning !== null) sink.records.keepWholeOutput();
  }

  private name(c: number): string {
    return this.headers[c]?.trim() || `column ${c + 1}`;
  }

  row(cells: readonly string[], line: number): void {
    if (cells.length === 0) return;
    const readings = this.readings;
    let wait = false;
    let decided = false;
    for (let k = 0; k < this.columns.length; k++) {
      const col = this.columns[k] as NumberColumn;
      const cell = readCellNumber(cells[col.index] ?? '');
      readings[k] = cell;
      if (col.dropped || col.mark !== null) continue;
      if (cell.kind === 'number' && cell.mark !== null) {
        col.mark = cell.mark;
        decided = true;
        if (cell.mark === ',') this.sink.issues.once('info', 'decimal-comma', line, this.name(col.index), (cells[col.index] ?? '').trim());
      } else if (cell.kind === 'ambiguous') wait = true;
    }
    if (wait) {
      // Decided by a later cell of the column, or by the file's convention (settle).
      this.waiting.push({ cells, line });
      if (this.waiting.length >= MAX_WAITING_ROWS) this.settle();
      else if (decided) this.release(false);
      return;
    }
    this.read(cells, line, readings);
    if (decided && this.waiting.length > 0) this.release(false);
  }

  /** Reads the waiting rows whose columns have all shown their decimal mark (`all`: every one, with the file's mark where none has). */
  private release(all: boolean): void {
    const rows = this.waiting;
    this.waiting = [];
    for (const w of rows) {
      const readings: CellNumber[] = [];
      let ready = true;
      for (const col of this.columns) {
        const cell = readCellNumber(w.cells[col.index] ?? '');
        readings.push(cell);
        if (cell.kind === 'ambiguous' && col.mark === null && !col.dropped) ready = false;
      }
      if (ready || all) this.read(w.cells, w.line, readings);
      else this.waiting.push(w);
    }
  }

  /** Columns still without a decimal mark take the file's, said once per column, and the waiting rows are read. */
  private settle(): void {
    for (const w of this.waiting) {
      for (const col of this.columns) {
        if (col.mark !== null || col.dropped) continue;
        const raw = (w.cells[col.index] ?? '').trim();
        const cell = readCellNumber(raw);
        if (cell.kind !== 'ambiguous') continue;
        col.mark = this.fileMark;
        this.sink.issues.once('warning', 'decimal-mark-assumed', w.line, this.name(col.index), `${raw} = ${cellValue(cell, this.fileMark)}`);
      }
    }
    this.release(true);
  }

  /** The end of the file: waiting rows are read, and the figures of dropped columns leave the whole file. */
  finish(): void {
    if (this.waiting.length > 0) this.settle();
    for (const col of this.columns) {
      const f = col.figure;
      if (col.dropped && (f === 'failed' || f === 'cached' || f === 'reasoning' || f === 'cost')) this.sink.records.dropFigure(f);
    }
  }

  /** An optional column that cannot be read leaves the file, with a note naming its first unreadable cell. */
  private drop(col: NumberColumn, line: number, raw: string): void {
    col.dropped = true;
    this.sink.issues.add('warning', 'column-dropped', line, this.name(col.index), raw.trim());
  }

  /**
   * A bucketed row (or a cost row) equal in every cell to one read before is the same row
   * again: dropped. Its group is its bucket and every cell that is not a number (model, project,
   * user, key, line item, …).
   */
  private bucketDuplicate(cells: readonly string[], start: number, bucketS: number, line: number): boolean {
    let group = `csv|${this.costsOnly ? 'cost' : 'usage'}|${start}|${bucketS}`;
    let whole = group;
    cells.forEach((c, i) => {
      const kind = readCellNumber(c).kind;
      const entry = `|${i}=${c.trim()}`;
      whole += entry;
      if (kind !== 'number' && kind !== 'ambiguous') group += entry;
    });
    return dropDuplicate(this.sink, this.sink.seen.bucket(group, whole, line), line, '', null);
  }

  private read(cells: readonly string[], line: number, readings: readonly CellNumber[]): void {
    const m = this.mapping;
    const sink = this.sink;
    const cell = (c: number | null): string | undefined => (c === null ? undefined : cells[c]);
    if (cells.length <= m.time) {
      sink.issues.skip('csv-short-row', line, this.name(m.time), null);
      return;
    }
    const rawTime = cells[m.time] as string;
    const start = readTime(epochOrText(rawTime), sink.issues, line, this.name(m.time));
    if (!(start >= 0)) {
      sink.issues.skip('timestamp-invalid', line, this.name(m.time), rawTime);
      return;
    }
    let bucketS = m.bucketSeconds;
    if (m.endTime !== null) {
      const end = readTime(epochOrText(cell(m.endTime) ?? ''), sink.issues, line, this.name(m.endTime));
      if (end > start) bucketS = end - start;
    }
    const values: Partial<Record<Figure, number>> = {};
    for (let k = 0; k < this.columns.length; k++) {
      const col = this.columns[k] as NumberColumn;
      if (col.dropped) continue;
      const v = cellValue(readings[k] as CellNumber, col.mark ?? this.fileMark);
      if (v === -1) {
        const raw = cells[col.index] ?? '';
        if (col.optional) {
          this.drop(col, line, raw);
          continue;
        }
        sink.issues.skip('field-invalid', line, this.name(col.index), raw);
        return;
      }
      values[col.figure] = v;
    }
    const get = (k: Figure) => values[k] ?? Number.NaN;
    const has = (k: Figure) => this.byFigure.get(k)?.dropped === false;
    const orNull = (v: number) => (v >= 0 ? v : null);
    // Cached input is part of the input: a row caching more than it took in is refused.
    const inputOrZero = get('input') >= 0 ? get('input') : 0;
    if (get('cached') > inputOrZero) {
      sink.issues.skip('cached-above-input', line, this.name(m.cached as number), `${get('cached')} > ${inputOrZero}`);
      return;
    }
    if (m.requests === null && !this.costsOnly) {
      const id = requestIdOf(cell(this.requestId)?.trim());
      if (id !== null) {
        const figures = cells.map((c, i) => (i === this.requestId ? '' : c)).join('\u0000');
        if (dropDuplicate(sink, sink.seen.request(id, line, figures), line, this.name(this.requestId as number), id)) return;
      }
    } else if (this.bucketDuplicate(cells, start, bucketS, line)) return;
    if (this.costsOnly) {
      const usd = get('cost');
      // A day without costs is written with its times and nothing else.
      if (!(usd >= 0)) return;
      const currency = (cell(this.currency) ?? '').trim().toLowerCase();
      if (currency !== '' && currency !== 'usd') {
        sink.issues.once('warning', 'currency-not-usd', line, this.name(this.currency as number), currency);
        return;
      }
      sink.formats.add('usage-csv');
      sink.costs.push({ start, bucketS: bucketS > 0 ? bucketS : 86_400, model: m.model === null ? null : modelOfLineItem(cell(m.model)), usd });
      return;
    }
    const model = m.model === null ? null : cell(m.model)?.trim() || null;
    if (m.requests === null) {
      const status = cell(m.status)?.trim() ?? '';
      const ok = !FAILED_STATUS.test(status);
      sink.records.push({
        start,
        bucketS: 0,
        model,
        requests: ok ? 1 : 0,
        failed: ok ? 0 : 1,
        input: ok ? Math.max(0, get('input') || 0) : 0,
        cached: ok && has('cached') ? (orNull(get('cached')) ?? 0) : null,
        output: ok ? Math.max(0, get('output') || 0) : 0,
        reasoning: ok && has('reasoning') ? (orNull(get('reasoning')) ?? 0) : null,
        costUsd: orNull(get('cost')),
      });
      return;
    }
    sink.records.push({
      start,
      bucketS: bucketS > 0 ? bucketS : 3_600,
      model,
      requests: orNull(get('requests')) ?? 0,
      failed: has('failed') ? (orNull(get('failed')) ?? 0) : null,
      input: orNull(get('input')) ?? 0,
      cached: has('cached') ? (orNull(get('cached')) ?? 0) : null,
      output: orNull(get('output')) ?? 0,
      reasoning: has('reasoning') ? (orNull(get('reasoning')) ?? 0) : null,
      costUsd: orNull(get('cost')),
    });
  }
}

/**
 * A time cell as epoch seconds or milliseconds when it is a number (with either decimal mark:
 * an epoch is never written with thousands groups), else the text for readTime.
 */
function epochOrText(raw: string): string | number {
  const t = raw.trim();
  return /^\d+([.,]\d+)?$/.test(t) ? Number(t.replace(',', '.')) : raw;
}
