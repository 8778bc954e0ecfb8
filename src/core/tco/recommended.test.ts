import { describe, expect, it } from 'vitest';
import { evaluateTco } from './evaluate';
import { monteCarlo } from './monte-carlo';
import { testedOption } from './recommended';
import { buildModel } from './model';
import { tornado } from './sensitivity';
import { plainScenario } from '../../testing/test-scenarios';

/**
 * The uncertainty views test the recommended option and show replica steps as a probability
 * (recommended.ts, monte-carlo.ts, sensitivity.ts). plainScenario at 80,000 tasks a day:
 * 2,400,000 tasks a month; one replica carries 2,628,000 (1,000 tok/s × 3,600 × 730 ÷ 1,000).
 */
function base() {
  const s = plainScenario();
  s.workload.requestsPerDay = 80_000;
  return s;
}

describe('uncertainty on the recommended option', () => {
  it('the probability of needing another replica: volume ×0.8…1.2 (triangular, mode 1) passes 2,628,000 / 2,400,000 = 1.095 with P = 13.8 %', () => {
    const s = base();
    s.uncertainty = { ...s.uncertainty, ranges: { volume: { low: 0.8, high: 1.2 } } };
    const r = monteCarlo(s, { samples: 20_000, seed: 7 });
    // Triangular tail above x: (b − x)² / ((b − a)(b − c)) = (1.2 − 1.095)² / (0.4 × 0.2) = 0.011025 / 0.08 = 0.1378.
    // With 20,000 samples the standard error is √(0.138 × 0.862 / 20,000) = 0.0024: ±0.01 is 4 of them.
    expect(r.replicas.base).toBe(1);
    expect(r.replicas.probabilityMore).toBeGreaterThan(0.1378 - 0.01);
    expect(r.replicas.probabilityMore).toBeLessThan(0.1378 + 0.01);
    expect(r.replicas.probabilityFewer).toBe(0);
    // The break-even does not depend on the volume: $23,360 ÷ $0.01 = 2,336,000 tasks = 2.336e9 tokens in every sample.
    expect(r.breakEven?.tokensPerMonth?.p5).toBeCloseTo(2.336e9, 0);
    expect(r.breakEven?.tokensPerMonth?.p95).toBeCloseTo(2.336e9, 0);
    expect(r.breakEven?.shareNever).toBe(0);
    // Every one of the 20,000 samples has it, so the card may give percentiles.
    expect(r.breakEven?.samplesAt).toBe(20_000);
    expect(r.breakEven?.samplesNever).toBe(0);
    expect(r.option).toBe('self-hosted');
  });

  it('the tornado says at which end a step is crossed: volume +20 % = 2,880,000 tasks needs 2 replicas, −20 % still 1', () => {
    const t = tornado(base());
    const volume = t.bySaving.find((row) => row.key === 'volume');
    expect(t.baseReplicas).toBe(1);
    expect(volume).toMatchObject({ replicasLow: 1, replicasHigh: 2 });
    // Saving at the high end: 2,880,000 × $0.01 − 2 × 23,360 = 28,800 − 46,720 = −17,920.
    expect(volume?.savingHigh).toBeCloseTo(-17_920, 6);
  });

  it('tests the hybrid when the verdict recommends it (3,000,000 tasks: hybrid $27,080 < API $30,000 < self $46,720)', () => {
    const s = plainScenario();
    const e = evaluateTco(s);
    expect(e.verdict.best).toBe('hybrid');
    expect(testedOption(buildModel(s))).toBe('hybrid');
    const mc = monteCarlo(s, { samples: 2_000, seed: 1 });
    expect(mc.option).toBe('hybrid');
    // The owned replica is decided once, on the base scenario (one, as the verdict keeps), and kept
    // in every sample, so a sample can cost more than the API: re-chosen with hindsight per sample
    // the saving never fell below 0.
    expect(mc.hybridReplicas).toBe(1);
    expect(mc.saving?.min).toBeLessThan(0);
    // Flat outlook, WACC 0 and no one-time cost: each sample's NPV over the 12 months is 12 × its
    // month, so the means agree exactly.
    expect(mc.npv?.mean).toBeCloseTo(12 * (mc.saving?.mean ?? NaN), 4);
  });
});
