import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../scenario/defaults';
import { deriveWorkload } from './aggregate';
import { readUsageText } from './reader';

const derive = (r: ReturnType<typeof readUsageText>) => deriveWorkload(r.records, r.costs, { timeZone: 'UTC', current: DEFAULT_SCENARIO.workload });

/**
 * Cached input is part of the input in every format read (types.ts): a row that says it read
 * more tokens from the cache than it took in is wrong somewhere, and counting it would give a
 * cache share above 1 (900 / 800 = 1.125), which the workload could only clamp.
 */
describe('cached tokens above the input tokens', () => {
  it('a request-log row is refused, named by file, line and field; the other rows count', () => {
    const log = [
      '{"ts":"2026-01-05T10:00:00Z","model":"m","status":"ok","in_tok":1000,"out_tok":100,"cached_tok":500}',
      '{"ts":"2026-01-05T10:01:00Z","model":"m","status":"ok","in_tok":800,"out_tok":100,"cached_tok":900}',
      '{"ts":"2026-01-05T10:02:00Z","model":"m","status":"ok","in_tok":600,"out_tok":50}',
    ].join('\n');
    const r = readUsageText('usage.jsonl', log);
    expect(r.status).toBe('partial');
    expect(r.rows).toEqual({ read: 3, skipped: 1, duplicates: 0 });
    expect(r.issues).toContainEqual({ severity: 'warning', code: 'cached-above-input', line: 2, field: 'cached_tok', detail: '900 > 800' });
    const d = derive(r);
    // Rows 1 and 3 count: 2 requests, input 1000 + 600 = 1600, cached 500 → 500 / 1600 = 0.3125
    // (with line 2 counted it was (500 + 900) / 2400 = 0.583).
    expect(d.total.requests).toBe(2);
    expect(d.total.tokens.input).toBe(1600);
    expect(d.workload.cacheHitShare).toBe(0.3125);
  });

  it('a file whose only row has 900 cached of 800 input gives no cache share of 1.125 (nor one clamped to 1)', () => {
    const r = readUsageText('one.jsonl', '{"ts":"2026-01-05T10:00:00Z","model":"m","status":"ok","in_tok":800,"out_tok":100,"cached_tok":900}\n');
    expect(r.status).toBe('failed');
    expect(r.issues.map((i) => [i.code, i.line])).toEqual([
      ['cached-above-input', 1],
      ['no-usage-data', null],
    ]);
    expect(derive(r).workload.cacheHitShare).toBeUndefined();
  });

  it('an OpenAI Usage API result is refused with its place in the page', () => {
    const page = {
      object: 'page',
      data: [
        {
          object: 'bucket',
          start_time: 1767607200,
          end_time: 1767610800,
          results: [
            {
              object: 'organization.usage.completions.result',
              input_tokens: 4000,
              output_tokens: 500,
              input_cached_tokens: 1000,
              num_model_requests: 4,
              model: 'a',
            },
            {
              object: 'organization.usage.completions.result',
              input_tokens: 800,
              output_tokens: 100,
              input_cached_tokens: 900,
              num_model_requests: 1,
              model: 'b',
            },
          ],
        },
      ],
      has_more: false,
    };
    const r = readUsageText('page.json', JSON.stringify(page, null, 2));
    expect(r.issues).toContainEqual({
      severity: 'warning',
      code: 'cached-above-input',
      line: 1,
      field: 'data[0].results[1].input_cached_tokens',
      detail: '900 > 800',
    });
    // Only model a: 1000 / 4000 = 0.25.
    expect(derive(r).workload.cacheHitShare).toBe(0.25);
  });

  it('a CSV row is refused with its line and column', () => {
    const csv =
      'hour,model,requests,input_tokens,cached_tokens,output_tokens\n2026-01-05T08:00:00Z,m,10,20000,5000,1000\n2026-01-05T09:00:00Z,m,1,800,900,100\n';
    const r = readUsageText('hourly.csv', csv);
    expect(r.issues).toContainEqual({ severity: 'warning', code: 'cached-above-input', line: 3, field: 'cached_tokens', detail: '900 > 800' });
    // Line 2 only: 5000 / 20000 = 0.25.
    expect(derive(r).workload.cacheHitShare).toBe(0.25);
  });

  it('a LiteLLM row whose usage object caches more than its prompt is refused', () => {
    const row = {
      request_id: 'r1',
      startTime: '2026-01-05T10:00:00Z',
      model: 'm',
      status: 'success',
      spend: 0.001,
      prompt_tokens: 800,
      completion_tokens: 10,
      metadata: { usage_object: { prompt_tokens: 800, completion_tokens: 10, prompt_tokens_details: { cached_tokens: 900 } } },
    };
    const r = readUsageText('spend.json', JSON.stringify([row]));
    expect(r.issues).toContainEqual({ severity: 'warning', code: 'cached-above-input', line: 1, field: '[0].metadata.usage_object', detail: '900 > 800' });
    expect(r.records).toHaveLength(0);
  });
});
