import { HOURS_PER_WEEK, type Workload } from '../scenario/schema';
import { isoDay, ZoneClock } from './time';
import type { Counts } from './counts';
import { mergePerRequestCounts, newPerRequestCounts, type PerRequestCounts, type UsageTable } from './table';
import type { CostRecord } from './types';

/**
 * Usage records → the scenario's workload fields (docs/usage.md):
 * - requests per day = successful requests ÷ the days covered: local calendar days from the
 *   first to the last day with data (gaps count as days: a quiet day is part of the volume),
 *   less the hours of the first day before its first hour with data and of the last day after
 *   its last one (a partial day is not a whole day), at least one day. With a whole week or
 *   more covered, only the last whole weeks count (requests in them ÷ 7 per week): every day of
 *   the week then weighs the same, where two weekdays alone would stand for a week with a
 *   weekend. The days of the week the period touches are listed;
 * - tokens per request = the mean (the bill is linear in it), shown with median and p90 where
 *   the file has one row per request;
 * - cache-hit share = cached ÷ input tokens; reasoning per request = reasoning ÷ requests
 *   (visible output = output − reasoning: the scenario bills reasoning on top of the visible
 *   output); a file that does not separate reasoning counts it inside its output tokens, so
 *   reasoning is set to none (note `reasoning-inside-output`) rather than the scenario's
 *   reasoning kept on top of a measured output that already holds it;
 * - retry rate = failed ÷ successful requests (every failed request was sent again);
 * - the 168-hour week (Monday 00:00 first, in the chosen zone) weighted by tokens (requests
 *   where the file has no tokens): per hour of the week, the median over the weeks that cover
 *   that hour, or the busiest full week; peak-to-average = its largest hour ÷ its mean.
 * A figure the files do not carry is not derived: the field keeps its current value and is
 * listed in `kept` with the reason.
 */
export type ProfileChoice = 'median' | 'busiest';

export interface PriceOfModel {
  inputPerM: number;
  cachedInputPerM: number;
  outputPerM: number;
  /** Where the price comes from and its date, for the label. */
  source: string;
  date: string;
}

export interface DeriveOptions {
  /** IANA zone the week and the days are built in. */
  timeZone: string;
  /** Only these models (null: every model). */
  models?: readonly string[] | null;
  profile?: ProfileChoice;
  /** The scenario's current workload: kept fields, and days per month for token mode. */
  current: Workload;
  /** Today's list price of a model, for the bill comparison. */
  priceOf?: (model: string) => PriceOfModel | null;
}

export interface Distribution {
  mean: number;
  /** Null when the file has time buckets, not one row per request. */
  median: number | null;
  p90: number | null;
}

export interface ModelUsage {
  /** The model as the file names it; '' when the file names none. */
  model: string;
  requests: number | null;
  failed: number | null;
  requestsPerDay: number | null;
  tokens: { input: number; cached: number | null; output: number; reasoning: number | null };
  /** Per successful request; null when requests are not counted. */
  perRequest: { input: Distribution; cached: Distribution | null; output: Distribution; reasoning: Distribution | null } | null;
  cacheHitShare: number | null;
  /** Failed ÷ all requests. */
  errorShare: number | null;
  retryRate: number | null;
  /** What the files say was paid, USD; null when they carry no cost. */
  billUsd: number | null;
  /** The same tokens at today's list price; null without a price for the model. */
  listPrice: { usd: number; price: PriceOfModel } | null;
}

export interface DayUsage {
  day: string;
  requests: number | null;
  failed: number | null;
  input: number;
  output: number;
  costUsd: number | null;
}

export type KeptReason = 'no-request-count' | 'no-cached-field' | 'no-reasoning-field' | 'no-error-field' | 'no-hour-shape' | 'less-than-a-week' | 'no-usage';

export type DeriveNote = 'day-buckets-utc' | 'reasoning-inside-output' | 'token-mode' | 'cost-files-only' | 'per-day-whole-weeks' | 'per-day-no-whole-week';

/** Which days of the week the files saw, and what the per-day figures rest on. */
export interface Observation {
  /** Days of the week the period touches, 0 = Monday … 6 = Sunday, in the zone of the days. */
  weekdays: number[];
  /** Whole weeks the per-day figures count (the last ones of the period); 0 when less than a week is covered. */
  wholeWeeks: number;
  /** What the per-day figures divide by: 7 × whole weeks, or the covered days when there is no whole week. */
  perDayDays: number;
  /** First and last local day of the whole weeks (the first one from the hour after the period's last hour); null without a whole week. */
  window: { from: string; to: string } | null;
  /** Covered days before the whole weeks: in the per-request figures and the week profile, not in the per-day ones. */
  daysLeftOut: number;
}

export interface WeekProfile {
  /** 168 weights, mean 1, Monday 00:00 first. */
  weights: number[];
  peakToAverage: number;
}

export interface DerivedWorkload {
  /** The zone the days and the week were built in (UTC for day buckets). */
  timeZone: string;
  granularity: 'request' | 'hour' | 'day' | 'none';
  /**
   * Days from the first to the last day with data; gaps are runs of days without any.
   * `coveredDays` is what the rates per day divide by: the calendar days less the part of the
   * first day before its first hour with data and the part of the last day after its last one
   * (each as a share of that local day, so a 23- or 25-hour day is still one day), at least one
   * day (a file of a few hours is not scaled up to a whole day).
   */
  period: { firstDay: string; lastDay: string; days: number; coveredDays: number; gaps: { from: string; to: string; days: number }[] } | null;
  models: ModelUsage[];
  total: ModelUsage;
  daily: DayUsage[];
  profile: { median: WeekProfile; busiest: WeekProfile | null; busiestWeekStart: string | null; weeks: number; fullWeeks: number } | null;
  observation: Observation;
  /** The workload fields the files determine, within the scenario's limits. */
  workload: Partial<Workload>;
  kept: { field: keyof Workload; reason: KeptReason }[];
  notes: DeriveNote[];
}

interface Acc {
  requests: number;
  requestsKnown: boolean;
  failed: number;
  failedKnown: boolean;
  input: number;
  cached: number;
  cachedKnown: boolean;
  output: number;
  reasoning: number;
  reasoningKnown: boolean;
  cost: number;
  costKnown: boolean;
  /** The model's rows are time buckets, not requests: no distributions. */
  buckets: boolean;
  /** Per-request values of the successful requests; null for buckets. */
  perRequest: PerRequestCounts | null;
  /** Requests and tokens in the whole weeks the per-day figures count (all of them without a whole week). */
  perDay: { requests: number; input: number; output: number; reasoning: number };
}

function newAcc(): Acc {
  return {
    requests: 0,
    requestsKnown: true,
    failed: 0,
    failedKnown: true,
    input: 0,
    cached: 0,
    cachedKnown: false,
    output: 0,
    reasoning: 0,
    reasoningKnown: false,
    cost: 0,
    costKnown: false,
    buckets: false,
    perRequest: null,
    perDay: { requests: 0, input: 0, output: 0, reasoning: 0 },
  };
}

/** The sums of every model's accumulator: the total. */
function totalOf(accs: readonly Acc[]): Acc {
  const t = newAcc();
  for (const a of accs) {
    t.requests += a.requests;
    t.requestsKnown &&= a.requestsKnown;
    t.failed += a.failed;
    t.failedKnown &&= a.failedKnown;
    t.input += a.input;
    t.output += a.output;
    t.cached += a.cached;
    t.cachedKnown ||= a.cachedKnown;
    t.reasoning += a.reasoning;
    t.reasoningKnown ||= a.reasoningKnown;
    t.cost += a.cost;
    t.costKnown ||= a.costKnown;
    t.buckets ||= a.buckets;
    t.perDay.requests += a.perDay.requests;
    t.perDay.input += a.perDay.input;
    t.perDay.output += a.perDay.output;
    t.perDay.reasoning += a.perDay.reasoning;
  }
  if (!t.buckets) {
    t.perRequest = newPerRequestCounts();
    for (const a of accs) if (a.perRequest !== null) mergePerRequestCounts(t.perRequest, a.perRequest);
  }
  return t;
}

/** Adds row `i` of the table to the figures the per-day rates count. */
function countPerDay(acc: Acc, t: UsageTable, i: number): void {
  const requests = t.requests[i] as number;
  const reasoning = t.reasoning[i] as number;
  if (requests === requests) acc.perDay.requests += requests;
  acc.perDay.input += t.input[i] as number;
  acc.perDay.output += t.output[i] as number;
  if (reasoning === reasoning) acc.perDay.reasoning += reasoning;
}

function distribution(total: number, requests: number, counts: Counts | null): Distribution {
  const mean = requests > 0 ? total / requests : 0;
  const q = counts === null ? null : counts.medianAndP90();
  return { mean, median: q?.median ?? null, p90: q?.p90 ?? null };
}

function usageOf(model: string, acc: Acc, days: number, priceOf: DeriveOptions['priceOf']): ModelUsage {
  const ok = acc.requestsKnown ? acc.requests : null;
  const visible = acc.output - (acc.reasoningKnown ? acc.reasoning : 0);
  const pr = acc.perRequest;
  const perRequest =
    ok !== null && ok > 0
      ? {
          input: distribution(acc.input, ok, pr?.input ?? null),
          cached: acc.cachedKnown ? distribution(acc.cached, ok, pr?.cached ?? null) : null,
          output: distribution(visible, ok, pr?.output ?? null),
          reasoning: acc.reasoningKnown ? distribution(acc.reasoning, ok, pr?.reasoning ?? null) : null,
        }
      : null;
  const failed = acc.failedKnown && acc.requestsKnown ? acc.failed : null;
  const price = model !== '' && priceOf ? priceOf(model) : null;
  const cached = acc.cachedKnown ? acc.cached : 0;
  return {
    model,
    requests: ok,
    failed,
    requestsPerDay: ok !== null && days > 0 ? acc.perDay.requests / days : null,
    tokens: { input: acc.input, cached: acc.cachedKnown ? acc.cached : null, output: visible, reasoning: acc.reasoningKnown ? acc.reasoning : null },
    perRequest,
    cacheHitShare: acc.cachedKnown && acc.input > 0 ? acc.cached / acc.input : null,
    errorShare: failed !== null && ok !== null && ok + failed > 0 ? failed / (ok + failed) : null,
    retryRate: failed !== null && ok !== null && ok > 0 ? failed / ok : null,
    billUsd: acc.costKnown ? acc.cost : null,
    listPrice:
      price === null ? null : { usd: ((acc.input - cached) * price.inputPerM + cached * price.cachedInputPerM + acc.output * price.outputPerM) / 1e6, price },
  };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 === 1 ? (s[(n - 1) / 2] as number) : ((s[n / 2 - 1] as number) + (s[n / 2] as number)) / 2;
}

function normalised(values: number[]): WeekProfile | null {
  const sum = values.reduce((a, b) => a + b, 0);
  if (!(sum > 0)) return null;
  const mean = sum / HOURS_PER_WEEK;
  const weights = values.map((v) => v / mean);
  return { weights, peakToAverage: Math.max(...weights) };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

const QUARTER_S = 900;

/**
 * The share of a local day outside the data: before the local hour that holds `startS`
 * (`side` 'before') or after the local hour that holds the last instant before `endS`
 * ('after'). Counted in quarter hours (the smallest step of any zone's offset), so the day's
 * own length (23, 24 or 25 hours) is the denominator.
 */
function dayShareOutside(clock: ZoneClock, atS: number, side: 'before' | 'after'): number {
  let t = Math.floor((side === 'before' ? atS : atS - 1) / QUARTER_S) * QUARTER_S;
  const slot = clock.at(t);
  const same = (x: number, hour: boolean) => {
    const s = clock.at(x);
    return s.day === slot.day && (!hour || s.hour === slot.hour);
  };
  // The start (before) or the end (after) of the local hour.
  if (side === 'before') while (same(t - QUARTER_S, true)) t -= QUARTER_S;
  else {
    while (same(t + QUARTER_S, true)) t += QUARTER_S;
    t += QUARTER_S;
  }
  let before = 0;
  while (same(t - (before + 1) * QUARTER_S, false)) before++;
  let after = 0;
  while (same(t + after * QUARTER_S, false)) after++;
  const length = before + after;
  if (length === 0) return 0;
  return (side === 'before' ? before : after) / length;
}

export function deriveWorkload(records: UsageTable, costs: readonly CostRecord[], options: DeriveOptions): DerivedWorkload {
  const wanted = options.models && options.models.length > 0 ? new Set(options.models) : null;
  const t0 = records;
  const n = t0.length;
  const keepModel = records.models.map((m) => wanted === null || wanted.has(m));
  const keepNone = wanted === null || wanted.has('');
  const isKept = (m: number) => (m < 0 ? keepNone : keepModel[m] === true);
  const costRows = wanted ? costs.filter((c) => wanted.has(c.model ?? '')) : costs;
  const notes: DeriveNote[] = [];

  // First pass over the kept rows: their kind (requests, hour or day buckets), whether they
  // carry tokens, and each model's accumulator. A row without a model counts as the model ''
  // (as a file naming one '' would). Single requests arrive summed per quarter hour
  // (table.ts), so even a large log is a few thousand rows here.
  const byModel = new Map<string, Acc>();
  const accOfId: (Acc | undefined)[] = new Array<Acc | undefined>(records.models.length + 1);
  let keptRows = 0;
  let dayBuckets = false;
  let allRequests = true;
  let useTokens = false;
  for (let i = 0; i < n; i++) {
    const m = t0.model[i] as number;
    if (!isKept(m)) continue;
    keptRows++;
    let acc = accOfId[m + 1];
    if (acc === undefined) {
      const key = m < 0 ? '' : (records.models[m] as string);
      acc = byModel.get(key);
      if (acc === undefined) byModel.set(key, (acc = newAcc()));
      accOfId[m + 1] = acc;
    }
    const bucket = t0.bucketS[i] as number;
    if (bucket > 3_600) dayBuckets = true;
    if (bucket !== 0) {
      allRequests = false;
      acc.buckets = true;
    }
    if (!useTokens && (t0.input[i] as number) + (t0.output[i] as number) > 0) useTokens = true;
  }
  if (keptRows === 0 && costRows.length > 0) dayBuckets = true;
  const zone = dayBuckets ? 'UTC' : options.timeZone;
  if (dayBuckets && options.timeZone !== 'UTC') notes.push('day-buckets-utc');
  const clock = new ZoneClock(zone);
  const granularity: DerivedWorkload['granularity'] = keptRows === 0 ? 'none' : dayBuckets ? 'day' : allRequests ? 'request' : 'hour';

  const daily = new Map<number, DayUsage>();
  const demand = new Map<number, number>();
  let firstDay = Number.POSITIVE_INFINITY;
  let lastDay = Number.NEGATIVE_INFINITY;
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const m = t0.model[i] as number;
    if (!isKept(m)) continue;
    const acc = accOfId[m + 1] as Acc;
    const at = t0.start[i] as number;
    const bucket = t0.bucketS[i] as number;
    const requests = t0.requests[i] as number;
    const failed = t0.failed[i] as number;
    const input = t0.input[i] as number;
    const output = t0.output[i] as number;
    const cached = t0.cached[i] as number;
    const reasoning = t0.reasoning[i] as number;
    const cost = t0.cost[i] as number;
    if (requests !== requests) acc.requestsKnown = false;
    else acc.requests += requests;
    if (failed !== failed) acc.failedKnown = false;
    else acc.failed += failed;
    acc.input += input;
    acc.output += output;
    // A file carries a figure when any of its rows does; rows without it count 0 (a request log
    // writes `cached_tok` only where there was a hit).
    if (cached === cached) {
      acc.cached += cached;
      acc.cachedKnown = true;
    }
    if (reasoning === reasoning) {
      acc.reasoning += reasoning;
      acc.reasoningKnown = true;
    }
    if (cost === cost) {
      acc.cost += cost;
      acc.costKnown = true;
    }

    const slot = clock.at(at);
    if (slot.day < firstDay) firstDay = slot.day;
    if (slot.day > lastDay) lastDay = slot.day;
    if (at < start) start = at;
    // A row of requests ends one second after its last request starts.
    const e = bucket > 0 ? at + bucket : (t0.last[i] as number) + 1;
    if (e > end) end = e;
    let d = daily.get(slot.day);
    if (d === undefined) daily.set(slot.day, (d = { day: isoDay(slot.day), requests: 0, failed: 0, input: 0, output: 0, costUsd: null }));
    d.requests = requests !== requests || d.requests === null ? null : d.requests + requests;
    d.failed = failed !== failed || d.failed === null ? null : d.failed + failed;
    d.input += input;
    d.output += output;
    if (cost === cost) d.costUsd = (d.costUsd ?? 0) + cost;
    if (!dayBuckets) {
      const k = slot.week * HOURS_PER_WEEK + slot.hourOfWeek;
      demand.set(k, (demand.get(k) ?? 0) + (useTokens ? input + output : (requests === requests ? requests : 0) + (failed === failed ? failed : 0)));
    }
  }
  // The per-request distributions: the table keeps them per model, taken together per key.
  accOfId.forEach((acc, k) => {
    const pr = records.perRequest[k];
    if (acc === undefined || acc.buckets || pr === undefined) return;
    mergePerRequestCounts((acc.perRequest ??= newPerRequestCounts()), pr);
  });
  for (const acc of byModel.values()) if (!acc.buckets) acc.perRequest ??= newPerRequestCounts();
  // Costs of a model without usage rows (or of none) belong to the total alone.
  let costOfNoModel = 0;
  for (const c of costRows) {
    const key = c.model ?? '';
    const acc = byModel.get(key);
    if (acc !== undefined) {
      acc.cost += c.usd;
      acc.costKnown = true;
    } else costOfNoModel += c.usd;
    const slot = clock.at(c.start);
    const day = daily.get(slot.day);
    if (day !== undefined) day.costUsd = (day.costUsd ?? 0) + c.usd;
  }
  if (keptRows === 0 && costRows.length > 0) notes.push('cost-files-only');

  const calendarDays = Number.isFinite(firstDay) ? lastDay - firstDay + 1 : 0;
  // Rates per day divide by the covered part of the period (day buckets cover whole days).
  const days =
    calendarDays > 0 && Number.isFinite(start)
      ? Math.max(1, calendarDays - dayShareOutside(clock, start, 'before') - dayShareOutside(clock, end, 'after'))
      : calendarDays;
  // The per-day figures: the last whole weeks of the covered days when there is one (the window
  // runs from the hour after the last hour with data, 7 × n local days earlier, to that hour's
  // end, so that each day of the week is in it n times), else every covered day.
  const wholeWeeks = Number.isFinite(start) ? Math.floor((days + 1e-9) / 7) : 0;
  const perDayDays = wholeWeeks > 0 ? wholeWeeks * 7 : days;
  let window: Observation['window'] = null;
  if (wholeWeeks > 0) {
    const last = clock.at(end - 1);
    const fromDay = last.day - wholeWeeks * 7;
    const inWindow = (at: number) => {
      const slot = clock.at(at);
      return slot.day > fromDay || (slot.day === fromDay && slot.hour > last.hour);
    };
    for (let i = 0; i < n; i++) {
      const m = t0.model[i] as number;
      if (!isKept(m) || !inWindow(t0.start[i] as number)) continue;
      countPerDay(accOfId[m + 1] as Acc, t0, i);
    }
    // A window from the hour after the last one: on the first day when that hour is its 24th.
    window = { from: isoDay(last.hour === 23 ? fromDay + 1 : fromDay), to: isoDay(last.day) };
    notes.push('per-day-whole-weeks');
  } else {
    for (let i = 0; i < n; i++) {
      const m = t0.model[i] as number;
      if (isKept(m)) countPerDay(accOfId[m + 1] as Acc, t0, i);
    }
    if (keptRows > 0) notes.push('per-day-no-whole-week');
  }
  const weekdays: number[] = [];
  if (Number.isFinite(firstDay)) for (let day = firstDay; day <= Math.min(lastDay, firstDay + 6); day++) weekdays.push((((day + 3) % 7) + 7) % 7);
  weekdays.sort((a, b) => a - b);
  const observation: Observation = { weekdays, wholeWeeks, perDayDays, window, daysLeftOut: wholeWeeks > 0 ? Math.max(0, days - perDayDays) : 0 };

  const gaps: { from: string; to: string; days: number }[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    if (daily.has(day)) continue;
    let to = day;
    while (to + 1 <= lastDay && !daily.has(to + 1)) to++;
    gaps.push({ from: isoDay(day), to: isoDay(to), days: to - day + 1 });
    day = to;
  }
  // An export's empty day (a row with its times and nothing else) counts as a day, not as a model.
  const carries = (m: string, a: Acc) => m !== '' || a.requests > 0 || a.failed > 0 || a.input > 0 || a.output > 0 || a.cost > 0;
  const models = [...byModel.entries()]
    .filter(([m, acc]) => carries(m, acc))
    .map(([m, acc]) => usageOf(m, acc, perDayDays, options.priceOf))
    .sort((a, b) => b.tokens.input + b.tokens.output - (a.tokens.input + a.tokens.output));
  const total = totalOf([...byModel.values()]);
  total.cost += costOfNoModel;
  if (costRows.length > 0) total.costKnown = true;
  const totalUsage = usageOf('', total, perDayDays, undefined);
  const priced = models.filter((m) => m.listPrice !== null);
  if (priced.length > 0)
    totalUsage.listPrice = {
      usd: priced.reduce((a, m) => a + (m.listPrice?.usd ?? 0), 0),
      price: (priced[0] as ModelUsage & { listPrice: NonNullable<ModelUsage['listPrice']> }).listPrice.price,
    };

  // The week: which (week, hour of week) the period covers, quarter hour by quarter hour.
  let profile: DerivedWorkload['profile'] = null;
  let profileReason: KeptReason | null = keptRows === 0 ? 'no-usage' : dayBuckets ? 'no-hour-shape' : null;
  if (profileReason === null) {
    const covered = new Map<number, Set<number>>();
    for (let t = Math.floor(start / 900) * 900; t < end; t += 900) {
      const s = clock.at(t);
      let set = covered.get(s.week);
      if (set === undefined) covered.set(s.week, (set = new Set()));
      set.add(s.hourOfWeek);
    }
    const medianValues: number[] = [];
    let complete = true;
    for (let h = 0; h < HOURS_PER_WEEK; h++) {
      const values: number[] = [];
      for (const [week, set] of covered) if (set.has(h)) values.push(demand.get(week * HOURS_PER_WEEK + h) ?? 0);
      if (values.length === 0) complete = false;
      medianValues.push(values.length === 0 ? 0 : median(values));
    }
    // A full week runs from Monday 00:00 to Sunday 24:00; on a spring daylight-saving week one
    // wall-clock hour does not exist, so 167 hours are full.
    const full = [...covered.entries()].filter(([, set]) => set.has(0) && set.has(HOURS_PER_WEEK - 1) && set.size >= HOURS_PER_WEEK - 1).map(([w]) => w);
    let busiestWeek: number | null = null;
    let busiestSum = -1;
    for (const w of full) {
      let sum = 0;
      for (let h = 0; h < HOURS_PER_WEEK; h++) sum += demand.get(w * HOURS_PER_WEEK + h) ?? 0;
      if (sum > busiestSum) {
        busiestSum = sum;
        busiestWeek = w;
      }
    }
    const med = complete ? normalised(medianValues) : null;
    if (med === null) profileReason = 'less-than-a-week';
    else {
      const busiest =
        busiestWeek === null
          ? null
          : normalised(Array.from({ length: HOURS_PER_WEEK }, (_, h) => demand.get((busiestWeek as number) * HOURS_PER_WEEK + h) ?? 0));
      profile = {
        median: med,
        busiest,
        busiestWeekStart: busiestWeek === null ? null : isoDay(busiestWeek * 7 - 3),
        weeks: covered.size,
        fullWeeks: full.length,
      };
    }
  }

  // The workload fields.
  const cur = options.current;
  const workload: Partial<Workload> = {};
  const kept: DerivedWorkload['kept'] = [];
  const keep = (reason: KeptReason, ...fields: (keyof Workload)[]) => fields.forEach((field) => kept.push({ field, reason }));
  const t = totalUsage;
  if (keptRows === 0)
    keep('no-usage', 'requestsPerDay', 'inputTokensPerRequest', 'outputTokensPerRequest', 'cacheHitShare', 'reasoningTokensPerRequest', 'retryRateApi');
  else if (t.requests !== null && t.requests > 0 && t.perRequest !== null && perDayDays > 0) {
    workload.mode = 'requests';
    workload.requestsPerDay = clamp(total.perDay.requests / perDayDays, 0, 1e9);
    workload.inputTokensPerRequest = clamp(t.perRequest.input.mean, 0, 1e8);
    workload.outputTokensPerRequest = clamp(t.perRequest.output.mean, 0, 1e8);
    if (t.perRequest.reasoning !== null) {
      workload.reasoningMode = t.perRequest.reasoning.mean > 0 ? 'tokens' : 'none';
      workload.reasoningTokensPerRequest = clamp(t.perRequest.reasoning.mean, 0, 1e8);
    } else {
      // The file does not separate reasoning, and its output counts include it (every format
      // read, formats.ts): the measured output is all of it, so no reasoning on top.
      workload.reasoningMode = 'none';
      notes.push('reasoning-inside-output');
    }
  } else {
    // No request counts (Anthropic's report): the month's tokens, in token mode.
    notes.push('token-mode');
    keep('no-request-count', 'requestsPerDay', 'inputTokensPerRequest', 'outputTokensPerRequest');
    if (perDayDays > 0) {
      // Visible output: the output less the reasoning where the files separate it (as `tokens.output`).
      const visible = total.perDay.output - (total.reasoningKnown ? total.perDay.reasoning : 0);
      workload.mode = 'tokens';
      workload.inputTokensPerMonth = clamp((total.perDay.input / perDayDays) * cur.daysPerMonth, 0, 1e16);
      workload.outputTokensPerMonth = clamp((visible / perDayDays) * cur.daysPerMonth, 0, 1e16);
      if (t.tokens.reasoning !== null && t.tokens.output > 0) {
        workload.reasoningMode = t.tokens.reasoning > 0 ? 'multiplier' : 'none';
        workload.reasoningMultiplier = clamp((t.tokens.output + t.tokens.reasoning) / t.tokens.output, 1, 100);
      } else {
        workload.reasoningMode = 'none';
        notes.push('reasoning-inside-output');
      }
    }
  }
  if (keptRows > 0) {
    if (t.cacheHitShare !== null) workload.cacheHitShare = clamp(t.cacheHitShare, 0, 1);
    else keep('no-cached-field', 'cacheHitShare');
    if (t.retryRate !== null) workload.retryRateApi = clamp(t.retryRate, 0, 10);
    else keep('no-error-field', 'retryRateApi');
  }
  if (profile !== null) {
    const chosen = options.profile === 'busiest' && profile.busiest !== null ? profile.busiest : profile.median;
    workload.profileMode = 'weekly';
    workload.weeklyProfile = chosen.weights;
    workload.peakToAverage = clamp(chosen.peakToAverage, 1, 1000);
  } else keep(profileReason ?? 'no-usage', 'profileMode', 'weeklyProfile', 'peakToAverage');

  return {
    timeZone: zone,
    granularity,
    period: calendarDays > 0 ? { firstDay: isoDay(firstDay), lastDay: isoDay(lastDay), days: calendarDays, coveredDays: days, gaps } : null,
    models,
    total: totalUsage,
    daily: [...daily.entries()].sort((a, b) => a[0] - b[0]).map(([, d]) => d),
    profile,
    observation,
    workload,
    kept,
    notes,
  };
}
