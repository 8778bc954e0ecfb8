import { isRecord } from '../benchmarks/common';
import { looksLikeOrgUsagePage, tokensOf } from '../benchmarks/formats/api-usage';
import { parseTimestamp } from '../benchmarks/formats/request-log';
import { bucketIdentity, type DuplicateFilter, type Seen } from './dedupe';
import type { UsageTable } from './table';
import type { CostRecord, UsageFormat, UsageIssue, UsageIssueCode } from './types';

/**
 * One JSON value of a usage file → usage and cost records. Every format is read from its
 * documented schema (src/core/usage/README.md lists each with its reference):
 * - OpenAI organisation Usage API page (`GET /v1/organization/usage/completions` and the other
 *   usage endpoints): `{object: "page", data: [{start_time, end_time, results: [{input_tokens,
 *   input_cached_tokens, output_tokens, num_model_requests, model, …}]}], has_more}`;
 *   input_tokens include the cached ones; output_tokens include reasoning.
 * - OpenAI Costs API page (`GET /v1/organization/costs`): results `{object:
 *   "organization.costs.result", amount: {value, currency}, line_item, project_id}`.
 * - Anthropic Admin API messages usage report (`GET /v1/organizations/usage_report/messages`):
 *   `{data: [{starting_at, ending_at, results: [{uncached_input_tokens, cache_creation:
 *   {ephemeral_5m_input_tokens, ephemeral_1h_input_tokens}, cache_read_input_tokens,
 *   output_tokens, model, …}]}], has_more}`; cache writes and reads are **in addition** to the
 *   uncached input; the report does not count requests.
 * - Anthropic cost report (`GET /v1/organizations/cost_report`): results `{currency, amount,
 *   model, cost_type, token_type, …}`, `amount` a decimal string in the lowest currency unit
 *   (cents: "123.45" USD = $1.2345).
 * - OpenRouter activity (`GET /api/v1/activity`, the Activity page's export): `{data: [{date,
 *   model, provider_name, usage, byok_usage_inference, requests, prompt_tokens,
 *   completion_tokens, reasoning_tokens}]}`, one row per UTC day, model and endpoint; `usage`
 *   is the USD charged; completion tokens include reasoning tokens.
 * - LiteLLM proxy spend logs (`GET /spend/logs`, rows of its `LiteLLM_SpendLogs` table):
 *   `{request_id, startTime, endTime, model, spend, prompt_tokens, completion_tokens, status,
 *   metadata: {usage_object?}}`.
 * - A per-request log row (the fixtures' shape, see benchmarks/formats/request-log.ts):
 *   `{ts, model, status, in_tok, out_tok, cached_tok?, reasoning_tok?, cost_usd?, …}`.
 * - An API response with a `usage` block and a `created` time (Chat Completions, Responses).
 */

export class IssueList {
  readonly list: UsageIssue[] = [];
  omitted = 0;
  skipped = 0;
  private readonly seen = new Set<string>();

  add(severity: UsageIssue['severity'], code: UsageIssueCode, line: number | null, field: string | null = null, detail: string | null = null): void {
    if (this.list.length >= 200) {
      this.omitted += 1;
      return;
    }
    this.list.push({ severity, code, line, field, detail: detail === null ? null : detail.slice(0, 120) });
  }

  /** A note said once per file (the first line it applies to). */
  once(severity: UsageIssue['severity'], code: UsageIssueCode, line: number | null, field: string | null = null, detail: string | null = null): void {
    const key = `${code}:${field ?? ''}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.add(severity, code, line, field, detail);
  }

  skip(code: UsageIssueCode, line: number | null, field: string | null = null, detail: string | null = null): void {
    this.skipped += 1;
    this.add('warning', code, line, field, detail);
  }
}

export interface Sink {
  records: UsageTable;
  costs: CostRecord[];
  formats: Set<UsageFormat>;
  issues: IssueList;
  /** What every file of this read has given so far (dedupe.ts). */
  seen: DuplicateFilter;
  /** Rows of this file dropped as duplicates. */
  duplicates: { rows: number };
}

/** A request id as text: a non-empty string or a number; null when the row has none. */
export function requestIdOf(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v.slice(0, 200);
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/**
 * Says what the duplicate filter found and counts the dropped row. True when the row is
 * dropped: a request id already read, or a bucket equal in every field to one already read.
 */
export function dropDuplicate(sink: Sink, seen: Seen, line: number, field: string, what: string | null): boolean {
  if (seen.kind === 'new') return false;
  const place = field === '' ? null : field;
  const where = `${seen.earlier.file}, line ${seen.earlier.line}`;
  if (seen.kind === 'same-group') {
    sink.issues.add('info', 'same-bucket-other-figures', line, place, where);
    return false;
  }
  sink.duplicates.rows += 1;
  const detail = what === null ? where : `${what}: ${where}`;
  if (!seen.sameFigures) sink.issues.add('warning', 'duplicate-request-differs', line, place, detail);
  else sink.issues.once('info', what === null ? 'duplicate-bucket' : 'duplicate-request', line, what === null ? null : place, detail);
  return true;
}

function requestDuplicate(sink: Sink, id: string | null, line: number, field: string, figures: string): boolean {
  return id !== null && dropDuplicate(sink, sink.seen.request(id, line, figures), line, field, id);
}

function bucketDuplicate(sink: Sink, kind: string, start: number, bucketS: number, row: Record<string, unknown>, line: number, place: string): boolean {
  const { group, whole } = bucketIdentity(kind, start, bucketS, row);
  return dropDuplicate(sink, sink.seen.bucket(group, whole, line), line, place, null);
}

/** A count: a non-negative finite number, or a numeric string. NaN when absent, -1 when invalid. */
export function count(v: unknown): number {
  if (v === undefined || v === null) return Number.NaN;
  if (typeof v === 'number') return v >= 0 && Number.isFinite(v) ? v : -1;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) && n >= 0 ? n : -1;
  }
  return -1;
}

const NO_ZONE = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?$/;
const DATE_ONLY = /^\d{4}-\d\d-\d\d$/;

/**
 * Epoch seconds of a timestamp: ISO 8601 with its offset respected, epoch seconds or
 * milliseconds, a date alone (00:00 UTC). A date-time without an offset is read as UTC and
 * flagged ('timestamp-no-zone'): such files (LiteLLM's database rows, CSV exports) write UTC,
 * and reading them in the browser's zone would shift every hour.
 */
export function readTime(raw: unknown, issues: IssueList, line: number, field: string): number {
  if (typeof raw === 'string') {
    // Most timestamps end in Z (the fast path of parseTimestamp); only others are inspected.
    if (raw.charCodeAt(raw.length - 1) === 90) return parseTimestamp(raw);
    const s = raw.trim();
    if (DATE_ONLY.test(s)) return Date.parse(`${s}T00:00:00Z`) / 1000;
    if (NO_ZONE.test(s)) {
      issues.once('info', 'timestamp-no-zone', line, field, s);
      return Date.parse(`${s.replace(' ', 'T')}Z`) / 1000;
    }
  }
  return parseTimestamp(raw);
}

function n0(v: unknown): number {
  const c = count(v);
  return c >= 0 ? c : 0;
}

/** Where in a JSON value a row is: `[3]` for an array item, `data[3]` in a `data` list, '' for a top-level value. */
function placeOf(parent: string, index: number): string {
  return index < 0 ? '' : `${parent}[${index}]`;
}

function inPlace(place: string, field: string): string {
  return place === '' ? field : `${place}.${field}`;
}

/**
 * Cached input is part of the input in every format read: a row that says it read more
 * tokens from the cache than it took in is refused (skipped and named), not counted with a
 * cache share above 1. True when the row was refused.
 */
function refuseCachedAboveInput(sink: Sink, line: number, field: string, cached: number, input: number): boolean {
  if (!(cached > input)) return false;
  sink.issues.skip('cached-above-input', line, field, `${cached} > ${input}`);
  return true;
}

function strOrNull(v: unknown): string | null {
  if (typeof v !== 'string' || v === '') return null;
  return v.length > 200 ? v.slice(0, 200) : v;
}

function looksLikeBucketReport(v: Record<string, unknown>): boolean {
  if (!Array.isArray(v.data)) return false;
  const first = v.data[0];
  return isRecord(first) && Array.isArray(first.results) && ('starting_at' in first || 'start_time' in first);
}

/** "gpt-4o-2024-08-06, input" → "gpt-4o-2024-08-06" (the line items of OpenAI's cost export and Costs API). */
export function modelOfLineItem(v: unknown): string | null {
  if (typeof v !== 'string' || v.trim() === '') return null;
  const comma = v.indexOf(',');
  return (comma === -1 ? v : v.slice(0, comma)).trim().slice(0, 200) || null;
}

function openAiPage(page: Record<string, unknown>, line: number, sink: Sink, place: string): void {
  if (page.has_more === true) sink.issues.once('warning', 'more-pages', line, 'has_more', typeof page.next_page === 'string' ? page.next_page : null);
  for (const [b, bucket] of (page.data as unknown[]).entries()) {
    if (!isRecord(bucket) || !Array.isArray(bucket.results)) continue;
    const start = count(bucket.start_time);
    const end = count(bucket.end_time);
    if (!(start >= 0)) {
      sink.issues.skip('timestamp-invalid', line, 'start_time', String(bucket.start_time));
      continue;
    }
    const bucketS = end > start ? end - start : 86_400;
    for (const [k, r] of (bucket.results as unknown[]).entries()) {
      if (!isRecord(r)) continue;
      if (bucketDuplicate(sink, 'openai', start, bucketS, r, line, inPlace(place, `data[${b}].results[${k}]`))) continue;
      if (r.object === 'organization.costs.result' || isRecord(r.amount)) {
        sink.formats.add('openai-costs');
        const amount = isRecord(r.amount) ? r.amount : {};
        const value = count(amount.value);
        const currency = typeof amount.currency === 'string' ? amount.currency.toLowerCase() : 'usd';
        if (currency !== 'usd') {
          sink.issues.once('warning', 'currency-not-usd', line, 'amount.currency', currency);
          continue;
        }
        if (value >= 0) sink.costs.push({ start, bucketS, model: modelOfLineItem(r.line_item), usd: value });
        continue;
      }
      sink.formats.add('openai-usage');
      const requests = count(r.num_model_requests);
      const cached = count(r.input_cached_tokens);
      const input = n0(r.input_tokens);
      if (refuseCachedAboveInput(sink, line, inPlace(place, `data[${b}].results[${k}].input_cached_tokens`), cached, input)) continue;
      sink.records.push({
        start,
        bucketS,
        model: strOrNull(r.model),
        requests: requests >= 0 ? requests : null,
        failed: null,
        input,
        cached: cached >= 0 ? cached : null,
        output: n0(r.output_tokens),
        reasoning: null,
        costUsd: null,
      });
    }
  }
}

function anthropicReport(report: Record<string, unknown>, line: number, sink: Sink, place: string): void {
  if (report.has_more === true) sink.issues.once('warning', 'more-pages', line, 'has_more', typeof report.next_page === 'string' ? report.next_page : null);
  for (const [b, bucket] of (report.data as unknown[]).entries()) {
    if (!isRecord(bucket) || !Array.isArray(bucket.results)) continue;
    const start = readTime(bucket.starting_at, sink.issues, line, 'starting_at');
    const end = readTime(bucket.ending_at, sink.issues, line, 'ending_at');
    if (!(start >= 0)) {
      sink.issues.skip('timestamp-invalid', line, 'starting_at', String(bucket.starting_at));
      continue;
    }
    const bucketS = end > start ? end - start : 86_400;
    for (const [k, r] of (bucket.results as unknown[]).entries()) {
      if (!isRecord(r)) continue;
      if (bucketDuplicate(sink, 'anthropic', start, bucketS, r, line, inPlace(place, `data[${b}].results[${k}]`))) continue;
      if ('amount' in r) {
        sink.formats.add('anthropic-cost');
        const currency = typeof r.currency === 'string' ? r.currency.toUpperCase() : 'USD';
        if (currency !== 'USD') {
          sink.issues.once('warning', 'currency-not-usd', line, 'currency', currency);
          continue;
        }
        const cents = count(r.amount);
        if (cents < 0) {
          sink.issues.skip('field-invalid', line, 'amount', String(r.amount));
          continue;
        }
        if (cents >= 0) sink.costs.push({ start, bucketS, model: strOrNull(r.model), usd: cents / 100 });
        continue;
      }
      sink.formats.add('anthropic-usage');
      const creation = isRecord(r.cache_creation)
        ? n0(r.cache_creation.ephemeral_5m_input_tokens) + n0(r.cache_creation.ephemeral_1h_input_tokens)
        : n0(r.cache_creation_input_tokens);
      const read = n0(r.cache_read_input_tokens);
      sink.records.push({
        start,
        bucketS,
        model: strOrNull(r.model),
        requests: null,
        failed: null,
        input: n0(r.uncached_input_tokens) + creation + read,
        cached: read,
        output: n0(r.output_tokens),
        reasoning: null,
        costUsd: null,
      });
    }
  }
}

function pick(row: Record<string, unknown>, ...keys: string[]): unknown {
  for (const k of keys) if (row[k] !== undefined) return row[k];
  return undefined;
}

function openRouterRow(row: Record<string, unknown>, line: number, sink: Sink, place: string): void {
  sink.formats.add('openrouter-activity');
  const start = readTime(row.date, sink.issues, line, 'date');
  if (!(start >= 0)) {
    sink.issues.skip('timestamp-invalid', line, 'date', String(row.date));
    return;
  }
  if (bucketDuplicate(sink, 'openrouter', start, 86_400, row, line, place)) return;
  const reasoning = count(pick(row, 'reasoning_tokens', 'reasoningTokens'));
  const usage = count(row.usage);
  const byok = count(pick(row, 'byok_usage_inference', 'byokUsageInference'));
  sink.records.push({
    start,
    bucketS: 86_400,
    model: strOrNull(row.model),
    requests: n0(row.requests),
    failed: null,
    input: n0(pick(row, 'prompt_tokens', 'promptTokens')),
    cached: null,
    output: n0(pick(row, 'completion_tokens', 'completionTokens')),
    reasoning: reasoning >= 0 ? reasoning : null,
    costUsd: usage >= 0 ? usage + (byok > 0 ? byok : 0) : null,
  });
}

const OK_STATUS = new Set(['ok', 'success', 'succeeded', 'completed', 'done', '200']);

function okOf(r: Record<string, unknown>): boolean {
  const status = r.status;
  const http = typeof r.http_status === 'number' ? r.http_status : null;
  if (status === 'ok' || status === 'success') return true;
  if (typeof status === 'string' && status !== '') return OK_STATUS.has(status.toLowerCase());
  if (typeof status === 'number') return status >= 200 && status < 300;
  if (typeof r.ok === 'boolean') return r.ok;
  return (r.error === undefined || r.error === null || r.error === '') && (http === null || http < 400);
}

function oneRequest(
  sink: Sink,
  start: number,
  model: string | null,
  ok: boolean,
  input: number,
  cached: number | null,
  output: number,
  reasoning: number | null,
  cost: number | null,
): void {
  const N = Number.NaN;
  sink.records.addRequest(
    start,
    sink.records.modelId(model),
    ok,
    input,
    cached === null ? N : cached,
    output,
    reasoning === null ? N : reasoning,
    cost === null ? N : cost,
  );
}

function litellmRow(r: Record<string, unknown>, line: number, sink: Sink, place: string): void {
  sink.formats.add('litellm-spend-logs');
  const start = readTime(r.startTime, sink.issues, line, 'startTime');
  if (!(start >= 0)) {
    sink.issues.skip('timestamp-invalid', line, 'startTime', String(r.startTime));
    return;
  }
  const meta = isRecord(r.metadata) ? r.metadata : {};
  const usage = isRecord(meta.usage_object) ? tokensOf(meta.usage_object) : null;
  const spend = count(r.spend);
  const ok = typeof r.status === 'string' && r.status !== '' ? r.status.toLowerCase() === 'success' : true;
  const input = usage ? usage.input : n0(r.prompt_tokens);
  const output = usage ? usage.output : n0(r.completion_tokens);
  if (usage && refuseCachedAboveInput(sink, line, inPlace(place, 'metadata.usage_object'), usage.cached, input)) return;
  const model = strOrNull(r.model_group) ?? strOrNull(r.model);
  const cached = usage ? usage.cached : null;
  const reasoning = usage ? usage.reasoning : null;
  const cost = spend >= 0 ? spend : null;
  if (
    requestDuplicate(
      sink,
      requestIdOf(r.request_id),
      line,
      inPlace(place, 'request_id'),
      `${start}|${model}|${ok}|${input}|${cached}|${output}|${reasoning}|${cost}`,
    )
  )
    return;
  oneRequest(sink, start, model, ok, input, cached, output, reasoning, cost);
}

function requestLogRow(r: Record<string, unknown>, line: number, sink: Sink): void {
  const field = r.ts !== undefined ? 'ts' : r.timestamp !== undefined ? 'timestamp' : 'start_time';
  const start = readTime(r[field], sink.issues, line, field);
  if (!(start >= 0)) {
    sink.issues.skip('timestamp-invalid', line, field, r[field] === undefined ? null : String(r[field]));
    return;
  }
  sink.formats.add('request-log');
  // The hot path of large logs: no allocation per row beyond the record.
  const inRaw = r.in_tok ?? r.input_tokens ?? r.prompt_tokens;
  const outRaw = r.out_tok ?? r.output_tokens ?? r.completion_tokens;
  const cachedRaw = r.cached_tok ?? r.cached_tokens ?? r.input_cached_tokens;
  const reasoningRaw = r.reasoning_tok ?? r.reasoning_tokens;
  const input = count(inRaw);
  if (input === -1) return sink.issues.skip('field-invalid', line, 'in_tok', String(inRaw));
  const output = count(outRaw);
  if (output === -1) return sink.issues.skip('field-invalid', line, 'out_tok', String(outRaw));
  const cached = count(cachedRaw);
  if (cached === -1) return sink.issues.skip('field-invalid', line, 'cached_tok', String(cachedRaw));
  if (cached > (input >= 0 ? input : 0)) {
    const field = r.cached_tok !== undefined ? 'cached_tok' : r.cached_tokens !== undefined ? 'cached_tokens' : 'input_cached_tokens';
    refuseCachedAboveInput(sink, line, field, cached, input >= 0 ? input : 0);
    return;
  }
  const reasoning = count(reasoningRaw);
  if (reasoning === -1) return sink.issues.skip('field-invalid', line, 'reasoning_tok', String(reasoningRaw));
  const cost = count(r.cost_usd);
  if (cost === -1) return sink.issues.skip('field-invalid', line, 'cost_usd', String(r.cost_usd));
  const model = strOrNull(r.model);
  const ok = okOf(r);
  // Most logs carry no id: the look-up is all they pay.
  const idRaw = r.request_id ?? r.requestId ?? r.id;
  if (idRaw !== undefined) {
    const field = r.request_id !== undefined ? 'request_id' : r.requestId !== undefined ? 'requestId' : 'id';
    if (requestDuplicate(sink, requestIdOf(idRaw), line, field, `${start}|${model}|${ok}|${input}|${cached}|${output}|${reasoning}|${cost}`)) return;
  }
  oneRequest(
    sink,
    start,
    model,
    ok,
    input >= 0 ? input : 0,
    cached >= 0 ? cached : null,
    output >= 0 ? output : 0,
    reasoning >= 0 ? reasoning : null,
    cost >= 0 ? cost : null,
  );
}

function apiResponse(r: Record<string, unknown>, line: number, sink: Sink, place: string): void {
  const start = readTime(pick(r, 'created', 'created_at'), sink.issues, line, 'created');
  if (!(start >= 0)) {
    sink.issues.skip('timestamp-invalid', line, 'created', null);
    return;
  }
  sink.formats.add('api-response');
  const t = tokensOf(r.usage as Record<string, unknown>);
  if (refuseCachedAboveInput(sink, line, inPlace(place, 'usage'), t.cached, t.input)) return;
  const model = strOrNull(r.model);
  if (requestDuplicate(sink, requestIdOf(r.id), line, inPlace(place, 'id'), `${start}|${model}|${t.input}|${t.cached}|${t.output}|${t.reasoning}`)) return;
  oneRequest(sink, start, model, true, t.input, t.cached, t.output, t.reasoning, null);
}

/**
 * Reads one top-level JSON value (a page, a report, an array of rows or one row). `index` is
 * the row's place in a top-level array or `data` list (−1 for a top-level value), for messages.
 */
export function readValue(value: unknown, line: number, sink: Sink, depth = 0, index = -1, parent = ''): void {
  if (Array.isArray(value)) {
    if (depth > 0) return;
    for (let i = 0; i < value.length; i++) readValue(value[i], line, sink, depth + 1, i);
    return;
  }
  if (!isRecord(value)) {
    sink.issues.skip('row-not-object', line);
    return;
  }
  // Request-log rows first: they are the millions; pages and reports are few.
  if (value.ts !== undefined) return requestLogRow(value, line, sink);
  const place = placeOf(parent, index);
  if (looksLikeOrgUsagePage(value) && (value.data as unknown[]).length > 0) return openAiPage(value, line, sink, place);
  if (looksLikeBucketReport(value)) {
    const first = (value.data as Record<string, unknown>[])[0] as Record<string, unknown>;
    return 'starting_at' in first ? anthropicReport(value, line, sink, place) : openAiPage(value, line, sink, place);
  }
  if (Array.isArray(value.data) && depth === 0) {
    // OpenRouter's activity response and LiteLLM's paged spend logs wrap their rows in `data`.
    for (let i = 0; i < value.data.length; i++) readValue(value.data[i], line, sink, depth + 1, i, 'data');
    return;
  }
  if ('request_id' in value && 'startTime' in value) return litellmRow(value, line, sink, place);
  if ('date' in value && 'requests' in value && ('prompt_tokens' in value || 'promptTokens' in value)) return openRouterRow(value, line, sink, place);
  if (value.ts !== undefined || value.timestamp !== undefined || value.start_time !== undefined) return requestLogRow(value, line, sink);
  if (isRecord(value.usage) && (value.created !== undefined || value.created_at !== undefined)) return apiResponse(value, line, sink, place);
  sink.issues.skip('row-other-format', line);
}
