import { describe, expect, it } from 'vitest';
import { edgeOverhang, fitTicks, textWidth, verticalAxisWidth } from './axis-layout';

// Without a canvas (tests) text is estimated at 0.62 × the font size per character.
describe('axis space from the labels drawn', () => {
  it('a vertical axis is as wide as its widest tick, plus the tick line and its title band', () => {
    // "600.000 CN¥" = 11 characters × 11 px × 0.62 = 75.02 → 76; + 8 tick line + 4 safety = 88
    // (a multiple of 8 already)
    expect(textWidth('600.000 CN¥', 11)).toBeCloseTo(75.02, 9);
    expect(verticalAxisWidth(['0 CN¥', '600.000 CN¥'], 11, false)).toBe(88);
    // with a title: + ⌈11 × 1.2⌉ + 6 = 20 → 108; the title never shares space with a tick
    expect(verticalAxisWidth(['0 CN¥', '600.000 CN¥'], 11, true)).toBe(108);
    // "$80K" needs far less than a 64 px axis: 4 × 6.82 = 27.28 → 28 + 12 = 40
    expect(verticalAxisWidth(['$0', '$80K'], 11, false)).toBe(40);
    // in steps of 8 px: "$100K" 5 × 6.82 = 34.1 → 35 + 12 = 47 → 48, also for "$120K"
    expect(verticalAxisWidth(['$100K'], 11, false)).toBe(48);
    expect(verticalAxisWidth(['$120K'], 11, false)).toBe(48);
  });

  it('the last tick on a horizontal axis sticks out by half its width', () => {
    // "80.000 $" = 8 × 6.82 = 54.56 → half 27.28 + 4 = 31.28 → in steps of 8: 32 > the minimum 12
    expect(edgeOverhang('80.000 $', 11, 12)).toBe(32);
    expect(edgeOverhang(undefined, 11, 12)).toBe(12);
    expect(edgeOverhang('0', 11, 12)).toBe(12);
  });

  it('fewer ticks when the plot is narrow', () => {
    // Ticks for about n steps up to 60,000, as the charts' nice-number ticks give them.
    const steps: Record<number, number[]> = { 4: [0, 20_000, 40_000, 60_000], 3: [0, 20_000, 40_000, 60_000], 2: [0, 50_000, 100_000], 1: [0, 100_000] };
    const make = (n: number) => steps[n] ?? [];
    const label = (v: number) => `${(v / 1000).toFixed(0)}.000 €`; // "60.000 €" = 8 chars = 54.56 px
    // 1,000 px: four steps of 20,000 (0…60,000) are 333 px apart ≥ 54.56 + 10
    expect(fitTicks(make, label, 1000, 11)).toEqual([0, 20_000, 40_000, 60_000]);
    // 120 px: 3 steps would be 40 px apart (too close); 2 steps of 50,000 (0, 50,000, 100,000) 60 px: too
    // close as well; 1 step: [0, 100,000]
    expect(fitTicks(make, label, 120, 11)).toEqual([0, 100_000]);
    // width unknown (first render): the most ticks
    expect(fitTicks(make, label, null, 11)).toEqual([0, 20_000, 40_000, 60_000]);
  });
});
