import { HOURS_PER_MONTH, HOURS_PER_WEEK, type Scenario } from '../scenario/schema';
import { monthlyRate, type Capital } from './capital';
import { ascendingLoads } from './week-loads';

/**
 * How rented GPUs are paid for (docs/tco.md §2, billing modes). Bought hardware has no billing
 * mode: it is paid for by its capital cost and its power follows the running hours.
 *
 * - on demand: billed in the running hours, 730 a month always on, or the schedule's hours;
 * - scale-to-zero: the deployment runs in every hour of the week that has demand and is off in
 *   the others, so it is billed for those hours only; a start after an hour without demand makes
 *   the requests of its first `coldStartSeconds` wait;
 * - reserved: a commitment for a term, billed for all 730 hours of every month whether used or
 *   not; as it is paid anyway, the capacity is there around the clock (the schedule is ignored).
 * - mixed: a reserved base for the term plus on-demand replicas in the hours that need more
 *   (mixedSplit below); the base is there around the clock, so the schedule is ignored too.
 *
 * Hours per month: one weekly hour is 730 / 168 ≈ 4.345 hours of an average month (8,760 h a
 * year ÷ 12 ÷ 168 h a week), so a schedule of 12 h × 5 days is 60 × 730 / 168 = 260.71 h, not
 * the 52 × 60 / 12 = 260 h of a 52-week year.
 */

type SelfHosted = Scenario['selfHosted'];
/** The parts of the demand shape (profile.ts) billing reads. */
interface Shape {
  weights: Float64Array;
  availability: Float64Array;
  runningHoursPerMonth: number;
}
export type BillingMode = SelfHosted['billing']['mode'];

/** The billing mode in effect: the entered one when renting, on demand (running hours) when bought. */
export function billingMode(sh: Pick<SelfHosted, 'costMode' | 'billing'>): BillingMode {
  return sh.costMode === 'rent' ? sh.billing.mode : 'on-demand';
}

/**
 * The running-hours settings the demand shape uses: reserved and scale-to-zero capacity is
 * there in every hour (reserved is paid anyway, scale-to-zero starts when work arrives).
 */
type Schedule = Pick<SelfHosted, 'hoursMode' | 'scheduleHoursPerDay' | 'scheduleDaysPerWeek' | 'scheduleStartHour'>;
export function scheduleOf(sh: Pick<SelfHosted, 'costMode' | 'billing'> & Schedule): Schedule {
  if (billingMode(sh) === 'on-demand') return sh;
  return {
    hoursMode: 'always',
    scheduleHoursPerDay: sh.scheduleHoursPerDay,
    scheduleDaysPerWeek: sh.scheduleDaysPerWeek,
    scheduleStartHour: sh.scheduleStartHour,
  };
}

/** The rent per unit (GPU-hour or node-hour) the mode bills: the reserved rate when reserved, the spot rate on spot. */
export function rentRate(sh: Pick<SelfHosted, 'costMode' | 'billing' | 'rentPrice' | 'spot'>): number {
  const mode = billingMode(sh);
  if (mode === 'spot') return sh.spot.spotPrice;
  return mode === 'reserved' || mode === 'mixed' ? sh.billing.reservedPrice : sh.rentPrice;
}

/** Weekly hours with demand in which the cluster can run. */
function demandHours(shape: Pick<Shape, 'weights' | 'availability'>): number {
  let n = 0;
  for (let h = 0; h < HOURS_PER_WEEK; h++) if ((shape.weights[h] as number) > 0 && (shape.availability[h] as number) > 0) n += 1;
  return n;
}

/**
 * Hours a month each replica is paid for: the running hours on demand, 730 reserved, and the
 * hours with demand (× 730 / 168 per weekly hour) with scale-to-zero.
 */
export function paidHoursPerMonth(sh: Pick<SelfHosted, 'costMode' | 'billing'>, shape: Shape): number {
  const mode = billingMode(sh);
  if (mode === 'reserved' || mode === 'mixed' || mode === 'autoscaled' || mode === 'spot') return HOURS_PER_MONTH;
  if (mode === 'scale-to-zero') return (demandHours(shape) * HOURS_PER_MONTH) / HOURS_PER_WEEK;
  return shape.runningHoursPerMonth;
}

export interface ColdStarts {
  coldStartSeconds: number;
  /** Starts from zero per week: hours with demand after an hour without (the week wraps round). */
  startsPerWeek: number;
  startsPerMonth: number;
  /** Share of all requests that arrive while a start is under way and wait. */
  waitingShare: number;
  /** Mean wait of a request that waits, in seconds (arrivals even over the cold start: half of it). */
  meanWaitSeconds: number;
  /** Weekly hours the deployment is scaled to zero. */
  idleHoursPerWeek: number;
}

/**
 * Cold starts of a scale-to-zero deployment from the weekly demand shape. Demand is spread
 * evenly over each hour (the profile's resolution), so a start at the beginning of hour h makes
 * the requests of its first c seconds wait: a share min(1, c / 3,600) of that hour's demand, on
 * average c / 2 each. Waiting share = Σ over start hours of weight × min(1, c / 3,600) ÷ Σ weights.
 */
export function coldStarts(shape: Pick<Shape, 'weights'>, coldStartSeconds: number): ColdStarts {
  const w = shape.weights;
  const hourShare = Math.min(1, Math.max(0, coldStartSeconds) / 3600);
  let total = 0;
  let waiting = 0;
  let starts = 0;
  let idle = 0;
  for (let h = 0; h < HOURS_PER_WEEK; h++) {
    const here = w[h] as number;
    const before = w[(h + HOURS_PER_WEEK - 1) % HOURS_PER_WEEK] as number;
    total += here;
    if (here <= 0) idle += 1;
    else if (before <= 0) {
      starts += 1;
      waiting += here * hourShare;
    }
  }
  const waitingShare = total > 0 ? waiting / total : 0;
  return {
    coldStartSeconds,
    startsPerWeek: starts,
    startsPerMonth: (starts * HOURS_PER_MONTH) / HOURS_PER_WEEK,
    waitingShare,
    meanWaitSeconds: starts > 0 && hourShare > 0 ? (hourShare * 3600) / 2 : 0,
    idleHoursPerWeek: idle,
  };
}

/**
 * The level monthly cost of a sum paid at the start of `months`, at a yearly cost of capital:
 * the payment with the same present value at r = WACC ÷ 12, sum × r ÷ (1 − (1 + r)^−N); sum ÷ N
 * at a WACC of 0 (capital.ts, the same convention as bought hardware).
 */
export function levelMonthly(sum: number, capital: Capital, months: number): number {
  const r = monthlyRate(capital);
  if (!(r > 0)) return sum / months;
  return (sum * r) / (1 - Math.pow(1 + r, -months));
}

/**
 * What the reserved rate costs a month per unit of its list monthly figure: the invoiced part
 * (1 − upfront share) plus the upfront part (share × term months of it, paid at signing) as its
 * level monthly cost at the WACC. 1 at a WACC of 0 or without an upfront part (docs/tco.md §3a).
 * Example: half upfront on 12 months at 12 %: 0.5 + 0.5 × 12 × 0.01 ÷ (1 − 1.01⁻¹²) = 1.03309.
 */
export function reservedCostFactor(billing: Pick<SelfHosted['billing'], 'reservedTermMonths' | 'upfrontShare'>, capital: Capital): number {
  const term = billing.reservedTermMonths;
  const share = billing.upfrontShare;
  if (!(share > 0)) return 1;
  return 1 - share + levelMonthly(share * term, capital, term);
}

export interface Commitment {
  termMonths: number;
  /** The committed GPU cost of the deployment per month at the list rate (paid whether used or not). */
  monthlyUsd: number;
  /** The whole term: monthly × term. */
  totalUsd: number;
  /** Paid at signing: upfront share × total. */
  upfrontUsd: number;
  /** Invoiced each month on top of the upfront part: (1 − upfront share) × monthly. */
  monthlyInvoiceUsd: number;
  /** The upfront part as a level monthly cost over the term at the WACC (upfront ÷ term at 0). */
  upfrontMonthlyUsd: number;
  /** The monthly figure the comparison uses: invoice + upfront monthly (= monthly at a WACC of 0). */
  costMonthlyUsd: number;
  waccYearly: number;
}

const NO_CAPITAL_COST: Capital = { waccYearly: 0, rateConvention: 'nominal' };

/** The reserved commitment for a deployment whose GPU cost at the list rate is `gpuMonthlyUsd` a month. */
export function commitment(
  billing: Pick<SelfHosted['billing'], 'reservedTermMonths' | 'upfrontShare'>,
  gpuMonthlyUsd: number,
  capital: Capital = NO_CAPITAL_COST,
): Commitment {
  const term = billing.reservedTermMonths;
  const total = gpuMonthlyUsd * term;
  const upfront = total * billing.upfrontShare;
  const invoice = gpuMonthlyUsd * (1 - billing.upfrontShare);
  const upfrontMonthly = upfront > 0 ? levelMonthly(upfront, capital, term) : 0;
  return {
    termMonths: term,
    monthlyUsd: gpuMonthlyUsd,
    totalUsd: total,
    upfrontUsd: upfront,
    monthlyInvoiceUsd: invoice,
    upfrontMonthlyUsd: upfrontMonthly,
    costMonthlyUsd: invoice + upfrontMonthly,
    waccYearly: capital.waccYearly,
  };
}

/**
 * Per-hour autoscaling over the weekly profile (docs/tco.md §3a): in each hour with demand the
 * replicas that hour needs, ceil(peak load × (w_h ÷ a_h) ÷ max(w ÷ a) − 1e-9), at least one
 * and at most the replicas the comparison runs; none in hours without demand (scale-to-zero)
 * or outside the schedule (on demand). Paid replica-hours are their sum; every replica added
 * from one hour to the next is a start whose first c seconds the requests routed to it wait:
 * waiting share = Σ_h w_h × (r_h − r_{h−1})⁺ ÷ r_h × min(1, c ÷ 3,600) ÷ Σ_h w_h.
 */
export interface Autoscale {
  /** Replicas in each of the 168 weekly hours. */
  replicasPerHour: number[];
  replicaHoursPerWeek: number;
  /** What the comparison pays for: its replicas in every paid hour. */
  fixedReplicaHoursPerWeek: number;
  replicaStartsPerWeek: number;
  waitingShare: number;
  meanWaitSeconds: number;
}

/**
 * `peakLoad`: replicas the busiest hour needs (fractional, demand ÷ one replica's usable
 * throughput); `replicas`: those the comparison runs; `paidHoursPerWeek`: its paid hours.
 */
export function autoscale(
  shape: Pick<Shape, 'weights' | 'availability'>,
  peakLoad: number,
  replicas: number,
  paidHoursPerWeek: number,
  coldStartSeconds: number,
): Autoscale {
  const w = shape.weights;
  const a = shape.availability;
  let top = 0;
  for (let h = 0; h < HOURS_PER_WEEK; h++) if ((w[h] as number) > 0 && (a[h] as number) > 0) top = Math.max(top, (w[h] as number) / (a[h] as number));
  const perHour = Array.from({ length: HOURS_PER_WEEK }, (_, h) => {
    const wh = w[h] as number;
    const ah = a[h] as number;
    if (!(wh > 0) || !(ah > 0) || !(top > 0)) return 0;
    return Math.min(replicas, Math.max(1, Math.ceil((peakLoad * (wh / ah)) / top - 1e-9)));
  });
  const hourShare = Math.min(1, Math.max(0, coldStartSeconds) / 3600);
  let total = 0;
  let waiting = 0;
  let starts = 0;
  let hours = 0;
  for (let h = 0; h < HOURS_PER_WEEK; h++) {
    const r = perHour[h] as number;
    const before = perHour[(h + HOURS_PER_WEEK - 1) % HOURS_PER_WEEK] as number;
    const wh = w[h] as number;
    total += wh;
    hours += r;
    if (r > before) {
      starts += r - before;
      waiting += (wh * (r - before) * hourShare) / r;
    }
  }
  return {
    replicasPerHour: perHour,
    replicaHoursPerWeek: hours,
    fixedReplicaHoursPerWeek: replicas * paidHoursPerWeek,
    replicaStartsPerWeek: starts,
    waitingShare: total > 0 ? waiting / total : 0,
    meanWaitSeconds: starts > 0 && hourShare > 0 ? (hourShare * 3600) / 2 : 0,
  };
}

/**
 * A reserved base with on-demand burst for the same deployment (billing mode "mixed", docs/tco.md
 * §3a): B replicas reserved for every hour of the term, and in each weekly hour with demand the
 * replicas that hour needs beyond B on demand. The replicas an hour needs are the per-hour
 * autoscaling's, r_h = min(N, max(1, ⌈L × s_h − 1e-9⌉)), L the replicas the busiest hour needs
 * (fractional) and s_h the hour's load relative to the busiest (w_h ÷ a_h ÷ max). Monthly cost
 *   cost(B) = B × reserved a month + Σ_h max(0, r_h − B) × on-demand an hour × 730 ÷ 168.
 * It is convex in B: one more reserved replica saves the on-demand hours of the hours that need
 * more than B, so the cheapest B is the first at which those hours cost no more than a reserved
 * replica (ties to fewer reserved). B = 0 is autoscaled on demand, B = N all reserved. Lots
 * already held (a reservation inside its term, horizon.ts) set the least B.
 */
export interface Burst {
  /** Relative load s_h of each weekly hour with demand in which the deployment may run, ascending. */
  loads: Float64Array;
  /** On-demand cost of one replica for one weekly hour: rent an hour × 730 ÷ 168. */
  onDemandPerWeekHour: number;
}

/** A burst from the relative loads of the hours with demand (any order) and the on-demand rate per weekly hour. */
export function burstFromLoads(loads: ArrayLike<number>, onDemandPerWeekHour: number): Burst {
  return { loads: Float64Array.from(loads).sort(), onDemandPerWeekHour };
}

/** The relative loads of the hours with demand, and the on-demand rate per weekly hour. */
export function burstOf(shape: Pick<Shape, 'weights' | 'availability'>, onDemandPerReplicaHour: number): Burst {
  return { loads: ascendingLoads(shape), onDemandPerWeekHour: (onDemandPerReplicaHour * HOURS_PER_MONTH) / HOURS_PER_WEEK };
}

export interface MixedSplit {
  reservedReplicas: number;
  /** Most replicas on demand at once, in the busiest hour. */
  burstReplicas: number;
  burstReplicaHoursPerWeek: number;
  /** The on-demand part a month. */
  burstUsd: number;
  /** Reserved base + burst a month. */
  monthlyUsd: number;
}

/**
 * Weekly hours that need more than b replicas at a busiest-hour load of L replicas, `top` being
 * what the busiest hour needs: r_h > b ⇔ L × s_h − 1e-9 > b, counted by bisection in the
 * ascending loads. Every hour needs one.
 */
function hoursAbove(loads: Float64Array, peakLoad: number, top: number, b: number): number {
  if (b >= top) return 0;
  if (b < 1) return loads.length;
  const x = (b + 1e-9) / peakLoad;
  let lo = 0;
  let hi = loads.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((loads[mid] as number) > x) hi = mid;
    else lo = mid + 1;
  }
  return loads.length - lo;
}

/**
 * The cheapest split of `replicas` serving replicas carrying a busiest-hour load of `peakLoad`
 * replicas, at `reservedMonthly` per reserved replica, with at least `minReserved` reserved.
 * O(replicas × log hours): it runs in every step of the break-even and hybrid searches.
 */
export function mixedSplit(burst: Burst, reservedMonthly: number, peakLoad: number, replicas: number, minReserved = 0): MixedSplit {
  const { base, hours, top } = splitInto(burst, reservedMonthly, peakLoad, replicas, minReserved, scratchSplit);
  const burstUsd = hours * burst.onDemandPerWeekHour;
  return {
    reservedReplicas: base,
    burstReplicas: Math.max(0, top - base),
    burstReplicaHoursPerWeek: hours,
    burstUsd,
    monthlyUsd: base * reservedMonthly + burstUsd,
  };
}

/** The monthly cost of mixedSplit alone, without allocating (the hot path of the searches and curves). */
export function mixedMonthlyUsd(burst: Burst, reservedMonthly: number, peakLoad: number, replicas: number, minReserved = 0): number {
  const { base, hours } = splitInto(burst, reservedMonthly, peakLoad, replicas, minReserved, scratchSplit);
  return base * reservedMonthly + hours * burst.onDemandPerWeekHour;
}

const scratchSplit = { base: 0, hours: 0, top: 0 };
function splitInto(
  burst: Burst,
  reservedMonthly: number,
  peakLoad: number,
  replicas: number,
  minReserved: number,
  out: typeof scratchSplit,
): typeof scratchSplit {
  const n = Math.max(0, Math.floor(replicas));
  const loads = burst.loads;
  const od = burst.onDemandPerWeekHour;
  const len = loads.length;
  // The busiest hour's need: no hour needs more, so the hours above it are none.
  const top = len > 0 && n > 0 ? Math.min(n, Math.max(1, Math.ceil(peakLoad * (loads[len - 1] as number) - 1e-9))) : 0;
  // Reserve while the hours that need more than the base cost more on demand than a reserved replica.
  let base = 0;
  while (base < n && (base < minReserved || hoursAbove(loads, peakLoad, top, base) * od > reservedMonthly * (1 + 1e-12))) base += 1;
  base = Math.max(base, Math.floor(minReserved));
  let hours = 0;
  for (let b = base; b < top; b++) hours += hoursAbove(loads, peakLoad, top, b);
  out.base = base;
  out.hours = hours;
  out.top = top;
  return out;
}

/** The split shown on the billing card, beside all on demand (B = 0) and all reserved (B = N). */
export interface MixedCommitment extends MixedSplit {
  allOnDemandUsd: number;
  allReservedUsd: number;
  termMonths: number;
}

export function mixedCommitment(burst: Burst, peakLoad: number, replicas: number, reservedPerReplicaMonthly: number, termMonths: number): MixedCommitment {
  const best = mixedSplit(burst, reservedPerReplicaMonthly, peakLoad, replicas);
  // All on demand: every replica-hour the hours need (the base held at none by an unpayable rate).
  const onDemand = mixedSplit(burst, Number.MAX_VALUE, peakLoad, replicas);
  return { ...best, allOnDemandUsd: onDemand.burstUsd, allReservedUsd: replicas * reservedPerReplicaMonthly, termMonths };
}

export interface BillingView {
  mode: BillingMode;
  /** Hours a month each replica is paid for (mixed: each reserved replica). */
  paidHoursPerMonth: number;
  /**
   * Rent per unit the mode bills (null when bought; mixed: the reserved rate of the base, and
   * `burstUsd` the on-demand rate of the burst; null in the other modes).
   */
  rate: { unit: SelfHosted['rentUnit']; usd: number; burstUsd: number | null } | null;
  /** Scale-to-zero only. */
  coldStarts: ColdStarts | null;
  /** Reserved: for the replicas the self-hosted option runs; mixed: for its reserved base (spare included). */
  commitment: Commitment | null;
  /**
   * Rented on demand or scale-to-zero: the replica-hours per-hour autoscaling would pay for
   * (shown beside the comparison, which pays its replicas in every paid hour); null otherwise.
   */
  autoscale: Autoscale | null;
  /**
   * Mixed: the split the comparison prices. Rented on demand or reserved: the cheapest reserved
   * base with on-demand burst for the serving replicas, shown beside the comparison (which prices
   * the entered mode). Null otherwise.
   */
  mixed: MixedCommitment | null;
}

/**
 * `gpuMonthlyUsd`: the model's monthly GPU cost (for reserved, the list monthly × reservedCostFactor).
 * `load`: the busiest hour's load in replicas, the serving replicas, the spare, and the rent units of one replica.
 */
export function billingView(
  sh: Pick<SelfHosted, 'costMode' | 'billing' | 'rentUnit' | 'rentPrice' | 'capital' | 'spot'>,
  shape: Shape,
  paidHours: number,
  gpuMonthlyUsd: number,
  load: { peakLoad: number; replicas: number; spareReplicas: number; unitsPerReplica: number } | null = null,
): BillingView {
  const mode = billingMode(sh);
  const wacc = sh.capital;
  const factor = reservedCostFactor(sh.billing, wacc);
  const serves = sh.costMode === 'rent' && load !== null && load.replicas > 0;
  // The per-hour replicas of the busiest-hour load, in every hour the deployment may run.
  const perHour =
    serves && (mode === 'on-demand' || mode === 'scale-to-zero')
      ? autoscale(shape, load.peakLoad, load.replicas, (paidHours * HOURS_PER_WEEK) / HOURS_PER_MONTH, sh.billing.coldStartSeconds)
      : null;
  const mixed =
    serves && (mode === 'on-demand' || mode === 'reserved' || mode === 'mixed')
      ? mixedCommitment(
          burstOf(shape, load.unitsPerReplica * sh.rentPrice),
          load.peakLoad,
          load.replicas,
          load.unitsPerReplica * sh.billing.reservedPrice * HOURS_PER_MONTH * factor,
          sh.billing.reservedTermMonths,
        )
      : null;
  let committed: Commitment | null = null;
  if (mode === 'reserved') committed = commitment(sh.billing, gpuMonthlyUsd / factor, wacc);
  else if (mode === 'mixed' && mixed !== null && load !== null) {
    committed = commitment(sh.billing, (mixed.reservedReplicas + load.spareReplicas) * load.unitsPerReplica * sh.billing.reservedPrice * HOURS_PER_MONTH, wacc);
  }
  return {
    mode,
    paidHoursPerMonth: paidHours,
    rate: sh.costMode === 'rent' ? { unit: sh.rentUnit, usd: rentRate(sh), burstUsd: mode === 'mixed' || mode === 'spot' ? sh.rentPrice : null } : null,
    coldStarts: mode === 'scale-to-zero' ? coldStarts(shape, sh.billing.coldStartSeconds) : null,
    commitment: committed,
    autoscale: mode === 'on-demand' || mode === 'scale-to-zero' ? perHour : null,
    mixed,
  };
}
