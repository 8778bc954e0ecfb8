import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agrees,
  cdfOfColumn,
  cdfPoints,
  percentileOfSorted,
  sortedFinite,
  summarizeFinite,
  summarizeSorted,
  summarizeWeighted,
  type SummarizeOptions,
} from './stats';

/**
 * A value of a latency column for the property tests: any double up to 1e150 (so that no sum or
 * square overflows in one order and not in the other), small integers (many ties), signed zeros,
 * the smallest subnormal, and NaN and +∞, which every reading leaves out.
 */
const columnValue = fc.oneof(
  fc.double({ min: -1e150, max: 1e150 }),
  fc.integer({ min: -50, max: 50 }),
  fc.constantFrom(-0, 0, 5e-324, 1e150, Number.NaN, Number.POSITIVE_INFINITY),
);

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

describe('summaries without sorting', () => {
  const bySort = (values: Float64Array, keep: Uint8Array | undefined, o: SummarizeOptions) => summarizeSorted(sortedFinite(values, keep), o);
  const same = (values: Float64Array, keep: Uint8Array | undefined, o: SummarizeOptions): boolean => {
    const a = summarizeFinite(values, keep, o);
    const b = bySort(values, keep, o);
    // Ranks, extremes and counts are the same values. The sums run in another order, so the
    // mean and deviation agree within rounding, measured against the largest value.
    const scale = Math.max(1, Math.abs(b.min ?? 0), Math.abs(b.max ?? 0));
    const close = (x: number | null, y: number | null) => (x === null || y === null ? x === y : Math.abs(x - y) <= 1e-8 * scale);
    const exact =
      a.count === b.count &&
      Object.is(a.min, b.min) &&
      Object.is(a.max, b.max) &&
      Object.is(a.median, b.median) &&
      JSON.stringify(a.percentiles) === JSON.stringify(b.percentiles);
    return exact && close(a.mean, b.mean) && close(a.std, b.std);
  };

  it('a hand example: [10, 20, 30, 40] and a failed request left out', () => {
    // As in "percentiles": p50 = 25, p99 = 39.7 (linear); the masked 1,000 does not count.
    const s = summarizeFinite(Float64Array.from([40, 1000, 10, 30, 20]), Uint8Array.from([1, 0, 1, 1, 1]), {
      percentiles: [50, 99],
      method: 'linear',
      ddof: 0,
    });
    expect(s).toMatchObject({ count: 4, mean: 25, median: 25, min: 10, max: 40 });
    expect(s.percentiles['99']).toBeCloseTo(39.7, 12);
    expect(summarizeFinite(new Float64Array([Number.NaN]), undefined, { percentiles: [50], method: 'linear', ddof: 0 }).count).toBe(0);
  });

  it('agree with the sorted summary on random doubles, both rank rules, with a mask', () => {
    fc.assert(
      fc.property(
        fc.array(columnValue, { minLength: 1, maxLength: 3_000 }),
        fc.constantFrom<'linear' | 'lower'>('linear', 'lower'),
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { maxLength: 6 }),
        (xs, method, ps) => {
          const values = Float64Array.from(xs);
          const keep = Uint8Array.from(xs, (_, i) => (i % 7 === 3 ? 0 : 1));
          const o = { percentiles: [50, 90, 99, ...ps], method, ddof: 0 as const };
          return same(values, undefined, o) && same(values, keep, o);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('agree where the located buckets hold several values each', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 10_000, noNaN: true }), { minLength: 500, maxLength: 3_000 }),
        fc.constantFrom<'linear' | 'lower'>('linear', 'lower'),
        (xs, method) => same(Float64Array.from(xs), undefined, { percentiles: [10, 25, 50, 75, 90, 99], method, ddof: 1 }),
      ),
      { numRuns: 50 },
    );
  });

  it('agree on a million latencies, and on values of a coarse grid (sorted instead)', () => {
    // mulberry32: a million distinct draws (a multiply-and-modulo in doubles repeats after ~10,000).
    let a = 5;
    const next = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    // Continuous values: neighbouring ranks hold different values, so a rank off by one shows.
    const latencies = Float64Array.from({ length: 1_000_000 }, () => 150 + next() * 900 + next() * next() * 5000);
    const coarse = Float64Array.from({ length: 20_000 }, () => Math.floor(next() * 4));
    for (const values of [latencies, coarse]) expect(same(values, undefined, { percentiles: [50, 90, 95, 99, 99.9], method: 'linear', ddof: 0 })).toBe(true);
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

  it('the CDF of a column, read without sorting it, is the sorted CDF point for point (any values, a mask, few or many points)', () => {
    fc.assert(
      fc.property(fc.array(columnValue, { maxLength: 3_000 }), fc.integer({ min: 2, max: 300 }), (xs, maxPoints) => {
        const values = Float64Array.from(xs);
        const keep = Uint8Array.from(xs, (_, i) => (i % 5 === 2 ? 0 : 1));
        for (const k of [undefined, keep]) {
          const want = cdfPoints(sortedFinite(values, k), maxPoints);
          const got = cdfOfColumn(values, k, maxPoints);
          if (got.length !== want.length || got.some((p, i) => !Object.is(p.value, want[i]?.value) || p.share !== want[i]?.share)) return false;
        }
        return true;
      }),
      { numRuns: 200 },
    );
    // Hand example: 1..1000 shuffled, 11 points: 1 (share 0.001), then ranks 99.9·k rounded (299.7 → 300, 499.5 → 500, 599.4 → 599), up to 1000 (share 1).
    const shuffled = Float64Array.from({ length: 1000 }, (_, i) => ((i * 617) % 1000) + 1);
    const pts = cdfOfColumn(shuffled, undefined, 11);
    expect(pts.map((p) => p.value)).toEqual([1, 101, 201, 301, 401, 501, 600, 700, 800, 900, 1000]);
    expect(pts[1]?.share).toBe(0.101);
    expect(cdfOfColumn(new Float64Array([Number.NaN]), undefined)).toEqual([]);
  });

  it('agrees within 0.1 % or 0.001', () => {
    expect(agrees(1000, 1000.9)).toBe(true);
    expect(agrees(1000, 1001.1)).toBe(false);
    expect(agrees(0, 0.0009)).toBe(true);
  });
});
