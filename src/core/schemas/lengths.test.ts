import { describe, expect, it } from 'vitest';
import { sameLength } from './lengths';

describe('sameLength', () => {
  it('takes lengths within ±10 % of the larger as the same, either way round', () => {
    // 110 − 100 = 10 ≤ 0.1 × 110 = 11; 111.1 − 100 = 11.1 ≤ 11.11.
    expect(sameLength(100, 110)).toBe(true);
    expect(sameLength(110, 100)).toBe(true);
    expect(sameLength(100, 111.1)).toBe(true);
    expect(sameLength(0, 0)).toBe(true);
  });
  it('refuses lengths further apart', () => {
    // 112 − 100 = 12 > 11.2; 90 and 100: 10 ≤ 10 is the same, 89: 11 > 10 is not.
    expect(sameLength(100, 112)).toBe(false);
    expect(sameLength(90, 100)).toBe(true);
    expect(sameLength(89, 100)).toBe(false);
    expect(sameLength(0, 1)).toBe(false);
  });
});
