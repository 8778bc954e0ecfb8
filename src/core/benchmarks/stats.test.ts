import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agrees, cdfPoints, percentileOfSorted, sortedFinite, summarizeSorted, summarizeWeighted } from './stats';

describe('percentiles', () => {
  const s = Float64Array.from([10, 20, 30, 40]);

  it('linear interpolation as numpy.percentile', () => {
    // p50: position 0.5·3 = 1.5 → 20 + 0.5·10 = 25; p99: position 2.97 → 30 + 0.97·10 = 39.7.
    expect(percentileOfSorted(s, 50, 'linear')).toBe(25);
    expect(percentileOfSorted(s, 99, 'linear')).toBeCloseTo(39.7, 12);
    expect(percentileOfSorted(s, 0, 'linear')).toBe(10);
    expect(percentileOfSorted(s, 100, 'linear')).toBe(40);
  });

  it('lower rank as GuideLLM: index floor(p/100 · n)', () => {
    // n = 4: p50 → index 2 → 30; p90 → floor(3.6) = 3 → 40; p10 → floor(0.4) = 0 → 10.
    expect(percentileOfSorted(s, 50, 'lower')).toBe(30);
    expect(percentileOfSorted(s, 90, 'lower')).toBe(40);
    expect(percentileOfSorted(s, 10, 'lower')).toBe(10);
  });

  it('empty input has no percentile', () => {
    expect(percentileOfSorted(new Float64Array(0), 50, 'linear')).toBeNull();
  });
});

describe('summaries', () => {
  it('mean, population and sample standard deviation', () => {
    const sorted = sortedFinite([4, 2, Number.NaN, 6, Number.POSITIVE_INFINITY]);
    expect([...sorted]).toEqual([2, 4, 6]);
    // mean 4; squared deviations 4 + 0 + 4 = 8 → population sqrt(8/3), sample sqrt(8/2) = 2.
    const pop = summarizeSorted(sorted, { percentiles: [50], method: 'linear', ddof: 0 });
    expect(pop).toMatchObject({ count: 3, mean: 4, median: 4, min: 2, max: 6, percentiles: { '50': 4 } });
    expect(pop.std).toBeCloseTo(Math.sqrt(8 / 3), 12);
    expect(summarizeSorted(sorted, { percentiles: [], method: 'linear', ddof: 1 }).std).toBe(2);
  });

  it('sorts large inputs in passes, reporting progress between them', () => {
    // 600,001 values in a scrambled order (i·7919 mod n is a permutation since 7919 is prime).
    const n = 600_001;
    const values = Float64Array.from({ length: n }, (_, i) => (i * 7919) % n);
    let ticks = 0;
    const sorted = sortedFinite(values, undefined, () => ticks++);
    // One tick after counting the digits, one per radix pass that is not skipped. Integers below
    // 2^20 keep every significant bit in the high 32-bit word (20 mantissa bits there), so the
    // two passes over the all-zero low word are skipped: 1 + 2 = 3 ticks.
    expect(ticks).toBe(3);
    expect(sorted.length).toBe(n);
    expect(sorted[0]).toBe(0);
    expect(sorted[n - 1]).toBe(n - 1);
    expect(sorted.every((v, i) => v === i)).toBe(true);
  });

  it('radix-sorts mixed signs, -0, subnormals and huge values like the built-in sort', () => {
    // 5,000 values (above the radix threshold of 4,096) cycling through hand-picked awkward
    // doubles; the expected order is written out by hand: -1e300 < -2.5 < -5e-324 < -0 < 0 <
    // 5e-324 < 1e-300 < 0.1 < 3 < 1e300.
    const order = [-1e300, -2.5, -5e-324, -0, 0, 5e-324, 1e-300, 0.1, 3, 1e300];
    const scrambled = [3, -0, 1e300, -5e-324, 0.1, -1e300, 0, 1e-300, -2.5, 5e-324];
    const values = Float64Array.from({ length: 5_000 }, (_, i) => scrambled[i % 10] as number);
    const sorted = sortedFinite(values);
    expect(sorted.length).toBe(5_000);
    // 500 copies of each value, in the hand-written order (Object.is tells -0 from 0).
    for (let k = 0; k < 10; k++) {
      expect(Object.is(sorted[500 * k], order[k])).toBe(true);
      expect(Object.is(sorted[500 * k + 499], order[k])).toBe(true);
    }
  });

  it('radix sort agrees with the built-in typed-array sort on random doubles', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 4_096, maxLength: 6_000 }), (xs) => {
        const expected = Float64Array.from(xs).sort();
        const got = sortedFinite(xs);
        return got.length === expected.length && got.every((v, i) => Object.is(v, expected[i]));
      }),
      { numRuns: 30 },
    );
  });

  it('respects a mask of successful requests', () => {
    expect([...sortedFinite([5, 1, 3], Uint8Array.from([1, 0, 1]))]).toEqual([3, 5]);
  });

  it('token-weighted: each value counts weight times', () => {
    // 10 ms × 1 token, 20 ms × 3 tokens → mean (10 + 60) / 4 = 17.5; expanded 10,20,20,20:
    // p25 → index 1 → 20; p10 → index 0 → 10.
    const w = summarizeWeighted([10, 20], [1, 3], { percentiles: [10, 25], method: 'lower', ddof: 0 });
    expect(w).toMatchObject({ count: 4, mean: 17.5, min: 10, max: 20, percentiles: { '10': 10, '25': 20 } });
  });
});

describe('cdf and agreement', () => {
  it('thins the CDF but keeps both ends', () => {
    const sorted = Float64Array.from({ length: 1000 }, (_, i) => i);
    const pts = cdfPoints(sorted, 11);
    expect(pts).toHaveLength(11);
    expect(pts[0]).toEqual({ value: 0, share: 0.001 });
    expect(pts[10]).toEqual({ value: 999, share: 1 });
  });

  it('agrees within 0.1 % or 0.001', () => {
    expect(agrees(1000, 1000.9)).toBe(true);
    expect(agrees(1000, 1001.1)).toBe(false);
    expect(agrees(0, 0.0009)).toBe(true);
  });
});
