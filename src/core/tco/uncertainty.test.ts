import { describe, expect, it } from 'vitest';
import { UNCERTAINTY_KEYS, UNCERTAIN_INPUTS, draftOf, rangeFor } from './inputs';
import { histogram, monteCarlo } from './monte-carlo';
import { createRandom, triangular } from './random';
import { tornado } from './sensitivity';
import { plainScenario } from './test-scenarios';

describe('seeded random numbers', () => {
  it('same seed, same stream; other seed, other stream; uniform on [0, 1)', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(xs);
    const r = createRandom(1);
    let sum = 0;
    let min = 1;
    let max = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const u = r.next();
      sum += u;
      min = Math.min(min, u);
      max = Math.max(max, u);
    }
    // mean of U(0,1) is 0.5 with standard error 0.289 / √100,000 = 0.0009
    expect(Math.abs(sum / n - 0.5)).toBeLessThan(0.005);
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
  });

  it('triangular: inverse CDF ends and mode; mean (a + b + c) / 3', () => {
    expect(triangular(0, 2, 3, 6)).toBe(2);
    expect(triangular(1, 2, 3, 6)).toBe(6);
    // CDF at the mode = (c − a) / (b − a) = 1/4
    expect(triangular(0.25, 2, 3, 6)).toBeCloseTo(3, 12);
    const r = createRandom(9);
    let sum = 0;
    for (let i = 0; i < 50_000; i++) sum += triangular(r.next(), 2, 3, 6);
    expect(sum / 50_000).toBeCloseTo(11 / 3, 1);
  });
});

describe('input ranges', () => {
  it('default ± share, clamped to the input domain; user ranges win', () => {
    const s = plainScenario();
    s.workload.acceptanceApi = 0.9;
    // 0.9 × 1.2 = 1.08 → clamped to 1
    expect(rangeFor(s, 'acceptanceApi')).toMatchObject({ low: expect.closeTo(0.72, 12) as number, high: 1, origin: 'default' });
    s.uncertainty.ranges = { rentPrice: { low: 2.5, high: 4.5 } };
    expect(rangeFor(s, 'rentPrice')).toEqual({ key: 'rentPrice', base: 4, low: 2.5, high: 4.5, origin: 'user' });
  });

  it('every key reads back what it sets', () => {
    for (const key of UNCERTAINTY_KEYS) {
      if (key === 'volume') continue;
      const d = draftOf(plainScenario());
      UNCERTAIN_INPUTS[key].set(d, 0.5);
      expect(UNCERTAIN_INPUTS[key].get(d)).toBeCloseTo(0.5, 12);
    }
  });
});

describe('tornado', () => {
  it('swings the recommended hybrid: GPU price −20 % saves $7,592, +20 % makes the hybrid keep no replica (saving 0)', () => {
    // API 3,000,000 × $0.01 = 30,000; self-hosting needs 2 replicas = 46,720; the hybrid keeps one
    // (23,360) serving 87.6 % and sends 12.4 % = 3,720 to the API: 27,080, the verdict. The
    // tornado swings the hybrid's saving against the API.
    const t = tornado(plainScenario());
    expect(t.option).toBe('hybrid');
    const row = t.bySaving.find((r) => r.key === 'rentPrice');
    // Low: 0.8 × 23,360 + 3,720 = 22,408 → 30,000 − 22,408 = 7,592. High: one replica would cost
    // 1.2 × 23,360 + 3,720 = 31,752 > 30,000, so the hybrid keeps none: saving 0. Swing 7,592.
    expect(row?.savingLow).toBeCloseTo(7_592, 6);
    expect(row?.savingHigh).toBeCloseTo(0, 6);
    expect(row?.savingSwing).toBeCloseTo(7_592, 6);
    // Base: 30,000 − 27,080 = 2,920.
    expect(t.baseSaving).toBeCloseTo(2_920, 6);
    // Sorted by swing
    const swings = t.bySaving.map((r) => r.savingSwing);
    expect([...swings].sort((a, b) => b - a)).toEqual(swings);
    // Inputs that do not apply to a rented deployment are left out.
    expect(t.bySaving.some((r) => r.key === 'capexPerGpu')).toBe(false);
  });

  it('break-even moves with the GPU price: 0.8 × 23,360 / 0.01 = 1.8688M tasks, 1.2× → 2.8032M > one replica → never', () => {
    const t = tornado(plainScenario());
    const row = t.byBreakEven.find((r) => r.key === 'rentPrice');
    expect(row?.breakEvenLow).toEqual({ kind: 'at', tokens: expect.closeTo(1.8688e9, 0) as number });
    // At $4.80/GPU-h a replica costs $28,032 > $26,280 of API work it can carry: never.
    expect(row?.breakEvenHigh).toEqual({ kind: 'never' });
    expect(row?.breakEvenFlips).toBe(true);
    expect(t.byBreakEven[0]?.breakEvenFlips).toBe(true);
  });
});

describe('Monte Carlo', () => {
  it('reproducible by seed, 10,000 samples by default', () => {
    const s = plainScenario();
    const a = monteCarlo(s);
    const b = monteCarlo(s);
    expect(a.samples).toBe(10_000);
    expect(a).toEqual(b);
    expect(monteCarlo(s, { seed: 1 }).saving?.mean).not.toBe(a.saving?.mean);
  });

  it('one uncertain input with a known answer: P(self cheaper) from the triangular CDF', () => {
    const s = plainScenario();
    s.workload.requestsPerDay = 80_000; // 2,400,000 tasks → API $24,000; one replica suffices
    s.uncertainty.ranges = { rentPrice: { low: 3, high: 5 } };
    // saving = 24,000 − 8 × 730 × price > 0 ⇔ price < 24,000 / 5,840 = 4.1096
    // Triangular(3, 4, 5): P(X < x) for x > 4 = 1 − (5 − x)² / ((5 − 3)(5 − 4)) = 1 − 0.8904² / 2 = 0.6036
    const x = 24_000 / 5_840;
    const expected = 1 - (5 - x) ** 2 / 2;
    const r = monteCarlo(s);
    // Standard error √(p(1−p)/10,000) ≈ 0.005
    expect(Math.abs(r.probabilitySelfCheaper - expected)).toBeLessThan(0.02);
    expect(r.ranges.map((q) => q.key)).toEqual(['rentPrice']);
    // Mean saving = 24,000 − 5,840 × E[price] = 24,000 − 5,840 × 4 = 640
    expect(Math.abs((r.saving?.mean ?? 0) - 640)).toBeLessThan(60);
    // Histogram holds every sample and puts 0 on a bin edge
    expect(r.bins.reduce((a, b) => a + b.count, 0)).toBe(10_000);
    expect(r.bins.some((b) => Math.abs(b.from) < 1e-6)).toBe(true);
  });

  it('samples where self-hosting cannot serve count as not cheaper', () => {
    const s = plainScenario();
    s.workload.requestsPerDay = 1_000;
    s.uncertainty.ranges = { tokensPerSecond: { low: 0, high: 0 } };
    const r = monteCarlo(s, { samples: 1_000 });
    expect(r.cannotServe).toBe(1_000);
    expect(r.probabilitySelfCheaper).toBe(0);
    expect(r.saving).toBeNull();
    expect(r.bins).toEqual([]);
  });

  it('ranges for inputs that do not apply are reported as ignored', () => {
    const s = plainScenario();
    s.uncertainty.ranges = { capexPerGpu: { low: 1, high: 2 }, bogus: { low: 0, high: 1 } };
    const r = monteCarlo(s, { samples: 1_000 });
    expect(r.ignoredKeys.sort()).toEqual(['bogus', 'capexPerGpu']);
    expect(r.ranges).toEqual([]);
  });

  it('histogram of identical values is one bar', () => {
    expect(histogram(new Float64Array([5, 5, 5]))).toEqual([{ from: 5, to: 5, count: 3 }]);
  });
});
