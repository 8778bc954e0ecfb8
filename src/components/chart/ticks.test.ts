import { describe, expect, it } from 'vitest';
import { niceRangeTicks, niceStep, niceTicks } from './ticks';

describe('axis ticks', () => {
  it('steps are 1, 2, 2.5 or 5 × a power of ten, the smallest that covers the range', () => {
    // 23,360 / 4 = 5,840 → 10,000; 3,800 / 4 = 950 → 1,000; 9 / 4 = 2.25 → 2.5; 0.7 / 4 = 0.175 → 0.2
    expect(niceStep(23_360, 4)).toBe(10_000);
    expect(niceStep(3_800, 4)).toBe(1_000);
    expect(niceStep(9, 4)).toBe(2.5);
    expect(niceStep(0.7, 4)).toBeCloseTo(0.2, 12);
  });

  it('from 0 to the first tick at or above the largest value', () => {
    expect(niceTicks(23_360, 4)).toEqual([0, 10_000, 20_000, 30_000]);
    // the pilot's cost axis: 3,800 → 0, 1,000 … 4,000
    expect(niceTicks(3_800, 4)).toEqual([0, 1_000, 2_000, 3_000, 4_000]);
    // a largest value on a tick ends there
    expect(niceTicks(40, 4)).toEqual([0, 10, 20, 30, 40]);
  });

  it('nothing to draw: one tick at 0, or an axis to `minTop`', () => {
    expect(niceTicks(0)).toEqual([0]);
    expect(niceTicks(-3, 4)).toEqual([0]);
    expect(niceTicks(0, 4, 1)).toEqual([0, 1]);
  });

  it('a range through zero', () => {
    // −1,300 … 2,100: 3,400 / 4 = 850 → 1,000
    expect(niceRangeTicks(-1_300, 2_100, 4)).toEqual([-2_000, -1_000, 0, 1_000, 2_000, 3_000]);
    expect(niceRangeTicks(5, 5)).toEqual([5]);
  });
});
