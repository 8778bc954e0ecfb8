import { z } from 'zod';
import type { Delimiter } from '../benchmarks/csv';
import { count, modelOfLineItem, readTime, type Sink } from './formats';

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
  bucketSeconds: z.number().int().min(0).max(31 * 86_400),
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

/** Reads the data rows of a usage CSV under `mapping` into `sink`. */
export class UsageCsvRows {
  /** A file of costs alone (no requests, no tokens): its rows are cost records. */
  private readonly costsOnly: boolean;
  /** The column naming the cost's currency (`amount_currency`), if any. */
  private readonly currency: number | null;

  constructor(
    private readonly mapping: UsageCsvMapping,
    private readonly headers: readonly string[],
    private readonly sink: Sink,
  ) {
    this.costsOnly = isCostsOnly(mapping);
    const lower = headers.map((h) => h.trim().toLowerCase());
    const c = lower.findIndex((h) => h === 'amount_currency' || h === 'currency');
    this.currency = c === -1 ? null : c;
  }

  row(cells: readonly string[], line: number): void {
    const m = this.mapping;
    const sink = this.sink;
    if (cells.length === 0) return;
    const name = (c: number) => this.headers[c] ?? `column ${c + 1}`;
    const cell = (c: number | null): string | undefined => (c === null ? undefined : cells[c]);
    if (cells.length <= m.time) {
      sink.issues.skip('csv-short-row', line, name(m.time), null);
      return;
    }
    const rawTime = cells[m.time] as string;
    const start = readTime(/^\d+(\.\d+)?$/.test(rawTime.trim()) ? Number(rawTime) : rawTime, sink.issues, line, name(m.time));
    if (!(start >= 0)) {
      sink.issues.skip('timestamp-invalid', line, name(m.time), rawTime);
      return;
    }
    let bucketS = m.bucketSeconds;
    if (m.endTime !== null) {
      const rawEnd = cell(m.endTime) ?? '';
      const end = readTime(/^\d+(\.\d+)?$/.test(rawEnd.trim()) ? Number(rawEnd) : rawEnd, sink.issues, line, name(m.endTime));
      if (end > start) bucketS = end - start;
    }
    const values = new Map<string, number>();
    for (const [key, c] of [['requests', m.requests], ['failed', m.failed], ['input', m.input], ['cached', m.cached], ['output', m.output], ['reasoning', m.reasoning], ['cost', m.costUsd]] as const) {
      if (c === null) continue;
      const raw = cell(c);
      const v = raw === undefined || raw.trim() === '' ? Number.NaN : count(raw);
      if (v === -1) {
        sink.issues.skip('field-invalid', line, name(c), raw ?? null);
        return;
      }
      values.set(key, v);
    }
    const get = (k: string) => values.get(k) ?? Number.NaN;
    const orNull = (v: number) => (v >= 0 ? v : null);
    // Cached input is part of the input: a row caching more than it took in is refused.
    const inputOrZero = get('input') >= 0 ? get('input') : 0;
    if (get('cached') > inputOrZero) {
      sink.issues.skip('cached-above-input', line, name(m.cached as number), `${get('cached')} > ${inputOrZero}`);
      return;
    }
    if (this.costsOnly) {
      const usd = get('cost');
      // A day without costs is written with its times and nothing else.
      if (!(usd >= 0)) return;
      const currency = (cell(this.currency) ?? '').trim().toLowerCase();
      if (currency !== '' && currency !== 'usd') {
        sink.issues.once('warning', 'currency-not-usd', line, name(this.currency as number), currency);
        return;
      }
      sink.formats.add('usage-csv');
      sink.costs.push({ start, bucketS: bucketS > 0 ? bucketS : 86_400, model: m.model === null ? null : modelOfLineItem(cell(m.model)), usd });
      return;
    }
    const model = m.model === null ? null : (cell(m.model)?.trim() || null);
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
        cached: ok && m.cached !== null ? (orNull(get('cached')) ?? 0) : null,
        output: ok ? Math.max(0, get('output') || 0) : 0,
        reasoning: ok && m.reasoning !== null ? (orNull(get('reasoning')) ?? 0) : null,
        costUsd: orNull(get('cost')),
      });
      return;
    }
    sink.records.push({
      start,
      bucketS: bucketS > 0 ? bucketS : 3_600,
      model,
      requests: orNull(get('requests')) ?? 0,
      failed: m.failed === null ? null : (orNull(get('failed')) ?? 0),
      input: orNull(get('input')) ?? 0,
      cached: m.cached === null ? null : (orNull(get('cached')) ?? 0),
      output: orNull(get('output')) ?? 0,
      reasoning: m.reasoning === null ? null : (orNull(get('reasoning')) ?? 0),
      costUsd: orNull(get('cost')),
    });
  }
}
