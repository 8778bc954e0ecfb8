import { describe, expect, it } from 'vitest';
import { bands, linePath, linearScale, plotArea, span, stepAreaPath } from './geometry';

const tenfold = (v: number) => v * 10;

describe('plot geometry', () => {
  it('puts the plot inside the margins, right of the left axis and above the bottom axis', () => {
    // 600 − (6 + 50) − 16 = 528 wide; 320 − 24 − 30 − 30 = 236 high.
    expect(plotArea(600, 320, { top: 24, right: 16, bottom: 30, left: 6 }, 50, 30)).toEqual({ x: 56, y: 24, width: 528, height: 236 });
    // A box narrower than its margins gives an empty plot, never a negative one.
    expect(plotArea(40, 20, { top: 10, right: 10, bottom: 10, left: 10 }, 30, 30)).toEqual({ x: 40, y: 10, width: 0, height: 0 });
  });

  it('maps values linearly, upwards for a value axis, and an empty domain to the middle', () => {
    expect(linearScale(0, 100, 0, 200)(25)).toBe(50);
    expect(linearScale(0, 10, 100, 0)(2.5)).toBe(75);
    expect(linearScale(-60, -20, 0, 400)(-30)).toBe(300);
    expect(linearScale(5, 5, 10, 30)(123)).toBe(20);
  });

  it('centres bars in equal bands: a share of each band left free, or a fixed size', () => {
    const gap = bands(3, 10, 90, { gap: 0.22 });
    // Bands of 30 px; the bar is 56 % of one: 16.8 px, its top 8.4 px above the centre.
    expect(gap.band).toBe(30);
    expect(gap.thickness).toBeCloseTo(16.8, 9);
    expect(gap.centre(2)).toBe(85);
    expect(gap.offset(0)).toBeCloseTo(16.6, 9);
    expect(bands(3, 0, 90, { size: 14 }).thickness).toBe(14);
    expect(bands(10, 0, 90, { size: 14 }).thickness).toBe(9);
  });

  it('breaks a line where a series has no value', () => {
    expect(
      linePath(
        [
          { x: 0, y: 0 },
          { x: 1, y: 1 },
          { x: 2, y: null },
          { x: 3, y: 3 },
        ],
        tenfold,
        tenfold,
      ),
    ).toBe('M0,0L10,10M30,30');
    expect(linePath([{ x: 0.123, y: 1 }], tenfold, tenfold)).toBe('M1.2,10');
  });

  it('fills between two step functions that hold each value until the next point', () => {
    // On the axis: 1 over [0, 1], 2 over [1, 2]; y grows upwards from 100.
    expect(stepAreaPath([0, 1, 2], [0, 0, 0], [1, 2, 2], tenfold, (v) => 100 - v * 10)).toBe('M0,90H10V80H20V80V100V100H10V100H0Z');
    // Stacked on another step function: 1 to 3 over [0, 1].
    expect(
      stepAreaPath(
        [0, 1],
        [1, 2],
        [3, 5],
        (v) => v,
        (v) => v,
      ),
    ).toBe('M0,3H1V5V2V1H0Z');
    expect(stepAreaPath([], [], [], tenfold, tenfold)).toBe('');
  });

  it('spans a bar between two values in either order', () => {
    expect(span(5, 2, (v) => v * 2)).toEqual({ start: 4, size: 6 });
    expect(span(-3, 1, (v) => v + 10)).toEqual({ start: 7, size: 4 });
  });
});
