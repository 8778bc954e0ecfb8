import { HOURS_PER_MONTH, HOURS_PER_WEEK, type Scenario } from '../scenario/schema';
import { PairCache } from './pair-cache';
import type { DemandShape } from './profile';
import { relativeLoads } from './week-loads';

/**
 * Spot capacity with an on-demand fallback (billing mode "spot", docs/tco.md §3a), the way
 * SkyPilot serves on spot instances (`base_ondemand_fallback_replicas`,
 * `dynamic_ondemand_fallback`):
 * - the replicas run on spot at `spotPrice`, but for `baseReplicas` on demand (fallback "base");
 * - each spot replica is preempted at `preemptionsPerReplicaHour` (a Poisson rate per running
 *   hour) and replaced after `replacementSeconds`; billing stops with the preemption and starts
 *   again with the replacement's start, so the spot replicas are paid for every hour;
 * - fallback "on-demand" (dynamic): each preemption starts an on-demand replica that serves after
 *   the cold start and runs, billed, until the spot replacement serves; the capacity is lost for
 *   min(cold start, replacement) only;
 * - fallback "base": nothing is started; the capacity of a preempted replica is lost until its
 *   replacement serves, and the base replicas on demand are never preempted;
 * - the demand above the replicas still serving waits (the self-hosted option serves it late)
 *   or goes to the API (the hybrid pays it at API prices).
 * Spot replicas down at a time are Poisson with mean (spot replicas × rate × hours a preemption
 * leaves uncovered); preemptions a month are Poisson with mean spot replicas × rate × 730, from
 * which the cost's 95th percentile comes.
 */
export type SpotPolicy = Scenario['selfHosted']['spot'];

export interface SpotFleet {
  policy: SpotPolicy;
  /** Load of each weekly hour relative to the busiest (1); 0 without demand. */
  loads: Float64Array;
  /** Hours a preemption leaves without capacity: min(cold start, replacement) with the on-demand fallback, the replacement without. */
  uncoveredHours: number;
  /** Hours an on-demand stand-in runs per preemption (the replacement delay; 0 without the on-demand fallback). */
  standInHours: number;
  /** The stand-in's cold start. */
  coldStartSeconds: number;
  /** Lost shares already worked out, by load and replicas (the hybrid and horizon searches ask many times). */
  lost: PairCache<number>;
}

export function spotFleetOf(shape: Pick<DemandShape, 'weights' | 'availability'>, policy: SpotPolicy, coldStartSeconds: number): SpotFleet {
  const loads = relativeLoads(shape);
  const replace = Math.max(0, policy.replacementSeconds) / 3600;
  const dynamic = policy.fallback === 'on-demand';
  return {
    policy,
    loads,
    uncoveredHours: dynamic ? Math.min(replace, Math.max(0, coldStartSeconds) / 3600) : replace,
    standInHours: dynamic ? replace : 0,
    coldStartSeconds,
    lost: new PairCache(),
  };
}

/** Replicas on spot of `replicas` (the rest are the on-demand base). */
export function spotReplicas(fleet: SpotFleet, replicas: number): number {
  const base = fleet.policy.fallback === 'base' ? fleet.policy.baseReplicas : 0;
  return Math.max(0, replicas - Math.min(replicas, base));
}

/** Preemptions a month, expected: spot replicas × rate × 730. */
export function preemptionsPerMonth(fleet: SpotFleet, replicas: number): number {
  return spotReplicas(fleet, replicas) * fleet.policy.preemptionsPerReplicaHour * HOURS_PER_MONTH;
}

/**
 * Monthly GPU cost of `replicas` with `preemptions` in the month: the base on demand and the rest
 * on spot for every hour, plus the on-demand stand-ins' hours. Rates per replica-hour.
 */
export function spotMonthlyUsd(fleet: SpotFleet, replicas: number, preemptions: number, rates: { onDemand: number; spot: number }): number {
  const spot = spotReplicas(fleet, replicas);
  return ((replicas - spot) * rates.onDemand + spot * rates.spot) * HOURS_PER_MONTH + preemptions * fleet.standInHours * rates.onDemand;
}

/** The smallest k with P(K ≤ k) ≥ q for K Poisson with mean `mean` (summed in log space, so large means do not underflow). */
export function poissonQuantile(mean: number, q: number): number {
  if (!(mean > 0)) return 0;
  // Start near the mean and walk: the pmf at the mode, then outwards.
  const mode = Math.floor(mean);
  const logPmf = (k: number) => k * Math.log(mean) - mean - logFactorial(k);
  let cdf = 0;
  for (let k = 0; k <= mode; k++) cdf += Math.exp(logPmf(k));
  if (cdf >= q) {
    let k = mode;
    while (k > 0 && cdf - Math.exp(logPmf(k)) >= q) {
      cdf -= Math.exp(logPmf(k));
      k--;
    }
    return k;
  }
  let k = mode;
  while (cdf < q && k < mode + 100 * Math.sqrt(mean) + 100) {
    k++;
    cdf += Math.exp(logPmf(k));
  }
  return k;
}

function logFactorial(k: number): number {
  // Exact sum for small k, Stirling's series beyond (error below 1e-10 from k = 30).
  if (k < 30) {
    let s = 0;
    for (let i = 2; i <= k; i++) s += Math.log(i);
    return s;
  }
  return k * Math.log(k) - k + 0.5 * Math.log(2 * Math.PI * k) + 1 / (12 * k) - 1 / (360 * k ** 3);
}

/**
 * Share of the week's demand a deployment of `replicas` does not serve in time because spot
 * replicas are down: per hour E[max(0, load − (replicas − D))], D Poisson with mean spot
 * replicas × rate × uncovered hours, over the week's load.
 */
export function spotLostShare(fleet: SpotFleet, peakLoad: number, replicas: number): number {
  return fleet.lost.get(peakLoad, replicas, () => lostShareNow(fleet, peakLoad, replicas));
}

function lostShareNow(fleet: SpotFleet, peakLoad: number, replicas: number): number {
  const spot = spotReplicas(fleet, replicas);
  const mean = spot * fleet.policy.preemptionsPerReplicaHour * fleet.uncoveredHours;
  if (!(mean > 0) || !(peakLoad > 0)) return 0;
  // P(D = k) for k = 0 … spot (D cannot exceed the spot replicas: the rest of the tail is there).
  const pmf: number[] = [];
  let p = Math.exp(-mean);
  let left = 1;
  for (let k = 0; k <= spot; k++) {
    const pk = k === spot ? left : p;
    pmf.push(pk);
    left -= p;
    p *= mean / (k + 1);
  }
  let lost = 0;
  let total = 0;
  for (let h = 0; h < HOURS_PER_WEEK; h++) {
    const x = peakLoad * (fleet.loads[h] as number);
    total += x;
    // What the replicas serve with none down (the hybrid's overflow above them is the API's anyway).
    const served = Math.min(x, replicas);
    for (let k = 1; k < pmf.length; k++) lost += (pmf[k] as number) * Math.max(0, served - (replicas - k));
  }
  return total > 0 ? Math.min(1, lost / total) : 0;
}

/** What the billing card shows of a spot deployment. */
export interface SpotView {
  policy: SpotPolicy;
  coldStartSeconds: number;
  spotReplicas: number;
  onDemandReplicas: number;
  preemptionsPerMonth: number;
  /** The 95th percentile of preemptions in a month. */
  p95PreemptionsPerMonth: number;
  /** Replica-hours a month without capacity, expected. */
  lostReplicaHoursPerMonth: number;
  /** On-demand stand-in replica-hours a month, expected. */
  standInHoursPerMonth: number;
  /** Share of the demand that waits (or goes to the API in the hybrid), expected. */
  lostShare: number;
  expectedUsd: number;
  p95Usd: number;
  /** The same replicas all on demand. */
  allOnDemandUsd: number;
}

export function spotView(fleet: SpotFleet, peakLoad: number, replicas: number, rates: { onDemand: number; spot: number }): SpotView {
  const spot = spotReplicas(fleet, replicas);
  const k = preemptionsPerMonth(fleet, replicas);
  const k95 = poissonQuantile(k, 0.95);
  return {
    policy: fleet.policy,
    coldStartSeconds: fleet.coldStartSeconds,
    spotReplicas: spot,
    onDemandReplicas: replicas - spot,
    preemptionsPerMonth: k,
    p95PreemptionsPerMonth: k95,
    lostReplicaHoursPerMonth: k * fleet.uncoveredHours,
    standInHoursPerMonth: k * fleet.standInHours,
    lostShare: spotLostShare(fleet, peakLoad, replicas),
    expectedUsd: spotMonthlyUsd(fleet, replicas, k, rates),
    p95Usd: spotMonthlyUsd(fleet, replicas, k95, rates),
    allOnDemandUsd: replicas * rates.onDemand * HOURS_PER_MONTH,
  };
}
