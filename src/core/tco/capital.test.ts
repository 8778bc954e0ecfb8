import { describe, expect, it } from 'vitest';
import { capitalMonthly, monthlyRate } from './capital';
import { evaluateTco } from './evaluate';
import { buildModel, marginalReplicaCost } from './model';
import { maxGpuPriceToBreakEven } from './break-even';
import { plainScenario } from '../../testing/test-scenarios';

/** Bought hardware at its cost of capital (capital.ts); every figure worked out by hand above it. */
describe('capital cost of bought hardware', () => {
  it("the issue's worked example: $322,000, 20 % residual after 36 months at 10 % a year = $8,848.69, straight-line $7,155.56", () => {
    // r = 0.10 / 12 = 0.0083333; 1.0083333^36 = 1.3481818; 64,400 / 1.3481818 = 47,767.88;
    // (322,000 − 47,767.88) × 0.0083333 / (1 − 1 / 1.3481818) = 274,232.12 × 0.0322672 = 8,848.69.
    expect(monthlyRate({ waccYearly: 0.1, rateConvention: 'nominal' })).toBeCloseTo(0.008_333_333, 9);
    expect(capitalMonthly(322_000, 64_400, { waccYearly: 0.1, rateConvention: 'nominal' }, 36)).toBeCloseTo(8_848.69, 2);
    // Straight-line: (322,000 − 64,400) / 36 = 7,155.56.
    expect(capitalMonthly(322_000, 64_400, { waccYearly: 0, rateConvention: 'nominal' }, 36)).toBeCloseTo(7_155.56, 2);
  });

  it('in a scenario the residual is on the hardware alone: 8 × $35,000 × 1.15, residual 20 % of $280,000 → $9,049.74 a month', () => {
    const s = plainScenario();
    s.selfHosted = {
      ...s.selfHosted,
      costMode: 'buy',
      capexPerGpu: 35_000,
      infraOverheadShare: 0.15,
      residualShare: 0.2,
      amortisationMonths: 36,
      powerWattsPerGpu: 0,
      capital: { waccYearly: 0.1, rateConvention: 'nominal' },
    };
    s.workload.requestsPerDay = 10_000;
    // C = 322,000; R = 0.2 × 280,000 = 56,000; 56,000 / 1.3481818 = 41,537.52;
    // (322,000 − 41,537.52) × 0.0322672 = 9,049.74 (straight-line: 266,000 / 36 = 7,388.89).
    expect(evaluateTco(s).selfHosted.gpuUsd).toBeCloseTo(9_049.74, 2);
    s.selfHosted.capital = { waccYearly: 0, rateConvention: 'nominal' };
    expect(evaluateTco(s).selfHosted.gpuUsd).toBeCloseTo(7_388.89, 2);
  });

  it('the break-even GPU price uses the annuity: the price at which one replica costs what its work costs at the API', () => {
    const s = plainScenario();
    s.selfHosted = {
      ...s.selfHosted,
      costMode: 'buy',
      capexPerGpu: 35_000,
      infraOverheadShare: 0.15,
      residualShare: 0.2,
      amortisationMonths: 36,
      powerWattsPerGpu: 0,
      capital: { waccYearly: 0.1, rateConvention: 'nominal' },
    };
    // One replica carries 1,000 tok/s × 3,600 × 730 = 2.628e9 tokens = 2,628,000 tasks × $0.01 = $26,280 of API work.
    // Per $1 of GPU price one replica costs 8 × (1.15 − 0.2 / 1.3481818) × 0.0322672 = 8 × 1.0016554 × 0.0322672
    // = 0.258565 a month, so the price is 26,280 / 0.258565 = $101,638 per GPU.
    const m = buildModel(s);
    const price = maxGpuPriceToBreakEven(m, 0.01);
    expect(price?.usd).toBeCloseTo(26_280 / (8 * (1.15 - 0.2 / Math.pow(1 + 0.1 / 12, 36)) * (0.1 / 12 / (1 - Math.pow(1 + 0.1 / 12, -36)))), 4);
    expect(price?.usd).toBeCloseTo(101_638, -1);
    expect(marginalReplicaCost(m)).toBeCloseTo(9_049.74, 2);
  });
});
