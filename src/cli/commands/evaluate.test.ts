import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seriesFromPublished } from '../../core/capacity/series';
import { DEFAULT_SLO } from '../../core/schemas/slo';
import { storeSeries } from '../../core/capacity/stored';
import { PUBLISHED_SERIES } from '../../core/catalog/published-measurements.data';
import { SCENARIO_TYPE, SCENARIO_VERSION } from '../../core/scenario/schema';
import { testIo } from '../../testing/cli-test-io';
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
    mode: 'requests',
    requestsPerDay: 100_000,
    daysPerMonth: 30,
    inputTokensPerRequest: 0,
    outputTokensPerRequest: 1_000,
    cacheHitShare: 0,
    reasoningMode: 'none',
    retryRateApi: 0,
    retryRateSelfHosted: 0,
    acceptanceApi: 1,
    acceptanceSelfHosted: 1,
    peakToAverage: 1,
    profileMode: 'peak-to-average',
  },
  api: { listCurrency: 'USD', invoiceCurrency: 'USD', priceInputPerM: 0, priceCachedInputPerM: 0, priceOutputPerM: 10 },
  selfHosted: {
    gpusPerReplica: 8,
    replicas: 1,
    redundancy: 'none',
    costMode: 'rent',
    rentUnit: 'gpu-hour',
    rentPrice: 4,
    hoursMode: 'always',
    staffFte: 0,
    upgradeHoursPerMonth: 0,
    otherMonthly: [],
    oneTimeUsd: 0,
    throughput: { source: 'entered', tokensPerSecond: 1_000, basis: 'output', latencyTargetMs: null, measuredRun: null },
    maxUtilisation: 1,
  },
};

describe('cli evaluate', () => {
  it('prints the capital cost of bought hardware at its WACC and the staff FTE', async () => {
    const bought = {
      ...plain,
      workload: { ...plain.workload, requestsPerDay: 10_000 },
      selfHosted: {
        ...plain.selfHosted,
        costMode: 'buy',
        capexPerGpu: 35_000,
        infraOverheadShare: 0.15,
        residualShare: 0.2,
        amortisationMonths: 36,
        powerWattsPerGpu: 0,
        capital: { waccYearly: 0.1, rateConvention: 'nominal' },
        staffFte: 0.5,
        scaling: { staffPer: 'replica', minOnCallFte: 2.2, otherPerNodeMonthly: 0 },
      },
    };
    const { code, out } = await run([file('bought.json', bought)]);
    expect(code).toBe(0);
    // (322,000 − 56,000 / 1.0083333^36) × 0.0083333 / (1 − 1.0083333^−36) = 9,049.74 (capital.test.ts);
    // staff max(0.5 × 1 replica, 2.2) = 2.2 FTE.
    expect(out?.capital).toEqual({
      waccYearly: 0.1,
      rateConvention: 'nominal',
      monthlyRate: expect.closeTo(0.1 / 12, 12) as number,
      monthlyUsd: expect.closeTo(9_049.74, 2) as number,
    });
    expect(out?.staffFte).toEqual({ selfHosted: 2.2, hybrid: expect.any(Number) as number });
  });

  it('prints the horizon: $6,400 one-time earned back at $640 a month in month 10, NPV at 12 % $803.25', async () => {
    const flat = {
      ...plain,
      workload: { ...plain.workload, requestsPerDay: 80_000 },
      selfHosted: { ...plain.selfHosted, oneTimeUsd: 6_400, horizonMonths: 12, capital: { waccYearly: 0.12, rateConvention: 'nominal' } },
    };
    const { code, out } = await run([file('horizon.json', flat)]);
    expect(code).toBe(0);
    // API 2,400,000 × $0.01 = 24,000 a month, one replica 23,360 (horizon.test.ts).
    expect(out?.horizon).toMatchObject({ months: 12, crossingMonth: { selfHosted: 10 }, npvUsd: { selfHosted: expect.closeTo(803.25, 2) as number } });
  });

  it('prints the billing mode: reserved at $2.80 is 8 × 2.80 × 730 = $16,352 a month, $196,224 over 12 months', async () => {
    const reserved = {
      ...plain,
      selfHosted: { ...plain.selfHosted, billing: { mode: 'reserved', reservedPrice: 2.8, reservedTermMonths: 12, upfrontShare: 0.5 } },
    };
    const { code, out } = await run([file('reserved.json', reserved)]);
    expect(code).toBe(0);
    // Needs 2 replicas (as above): 2 × 16,352 = 32,704 a month; × 12 = 392,448; half upfront = 196,224.
    expect(out?.billing).toMatchObject({
      mode: 'reserved',
      paidHoursPerMonth: 730,
      rate: { unit: 'gpu-hour', usd: 2.8 },
      coldStarts: null,
      // No WACC: the upfront half costs 196,224 ÷ 12 = 16,352 a month, the list figure.
      commitment: {
        termMonths: 12,
        monthlyUsd: expect.closeTo(32_704, 6) as number,
        totalUsd: expect.closeTo(392_448, 6) as number,
        upfrontUsd: expect.closeTo(196_224, 6) as number,
        upfrontMonthlyUsd: expect.closeTo(16_352, 6) as number,
        costMonthlyUsd: expect.closeTo(32_704, 6) as number,
      },
      // Reserved capacity is paid in every hour: no autoscaling figure.
      autoscale: null,
    });
  });

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

  it("prints the deployment and where the areas disagree: article 000's Kimi K2 does not fit 8× H100", async () => {
    const { code, out } = await run(['--preset', 'a000-k2-vendor']);
    expect(code).toBe(0);
    expect(out?.deployment).toMatchObject({ model: { id: 'kimi-k2' }, gpu: { id: 'h100-sxm' }, gpusPerReplica: 8, fits: false });
    // 1.03 TB of FP8 weights against 8 × 80 GB × 0.92 = 589 GB: it would not start.
    const flags = out?.coherence as unknown as { code: string; severity: string; fix: unknown }[];
    expect(flags[0]).toMatchObject({ code: 'does-not-fit', severity: 'blocker', fix: { kind: 'gpus-per-replica', gpus: 16 } });
    // The plain file keeps the example's Kimi K2.6 on 8× H200, which fits.
    const plainOut = (await run([file('plain-coherence.json', plain)])).out;
    expect((plainOut?.coherence as unknown as { code: string }[]).map((f) => f.code)).not.toContain('does-not-fit');
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
      workload: {
        ...plain.workload,
        mode: 'tokens',
        inputTokensPerMonth: 20_000_000,
        outputTokensPerMonth: 80_000_000,
        inputTokensPerRequest: 200,
        outputTokensPerRequest: 800,
      },
      api: {
        listCurrency: 'USD',
        priceInputPerM: 0.12,
        priceCachedInputPerM: 0.12,
        priceOutputPerM: 0.55,
        invoiceCurrency: 'CNY',
        invoiceFx: 'peg',
        pegInvoicePerListUnit: 1,
      },
      fx: { EUR: 0.86, CNY: 7.1, checked: '2026-11-30' },
    };
    const { code, io, out } = await run([file('relay.json', relay)]);
    expect(code).toBe(0);
    expect(io.stderr).toEqual([]);
    expect(out?.monthlyUsd?.api).toBeCloseTo(6.5352, 4);
    expect(out?.apiInvoice).toMatchObject({
      listCurrency: 'USD',
      listAmount: expect.closeTo(46.4, 9) as number,
      invoiceCurrency: 'CNY',
      invoicePerListUnit: 1,
      invoiceAmount: expect.closeTo(46.4, 9) as number,
      invoiceUnitsPerUsd: 7.1,
      usd: expect.closeTo(6.5352, 4) as number,
    });
    // The same offer as a v1 file wrote it (¥ prices worth $1 each): v1's bill, $46.40, stays.
    const v1 = {
      ...relay,
      version: 1,
      api: { currency: 'CNY', priceInputPerM: 0.12, priceCachedInputPerM: 0.12, priceOutputPerM: 0.55, fxMode: 'peg', pegUsdPerUnit: 1 },
    };
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

  it('tornado and Monte Carlo on request; a range the scenario does not read is named, not drawn', async () => {
    const { out } = await run([file('plain2.json', plain), '--tornado', '--monte-carlo']);
    expect(out?.monteCarlo).toMatchObject({ samples: 10_000, seed: 42, ignoredRanges: [] });
    expect(Array.isArray(out?.tornado?.bySaving)).toBe(true);
    // A purchase price while renting: kept in the file, reported as not used.
    const capex = { ...plain, uncertainty: { ranges: { capexPerGpu: { low: 20_000, high: 40_000 }, rentPrice: { low: 3, high: 5 } } } };
    const withCapex = await run([file('capex.json', capex), '--monte-carlo']);
    expect(withCapex.out?.monteCarlo).toMatchObject({ ignoredRanges: ['capexPerGpu'], ranges: [{ key: 'rentPrice', low: 3, high: 5 }] });
  });

  it('--tornado prints the replica step inside a swing: 913.24 tok/s, $640 → −$22,720, P 0.1603', async () => {
    const step = { ...plain, workload: { ...plain.workload, requestsPerDay: 80_000 } };
    const { code, out } = await run([file('step.json', step), '--tornado']);
    expect(code).toBe(0);
    // One replica carries 1,000 tok/s × 2,628,000 s = 2.628e9 of the 2.4e9 tokens; below
    // 2.4e9 / 2,628,000 = 913.24 tok/s it takes two (24,000 − 2 × 23,360 = −22,720);
    // Triangular(800, 1,000, 1,200): P(X < 913.24) = 113.24² / (400 × 200) = 0.1603.
    const tps = (out?.tornado?.bySaving as { key: string; stepLow: unknown; stepHigh: unknown }[]).find((r) => r.key === 'tokensPerSecond');
    expect(tps?.stepLow).toEqual({
      at: expect.closeTo(913.242, 3) as number,
      replicas: 2,
      savingBefore: expect.closeTo(640, 4) as number,
      savingAfter: expect.closeTo(-22_720, 4) as number,
      probability: expect.closeTo(0.1603, 4) as number,
    });
    expect(tps?.stepHigh).toBeNull();
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
    expect(entered.out?.throughput).toMatchObject({
      kind: 'entered',
      tokensPerSecondPerReplica: 1_000,
      fromSingleFigure: true,
      operatingPoint: null,
      publisher: null,
    });

    // DeepSeek-V4-Pro on 8× B200 (InferenceX, measured 2026-09-03), TTFT p90 ≤ 1,500 ms: concurrency 64
    // has TTFT p90 1,278.8 ms (meets), 128 has 1,921.8 ms (fails), and every higher load is slower still.
    // So concurrency 64 wins, 1,286.58 output tok/s, kept to four significant digits → 1,287.
    const entry = PUBLISHED_SERIES.find((p) => p.id === 'inferencex-deepseek-v4-pro-fp4-b200-vllm-tp8-8k1k');
    if (!entry) throw new Error('library entry missing');
    const withSeries = {
      ...plain,
      selfHosted: {
        ...plain.selfHosted,
        capacity: {
          slo: { ...DEFAULT_SLO, limits: [{ metric: 'ttft', percentile: 90, maxMs: 1500 }] },
          interpolate: false,
          series: storeSeries(seriesFromPublished(entry)),
        },
      },
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
    const none = {
      ...withSeries,
      selfHosted: {
        ...withSeries.selfHosted,
        capacity: { ...withSeries.selfHosted.capacity, slo: { ...DEFAULT_SLO, limits: [{ metric: 'ttft', percentile: 90, maxMs: 1000 }] } },
      },
    };
    const refused = await run([file('none.json', none)]);
    expect(refused.out?.throughput).toMatchObject({ kind: 'published', tokensPerSecondPerReplica: 0, operatingPoint: null, reason: 'none-qualifies' });
  });
});
