import { isRecord, newRun, nonNeg, normaliseDate, note, str, type FileContext, type ParsedRun, type ValueParser } from '../common';
import { isUnfinished } from '../json-stream';

/**
 * Token usage without latency (bench-formats.md §8), for the "buy tokens" side:
 * - response objects with a `usage` block: OpenAI Chat Completions (`prompt_tokens`,
 *   `completion_tokens`; cached ⊂ prompt, reasoning ⊂ completion), OpenAI Responses
 *   (`input_tokens`, `output_tokens`), Anthropic Messages (`input_tokens` plus cache creation
 *   and cache reads, which are **additional** input tokens);
 * - a page of the OpenAI organisation Usage API (`{object: "page", data: [buckets]}`).
 * Such files count requests and tokens; they cannot give latencies or throughput.
 */
export function looksLikeUsageObject(v: Record<string, unknown>): boolean {
  return isRecord(v.usage) && (typeof v.object === 'string' || typeof v.type === 'string' || typeof v.model === 'string');
}

export function looksLikeOrgUsagePage(v: Record<string, unknown>): boolean {
  if (v.object !== 'page' || !Array.isArray(v.data)) return false;
  const first = v.data[0];
  return v.data.length === 0 || (isRecord(first) && Array.isArray(first.results));
}

interface Totals {
  requests: number;
  input: number;
  output: number;
  cached: number;
  reasoning: number;
  models: Set<string>;
}

/**
 * Tokens of one `usage` block in the file's own convention (cached ⊂ input, reasoning ⊂
 * output); also read by the usage importer (src/core/usage/formats.ts).
 */
export function tokensOf(usage: Record<string, unknown>): { input: number; output: number; cached: number; reasoning: number } {
  const n = (x: unknown) => nonNeg(x) ?? 0;
  const pd = isRecord(usage.prompt_tokens_details) ? usage.prompt_tokens_details : isRecord(usage.input_tokens_details) ? usage.input_tokens_details : {};
  const cd = isRecord(usage.completion_tokens_details)
    ? usage.completion_tokens_details
    : isRecord(usage.output_tokens_details)
      ? usage.output_tokens_details
      : {};
  if ('prompt_tokens' in usage || 'completion_tokens' in usage) {
    return { input: n(usage.prompt_tokens), output: n(usage.completion_tokens), cached: n(pd.cached_tokens), reasoning: n(cd.reasoning_tokens) };
  }
  if ('cache_creation_input_tokens' in usage || 'cache_read_input_tokens' in usage) {
    // Anthropic: cache tokens are in addition to input_tokens.
    const read = n(usage.cache_read_input_tokens);
    return { input: n(usage.input_tokens) + n(usage.cache_creation_input_tokens) + read, output: n(usage.output_tokens), cached: read, reasoning: 0 };
  }
  return { input: n(usage.input_tokens), output: n(usage.output_tokens), cached: n(pd.cached_tokens), reasoning: n(cd.reasoning_tokens) };
}

function usageRun(ctx: FileContext, format: 'api-usage' | 'openai-org-usage', t: Totals, line: number): ParsedRun {
  const run = newRun(ctx, 'api-usage', format, 0, line);
  run.endpoint = { kind: 'api', provider: null, target: null };
  run.model = t.models.size === 1 ? ([...t.models][0] as string) : null;
  if (t.models.size > 1) run.extras.push({ key: 'models', value: [...t.models].slice(0, 10).join(', ') });
  run.requests = { total: t.requests, ok: t.requests, failed: null, incomplete: null, errors: [] };
  run.tokens = { input: t.input, output: t.output };
  if (t.cached > 0) run.extras.push({ key: 'cached_input_tokens', value: t.cached });
  if (t.reasoning > 0) run.extras.push({ key: 'reasoning_tokens', value: t.reasoning });
  note(run, 'no-latency');
  ctx.issues.add('info', 'no-latency', null, null, null);
  return { run, table: null };
}

export function usageObjectsParser(ctx: FileContext): ValueParser {
  const t: Totals = { requests: 0, input: 0, output: 0, cached: 0, reasoning: 0, models: new Set() };
  let firstLine = 1;
  return {
    format: 'api-usage',
    value(value, line, index) {
      if (!isRecord(value) || isUnfinished(value) || !looksLikeUsageObject(value)) {
        ctx.issues.skip(line, isRecord(value) ? 'row-other-format' : 'row-not-object', index === null || index === undefined ? null : `[${index}]`, null);
        return;
      }
      if (t.requests === 0) firstLine = line;
      const tokens = tokensOf(value.usage as Record<string, unknown>);
      t.requests += 1;
      t.input += tokens.input;
      t.output += tokens.output;
      t.cached += tokens.cached;
      t.reasoning += tokens.reasoning;
      const model = str(value.model);
      if (model) t.models.add(model);
    },
    finish: () => (t.requests === 0 ? [] : [usageRun(ctx, 'api-usage', t, firstLine)]),
  };
}

export function orgUsageParser(ctx: FileContext): ValueParser {
  const t: Totals = { requests: 0, input: 0, output: 0, cached: 0, reasoning: 0, models: new Set() };
  let start: number | null = null;
  let end: number | null = null;
  let more = false;
  let pages = 0;
  return {
    format: 'openai-org-usage',
    value(value, line) {
      if (!isRecord(value) || !looksLikeOrgUsagePage(value)) {
        ctx.issues.skip(line, 'row-other-format', null, null);
        return;
      }
      pages += 1;
      if (value.has_more === true) more = true;
      for (const bucket of value.data as unknown[]) {
        if (!isRecord(bucket) || !Array.isArray(bucket.results)) continue;
        const s = nonNeg(bucket.start_time);
        const e = nonNeg(bucket.end_time);
        if (s !== null && (start === null || s < start)) start = s;
        if (e !== null && (end === null || e > end)) end = e;
        for (const r of bucket.results) {
          if (!isRecord(r)) continue;
          t.requests += nonNeg(r.num_model_requests) ?? 0;
          t.input += nonNeg(r.input_tokens) ?? 0;
          t.output += nonNeg(r.output_tokens) ?? 0;
          t.cached += nonNeg(r.input_cached_tokens) ?? 0;
          const model = str(r.model);
          if (model) t.models.add(model);
        }
      }
    },
    finish() {
      if (pages === 0) return [];
      const parsed = usageRun(ctx, 'openai-org-usage', t, 1);
      parsed.run.date = normaliseDate(start).date;
      if (start !== null && end !== null && end > start) parsed.run.extras.push({ key: 'period_days', value: (end - start) / 86_400 });
      if (more) parsed.run.extras.push({ key: 'has_more', value: 'more pages exist; import them too for the full period' });
      return [parsed];
    },
  };
}
