import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../scenario/defaults';
import { deriveWorkload } from './aggregate';
import { readUsageText } from './reader';

const dir = new URL('../../../fixtures/usage/', import.meta.url);
const read = (name: string) => readUsageText(name, readFileSync(new URL(name, dir), 'utf8'));
const derive = (name: string, timeZone = 'UTC') => {
  const r = read(name);
  return deriveWorkload(r.records, r.costs, { timeZone, current: DEFAULT_SCENARIO.workload });
};

describe('usage formats on their documented examples', () => {
  it('OpenAI Usage API page: one day bucket, 5 requests, 1,000 input of them 800 cached, 500 output', () => {
    const r = read('DOCEXAMPLE_openai_usage_completions_page.json');
    expect(r.formats).toEqual(['openai-usage']);
    expect(r.records).toHaveLength(1);
    expect(r.records.get(0)).toMatchObject({ start: 1730419200, bucketS: 86_400, requests: 5, input: 1000, cached: 800, output: 500, reasoning: null });
    // has_more: true → the page says more pages exist.
    expect(r.issues.map((i) => i.code)).toContain('more-pages');
    const d = derive('DOCEXAMPLE_openai_usage_completions_page.json', 'Europe/Berlin');
    // 1730419200 = 2024-11-01T00:00Z; one day; 5 requests/day; 1000/5 = 200 input, 500/5 = 100
    // output per request; 800/1000 = 0.8 cached. Day buckets: built in UTC, no hour shape.
    expect(d.period).toEqual({ firstDay: '2024-11-01', lastDay: '2024-11-01', days: 1, coveredDays: 1, gaps: [] });
    expect(d.timeZone).toBe('UTC');
    expect(d.notes).toContain('day-buckets-utc');
    expect(d.workload).toMatchObject({ mode: 'requests', requestsPerDay: 5, inputTokensPerRequest: 200, outputTokensPerRequest: 100, cacheHitShare: 0.8 });
    expect(d.total.perRequest?.input.median).toBeNull();
    expect(d.kept).toEqual(
      expect.arrayContaining([
        { field: 'weeklyProfile', reason: 'no-hour-shape' },
        { field: 'retryRateApi', reason: 'no-error-field' },
      ]),
    );
    // Output counts include reasoning and the page does not separate it: no reasoning on top.
    expect(d.workload.reasoningMode).toBe('none');
    expect(d.notes).toContain('reasoning-inside-output');
    expect(d.kept.map((k) => k.field)).not.toContain('reasoningTokensPerRequest');
  });

  it('OpenAI Costs API page: $0.06 on 2024-11-01', () => {
    const r = read('DOCEXAMPLE_openai_costs_page.json');
    expect(r.formats).toEqual(['openai-costs']);
    expect(r.costs).toEqual([{ start: 1730419200, bucketS: 86_400, model: null, usd: 0.06 }]);
    const d = derive('DOCEXAMPLE_openai_costs_page.json');
    expect(d.total.billUsd).toBe(0.06);
    expect(d.notes).toContain('cost-files-only');
  });

  it('OpenRouter activity: 5 requests, 50 prompt, 125 completion of which 25 reasoning, $0.015 + $0.012 BYOK', () => {
    const d = derive('DOCEXAMPLE_openrouter_activity.json');
    // Visible output = 125 − 25 = 100 → 20 per request; reasoning 25/5 = 5; input 50/5 = 10.
    expect(d.workload).toMatchObject({
      requestsPerDay: 5,
      inputTokensPerRequest: 10,
      outputTokensPerRequest: 20,
      reasoningMode: 'tokens',
      reasoningTokensPerRequest: 5,
    });
    expect(d.models[0]?.model).toBe('openai/gpt-4.1');
    // 0.015 + 0.012 = 0.027 USD.
    expect(d.total.billUsd).toBeCloseTo(0.027, 12);
    expect(d.kept.map((k) => k.field)).toContain('cacheHitShare');
  });

  it('Anthropic messages usage report: no request counts → token mode; cache writes and reads add to the input', () => {
    const r = read('SCHEMA_anthropic_usage_report_messages.json');
    expect(r.formats).toEqual(['anthropic-usage']);
    // Hour 1: 1500 + 200 + 300 + 4000 = 6000 input, 4000 cached; hour 2: 500 + 1000 = 1500, 1000.
    expect(r.records.toArray().map((x) => [x.input, x.cached, x.output, x.bucketS])).toEqual([
      [6000, 4000, 900, 3600],
      [1500, 1000, 100, 3600],
    ]);
    const d = derive('SCHEMA_anthropic_usage_report_messages.json');
    // One day: 7500 input and 1000 output per day × 30 days per month (the default).
    expect(d.workload).toMatchObject({ mode: 'tokens', inputTokensPerMonth: 225_000, outputTokensPerMonth: 30_000 });
    // Cached 5000 / 7500 input.
    expect(d.workload.cacheHitShare).toBeCloseTo(2 / 3, 12);
    expect(d.kept).toEqual(expect.arrayContaining([{ field: 'requestsPerDay', reason: 'no-request-count' }]));
    // Anthropic's output tokens include extended thinking, and the report does not separate it:
    // the 30,000 output tokens are all of it, no reasoning factor on top.
    expect(d.workload.reasoningMode).toBe('none');
    expect(d.notes).toContain('reasoning-inside-output');
    // Two hours are less than a week: the week stays as entered.
    expect(d.kept).toEqual(expect.arrayContaining([{ field: 'weeklyProfile', reason: 'less-than-a-week' }]));
  });

  it('Anthropic cost report: amounts are cents as decimal strings', () => {
    const r = read('SCHEMA_anthropic_cost_report.json');
    // "123.45" + "1350" cents = 1473.45 cents = $14.7345.
    expect(r.costs.reduce((a, c) => a + c.usd, 0)).toBeCloseTo(14.7345, 12);
    expect(r.formats).toEqual(['anthropic-cost']);
  });

  it('Anthropic messages usage report, the API reference example: 1,500 uncached + 1,500 written + 200 read = 3,200 input', () => {
    const r = read('DOCEXAMPLE_anthropic_usage_report_messages.json');
    expect(r.formats).toEqual(['anthropic-usage']);
    // Cache writes 1h 1,000 + 5m 500 = 1,500; reads 200 (cached ⊂ input); output 500; one day bucket.
    expect(r.records.toArray().map((x) => [x.model, x.input, x.cached, x.output, x.bucketS, x.requests])).toEqual([
      ['claude-sonnet-4-20250514', 3200, 200, 500, 86_400, null],
    ]);
    expect(r.issues.map((i) => i.code)).toContain('more-pages');
    const d = derive('DOCEXAMPLE_anthropic_usage_report_messages.json');
    // One day × 30 days per month: 96,000 input and 15,000 output tokens a month; 200 / 3,200 cached.
    expect(d.workload).toMatchObject({ mode: 'tokens', inputTokensPerMonth: 96_000, outputTokensPerMonth: 15_000, cacheHitShare: 0.0625 });
  });

  it('Anthropic cost report, the API reference example: "123.78912" cents = $1.2378912', () => {
    const r = read('DOCEXAMPLE_anthropic_cost_report.json');
    expect(r.formats).toEqual(['anthropic-cost']);
    expect(r.costs).toEqual([{ start: Date.UTC(2025, 7, 1) / 1000, bucketS: 86_400, model: 'claude-sonnet-4-20250514', usd: 1.2378912 }]);
  });

  it('OpenAI dashboard usage export (a real export, tab-separated): 53 requests over 7 days, an empty day and a missing one', () => {
    const r = read('REAL_openai_usage_export_completions.tsv');
    expect(r.status).toBe('ok');
    expect(r.formats).toEqual(['usage-csv']);
    const d = derive('REAL_openai_usage_export_completions.tsv', 'Europe/Berlin');
    // Requests 10 + 8 + 1 + 21 + 11 + 2 = 53; input 59,200 + 46,264 + 5,783 + 80,992 + 124,784 +
    // 22,688 = 339,711 of which cached 5,760 + 8,192 = 13,952; output 10,646 + 60,000 + 16,000 +
    // 274,770 + 154,852 + 33,191 = 549,459.
    expect(d.total).toMatchObject({ requests: 53, tokens: { input: 339_711, cached: 13_952, output: 549_459, reasoning: null } });
    // Day buckets 2025-10-05 … 10-11 (UTC): 10-08 is written as an empty row (a day without
    // usage, not a gap, and not a model); 10-09 has no row at all.
    expect(d.period).toEqual({
      firstDay: '2025-10-05',
      lastDay: '2025-10-11',
      days: 7,
      coveredDays: 7,
      gaps: [{ from: '2025-10-09', to: '2025-10-09', days: 1 }],
    });
    expect(d.models.map((m) => [m.model, m.requests])).toEqual([
      ['gpt-5-mini-2025-08-07', 34],
      ['gpt-5-2025-08-07', 9],
      ['gpt-4o-2024-08-06', 10],
    ]);
    expect(d.workload.requestsPerDay).toBeCloseTo(53 / 7, 12);
    expect(d.workload.cacheHitShare).toBeCloseTo(13_952 / 339_711, 12);
  });

  it('OpenAI dashboard cost export (a real export): daily amounts are costs, not requests; empty days are skipped', () => {
    const r = read('REAL_openai_cost_export.tsv');
    expect(r.status).toBe('ok');
    expect(r.records).toHaveLength(0);
    // 0.895874 + 0.56177125 + 0.569788 + 0.5455665 + 0.3409 + 0.072054 = $2.98595375 over six days.
    expect(r.costs).toHaveLength(6);
    expect(r.costs.reduce((a, c) => a + c.usd, 0)).toBeCloseTo(2.98595375, 12);
    expect(r.costs[0]).toEqual({ start: 1759622400, bucketS: 86_400, model: null, usd: 0.895874 });
    const d = derive('REAL_openai_cost_export.tsv');
    expect(d.total.billUsd).toBeCloseTo(2.98595375, 12);
    expect(d.notes).toContain('cost-files-only');
  });

  it('LiteLLM spend logs: 2 successes, 1 failure; a time without offset is read as UTC and said so', () => {
    const r = read('SCHEMA_litellm_spend_logs.json');
    expect(r.formats).toEqual(['litellm-spend-logs']);
    expect(r.issues.map((i) => i.code)).toContain('timestamp-no-zone');
    const d = derive('SCHEMA_litellm_spend_logs.json');
    // ok 2, failed 1: retry rate 1/2, error share 1/3; input (1200 + 1800)/2 = 1500, output
    // (130 + 300)/2 = 215, cached 1024/3000; spend 0.000415 + 0 + 0.00057 = 0.000985.
    expect(d.models.map((m) => m.model)).toEqual(['gpt-4o-mini']);
    expect(d.workload).toMatchObject({ requestsPerDay: 2, inputTokensPerRequest: 1500, outputTokensPerRequest: 215, retryRateApi: 0.5 });
    expect(d.workload.cacheHitShare).toBeCloseTo(1024 / 3000, 12);
    expect(d.total.errorShare).toBeCloseTo(1 / 3, 12);
    expect(d.total.billUsd).toBeCloseTo(0.000985, 12);
    // Per-request distribution of 1200 and 1800: median 1500, p90 1200 + 0.9 × 600 = 1740.
    expect(d.total.perRequest?.input).toEqual({ mean: 1500, median: 1500, p90: 1740 });
  });

  it('LiteLLM spend-log row as LiteLLM writes it (its own test data): 10 prompt, 20 completion tokens, $0.000225', () => {
    const r = read('REAL_litellm_spend_log_row.json');
    expect(r.formats).toEqual(['litellm-spend-logs']);
    expect(r.status).toBe('ok');
    // model_group is "", so the row's model names it; metadata is a JSON string here (a logging
    // callback's payload), so the top-level token counts are used; they match its usage_object.
    expect(r.records.toArray().map((x) => [x.model, x.requests, x.failed, x.input, x.output, x.costUsd])).toEqual([
      ['gpt-4o', 1, 0, 10, 20, 0.00022500000000000002],
    ]);
    // "2025-01-24 09:20:46.847371" has no offset: read as UTC, and said so.
    expect(r.records.get(0).start).toBeCloseTo(Date.UTC(2025, 0, 24, 9, 20, 46, 847) / 1000, 3);
    expect(r.issues.map((i) => i.code)).toContain('timestamp-no-zone');
  });

  it('per-request log (JSONL): ok rows carry the tokens, failed rows count as retries', () => {
    const d = derive('SYNTHETIC_per_request_log.jsonl');
    // Rows: 4o-mini ok 1200/180 cached 1024; ok 950/150; 429 error; o4-mini ok 800/2048 of
    // which 1792 reasoning; 4o-mini timeout. Ok 3, failed 2 → retry 2/3.
    // Input (1200 + 950 + 800)/3 = 983.33; visible output (180 + 150 + 256)/3 = 195.33;
    // reasoning 1792/3 = 597.33; cached 1024/2950.
    expect(d.total.requests).toBe(3);
    expect(d.total.failed).toBe(2);
    expect(d.workload.retryRateApi).toBeCloseTo(2 / 3, 12);
    expect(d.workload.inputTokensPerRequest).toBeCloseTo(2950 / 3, 9);
    expect(d.workload.outputTokensPerRequest).toBeCloseTo(586 / 3, 9);
    expect(d.workload.reasoningTokensPerRequest).toBeCloseTo(1792 / 3, 9);
    expect(d.workload.cacheHitShare).toBeCloseTo(1024 / 2950, 12);
    // cost 0.000249 + 0.0002325 + 0 = 0.0004815 (null and missing costs add nothing).
    expect(d.total.billUsd).toBeCloseTo(0.0004815, 12);
    // Largest first by tokens: 4o-mini 2150 + 330 = 2480; o4-mini 800 + 256 visible = 1056.
    expect(d.models.map((m) => m.model)).toEqual(['gpt-4o-mini', 'o4-mini']);
  });

  it('OpenAI usage CSV export: day buckets from start/end columns, two models', () => {
    const r = read('SCHEMA_openai_usage_export.csv');
    expect(r.status).toBe('ok');
    const d = derive('SCHEMA_openai_usage_export.csv');
    // 2 days; requests 120 + 80 + 10 = 210 → 105/day; input 450,000/210; cached 160,000/450,000.
    expect(d.period?.days).toBe(2);
    expect(d.workload.requestsPerDay).toBe(105);
    expect(d.workload.inputTokensPerRequest).toBeCloseTo(450_000 / 210, 9);
    expect(d.workload.cacheHitShare).toBeCloseTo(160 / 450, 12);
    const mini = d.models.find((m) => m.model === 'gpt-4o-mini-2024-07-18');
    // 200 requests over 2 days; 400,000 / 200 = 2000 input per request.
    expect(mini?.requestsPerDay).toBe(100);
    expect(mini?.perRequest?.input.mean).toBe(2000);
  });

  it('hourly aggregate CSV: a bad cell is skipped and named with its line and column', () => {
    const r = read('SCHEMA_hourly_aggregate.csv');
    expect(r.status).toBe('partial');
    expect(r.issues).toContainEqual({ severity: 'warning', code: 'field-invalid', line: 4, field: 'requests', detail: 'bad' });
    const d = deriveWorkload(r.records, r.costs, { timeZone: 'UTC', current: DEFAULT_SCENARIO.workload });
    // 400 ok, 6 failed: retry 6/400 = 0.015; cached 200,000/800,000 = 0.25; bill 1.00.
    expect(d.workload.retryRateApi).toBeCloseTo(0.015, 12);
    expect(d.workload.cacheHitShare).toBe(0.25);
    expect(d.total.billUsd).toBe(1);
    expect(d.granularity).toBe('hour');
  });

  it('a broken JSONL line is named by its line; a non-usage file says so', () => {
    const r = readUsageText('log.jsonl', '{"ts":"2026-01-05T10:00:00Z","in_tok":1,"out_tok":2}\n{"ts": oops}\n');
    expect(r.issues[0]).toMatchObject({ code: 'json-syntax', line: 2 });
    expect(r.records).toHaveLength(1);
    const none = readUsageText('x.json', '{"hello": 1}');
    expect(none.status).toBe('failed');
    expect(none.issues.map((i) => i.code)).toContain('no-usage-data');
    const broken = readUsageText('page.json', '{\n  "object": "page",\n  "data": [ ,\n');
    expect(broken.status).toBe('failed');
    expect(broken.issues.find((i) => i.code === 'json-syntax')?.line).toBe(3);
  });

  it('a CSV of unknown columns asks for a mapping, then reads with it', () => {
    const text = 'wann;anzahl;ein;aus\n2026-01-05 08:00;10;20000;1500\n2026-01-05 09:00;30;60000;4500\n';
    const first = readUsageText('export.csv', text);
    expect(first.status).toBe('needs-mapping');
    expect(first.csv).toMatchObject({ headers: ['wann', 'anzahl', 'ein', 'aus'], delimiter: ';' });
    expect(first.issues.map((i) => i.code)).toEqual(['csv-no-time-column']);
    // A time column but nothing of usage: not read as requests of no tokens, but asked for.
    const notes = readUsageText('notes.csv', 'date,notes\n2026-01-05,kickoff\n2026-01-06,review\n');
    expect(notes.status).toBe('needs-mapping');
    expect(notes.records).toHaveLength(0);
    expect(notes.issues.map((i) => i.code)).toEqual(['csv-no-usage-columns']);
    const mapping = {
      delimiter: ';' as const,
      time: 0,
      endTime: null,
      bucketSeconds: 3600,
      model: null,
      requests: 1,
      failed: null,
      status: null,
      input: 2,
      cached: null,
      output: 3,
      reasoning: null,
      costUsd: null,
    };
    const r = readUsageText('export.csv', text, mapping);
    expect(r.status).toBe('ok');
    const d = deriveWorkload(r.records, r.costs, { timeZone: 'UTC', current: DEFAULT_SCENARIO.workload });
    // 40 requests in one day; 80,000 / 40 = 2,000 input and 6,000 / 40 = 150 output per request.
    expect(d.workload).toMatchObject({ requestsPerDay: 40, inputTokensPerRequest: 2000, outputTokensPerRequest: 150 });
    expect(d.granularity).toBe('hour');
    // "2026-01-05 08:00" has no offset: read as UTC, and said so.
    expect(r.issues.map((i) => i.code)).toContain('timestamp-no-zone');
  });
});
