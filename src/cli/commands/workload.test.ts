import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testIo } from '../../testing/cli-test-io';
import { workloadCommand } from './workload';

const FIX = new URL('../../../fixtures/usage/', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'cli-workload-'));

interface Out {
  timeZone: string;
  duplicates: { rows: number; files: { file: string; sameAs: string }[] };
  workload: Record<string, unknown>;
  models: { model: string; requests: number; billUsd: number | null }[];
  total: { requests: number; failed: number; billUsd: number };
  files: { file: string; formats: string[]; status: string; issues: { message: string }[] }[];
}

describe('cli workload', () => {
  it('combines a request log and LiteLLM spend logs for one model', async () => {
    const io = testIo();
    const code = await workloadCommand.run(
      [join(FIX, 'SYNTHETIC_per_request_log.jsonl'), join(FIX, 'SCHEMA_litellm_spend_logs.json'), '--tz', 'UTC', '--model', 'gpt-4o-mini'],
      io,
    );
    expect(code).toBe(0);
    const out = JSON.parse(io.stdout.join('\n')) as Out;
    expect(out.files.map((f) => f.formats)).toEqual([['request-log'], ['litellm-spend-logs']]);
    // gpt-4o-mini: log ok 1200/180 (1024 cached) and 950/150, two failures; LiteLLM ok
    // 1200/130 (1024 cached) and 1800/300, one failure. Ok 4, failed 3 → retry 3/4.
    // Input 5150/4 = 1287.5, output 760/4 = 190, cached 2048/5150.
    expect(out.total).toMatchObject({ requests: 4, failed: 3 });
    expect(out.workload).toMatchObject({ inputTokensPerRequest: 1287.5, outputTokensPerRequest: 190, retryRateApi: 0.75 });
    expect(out.workload.cacheHitShare).toBeCloseTo(2048 / 5150, 12);
    // Bill 0.000249 + 0.0002325 + 0.000415 + 0.00057 = 0.0014665 USD.
    expect(out.total.billUsd).toBeCloseTo(0.0014665, 12);
    expect(out.models.map((m) => m.model)).toEqual(['gpt-4o-mini']);
  });

  it('names the file and line of a broken row, and refuses an unknown zone', async () => {
    const bad = join(dir, 'usage.jsonl');
    writeFileSync(bad, '{"ts":"2026-01-05T10:00:00Z","in_tok":10,"out_tok":2}\n{"ts":"2026-01-05T11:00:00Z","in_tok":"many","out_tok":2}\n');
    const io = testIo();
    expect(await workloadCommand.run([bad, '--tz', 'Europe/Berlin'], io)).toBe(0);
    expect(io.stderr.join('\n')).toContain('usage.jsonl line 2: in_tok: not a non-negative number; row skipped (many)');
    const empty = join(dir, 'other.json');
    writeFileSync(empty, '{"hello": "world"}');
    const io2 = testIo();
    expect(await workloadCommand.run([empty], io2)).toBe(1);
    expect(io2.stderr.join('\n')).toContain('other.json: no usage data found');
    const io3 = testIo();
    expect(await workloadCommand.run([bad, '--tz', 'Mars/Olympus'], io3)).toBe(2);
  });

  it('skips a file dropped again under another name and drops rows read before, and says how many', async () => {
    const copy = join(dir, 'usage-export (1).tsv');
    copyFileSync(join(FIX, 'REAL_openai_usage_export_completions.tsv'), copy);
    const pages = join(dir, 'pages.jsonl');
    const page = JSON.stringify({
      object: 'page',
      data: [
        {
          object: 'bucket',
          start_time: 1730419200,
          end_time: 1730505600,
          results: [
            {
              object: 'organization.usage.completions.result',
              input_tokens: 1000,
              output_tokens: 500,
              input_cached_tokens: 800,
              num_model_requests: 5,
              model: 'gpt-4o-mini',
            },
          ],
        },
      ],
      has_more: false,
    });
    writeFileSync(pages, `${page}\n${page}\n`);
    const io = testIo();
    expect(await workloadCommand.run([join(FIX, 'REAL_openai_usage_export_completions.tsv'), copy, pages, '--tz', 'UTC'], io)).toBe(0);
    const out = JSON.parse(io.stdout.join('\n')) as Out;
    expect(out.duplicates).toEqual({ rows: 1, files: [{ file: 'usage-export (1).tsv', sameAs: 'REAL_openai_usage_export_completions.tsv' }] });
    // The export's 53 requests once, and the page's 5 once: 58 (the copy and the page again made 116).
    expect(out.total.requests).toBe(58);
    const err = io.stderr.join('\n');
    expect(err).toContain('usage-export (1).tsv: the same bytes as a file already read: not read again (REAL_openai_usage_export_completions.tsv)');
    expect(err).toContain(
      'pages.jsonl: 1 duplicate row dropped (first: pages.jsonl line 2: a row equal in every field to one already read (the same page or row again): dropped (pages.jsonl, line 1))',
    );
  });

  it('reads a German Excel re-save (";" and decimal commas) and exits 0', async () => {
    const io = testIo();
    // Without reading decimal commas, every row with a cost (0,25 and 0,75) would be skipped, the file fail and the exit code be 1.
    expect(await workloadCommand.run([join(FIX, 'GERMAN_EXCEL_hourly_aggregate.csv'), '--tz', 'UTC'], io)).toBe(0);
    const out = JSON.parse(io.stdout.join('\n')) as Out;
    // 100 + 300 requests; bill 0,25 + 0,75 = $1.00; line 4's `bad` request count is named.
    expect(out.total).toMatchObject({ requests: 400, billUsd: 1 });
    expect(io.stderr.join('\n')).toContain('GERMAN_EXCEL_hourly_aggregate.csv line 4: requests: not a non-negative number; row skipped (bad)');
    expect(out.files[0]?.issues.map((i) => i.message)).toContain(
      'GERMAN_EXCEL_hourly_aggregate.csv line 2: cost_usd: the column writes numbers with a decimal comma; read so (0,25)',
    );
  });

  it('says which days of the week were seen when there is less than a whole week', async () => {
    // Mon 5 and Tue 6 Jan 2026, 224 requests a day (the i-th at i × 86,400 / 224 s).
    const lines: string[] = [];
    for (let d = 0; d < 2; d++)
      for (let i = 0; i < 224; i++)
        lines.push(JSON.stringify({ ts: new Date(Date.UTC(2026, 0, 5 + d) + Math.floor((i * 86_400) / 224) * 1000).toISOString(), in_tok: 10, out_tok: 1 }));
    const log = join(dir, 'two-days.jsonl');
    writeFileSync(log, `${lines.join('\n')}\n`);
    const io = testIo();
    expect(await workloadCommand.run([log, '--tz', 'UTC'], io)).toBe(0);
    const out = JSON.parse(io.stdout.join('\n')) as Out & { observation: unknown };
    // 448 requests / 2 days = 224 a day, from Monday and Tuesday alone.
    expect(out.workload.requestsPerDay).toBe(224);
    expect(out.observation).toEqual({ weekdays: [0, 1], wholeWeeks: 0, perDayDays: 2, window: null, daysLeftOut: 0 });
    expect(io.stderr.join('\n')).toContain(
      'days of the week seen: Mon, Tue (2 of 7); less than a whole week: the per-day figures are the mean over 2 days, Wed, Thu, Fri, Sat, Sun not seen',
    );
  });

  it('refuses a row with more cached than input tokens, naming file and line', async () => {
    const log = join(dir, 'cache.jsonl');
    writeFileSync(
      log,
      '{"ts":"2026-01-05T10:00:00Z","in_tok":1000,"out_tok":2,"cached_tok":250}\n{"ts":"2026-01-05T11:00:00Z","in_tok":800,"out_tok":2,"cached_tok":900}\n',
    );
    const io = testIo();
    expect(await workloadCommand.run([log, '--tz', 'UTC'], io)).toBe(0);
    expect(io.stderr.join('\n')).toContain(
      'cache.jsonl line 2: cached_tok: more cached input tokens than input tokens (cached input is part of the input); row refused (900 > 800)',
    );
    // Line 1 alone: 250 / 1000 = 0.25 (with line 2: 1150 / 1800 = 0.64).
    expect((JSON.parse(io.stdout.join('\n')) as Out).workload.cacheHitShare).toBe(0.25);
  });
});
