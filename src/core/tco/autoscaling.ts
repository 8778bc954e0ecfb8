import { HOURS_PER_WEEK, type Scenario } from '../scenario/schema';
import { PairCache } from './pair-cache';
import type { DemandShape } from './profile';
import { relativeLoads } from './week-loads';

/**
 * An autoscaled fleet replayed hour by hour through its policy (billing mode "autoscaled",
 * docs/tco.md §3b), over the week profile (the usage files' own hours when the workload comes
 * from them). Hourly resolution:
 * - the demand of hour h needs ⌈load_h ÷ target utilisation ÷ quantum⌉ × quantum replicas
 *   (load in replicas at the capacity at the SLO), at least the policy's minimum (0 = scale to
 *   zero), at most its maximum;
 * - a replica is removed only after `cooldownHours` consecutive hours in which it was not needed,
 *   so the replicas running in hour h are the most any hour h − cooldown … h needed;
 * - a scale-up decided at the start of hour h serves after the cold start; for that part of the
 *   hour only the replicas already running serve, and the demand above them waits (self-hosted)
 *   or spills to the API (hybrid), as does demand above the maximum;
 * - paid replica-hours are the replicas running, each billed from the start of its start.
 * The week is cyclic: Monday 00:00 follows Sunday 23:00.
 */
export type AutoscalePolicy = Scenario['selfHosted']['autoscaling'];

export interface Fleet {
  /** Load of each weekly hour relative to the busiest (1), in hour order; 0 without demand. */
  loads: Float64Array;
  /** The distinct positive loads, ascending (the break-even's edges, break-even.ts). */
  ascending: Float64Array;
  policy: AutoscalePolicy;
  /** Replicas an hour needs per replica of load: max utilisation ÷ target utilisation (≥ 1). */
  perLoad: number;
  /** Share of an hour a starting replica does not serve yet: cold start ÷ 3,600 s, at most 1. */
  startShare: number;
  /**
   * Sums of replays already run, by load and cap: the searches ask for the same week many times
   * (each month of a flat horizon, each hybrid size).
   */
  sums: PairCache<Sums>;
}

interface Sums {
  paid: number;
  spilledShare: number;
}

/**
 * The fleet of a deployment: the week's loads, its policy and its rent. A target utilisation
 * above the deployment's highest sustainable one is read as that one (the capacity at the SLO
 * holds only up to it).
 */
export function fleetOf(
  shape: Pick<DemandShape, 'weights' | 'availability'>,
  policy: AutoscalePolicy,
  maxUtilisation: number,
  coldStartSeconds: number,
): Fleet {
  const loads = relativeLoads(shape);
  const ascending = distinctAscending(loads);
  const target = Math.min(policy.targetUtilisation, maxUtilisation);
  return {
    loads,
    ascending,
    policy,
    perLoad: target > 0 ? maxUtilisation / target : 1,
    startShare: Math.min(1, Math.max(0, coldStartSeconds) / 3600),
    sums: new PairCache(),
  };
}

/** The positive loads, each once, in ascending order. */
function distinctAscending(loads: Float64Array): Float64Array {
  const sorted = loads.filter((x) => x > 0).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (n === 0 || (sorted[i] as number) !== sorted[n - 1]) sorted[n++] = sorted[i] as number;
  return sorted.subarray(0, n);
}

/** The week replayed: per hour and in sum. Loads and spills are in replica-hours at the capacity at the SLO. */
export interface Replay {
  /** Replicas running (and billed) in each weekly hour. */
  running: number[];
  /** Demand of each hour, in replicas at the capacity at the SLO. */
  demand: number[];
  /** Demand of each hour that waits for a start or lies above the maximum, in replica-hours. */
  spill: number[];
  /** Minutes of each hour in which demand exceeds the replicas serving. */
  violationMinutes: number[];
  paidReplicaHoursPerWeek: number;
  startsPerWeek: number;
  /** Share of the week's demand that waits or spills. */
  spilledShare: number;
  violationMinutesPerWeek: number;
  /** Most replicas running in any hour. */
  peakReplicas: number;
}

/**
 * The most replicas the deployment may run: the policy's maximum, raised to the replicas the
 * busiest hour needs at the deployment's highest sustainable utilisation when it is lower (a
 * fleet that cannot carry the peak is not the deployment the comparison prices).
 */
export function fleetCap(fleet: Fleet, peakLoad: number): number {
  return Math.max(fleet.policy.maxReplicas, peakLoad > 0 ? Math.ceil(peakLoad - 1e-9) : 0);
}

function quantised(fleet: Fleet, raw: number): number {
  if (!(raw > 0)) return 0;
  const q = fleet.policy.quantum;
  return Math.ceil(Math.ceil(raw - 1e-9) / q - 1e-9) * q;
}

const scratchNeed = new Float64Array(HOURS_PER_WEEK);
const scratchRunning = new Float64Array(HOURS_PER_WEEK);

/**
 * Fills scratchRunning for a busiest-hour load of `peakLoad` replicas and at most `cap` running
 * (the deployment's fleetCap, or the hybrid's owned replicas).
 */
function runInto(fleet: Fleet, peakLoad: number, cap: number): void {
  const { loads, policy } = fleet;
  const min = Math.min(policy.minReplicas, cap);
  const max = cap;
  for (let h = 0; h < HOURS_PER_WEEK; h++) scratchNeed[h] = Math.min(max, Math.max(min, quantised(fleet, peakLoad * (loads[h] as number) * fleet.perLoad)));
  const c = policy.cooldownHours;
  for (let h = 0; h < HOURS_PER_WEEK; h++) {
    let most = scratchNeed[h] as number;
    for (let i = 1; i <= c; i++) most = Math.max(most, scratchNeed[(h - i + HOURS_PER_WEEK * 8) % HOURS_PER_WEEK] as number);
    scratchRunning[h] = most;
  }
}

/** The week's sums alone (the hot path of the searches and curves), remembered per load and cap. */
function sumsOf(fleet: Fleet, peakLoad: number, cap: number): Sums {
  return fleet.sums.get(peakLoad, cap, () => sumsNow(fleet, peakLoad, cap));
}

/** The sums of `replay` without its per-hour arrays (the same arithmetic). */
function sumsNow(fleet: Fleet, peakLoad: number, cap: number): Sums {
  if (!(cap >= 1)) return { paid: 0, spilledShare: peakLoad > 0 ? 1 : 0 };
  runInto(fleet, peakLoad, cap);
  const d = fleet.startShare;
  const loads = fleet.loads;
  let paid = 0;
  let spilled = 0;
  let total = 0;
  let before = scratchRunning[HOURS_PER_WEEK - 1] as number;
  for (let h = 0; h < HOURS_PER_WEEK; h++) {
    const r = scratchRunning[h] as number;
    const x = peakLoad * (loads[h] as number);
    paid += r;
    total += x;
    if (x > r || (r > before && x > before)) {
      const old = Math.min(r, before);
      spilled += r > before ? d * Math.max(0, x - old) + (1 - d) * Math.max(0, x - r) : x - r;
    }
    before = r;
  }
  return { paid, spilledShare: total > 0 ? Math.min(1, spilled / total) : 0 };
}

/** Paid replica-hours a week at a busiest-hour load of `peakLoad` replicas, at most `cap` running. */
export function paidReplicaHours(fleet: Fleet, peakLoad: number, cap: number): number {
  return cap >= 1 ? sumsOf(fleet, peakLoad, cap).paid : 0;
}

/** Share of the week's demand that waits or spills at a busiest-hour load of `peakLoad`, at most `cap` running. */
export function spilledShare(fleet: Fleet, peakLoad: number, cap: number): number {
  return sumsOf(fleet, peakLoad, Math.max(0, cap)).spilledShare;
}

/** The week replayed at a busiest-hour load of `peakLoad` replicas with at most `cap` running. */
export function replay(fleet: Fleet, peakLoad: number, cap: number): Replay {
  runInto(fleet, peakLoad, Math.max(0, cap));
  const d = fleet.startShare;
  const running: number[] = [];
  const demand: number[] = [];
  const spill: number[] = [];
  const violation: number[] = [];
  let paid = 0;
  let starts = 0;
  let spilled = 0;
  let total = 0;
  let minutes = 0;
  let peak = 0;
  for (let h = 0; h < HOURS_PER_WEEK; h++) {
    const r = cap >= 1 ? (scratchRunning[h] as number) : 0;
    const before = cap >= 1 ? (scratchRunning[(h + HOURS_PER_WEEK - 1) % HOURS_PER_WEEK] as number) : 0;
    const x = peakLoad * (fleet.loads[h] as number);
    // The replicas that ran in the hour before serve from its start; the new ones after the cold start.
    const old = Math.min(r, before);
    const eps = 1e-9 * Math.max(1, x);
    const waitsEarly = r > before && x > old + eps;
    const early = r > before ? d * Math.max(0, x - old) : 0;
    const late = (r > before ? 1 - d : 1) * Math.max(0, x - r);
    const m = (waitsEarly ? d * 60 : 0) + (x > r + eps ? (r > before ? 1 - d : 1) * 60 : 0);
    running.push(r);
    demand.push(x);
    spill.push(early + late);
    violation.push(m);
    paid += r;
    if (r > before) starts += r - before;
    spilled += early + late;
    total += x;
    minutes += m;
    peak = Math.max(peak, r);
  }
  return {
    running,
    demand,
    spill,
    violationMinutes: violation,
    paidReplicaHoursPerWeek: paid,
    startsPerWeek: starts,
    spilledShare: total > 0 ? Math.min(1, spilled / total) : 0,
    violationMinutesPerWeek: minutes,
    peakReplicas: peak,
  };
}

/** What the billing card and the week chart show of an autoscaled deployment. */
export interface FleetView extends Replay {
  policy: AutoscalePolicy;
  /** The most replicas it may run (fleetCap); `raised` when that is above the policy's maximum. */
  cap: number;
  raised: boolean;
  /** The target utilisation in effect (the policy's, at most the deployment's highest). */
  targetUtilisation: number;
  coldStartSeconds: number;
  gpusPerReplica: number;
  /** Rent of one replica for one hour. */
  rentPerReplicaHour: number;
  /** A fixed fleet of the replicas the comparison sizes for the peak, running every hour. */
  fixedReplicaHoursPerWeek: number;
  /**
   * The hours are a load-duration curve laid out busiest first (a peak-to-average shape, which
   * has no days), not a week of days.
   */
  busiestFirst: boolean;
}

export function fleetView(
  fleet: Fleet,
  peakLoad: number,
  fixedReplicas: number,
  deployment: { gpusPerReplica: number; rentPerReplicaHour: number; maxUtilisation: number; coldStartSeconds: number; busiestFirst: boolean },
): FleetView {
  const cap = fleetCap(fleet, peakLoad);
  return {
    ...replay(fleet, peakLoad, cap),
    policy: fleet.policy,
    cap,
    raised: cap > fleet.policy.maxReplicas,
    targetUtilisation: Math.min(fleet.policy.targetUtilisation, deployment.maxUtilisation),
    coldStartSeconds: deployment.coldStartSeconds,
    gpusPerReplica: deployment.gpusPerReplica,
    rentPerReplicaHour: deployment.rentPerReplicaHour,
    fixedReplicaHoursPerWeek: fixedReplicas * HOURS_PER_WEEK,
    busiestFirst: deployment.busiestFirst,
  };
}
