/**
 * Axis ticks of every chart: round values, 1, 2, 2.5 or 5 × a power of ten apart. Pure
 * functions of numbers; the charts format them at the edge (money-axis.ts, the locale's
 * number format).
 */

/** The smallest step of 1, 2, 2.5, 5 or 10 × a power of ten that covers `range` in `count` steps. */
export function niceStep(range: number, count: number): number {
  const raw = range / count;
  const pow = Math.pow(10, Math.floor(Math.log10(raw)));
  return [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
}

/**
 * "Nice" ticks from 0 to the first tick ≥ max, about `count` steps. A max of 0 or less gives
 * [0] (a chart with nothing to draw; pass `minTop` to keep an axis of some height instead).
 */
export function niceTicks(max: number, count = 5, minTop?: number): number[] {
  if (!(max > 0)) return minTop === undefined ? [0] : [0, minTop];
  const step = niceStep(max, count);
  const ticks: number[] = [0];
  for (let i = 1; (ticks[ticks.length - 1] as number) < max * (1 - 1e-9); i++) ticks.push(i * step);
  return ticks;
}

/** "Nice" ticks covering [lo, hi] (either may be negative), about `count` steps. */
export function niceRangeTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const step = niceStep(hi - lo, count);
  const start = Math.floor(lo / step + 1e-9);
  const end = Math.ceil(hi / step - 1e-9);
  const ticks: number[] = [];
  for (let i = start; i <= end; i++) ticks.push(i * step);
  return ticks;
}
