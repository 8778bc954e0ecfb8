/**
 * Axis scales for the comparison charts. Runs differ by orders of magnitude (an 8-request run
 * at 55 ms TTFT next to a 10,000-request run at 10 s), and a linear axis flattens every run but
 * the largest. Each chart offers linear and log; log is the default when the positive values
 * shown span more than SPREAD_FOR_LOG×. Ticks are computed here (1-2-5 steps) so Recharts never
 * measures tick labels in the DOM to thin them out.
 */
export type Scale = 'linear' | 'log';

export const SPREAD_FOR_LOG = 30;

/** Largest / smallest positive value (1 when there are fewer than two). */
export function spreadOf(values: readonly (number | null | undefined)[]): number {
  let lo = Number.POSITIVE_INFINITY;
  let hi = 0;
  for (const v of values) {
    if (v === null || v === undefined || !Number.isFinite(v) || v <= 0) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return hi > 0 && Number.isFinite(lo) ? hi / lo : 1;
}

export function defaultScale(values: readonly (number | null | undefined)[]): Scale {
  return spreadOf(values) > SPREAD_FOR_LOG ? 'log' : 'linear';
}

export interface Axis {
  domain: [number, number];
  ticks: number[];
}

/**
 * Decade-aligned domain with 1-2-5 ticks; only decades when it spans more than `maxDecadesFor125`
 * (four by default; one for a horizontal axis on a phone, where 1-2-5 labels would collide).
 */
export function logAxis(values: readonly (number | null | undefined)[], maxDecadesFor125 = 4): Axis {
  const positive = values.filter((v): v is number => v !== null && v !== undefined && Number.isFinite(v) && v > 0);
  if (positive.length === 0) return { domain: [1, 10], ticks: [1, 2, 5, 10] };
  const from = Math.floor(Math.log10(Math.min(...positive)));
  let to = Math.ceil(Math.log10(Math.max(...positive)));
  if (to === from) to = from + 1;
  const steps = to - from > maxDecadesFor125 ? [1] : [1, 2, 5];
  const ticks: number[] = [];
  for (let e = from; e <= to; e++) for (const m of steps) ticks.push(Number((m * 10 ** e).toPrecision(12)));
  const domain: [number, number] = [10 ** from, 10 ** to];
  return { domain, ticks: ticks.filter((v) => v >= domain[0] && v <= domain[1]) };
}

/** Zero-based domain rounded up to a 1-2-5 step, with about `count` ticks. */
export function linearAxis(values: readonly (number | null | undefined)[], count = 5): Axis {
  let hi = 0;
  for (const v of values) if (v !== null && v !== undefined && Number.isFinite(v) && v > hi) hi = v;
  if (hi <= 0) return { domain: [0, 1], ticks: [0, 0.5, 1] };
  const raw = hi / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag) as number;
  const top = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(Number(v.toPrecision(12)));
  return { domain: [0, Number(top.toPrecision(12))], ticks };
}

export function axisFor(scale: Scale, values: readonly (number | null | undefined)[], narrow = false): Axis {
  return scale === 'log' ? logAxis(values, narrow ? 1 : 4) : linearAxis(values, narrow ? 4 : 5);
}
