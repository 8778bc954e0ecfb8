import { describe, expect, it } from 'vitest';
import { UNCERTAINTY_KEYS, UNCERTAIN_INPUTS, draftOf, rangeFor } from './inputs';
import { histogram, monteCarlo } from './monte-carlo';
import { createRandom, triangular, triangularCdf } from './random';
import { tornado } from './sensitivity';
import { plainScenario } from '../../testing/test-scenarios';

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

  it('triangular CDF inverts the draw: F(3) = 1/4 on (2, 3, 6), F(5) = 1 − 1² / (4 × 3) = 11/12', () => {
    expect(triangularCdf(3, 2, 3, 6)).toBeCloseTo(0.25, 12);
    expect(triangularCdf(5, 2, 3, 6)).toBeCloseTo(11 / 12, 12);
    // (2.5 − 2)² / (4 × 1) = 0.0625
    expect(triangularCdf(2.5, 2, 3, 6)).toBeCloseTo(0.0625, 12);
    expect(triangularCdf(triangular(0.7, 2, 3, 6), 2, 3, 6)).toBeCloseTo(0.7, 12);
    expect(triangularCdf(1, 2, 3, 6)).toBe(0);
    expect(triangularCdf(7, 2, 3, 6)).toBe(1);
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
  it('swings the recommended hybrid at its decided replica: GPU price −20 % saves $7,592, +20 % costs $1,752 more than the API', () => {
    // API 3,000,000 × $0.01 = 30,000; self-hosting needs 2 replicas = 46,720; the hybrid keeps one
    // (23,360) serving 87.6 % and sends 12.4 % = 3,720 to the API: 27,080, the verdict. The
    // tornado swings the hybrid's saving against the API.
    const t = tornado(plainScenario());
    expect(t.option).toBe('hybrid');
    const row = t.bySaving.find((r) => r.key === 'rentPrice');
    // The team decides on one owned replica before it knows the price, and keeps it at both ends.
    expect(t.hybridReplicas).toBe(1);
    // Low: 0.8 × 23,360 + 3,720 = 22,408 → 30,000 − 22,408 = 7,592. High: 1.2 × 23,360 + 3,720 =
    // 31,752 → −1,752 (re-chosen with hindsight the hybrid kept none and read 0). Swing 9,344.
    expect(row?.savingLow).toBeCloseTo(7_592, 6);
    expect(row?.savingHigh).toBeCloseTo(-1_752, 6);
    expect(row?.savingSwing).toBeCloseTo(9_344, 6);
    // Base: 30,000 − 27,080 = 2,920.
    expect(t.baseSaving).toBeCloseTo(2_920, 6);
    // Over the 12-month horizon at WACC 0 with no one-time cost the NPV is 12 × the month:
    // 35,040 at the base, 91,104 and −21,024 at the ends.
    expect(t.baseNpv).toBeCloseTo(35_040, 4);
    expect(row?.npvLow).toBeCloseTo(91_104, 4);
    expect(row?.npvHigh).toBeCloseTo(-21_024, 4);
    // Sorted by swing
    const swings = t.bySaving.map((r) => r.savingSwing);
    expect([...swings].sort((a, b) => b - a)).toEqual(swings);
    // Inputs that do not apply to a rented deployment are left out.
    expect(t.bySaving.some((r) => r.key === 'capexPerGpu')).toBe(false);
  });

  it('marks the replica step inside a swing: throughput 913.24 tok/s, saving $640 → −$22,720, P 16.0 %', () => {
    const s = plainScenario();
    s.workload.requestsPerDay = 80_000;
    // 80,000 × 30 × 1,000 = 2.4e9 tokens a month; one replica at 1,000 tok/s carries
    // 1,000 × 730 × 3,600 = 2.628e9, so 1 replica (8 × $4 × 730 = $23,360) against the API's
    // 2.4e9 × $10/M = $24,000: saving $640, self-hosting tested.
    const t = tornado(s);
    expect(t.option).toBe('self-hosted');
    expect(t.baseReplicas).toBe(1);
    const tps = t.bySaving.find((r) => r.key === 'tokensPerSecond');
    // Throughput ±20 %: at 800 tok/s one replica carries only 2.1024e9 < 2.4e9 → 2 replicas.
    // The step is where one replica just carries the volume: 2.4e9 / 2,628,000 s = 913.242 tok/s.
    expect(tps?.stepHigh).toBeNull();
    // (The sizing allows a relative 1e-9 of slack, so the step sits within 1e-6 tok/s of it.)
    expect(tps?.stepLow?.at).toBeCloseTo(2.4e9 / 2_628_000, 4);
    expect(tps?.stepLow?.replicas).toBe(2);
    // Just above the step the saving is the base's $640; just below, two replicas: 24,000 − 46,720.
    expect(tps?.stepLow?.savingBefore).toBeCloseTo(640, 4);
    expect(tps?.stepLow?.savingAfter).toBeCloseTo(-22_720, 4);
    // Triangular(800, 1,000, 1,200): P(X < 913.242) = 113.242² / (400 × 200) = 0.160297.
    expect(tps?.stepLow?.probability).toBeCloseTo(113.242 ** 2 / 80_000, 4);
    // Volume ±20 %: the step at 2.628 / 2.4 = 1.095× today; there the API would charge
    // 1.095 × 24,000 = 26,280 (saving 2,920 with one replica, −20,440 with two);
    // P(X > 1.095) on Triangular(0.8, 1, 1.2) = (1.2 − 1.095)² / (0.4 × 0.2) = 0.137813.
    const volume = t.bySaving.find((r) => r.key === 'volume');
    expect(volume?.stepLow).toBeNull();
    expect(volume?.stepHigh?.at).toBeCloseTo(1.095, 6);
    expect(volume?.stepHigh?.savingBefore).toBeCloseTo(2_920, 3);
    expect(volume?.stepHigh?.savingAfter).toBeCloseTo(-20_440, 3);
    expect(volume?.stepHigh?.probability).toBeCloseTo(0.011025 / 0.08, 4);
    // The GPU price moves no replica count.
    const price = t.bySaving.find((r) => r.key === 'rentPrice');
    expect(price?.stepLow).toBeNull();
    expect(price?.stepHigh).toBeNull();
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

describe('the horizon in the uncertainty views', () => {
  it("an API price range moves the NPV, not today's month: −20 % a year from year 2 takes it from $8,960 to −$48,640", () => {
    // 80,000 tasks a day: API 24,000 a month, one replica 23,360, $6,400 one-time, 24 months, WACC 0.
    const s = plainScenario();
    s.workload.requestsPerDay = 80_000;
    s.selfHosted = { ...s.selfHosted, horizonMonths: 24, oneTimeUsd: 6_400 };
    s.uncertainty.ranges = { apiPriceChangeYearly: { low: -0.2, high: 0 } };
    const t = tornado(s);
    expect(t.option).toBe('self-hosted');
    const row = t.byNpv.find((r) => r.key === 'apiPriceChangeYearly');
    // High (flat): 24 × 640 − 6,400 = 8,960. Low: 12 × 640 + 12 × (19,200 − 23,360) − 6,400 = −48,640.
    expect(row?.npvHigh).toBeCloseTo(8_960, 4);
    expect(row?.npvLow).toBeCloseTo(-48_640, 4);
    expect(row?.npvSwing).toBeCloseTo(57_600, 4);
    const swings = t.byNpv.map((r) => r.npvSwing);
    expect([...swings].sort((a, b) => b - a)).toEqual(swings);
    // Today's month is the same at both ends: no saving swing.
    expect(row?.savingSwing).toBeCloseTo(0, 9);

    // The Monte Carlo samples the rate too: every sample's NPV lies between the ends, and the
    // one-time cost is earned back in month 10 where the API stays flat (6,400 ÷ 640).
    const mc = monteCarlo(s, { samples: 2_000, seed: 3 });
    expect(mc.npv?.min).toBeGreaterThanOrEqual(-48_640 - 1e-6);
    expect(mc.npv?.max).toBeLessThanOrEqual(8_960 + 1e-6);
    expect(mc.npv?.max).toBeGreaterThan(0);
    expect(mc.payback.months?.p5).toBe(10);
  });
});
