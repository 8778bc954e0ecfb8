import { HOURS_PER_MONTH, HOURS_PER_WEEK, type Scenario } from '../scenario/schema';
import { scheduleOf } from './billing';

/**
 * The shape of demand over a week and the hours the self-hosted cluster runs.
 *
 * Demand is described per hour of a week (Mon 00:00 … Sun 23:00) as weights whose mean over
 * the 168 hours is 1, so hour h carries `weight[h] / 168` of the week's tokens. The cluster's
 * availability per hour is 1 when it runs, 0 when it is off, a fraction at a schedule's edge.
 */

/** A weekly hour is this many hours of an average month (730 / 168 ≈ 4.345). */
export const MONTH_HOURS_PER_WEEK_HOUR = HOURS_PER_MONTH / HOURS_PER_WEEK;
/**
 * 168 hourly weights cannot describe a peak higher than 168 × the average (all of the week's
 * demand in one hour).
 */
export const MAX_PEAK_TO_AVERAGE = HOURS_PER_WEEK;

export interface DemandShape {
  /** Demand per weekly hour, mean 1 over the 168 hours. */
  weights: Float64Array;
  /** Share of each weekly hour the cluster runs (0..1). */
  availability: Float64Array;
  /**
   * Peak hourly demand ÷ average hourly demand: over the week in weekly mode; over the hours
   * the cluster runs in peak-to-average mode (the ratio as entered, clamped).
   */
  peakToAverage: number;
  /** Largest weight: peak hourly demand ÷ average over all 168 hours. */
  maxWeight: number;
  /**
   * max over hours with demand of weight ÷ availability: replicas needed for the peak are
   * (average demand × this) ÷ one replica's usable throughput. Null when demand falls into
   * hours the cluster is off.
   */
  peakFactor: number | null;
  /** Share of the week's demand that falls into hours the cluster does not run at all. */
  offScheduleShare: number;
  /** Cluster hours per month (730 when it always runs). */
  runningHoursPerMonth: number;
  /** Notes on what had to be assumed: an empty profile, a peak above 168× the average. */
  notes: ShapeNote[];
}

export type ShapeNote = 'profile-empty' | 'peak-clamped';

/** Share of an hour below which the cluster counts as not running in it (3.6 ms). */
const MIN_AVAILABILITY = 1e-6;

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

/**
 * Availability per weekly hour: always 1, or a window of `hoursPerDay` from the start hour
 * (`scheduleStartHour`; wrapping past midnight onto the same day's early hours) on the first
 * `daysPerWeek` days, fractional at the edges. The sum over the week is hoursPerDay × daysPerWeek.
 * The window is laid out in the schedule's hours and moved by `shiftHours` into the week
 * profile's (scheduleShiftHours): profile hour h is schedule hour h + shift, a fractional shift
 * (India's +05:30) splitting an hour between its two neighbours.
 */
export function availability(
  selfHosted: Pick<Scenario['selfHosted'], 'hoursMode' | 'scheduleHoursPerDay' | 'scheduleDaysPerWeek' | 'scheduleStartHour'>,
  shiftHours = 0,
): Float64Array {
  const a = new Float64Array(HOURS_PER_WEEK);
  if (selfHosted.hoursMode === 'always') return a.fill(1);
  const hpd = selfHosted.scheduleHoursPerDay;
  const dpw = selfHosted.scheduleDaysPerWeek;
  const start = selfHosted.scheduleStartHour;
  const inSchedule = new Float64Array(HOURS_PER_WEEK);
  for (let h = 0; h < HOURS_PER_WEEK; h++) {
    const day = Math.floor(h / 24);
    const hour = h % 24;
    const dayShare = Math.min(1, Math.max(0, dpw - day));
    const hourShare = overlap(hour, hour + 1, start, start + hpd) + overlap(hour, hour + 1, start - 24, start - 24 + hpd);
    inSchedule[h] = dayShare * Math.min(1, hourShare);
  }
  const whole = Math.floor(shiftHours);
  const part = shiftHours - whole;
  const at = (h: number) => inSchedule[((h % HOURS_PER_WEEK) + HOURS_PER_WEEK) % HOURS_PER_WEEK] as number;
  for (let h = 0; h < HOURS_PER_WEEK; h++) {
    const share = part === 0 ? at(h + whole) : (1 - part) * at(h + whole) + part * at(h + whole + 1);
    // Less than 3.6 ms of an hour is no running time: the peak factor (weight ÷ availability)
    // of such a sliver would need more replicas than there are numbers.
    a[h] = share >= MIN_AVAILABILITY ? share : 0;
  }
  return a;
}

/** Minutes `zone` is ahead of UTC at an instant (Europe/Berlin in July: 120). */
export function zoneOffsetMinutes(zone: string, epochMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((wall - Math.floor(epochMs / 60_000) * 60_000) / 60_000);
}

/**
 * Hours from the week profile's clock to the schedule's: the schedule's zone offset minus the
 * profile's, at noon UTC of the middle day the usage files cover (zones that change to summer
 * time on different dates differ by an hour for some weeks; the middle day decides). 0 when the
 * schedule has no zone of its own, or the week profile has none (entered by hand, or a
 * peak-to-average shape, whose hours are the schedule's own).
 */
export function scheduleShiftHours(scenario: Pick<Scenario, 'workload' | 'selfHosted'> & Partial<Pick<Scenario, 'usage'>>): number {
  const zone = scenario.selfHosted.scheduleTimeZone;
  const source = scenario.usage?.source ?? null;
  if (zone === null || source === null || scenario.workload.profileMode !== 'weekly' || zone === source.timeZone) return 0;
  const first = Date.parse(`${source.firstDay}T12:00:00Z`);
  const last = Date.parse(`${source.lastDay}T12:00:00Z`);
  const middle = first + Math.floor((last - first) / 86_400_000 / 2) * 86_400_000;
  if (!Number.isFinite(middle)) return 0;
  return (zoneOffsetMinutes(zone, middle) - zoneOffsetMinutes(source.timeZone, middle)) / 60;
}

/**
 * A load-duration curve with the given peak-to-average ratio over `n` hours: demand falls
 * linearly from the peak, truncated at zero, with mean 1 over the n hours. For a ratio ≤ 2
 * every hour has demand (the least-demand hour carries 2 − ratio); above 2 only the busiest
 * hours have any. Returned in descending order. It is the least-committal shape that honours
 * a single number: the peak-to-average ratio says nothing else about the profile.
 */
export function durationCurve(peakToAverage: number, n: number = HOURS_PER_WEEK): Float64Array {
  const out = new Float64Array(n);
  const p = Math.min(Math.max(1, peakToAverage), n);
  if (n === 1 || p === 1) return out.fill(1);
  // Find the number m of hours with demand: sum_{i<m} (p − g·i) = n with p − g·(m−1) ≥ 0 > p − g·m.
  let m = n;
  let g = (2 * (p - 1)) / (n - 1);
  if (p - g * (n - 1) < 0) {
    for (m = n - 1; m >= 2; m--) {
      g = (2 * (m * p - n)) / (m * (m - 1));
      if (p - g * (m - 1) >= -1e-12 && p - g * m <= 1e-12) break;
    }
    if (m < 2) {
      m = 1;
      g = 0;
    }
  }
  for (let i = 0; i < m; i++) out[i] = Math.max(0, p - g * i);
  // Exact mean 1 despite rounding in g.
  let sum = 0;
  for (let i = 0; i < n; i++) sum += out[i] as number;
  if (sum > 0) for (let i = 0; i < n; i++) out[i] = ((out[i] as number) * n) / sum;
  return out;
}

function finishShape(weights: Float64Array, avail: Float64Array, notes: ShapeNote[], peakToAverage?: number): DemandShape {
  let peak = 0;
  let sum = 0;
  let off = 0;
  let factor = 0;
  let offSchedule = false;
  let running = 0;
  for (let h = 0; h < HOURS_PER_WEEK; h++) {
    const w = weights[h] as number;
    const a = avail[h] as number;
    running += a;
    if (w <= 0) continue;
    sum += w;
    if (w > peak) peak = w;
    if (a <= 0) {
      off += w;
      offSchedule = true;
    } else factor = Math.max(factor, w / a);
  }
  return {
    weights,
    availability: avail,
    peakToAverage: peakToAverage ?? (sum > 0 ? peak / (sum / HOURS_PER_WEEK) : 1),
    maxWeight: peak,
    peakFactor: offSchedule ? null : factor,
    offScheduleShare: sum > 0 ? off / sum : 0,
    runningHoursPerMonth: running * MONTH_HOURS_PER_WEEK_HOUR,
    notes,
  };
}

/**
 * The demand shape of a scenario.
 * - Weekly mode: the user's 168 values scaled to mean 1 (an all-zero profile counts as flat).
 * - Peak-to-average mode: the duration curve over the hours the cluster runs, busiest demand
 *   in the hours with the most availability. With a schedule this assumes the work happens
 *   while the cluster runs (the reason to run one on a schedule).
 */
export function demandShape(scenario: Pick<Scenario, 'workload' | 'selfHosted'> & Partial<Pick<Scenario, 'usage'>>, peakOverride?: number): DemandShape {
  const w = scenario.workload;
  // Reserved and scale-to-zero capacity is there in every hour (billing.ts).
  const avail = availability(scheduleOf(scenario.selfHosted), scheduleShiftHours(scenario));
  const notes: ShapeNote[] = [];
  const weights = new Float64Array(HOURS_PER_WEEK);
  if (w.profileMode === 'weekly' && peakOverride === undefined) {
    // Scale does not matter: divide by the largest value first, so that values near the top of
    // the range of numbers (1e308) cannot overflow the sum.
    const top = Math.max(0, ...w.weeklyProfile);
    let sum = 0;
    if (top > 0) for (const v of w.weeklyProfile) sum += v / top;
    if (sum > 0) w.weeklyProfile.forEach((v, h) => (weights[h] = ((v / top) * HOURS_PER_WEEK) / sum));
    else {
      weights.fill(1);
      notes.push('profile-empty');
    }
    return finishShape(weights, avail, notes);
  }
  const order: number[] = [];
  for (let h = 0; h < HOURS_PER_WEEK; h++) if ((avail[h] as number) > 0) order.push(h);
  order.sort((x, y) => (avail[y] as number) - (avail[x] as number) || x - y);
  if (order.length === 0) {
    // The cluster never runs: describe demand over the whole week; all of it is off-schedule.
    for (let h = 0; h < HOURS_PER_WEEK; h++) order.push(h);
  }
  const requested = peakOverride ?? w.peakToAverage;
  if (requested > order.length) notes.push('peak-clamped');
  const curve = durationCurve(requested, order.length);
  const scale = HOURS_PER_WEEK / order.length;
  order.forEach((h, i) => (weights[h] = (curve[i] as number) * scale));
  return finishShape(weights, avail, notes, Math.min(Math.max(1, requested), order.length));
}
