import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../scenario/defaults';
import { deriveWorkload } from './aggregate';
import { combineUsage } from './combine';
import { contentHash, DuplicateFilter, SameBytes } from './dedupe';
import { readUsageText, type UsageReadResult } from './reader';

const dir = new URL('../../../fixtures/usage/', import.meta.url);
const text = (name: string) => readFileSync(new URL(name, dir), 'utf8');
const derive = (...files: UsageReadResult[]) => {
  const c = combineUsage(files);
  return deriveWorkload(c.records, c.costs, { timeZone: 'UTC', current: DEFAULT_SCENARIO.workload });
};
const sha256 = async (b: Uint8Array) => new Uint8Array(createHash('sha256').update(b).digest());
const source = (name: string, bytes: Uint8Array) => ({ name, size: bytes.length, read: async (o: number, n: number) => bytes.subarray(o, o + n) });

describe('rows written twice with the same request id count once', () => {
  const row = (id: string, minute: number, inTok: number, status = 'ok') =>
    JSON.stringify({ request_id: id, ts: `2026-01-05T10:${String(minute).padStart(2, '0')}:00Z`, model: 'm', status, in_tok: inTok, out_tok: 100 });

  it('in one request log: the copies are dropped and counted, a copy with other figures is said', () => {
    const log = [row('r1', 0, 1000), row('r2', 5, 2000), row('r1', 0, 1000), row('r3', 10, 500, 'error'), row('r3', 10, 500, 'error'), row('r2', 5, 2500)].join(
      '\n',
    );
    const r = readUsageText('log.jsonl', log);
    // Lines 3, 5 and 6 repeat r1, r3 and r2.
    expect(r.rows).toEqual({ read: 6, skipped: 0, duplicates: 3 });
    expect(r.status).toBe('ok');
    expect(r.issues).toContainEqual({ severity: 'info', code: 'duplicate-request', line: 3, field: 'request_id', detail: 'r1: log.jsonl, line 1' });
    expect(r.issues).toContainEqual({ severity: 'warning', code: 'duplicate-request-differs', line: 6, field: 'request_id', detail: 'r2: log.jsonl, line 2' });
    const d = derive(r);
    // r1 and r2 ok, r3 failed: input (1000 + 2000) / 2 = 1500, retry 1 / 2 (counted twice it was
    // 4 ok of (1000 + 2000 + 1000 + 2500) / 4 = 1625 and 2 failed).
    expect(d.total).toMatchObject({ requests: 2, failed: 1 });
    expect(d.workload.inputTokensPerRequest).toBe(1500);
    expect(d.workload.retryRateApi).toBe(0.5);
  });

  it('across files: LiteLLM spend-log pages that overlap by one row', () => {
    const seen = new DuplicateFilter();
    const first = readUsageText('SCHEMA_litellm_spend_logs.json', text('SCHEMA_litellm_spend_logs.json'), null, seen);
    const rows = JSON.parse(text('SCHEMA_litellm_spend_logs.json')) as Record<string, unknown>[];
    // The next page starts with the last row of the first one again, then a new request.
    const next = [rows[2], { ...rows[2], request_id: 'chatcmpl-6b1f0c3e-0004', prompt_tokens: 1000, completion_tokens: 100, spend: 0.0003, metadata: {} }];
    const second = readUsageText('spend-page-2.jsonl', next.map((x) => JSON.stringify(x)).join('\n'), null, seen);
    expect(second.rows.duplicates).toBe(1);
    expect(second.issues).toContainEqual({
      severity: 'info',
      code: 'duplicate-request',
      line: 1,
      field: 'request_id',
      detail: 'chatcmpl-6b1f0c3e-0003: SCHEMA_litellm_spend_logs.json, line 1',
    });
    const d = derive(first, second);
    // ok 1200, 1800 (page 1) and 1000 (page 2), 1 failure: input 4000 / 3, retry 1 / 3; spend
    // 0.000415 + 0 + 0.00057 + 0.0003 = 0.001285 (with the copy: 0.001855).
    expect(d.total).toMatchObject({ requests: 3, failed: 1 });
    expect(d.workload.inputTokensPerRequest).toBeCloseTo(4000 / 3, 9);
    expect(d.total.billUsd).toBeCloseTo(0.001285, 12);
  });

  it('in a per-request CSV with a request_id column', () => {
    const csv =
      'request_id,ts,model,status,in_tok,out_tok\na,2026-01-05T10:00:00Z,m,ok,100,10\nb,2026-01-05T10:01:00Z,m,ok,300,30\na,2026-01-05T10:00:00Z,m,ok,100,10\n';
    const r = readUsageText('log.csv', csv);
    expect(r.rows.duplicates).toBe(1);
    // a and b: (100 + 300) / 2 = 200 input per request (with the copy: 500 / 3 = 166.7).
    expect(derive(r).workload.inputTokensPerRequest).toBe(200);
  });
});

describe('a repeated API page counts once', () => {
  const page = text('DOCEXAMPLE_openai_usage_completions_page.json');
  const oneLine = JSON.stringify(JSON.parse(page));

  it('an OpenAI Usage API page saved twice in a file of pages', () => {
    const r = readUsageText('pages.jsonl', `${oneLine}\n${oneLine}\n`);
    expect(r.rows.duplicates).toBe(1);
    expect(r.issues).toContainEqual({ severity: 'info', code: 'duplicate-bucket', line: 2, field: null, detail: 'pages.jsonl, line 1' });
    // The page: 5 requests on 2024-11-01, 1,000 input (800 cached): 5 a day, not 10.
    const d = derive(r);
    expect(d.total.requests).toBe(5);
    expect(d.workload.requestsPerDay).toBe(5);
  });

  it('the same page in two files of other bytes (pretty-printed and on one line)', () => {
    const seen = new DuplicateFilter();
    const a = readUsageText('page-1.json', page, null, seen);
    const b = readUsageText('page-1-again.json', oneLine, null, seen);
    expect(b.rows.duplicates).toBe(1);
    expect(derive(a, b).total.requests).toBe(5);
  });

  it('an OpenAI Costs API page twice: $0.06, not $0.12', () => {
    const costs = JSON.stringify(JSON.parse(text('DOCEXAMPLE_openai_costs_page.json')));
    expect(derive(readUsageText('costs.jsonl', `${costs}\n${costs}\n`)).total.billUsd).toBe(0.06);
  });

  it('results of the same bucket for other projects or models are no duplicates', () => {
    const p = JSON.parse(oneLine) as { data: { results: Record<string, unknown>[] }[] };
    const result = p.data[0]?.results[0] as Record<string, unknown>;
    (p.data[0] as { results: Record<string, unknown>[] }).results = [result, { ...result, project_id: 'proj_b' }, { ...result, model: 'gpt-4o' }];
    // Three groups of 5 requests each: 15.
    expect(derive(readUsageText('grouped.json', JSON.stringify(p))).total.requests).toBe(15);
  });

  it("a real export's two rows of one day, model and project with other figures are both counted, and said", () => {
    const r = readUsageText('REAL_openai_usage_export_completions.tsv', text('REAL_openai_usage_export_completions.tsv'));
    // 2025-10-06, gpt-5-2025-08-07: 8 requests on line 3 and 1 on line 4; 53 in all, as before.
    expect(r.rows.duplicates).toBe(0);
    expect(r.issues).toContainEqual({
      severity: 'info',
      code: 'same-bucket-other-figures',
      line: 4,
      field: null,
      detail: 'REAL_openai_usage_export_completions.tsv, line 3',
    });
    expect(derive(r).total.requests).toBe(53);
  });

  it('a bucketed CSV row written twice (the German hourly aggregate with line 2 repeated)', () => {
    const lines = text('GERMAN_EXCEL_hourly_aggregate.csv').split('\r\n');
    const r = readUsageText('hourly.csv', [...lines.slice(0, 2), lines[1], ...lines.slice(2)].join('\r\n'));
    expect(r.rows.duplicates).toBe(1);
    // 100 + 300 requests and $0.25 + $0.75, not 500 and $1.25.
    const d = derive(r);
    expect(d.total.requests).toBe(400);
    expect(d.total.billUsd).toBe(1);
  });
});

describe('a file dropped twice under another name', () => {
  it('is found by its content hash; a file of the same size and other bytes is not', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('REAL_openai_usage_export_completions.tsv', dir)));
    const other = bytes.slice();
    other[other.length - 2] = 0x39; // the last figure's digit changed
    const files = [
      source('export.tsv', bytes),
      source('other.tsv', other),
      source('export (1).tsv', bytes.slice()),
      source('cost.tsv', new Uint8Array(readFileSync(new URL('REAL_openai_cost_export.tsv', dir)))),
    ];
    const same = new SameBytes(files.map((f) => f.size));
    const earlier = [];
    for (const [i, f] of files.entries()) earlier.push(await same.earlier(i, f, sha256));
    expect(earlier).toEqual([null, null, 0, null]);
  });

  it("the hash is the SHA-256 of the file, or of its 4 MiB blocks' digests above one block (node:crypto as the reference)", async () => {
    const small = new Uint8Array(readFileSync(new URL('REAL_openai_cost_export.tsv', dir)));
    expect(await contentHash(source('a', small), sha256)).toBe(createHash('sha256').update(small).digest('hex'));
    const block = 4 * 1024 * 1024;
    const big = new Uint8Array(block + 10).map((_, i) => i % 251);
    const digests = Buffer.concat([createHash('sha256').update(big.subarray(0, block)).digest(), createHash('sha256').update(big.subarray(block)).digest()]);
    expect(await contentHash(source('b', big), sha256)).toBe(createHash('sha256').update(digests).digest('hex'));
  });
});
