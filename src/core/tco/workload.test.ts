import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { summarizeWorkload } from './workload';

describe('summarizeWorkload: API bill', () => {
  it("Kimi K3 example of SPEC §8: 300,000 input + 30,000 output at $3.00 / $0.30 / $15.00", () => {
    const s = defaultScenario();
    s.workload = { ...s.workload, mode: 'tokens', inputTokensPerMonth: 300_000, outputTokensPerMonth: 30_000, inputTokensPerRequest: 300_000, reasoningMode: 'none', retryRate: 0 };
    s.api = { ...s.api, currency: 'USD', priceInputPerM: 3, priceCachedInputPerM: 0.3, priceOutputPerM: 15 };
    // all miss: 0.3 × 3.00 + 0.03 × 15.00 = 0.90 + 0.45 = 1.35
    s.workload.cacheHitShare = 0;
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(1.35, 10);
    // all hit: 0.3 × 0.30 + 0.03 × 15.00 = 0.09 + 0.45 = 0.54
    s.workload.cacheHitShare = 1;
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(0.54, 10);
  });

  it('bills reasoning as output and retries again, converting the billing currency', () => {
    const s = defaultScenario();
    s.workload = { ...s.workload, mode: 'requests', requestsPerDay: 100, daysPerMonth: 30, inputTokensPerRequest: 1000, outputTokensPerRequest: 200, cacheHitShare: 0, reasoningMode: 'tokens', reasoningTokensPerRequest: 300, retryRate: 0.1 };
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
});
