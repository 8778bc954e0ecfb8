import { describe, expect, it } from 'vitest';
import { defaultScale, linearAxis, logAxis, spreadOf } from './scale';

describe('comparison chart scales', () => {
  it('log by default once the values span more than 30×', () => {
    // TTFT p99 of an 8-request vLLM run (734 ms) next to a 10 s run: 13.6×, still linear.
    expect(spreadOf([734.4, 10_000])).toBeCloseTo(13.62, 2);
    expect(defaultScale([734.4, 10_000])).toBe('linear');
    // Its median (55.7 ms) in the same chart: 10,000 / 55.7 = 179.6×.
    expect(defaultScale([55.68, 734.4, 10_000])).toBe('log');
    // Exactly 30× stays linear; zeros and missing values do not count.
    expect(defaultScale([10, 300, 0, null])).toBe('linear');
    expect(spreadOf([0, null, undefined])).toBe(1);
  });

  it('log axis: decades around the data, 1-2-5 ticks', () => {
    expect(logAxis([55.68, 10_000])).toEqual({ domain: [10, 10_000], ticks: [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000] });
    // More than four decades: decade ticks only.
    expect(logAxis([0.5, 20_000]).ticks).toEqual([0.1, 1, 10, 100, 1000, 10_000, 100_000]);
    // On a phone's horizontal axis 1-2-5 labels collide beyond one decade.
    expect(logAxis([2, 10_000], 1).ticks).toEqual([1, 10, 100, 1000, 10_000]);
    expect(logAxis([2, 9], 1).ticks).toEqual([1, 2, 5, 10]);
    // A single value gets one decade.
    expect(logAxis([100])).toEqual({ domain: [100, 1000], ticks: [100, 200, 500, 1000] });
  });

  it('linear axis: zero-based, rounded up to a 1-2-5 step', () => {
    // 734.4 / 5 = 146.9 → step 200 → top 800.
    expect(linearAxis([55.68, 734.4])).toEqual({ domain: [0, 800], ticks: [0, 200, 400, 600, 800] });
    // 82.9 / 5 = 16.6 → step 20 → 100.
    expect(linearAxis([82.89, 441.85 / 10])).toEqual({ domain: [0, 100], ticks: [0, 20, 40, 60, 80, 100] });
    expect(linearAxis([])).toEqual({ domain: [0, 1], ticks: [0, 0.5, 1] });
  });
});
