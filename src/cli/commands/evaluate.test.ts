import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seriesFromPublished } from '../../core/capacity/series';
import { DEFAULT_SLO } from '../../core/capacity/slo';
import { storeSeries } from '../../core/capacity/stored';
import { PUBLISHED_SERIES } from '../../core/catalog/published-measurements.data';
import { SCENARIO_TYPE, SCENARIO_VERSION } from '../../core/scenario/schema';
import { testIo } from '../cli-test-io';
import { evaluateCommand } from './evaluate';

const dir = mkdtempSync(join(tmpdir(), 'cli-evaluate-'));
function file(name: string, content: unknown): string {
  const p = join(dir, name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
}

async function run(args: string[]) {
  const io = testIo();
  const code = await evaluateCommand.run(args, io);
  return { code, io, out: code === 0 ? (JSON.parse(io.stdout.join('\n')) as Record<string, Record<string, unknown>>) : null };
}

/** One task = 1,000 output tokens at $10 per 1M; one replica of 8 GPUs at $4/GPU-h. */
const plain = {
  type: SCENARIO_TYPE,
  version: SCENARIO_VERSION,
  workload: {
    mode: 'requests', requestsPerDay: 100_000, daysPerMonth: 30, inputTokensPerRequest: 0, outputTokensPerRequest: 1_000,
    cacheHitShare: 0, reasoningMode: 'none', retryRateApi: 0, retryRateSelfHosted: 0, acceptanceApi: 1, acceptanceSelfHosted: 1, peakToAverage: 1, profileMode: 'peak-to-average',
  },
  api: { listCurrency: 'USD', invoiceCurrency: 'USD', priceInputPerM: 0, priceCachedInputPerM: 0, priceOutputPerM: 10 },
  selfHosted: {
    gpusPerReplica: 8, replicas: 1, redundancy: 'none', costMode: 'rent', rentUnit: 'gpu-hour', rentPrice: 4, hoursMode: 'always',
    staffFte: 0, upgradeHoursPerMonth: 0, otherMonthly: [], oneTimeUsd: 0,
    throughput: { source: 'entered', tokensPerSecond: 1_000, basis: 'output', latencyTargetMs: null, measuredRun: null },
    maxUtilisation: 1,
  },
};

describe('cli evaluate', () => {
  it('prints monthly costs, break-even, hybrid split and capacity for a scenario file', async () => {
    const { code, out } = await run([file('plain.json', plain)]);
    expect(code).toBe(0);
    // 3,000,000 tasks × $0.01 = $30,000; self-hosted needs 2 replicas = 2 × 8 × 4 × 730 = $46,720
    expect(out?.monthlyUsd).toEqual({ api: 30_000, selfHosted: expect.closeTo(46_720, 6) as number, hybrid: expect.closeTo(27_080, 6) as number });
    // 23,360 / $10 per 1M = 2.336B tokens
    expect(out?.breakEven).toMatchObject({ kind: 'at', tokensPerMonth: expect.closeTo(2.336e9, 0) as number, replicas: 1 });
    expect(out?.hybrid).toMatchObject({ ownedReplicas: 1, selfShare: expect.closeTo(0.876, 12) as number });
    expect(out?.capacity).toMatchObject({ state: 'sized-up', replicasNeeded: 2, enteredServesPeak: false });
    expect(out?.usdPerAcceptedTask).toMatchObject({ api: expect.closeTo(0.01, 12) as number });
  });

  it('states instead of numbers: zero throughput', async () => {
    const bad = { ...plain, selfHosted: { ...plain.selfHosted, throughput: { ...plain.selfHosted.throughput, tokensPerSecond: 0 } } };
    const { code, out } = await run([file('zero.json', bad)]);
    expect(code).toBe(0);
    expect(out?.usdPerMillionTokens?.selfHosted).toEqual({ notApplicable: 'no-throughput' });
    expect(out?.breakEven).toMatchObject({ kind: 'never', reason: 'no-throughput' });
  });

  it('a preset with its claim check: article 004 gives ~139M, not 1.2B', async () => {
    const { code, out } = await run(['--preset', 'a004-m27-gpt55', '--claims']);
    expect(code).toBe(0);
    expect(out?.breakEven?.outputTokensPerMonth).toBeCloseTo(140_744_000, 0);
    const claims = out?.claims as unknown as { id: string; verdict: string }[];
    expect(claims.find((c) => c.id === 'a004-break-even')?.verdict).toBe('contradiction');
  });

  it("article 000's relay: the same USD bill as the page, with the invoice in yuan; a v1 file keeps its bill", async () => {
    // 100M tokens: 20M input × $0.12 + 80M output × $0.55 = $46.40 listed → invoice ¥46.40 at
    // ¥1 per $1 → 46.40 / 7.10 = $6.5352 paid.
    const relay = {
      ...plain,
      workload: { ...plain.workload, mode: 'tokens', inputTokensPerMonth: 20_000_000, outputTokensPerMonth: 80_000_000, inputTokensPerRequest: 200, outputTokensPerRequest: 800 },
      api: { listCurrency: 'USD', priceInputPerM: 0.12, priceCachedInputPerM: 0.12, priceOutputPerM: 0.55, invoiceCurrency: 'CNY', invoiceFx: 'peg', pegInvoicePerListUnit: 1 },
      fx: { EUR: 0.86, CNY: 7.1, checked: '2026-11-30' },
    };
    const { code, io, out } = await run([file('relay.json', relay)]);
    expect(code).toBe(0);
    expect(io.stderr).toEqual([]);
    expect(out?.monthlyUsd?.api).toBeCloseTo(6.5352, 4);
    expect(out?.apiInvoice).toMatchObject({
      listCurrency: 'USD', listAmount: expect.closeTo(46.4, 9) as number,
      invoiceCurrency: 'CNY', invoicePerListUnit: 1, invoiceAmount: expect.closeTo(46.4, 9) as number,
      invoiceUnitsPerUsd: 7.1, usd: expect.closeTo(6.5352, 4) as number,
    });
    // The same offer as a v1 file wrote it (¥ prices worth $1 each): v1's bill, $46.40, stays.
    const v1 = { ...relay, version: 1, api: { currency: 'CNY', priceInputPerM: 0.12, priceCachedInputPerM: 0.12, priceOutputPerM: 0.55, fxMode: 'peg', pegUsdPerUnit: 1 } };
    const old = await run([file('relay-v1.json', v1)]);
    expect(old.code).toBe(0);
    expect(old.out?.monthlyUsd?.api).toBeCloseTo(46.4, 9);
    expect(old.out?.apiInvoice).toMatchObject({ listCurrency: 'CNY', invoiceCurrency: 'USD', invoiceAmount: expect.closeTo(46.4, 9) as number });
  });

  it('the article 000 relay preset with its claims: ~85 % saving holds', async () => {
    const { code, out } = await run(['--preset', 'a000-k2-relay', '--claims']);
    expect(code).toBe(0);
    // 800M tokens: $371.20 listed → ¥371.20 → 371.20 / 7.1 = $52.28
    expect(out?.monthlyUsd?.api).toBeCloseTo(52.2817, 4);
    expect(out?.apiInvoice).toMatchObject({ invoiceCurrency: 'CNY', invoiceAmount: expect.closeTo(371.2, 9) as number });
    const claims = out?.claims as unknown as { id: string; verdict: string; recomputed: { value: number } }[];
    const saving = claims.find((c) => c.id === 'a000-fx-saving-85');
    expect(saving?.verdict).toBe('consistent');
    expect(saving?.recomputed.value).toBeCloseTo(1 - 1 / 7.1, 12);
  });

  it('rate limits of the API tier against the busiest hour', async () => {
    const limited = { ...plain, api: { ...plain.api, rateLimitRpm: 60, rateLimitTpm: null } };
    const { code, out } = await run([file('limited.json', limited)]);
    expect(code).toBe(0);
    // 3,000,000 requests ÷ (730 h × 60 min) = 68.49 per minute (flat load) > 60
    expect(out?.rateLimits).toMatchObject({
      limited: true,
      api: { exceeds: true, requests: { peakPerMinute: expect.closeTo(3_000_000 / 43_800, 9) as number, limit: 60, exceeds: true } },
      // the hybrid's one replica leaves 12.4 % to the API: 8.49 per minute
      hybrid: { exceeds: false },
      hybridReplicasWithinLimits: 1,
    });
  });

  it('tornado and Monte Carlo on request', async () => {
    const { out } = await run([file('plain2.json', plain), '--tornado', '--monte-carlo']);
    expect(out?.monteCarlo).toMatchObject({ samples: 10_000, seed: 42 });
    expect(Array.isArray(out?.tornado?.bySaving)).toBe(true);
  });

  it('rejects a field outside sense unless --lenient', async () => {
    const bad = { ...plain, workload: { ...plain.workload, cacheHitShare: 1.7 } };
    const p = file('bad.json', bad);
    const strict = await run([p]);
    expect(strict.code).toBe(1);
    expect(strict.io.stderr.join('\n')).toContain('workload.cacheHitShare');
    const lenient = await run([p, '--lenient']);
    expect(lenient.code).toBe(0);
  });

  it('an unknown field (workload.requestsPerDy) is an error naming it; --lenient warns and evaluates with the default', async () => {
    const typo = { ...plain, workload: { ...plain.workload, requestsPerDy: 5 } };
    const p = file('typo.json', typo);
    const strict = await run([p]);
    expect(strict.code).toBe(1);
    expect(strict.io.stdout).toEqual([]);
    expect(strict.io.stderr.join('\n')).toMatch(/error: workload\.requestsPerDy: unknown field/);
    expect(strict.io.stderr.join('\n')).toContain('1 unknown field: workload.requestsPerDy');
    const lenient = await run([p, '--lenient']);
    expect(lenient.code).toBe(0);
    expect(lenient.io.stderr.join('\n')).toMatch(/warning: workload\.requestsPerDy: unknown field \(ignored; was 5\)/);
    // the volume as written without the typo: 100,000 requests/day × 30 days × $0.01 = $30,000
    expect(lenient.out?.monthlyUsd?.api).toBeCloseTo(30_000, 6);
    expect(lenient.out?.notes).toEqual([{ kind: 'field', path: 'workload.requestsPerDy', action: 'ignored-unknown', problem: 'Unknown field', rejected: '5' }]);
  });

  it('notes in the JSON: a peak-to-average of 500 is capped at 168 (a week has 168 hours)', async () => {
    const peaky = { ...plain, workload: { ...plain.workload, peakToAverage: 500 } };
    const { code, out } = await run([file('peaky.json', peaky)]);
    expect(code).toBe(0);
    expect(out?.notes).toEqual([{ kind: 'shape', code: 'peak-clamped', message: expect.stringContaining('capped at 168') as string }]);
    // a plain file has none
    expect((await run([file('plain3.json', plain)])).out?.notes).toEqual([]);
  });

  it('usage errors', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['--preset', 'nope'])).code).toBe(2);
    expect((await run([file('notjson.json', '{')])).code).toBe(1);
  });

  it('says where the throughput per replica comes from: entered, or a published series with publisher and date', async () => {
    const entered = await run([file('entered.json', plain)]);
    expect(entered.out?.throughput).toMatchObject({ kind: 'entered', tokensPerSecondPerReplica: 1_000, fromSingleFigure: true, operatingPoint: null, publisher: null });

    // DeepSeek-V4-Pro on 8× B200 (InferenceX, measured 2026-09-03), TTFT p90 ≤ 1,500 ms: concurrency 64
    // has TTFT p90 1,278.8 ms (meets), 128 has 1,921.8 ms (fails), and every higher load is slower still.
    // So concurrency 64 wins, 1,286.58 output tok/s, kept to four significant digits → 1,287.
    const entry = PUBLISHED_SERIES.find((p) => p.id === 'inferencex-deepseek-v4-pro-fp4-b200-vllm-tp8-8k1k');
    if (!entry) throw new Error('library entry missing');
    const withSeries = {
      ...plain,
      selfHosted: { ...plain.selfHosted, capacity: { slo: { ...DEFAULT_SLO, limits: [{ metric: 'ttft', percentile: 90, maxMs: 1500 }] }, interpolate: false, series: storeSeries(seriesFromPublished(entry)) } },
    };
    const published = await run([file('published.json', withSeries)]);
    expect(published.code).toBe(0);
    expect(published.out?.throughput).toMatchObject({
      kind: 'published',
      publisher: 'SemiAnalysis InferenceX',
      measuredOn: '2026-09-03',
      libraryId: entry.id,
      fromSingleFigure: false,
      tokensPerSecondPerReplica: 1287,
      operatingPoint: { kind: 'measured', load: 64 },
    });

    // TTFT p90 ≤ 1,000 ms: the lowest load already has 1,278.8 ms, so none qualifies and no figure is used.
    const none = { ...withSeries, selfHosted: { ...withSeries.selfHosted, capacity: { ...withSeries.selfHosted.capacity, slo: { ...DEFAULT_SLO, limits: [{ metric: 'ttft', percentile: 90, maxMs: 1000 }] } } } };
    const refused = await run([file('none.json', none)]);
    expect(refused.out?.throughput).toMatchObject({ kind: 'published', tokensPerSecondPerReplica: 0, operatingPoint: null, reason: 'none-qualifies' });
  });
});
