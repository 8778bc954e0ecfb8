import { describe, expect, it } from 'vitest';
import { evaluateTco, verdictCase } from './evaluate';
import { plainScenario } from '../../testing/test-scenarios';

/**
 * Figures the page reads from the evaluation instead of computing them itself. plainScenario:
 * 3,000,000 tasks of 1,000 output tokens at $10 per 1M = $0.01 a task; one replica of 8 GPUs at
 * $4/GPU-h = $23,360 a month, carrying 2,628,000 tasks.
 */
describe('break-even figures for the page', () => {
  it('one replica breaks even at 23,360 ÷ 0.01 = 2,336,000 tasks = 2.336B tokens, 0.7787× today', () => {
    const b = evaluateTco(plainScenario()).breakEven;
    expect(b.tokensPerMonth).toBeCloseTo(2.336e9, 0);
    // 2.336B ÷ 3B today
    expect(b.timesCurrentVolume).toBeCloseTo(2.336 / 3, 12);
    // the closed form's API price: 23,360 ÷ 2.336B tokens × 1M = $10 per 1M, $0.01 a task
    expect(b.closedFormApiUsdPerMillionTokens).toBeCloseTo(10, 9);
    expect(b.closedFormApiUsdPerTask).toBeCloseTo(0.01, 12);
    // one replica carries 2,628,000 tasks = 2.628B tokens
    expect(b.closedFormCapacityTokensPerMonth).toBeCloseTo(2.628e9, 0);
    // windows in tokens: from 2.336B up to the end of the first step, 2.628B; then 2 replicas
    // ($46,720) break even at 4.672B, which lies inside their step (2.628B, 5.256B]
    expect(b.windowsTokensPerMonth[0]).toEqual({ from: expect.closeTo(2.336e9, 0) as number, to: expect.closeTo(2.628e9, 0) as number });
    expect(b.windowsTokensPerMonth[1]?.from).toBeCloseTo(4.672e9, 0);
  });

  it('a replica dearer than its API work: 8 × $4 × 730 = $23,360 against 2,628,000 × $0.005 = $13,140 → 1.78×', () => {
    const s = plainScenario();
    s.api = { ...s.api, priceOutputPerM: 5 };
    const b = evaluateTco(s).breakEven;
    expect(b.result).toMatchObject({ kind: 'never', reason: 'replica-costs-more' });
    expect(b.enteredCostTimesApi).toBeCloseTo(23_360 / 13_140, 9);
    expect(b.timesCurrentVolume).toBeNull();
  });
});

describe('verdict case', () => {
  it('names the sentence to use: API cheapest against a deployment that can or cannot serve', () => {
    const s = plainScenario();
    s.api = { ...s.api, priceOutputPerM: 5 };
    const e = evaluateTco(s);
    // API: 3M × $0.005 = $15,000; self-hosted needs 2 replicas = $46,720 → $31,720 more
    expect(e.verdict.case).toBe('api');
    expect(e.verdict.selfExtraUsd).toBeCloseTo(46_720 - 15_000, 6);
    s.selfHosted.throughput = { ...s.selfHosted.throughput, tokensPerSecond: 0 };
    expect(evaluateTco(s).verdict.case).toBe('api-self-cannot');
    expect(verdictCase({ best: 'none', reason: 'api-accepts-nothing-self-cannot-serve' }, false)).toBe('none-self-cannot');
    expect(verdictCase({ best: 'hybrid', reason: 'cheapest' }, true)).toBe('hybrid');
  });
});
