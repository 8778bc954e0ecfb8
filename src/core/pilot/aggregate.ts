import { EMPTY_DAY } from '../scenario/defaults';
import type { DayMetricKey, DayMetrics, Pilot, PilotSide } from '../scenario/schema';

/**
 * Folding seven days of one side into week figures. The rules, in one place:
 * - A blank (null) means "not measured", never zero: every mean and sum runs over the days on
 *   which that field was measured, and says how many days that was.
 * - Rates (acceptance, tool calls) are pooled: Σ accepted / Σ attempted over the days on which
 *   both were measured, so a busy day weighs more than a quiet one.
 * - Per-day rates of attempted tasks (error, timeout) are weighted by tasks attempted when every
 *   contributing day has that count, else averaged plainly.
 * - Latency and utilisation are the plain mean of the daily values (a day is a day of service).
 * - Hours per week extrapolate the measured days to seven: Σ hours / measured days × 7.
 */
export const PILOT_DAYS = 7;

export const DAY_METRIC_KEYS = Object.keys(EMPTY_DAY) as DayMetricKey[];

export interface Measured {
  value: number;
  /** Day numbers (1-7) the value was computed from. */
  days: number[];
}

export interface SideWeek {
  side: PilotSide;
  /** Days (1-7) with at least one measured field on this side. */
  daysWithData: number[];
  tasksAttempted: Measured | null;
  tasksCompleted: Measured | null;
  tasksAccepted: Measured | null;
  /** Σ accepted / Σ attempted (days with both). */
  acceptanceRate: Measured | null;
  /** Σ correct / Σ total tool calls (days with both). */
  toolCallRate: Measured | null;
  errorRate: Measured | null;
  timeoutRate: Measured | null;
  /** errorRate + timeoutRate, whichever of the two was measured; null when neither was. */
  failureRate: number | null;
  ttftP50Ms: Measured | null;
  ttftP95Ms: Measured | null;
  generationMs: Measured | null;
  utilisation: Measured | null;
  retries: Measured | null;
  inputTokens: Measured | null;
  outputTokens: Measured | null;
  teamHoursPerWeek: Measured | null;
  outOfHoursPerWeek: Measured | null;
  /** Mean team hours on the days they were recorded (used to price staff on other days). */
  teamHoursPerDay: Measured | null;
  /** Every field summed and averaged over the days it was measured (the grid's week column). */
  sums: Record<DayMetricKey, Measured | null>;
  means: Record<DayMetricKey, Measured | null>;
}

export function dayNumber(index: number): number {
  return index + 1;
}

function values(pilot: Pilot, side: PilotSide, key: DayMetricKey): { day: number; value: number; metrics: DayMetrics }[] {
  const out: { day: number; value: number; metrics: DayMetrics }[] = [];
  pilot.days.forEach((d, i) => {
    const v = d[side][key];
    if (v !== null) out.push({ day: dayNumber(i), value: v, metrics: d[side] });
  });
  return out;
}

export function sumOf(pilot: Pilot, side: PilotSide, key: DayMetricKey): Measured | null {
  const vs = values(pilot, side, key);
  if (vs.length === 0) return null;
  return { value: vs.reduce((a, v) => a + v.value, 0), days: vs.map((v) => v.day) };
}

export function meanOf(pilot: Pilot, side: PilotSide, key: DayMetricKey): Measured | null {
  const vs = values(pilot, side, key);
  if (vs.length === 0) return null;
  return { value: vs.reduce((a, v) => a + v.value, 0) / vs.length, days: vs.map((v) => v.day) };
}

/** Σ numerator / Σ denominator over the days on which both were measured; null if Σ den = 0. */
export function pooledRate(pilot: Pilot, side: PilotSide, num: DayMetricKey, den: DayMetricKey): Measured | null {
  let n = 0;
  let d = 0;
  const days: number[] = [];
  pilot.days.forEach((day, i) => {
    const a = day[side][num];
    const b = day[side][den];
    if (a === null || b === null) return;
    n += a;
    d += b;
    days.push(dayNumber(i));
  });
  if (days.length === 0 || d === 0) return null;
  return { value: n / d, days };
}

/** A per-day share of attempted tasks, weighted by tasks attempted when they are all known. */
export function weightedShare(pilot: Pilot, side: PilotSide, key: 'errorRate' | 'timeoutRate'): Measured | null {
  const vs = values(pilot, side, key);
  if (vs.length === 0) return null;
  const weights = vs.map((v) => v.metrics.tasksAttempted);
  const total = weights.reduce<number>((a, w) => a + (w ?? 0), 0);
  const days = vs.map((v) => v.day);
  if (weights.every((w) => w !== null) && total > 0) {
    return { value: vs.reduce((a, v, i) => a + v.value * (weights[i] as number), 0) / total, days };
  }
  return { value: vs.reduce((a, v) => a + v.value, 0) / vs.length, days };
}

function perWeek(pilot: Pilot, side: PilotSide, key: 'teamHours' | 'outOfHoursHours'): Measured | null {
  const m = meanOf(pilot, side, key);
  return m ? { value: m.value * PILOT_DAYS, days: m.days } : null;
}

export function hasAnyValue(metrics: DayMetrics): boolean {
  return Object.values(metrics).some((v) => v !== null);
}

export function summarizeSide(pilot: Pilot, side: PilotSide): SideWeek {
  const errorRate = weightedShare(pilot, side, 'errorRate');
  const timeoutRate = weightedShare(pilot, side, 'timeoutRate');
  const failureRate = errorRate || timeoutRate ? (errorRate?.value ?? 0) + (timeoutRate?.value ?? 0) : null;
  return {
    side,
    daysWithData: pilot.days.flatMap((d, i) => (hasAnyValue(d[side]) ? [dayNumber(i)] : [])),
    tasksAttempted: sumOf(pilot, side, 'tasksAttempted'),
    tasksCompleted: sumOf(pilot, side, 'tasksCompleted'),
    tasksAccepted: sumOf(pilot, side, 'tasksAccepted'),
    acceptanceRate: pooledRate(pilot, side, 'tasksAccepted', 'tasksAttempted'),
    toolCallRate: pooledRate(pilot, side, 'toolCallsCorrect', 'toolCallsTotal'),
    errorRate,
    timeoutRate,
    failureRate,
    ttftP50Ms: meanOf(pilot, side, 'ttftP50Ms'),
    ttftP95Ms: meanOf(pilot, side, 'ttftP95Ms'),
    generationMs: meanOf(pilot, side, 'generationMs'),
    utilisation: meanOf(pilot, side, 'utilisation'),
    retries: sumOf(pilot, side, 'retries'),
    inputTokens: sumOf(pilot, side, 'inputTokens'),
    outputTokens: sumOf(pilot, side, 'outputTokens'),
    teamHoursPerWeek: perWeek(pilot, side, 'teamHours'),
    outOfHoursPerWeek: perWeek(pilot, side, 'outOfHoursHours'),
    teamHoursPerDay: meanOf(pilot, side, 'teamHours'),
    sums: Object.fromEntries(DAY_METRIC_KEYS.map((k) => [k, sumOf(pilot, side, k)])) as SideWeek['sums'],
    means: Object.fromEntries(DAY_METRIC_KEYS.map((k) => [k, meanOf(pilot, side, k)])) as SideWeek['means'],
  };
}

/**
 * Pilot days elapsed: the latest day with any evidence on either side or an incident. Incident
 * rates divide by this, so a quiet day without a form filled in still counts as a day of service.
 */
export function daysElapsed(pilot: Pilot): number {
  let last = 0;
  pilot.days.forEach((d, i) => {
    if (hasAnyValue(d.api) || hasAnyValue(d.selfHosted)) last = dayNumber(i);
  });
  for (const inc of pilot.incidents) last = Math.max(last, inc.day);
  return last;
}
