import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { summarizeWorkload, taskMix } from './workload';

describe('summarizeWorkload: API bill', () => {
  it("Kimi K3 example of SPEC §8: 300,000 input + 30,000 output at $3.00 / $0.30 / $15.00", () => {
    const s = defaultScenario();
    s.workload = { ...s.workload, mode: 'tokens', inputTokensPerMonth: 300_000, outputTokensPerMonth: 30_000, inputTokensPerRequest: 300_000, reasoningMode: 'none', retryRateApi: 0, retryRateSelfHosted: 0 };
    s.api = { ...s.api, currency: 'USD', priceInputPerM: 3, priceCachedInputPerM: 0.3, priceOutputPerM: 15 };
    // all miss: 0.3 × 3.00 + 0.03 × 15.00 = 0.90 + 0.45 = 1.35
    s.workload.cacheHitShare = 0;
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(1.35, 10);
    // all hit: 0.3 × 0.30 + 0.03 × 15.00 = 0.09 + 0.45 = 0.54
    s.workload.cacheHitShare = 1;
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(0.54, 10);
    // half hit: 0.15 × 3.00 + 0.15 × 0.30 + 0.45 = 0.45 + 0.045 + 0.45 = 0.945
    s.workload.cacheHitShare = 0.5;
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(0.945, 10);
  });

  it('bills reasoning as output and retries again, converting the billing currency', () => {
    const s = defaultScenario();
    s.workload = { ...s.workload, mode: 'requests', requestsPerDay: 100, daysPerMonth: 30, inputTokensPerRequest: 1000, outputTokensPerRequest: 200, cacheHitShare: 0, reasoningMode: 'tokens', reasoningTokensPerRequest: 300, retryRateApi: 0.1, retryRateSelfHosted: 0.1 };
    s.api = { ...s.api, currency: 'CNY', fxMode: 'market', priceInputPerM: 7.1, priceCachedInputPerM: 0, priceOutputPerM: 14.2 };
    s.fx.CNY = 7.1;
    // 3,000 tasks × 1.1 = 3,300 requests; input 3.3M tokens × ¥7.1/M = ¥23.43 = $3.30
    // output (200 + 300) × 3,300 = 1.65M × ¥14.2/M = ¥23.43 = $3.30
    const r = summarizeWorkload(s);
    expect(r.requestsPerMonth).toBeCloseTo(3300, 9);
    expect(r.billedOutputTokens).toBeCloseTo(1_650_000, 6);
    expect(r.api.totalUsd).toBeCloseTo(6.6, 9);
    // Relay peg 1 CNY = 1 USD: the same yuan prices cost 7.1× more in dollars.
    s.api.fxMode = 'peg';
    s.api.pegUsdPerUnit = 1;
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(46.86, 9);
  });

  it('reasoning as a multiplier: 200 visible output × 3 = 600 billed, 400 of it reasoning', () => {
    const s = defaultScenario();
    s.workload = { ...s.workload, mode: 'requests', requestsPerDay: 10, daysPerMonth: 30, inputTokensPerRequest: 0, outputTokensPerRequest: 200, reasoningMode: 'multiplier', reasoningMultiplier: 3, retryRateApi: 0, retryRateSelfHosted: 0 };
    const r = summarizeWorkload(s);
    // 300 tasks × 200 = 60,000 visible; × (3 − 1) = 120,000 reasoning; 180,000 billed
    expect(r.visibleOutputTokens).toBe(60_000);
    expect(r.reasoningTokens).toBe(120_000);
    expect(r.billedOutputTokens).toBe(180_000);
  });
});

describe('taskMix', () => {
  it('article 000 blend: 20 % input / 80 % output at 0.60 / 2.50 = $2.12 per 1M tokens', () => {
    const s = defaultScenario();
    // 1M tokens a month, 200,000 input + 800,000 output, in tasks of 200 + 800 tokens.
    s.workload = { ...s.workload, mode: 'tokens', inputTokensPerMonth: 200_000, outputTokensPerMonth: 800_000, inputTokensPerRequest: 200, outputTokensPerRequest: 800, cacheHitShare: 0, reasoningMode: 'none', retryRateApi: 0, retryRateSelfHosted: 0 };
    s.api = { ...s.api, currency: 'USD', priceInputPerM: 0.6, priceCachedInputPerM: 0, priceOutputPerM: 2.5 };
    const mix = taskMix(s);
    expect(mix.tasksPerMonth).toBe(1000);
    expect(mix.inputTokens).toBe(200);
    // 0.2 × 0.60 + 0.8 × 2.50 = 0.12 + 2.00 = 2.12
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(2.12, 12);
    // Relay 0.12 / 0.55 at its 1 CNY = 1 USD peg: 0.2 × 0.12 + 0.8 × 0.55 = 0.024 + 0.44 = 0.464 ≈ $0.46
    s.api = { ...s.api, currency: 'CNY', fxMode: 'peg', pegUsdPerUnit: 1, priceInputPerM: 0.12, priceOutputPerM: 0.55 };
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(0.464, 12);
  });

  it('token mode counts tasks from output when there is no input, and keeps the mix at zero volume', () => {
    const s = defaultScenario();
    s.workload = { ...s.workload, mode: 'tokens', inputTokensPerMonth: 0, outputTokensPerMonth: 12_000_000, inputTokensPerRequest: 412, outputTokensPerRequest: 387, reasoningMode: 'none', retryRateApi: 0, retryRateSelfHosted: 0 };
    // 12,000,000 / 387 = 31,007.75 tasks of 387 output tokens each
    expect(taskMix(s).tasksPerMonth).toBeCloseTo(31_007.75, 2);
    expect(taskMix(s).billedOutputTokens).toBeCloseTo(387, 9);
    s.workload.outputTokensPerMonth = 0;
    const zero = taskMix(s);
    expect(zero.tasksPerMonth).toBe(0);
    expect(zero.inputTokens).toBe(412);
    expect(zero.billedOutputTokens).toBe(387);
  });

  it('token mode without tokens per request: the month is one unit and tasks are not counted', () => {
    const s = defaultScenario();
    s.workload = { ...s.workload, mode: 'tokens', inputTokensPerMonth: 5_000, outputTokensPerMonth: 1_000, inputTokensPerRequest: 0, outputTokensPerRequest: 0, reasoningMode: 'tokens', reasoningTokensPerRequest: 99, retryRateApi: 0, retryRateSelfHosted: 0 };
    const mix = taskMix(s);
    expect(mix.tasksCounted).toBe(false);
    expect(mix.totalTokens).toBe(6_000);
    // Reasoning per request needs requests: not added.
    expect(mix.reasoningTokens).toBe(0);
    expect(summarizeWorkload(s).tasksPerMonth).toBe(0);
  });
});
