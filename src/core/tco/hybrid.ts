import { HOURS_PER_MONTH, HOURS_PER_WEEK } from '../scenario/schema';
import { fleetCap, spilledShare } from './autoscaling';
import { spotLostShare } from './spot';
import { MAX_REPLICAS, apiPerTaskTotal, peakLoad, replicasNeeded, selfHostedTotal, servesAnyWork, tasksCarried, type TcoModel } from './model';

/**
 * Hybrid routing (SPEC §3, reference F10): K owned replicas serve each hour of the weekly
 * profile up to their capacity; the excess of that hour overflows to the API.
 *   Cost(K) = C(K) + API per task × V × (1 − served share(K))
 * served share(K) = Σ_h min(w_h, r × a_h) / 168, r = owned capacity ÷ average demand, where
 * w_h is the hour's demand weight (mean 1) and a_h its availability. The mix of a task is the
 * same in every hour, so the API share of the bill equals the API share of the tokens.
 * K runs over 0…MAX_REPLICAS; the cheapest wins (ties go to fewer replicas).
 */

export interface HybridPoint {
  replicas: number;
  /** Share of the workload served by the owned replicas (0..1). */
  selfShare: number;
  selfUsd: number;
  apiUsd: number;
  totalUsd: number;
}

/**
 * Owned capacity relative to average demand, in replica-seconds: K × maxU × 730 h × 3600 s ÷
 * (V × attempts × replica-seconds per attempt). Infinite when there is no demand to serve; 0
 * when K owned replicas cannot deliver accepted work.
 */
function capacityRatio(model: TcoModel, tasks: number, replicas: number): number {
  if (model.selfAttemptFactor === null || !servesAnyWork(model) || replicas <= 0) return 0;
  // Pools: the work n workers carry at the peak hour, split at best between prefill and decode.
  const pf = model.shape.peakFactor;
  if (model.pools !== null && pf !== null && tasks > 0) return (tasksCarried(model, replicas) * pf) / tasks;
  const demand = tasks * model.selfAttemptFactor * model.secondsPerAttempt;
  const capacity = replicas * model.maxUtilisation * HOURS_PER_MONTH * 3600;
  if (demand <= 0) return capacity > 0 ? Number.POSITIVE_INFINITY : 0;
  return capacity / demand;
}

/** Share of the workload K owned replicas serve, hour by hour. */
export function servedShare(model: TcoModel, tasks: number, replicas: number): number {
  const r = capacityRatio(model, tasks, replicas);
  if (r <= 0) return 0;
  // Spot: what waits while preempted replicas are replaced goes to the API too.
  const lost = model.spot !== null ? spotLostShare(model.spot, peakLoad(model, tasks), replicas) : 0;
  // Autoscaled: up to K replicas follow the week; what waits for a start goes to the API too.
  if (model.fleet !== null) {
    const load = peakLoad(model, tasks);
    return Number.isFinite(r) ? 1 - spilledShare(model.fleet, load, Math.min(replicas, fleetCap(model.fleet, load))) : 1;
  }
  const { weights, availability } = model.shape;
  let served = 0;
  for (let h = 0; h < HOURS_PER_WEEK; h++) {
    const w = weights[h] as number;
    const a = availability[h] as number;
    const cap = a > 0 ? r * a : 0;
    served += w < cap ? w : cap;
  }
  return Math.max(0, Math.min(1, served / HOURS_PER_WEEK) - lost);
}

/**
 * The busiest hour's demand left to the API with K owned replicas, as a weight (1 = the
 * average hour): max over hours of max(0, w_h − r × a_h). 0 when the replicas serve every hour.
 * The API's requests and tokens per minute in that hour are this × their monthly average.
 */
export function peakOverflowWeight(model: TcoModel, tasks: number, replicas: number): number {
  const r = capacityRatio(model, tasks, replicas);
  const { weights, availability } = model.shape;
  let peak = 0;
  for (let h = 0; h < HOURS_PER_WEEK; h++) {
    const w = weights[h] as number;
    const a = availability[h] as number;
    const left = Number.isFinite(r) ? w - (a > 0 ? r * a : 0) : a > 0 ? 0 : w;
    if (left > peak) peak = left;
  }
  return peak;
}

export function hybridPoint(model: TcoModel, tasks: number, replicas: number): HybridPoint {
  const selfShare = tasks > 0 ? servedShare(model, tasks, replicas) : 0;
  const selfUsd = selfHostedTotal(model, replicas, tasks * selfShare, { owned: tasks });
  const apiUsd = apiPerTaskTotal(model) * tasks * (1 - selfShare);
  return { replicas, selfShare, selfUsd, apiUsd, totalUsd: selfUsd + apiUsd };
}

/**
 * Largest K worth trying: replicas beyond those that already serve every hour only add cost.
 * Demand in hours the cluster is off can never be served, so then all K up to the limit count.
 */
function usefulMaxReplicas(model: TcoModel, tasks: number): number {
  const needed = replicasNeeded(model, tasks);
  // Demand outside the schedule still lets owned replicas serve the hours they run.
  if (needed === null) return model.blocked === 'demand-outside-schedule' ? MAX_REPLICAS : 0;
  return Math.min(MAX_REPLICAS, needed);
}

export interface HybridResult {
  best: HybridPoint;
  /** Cost for each K tried (0…useful maximum), for the "cost vs owned replicas" view. */
  byReplicas: HybridPoint[];
}

export function optimiseHybrid(model: TcoModel, tasks: number): HybridResult {
  const maxK = tasks > 0 ? usefulMaxReplicas(model, tasks) : 0;
  const byReplicas: HybridPoint[] = [];
  let best = hybridPoint(model, tasks, 0);
  byReplicas.push(best);
  for (let k = 1; k <= maxK; k++) {
    const point = hybridPoint(model, tasks, k);
    byReplicas.push(point);
    if (point.totalUsd < best.totalUsd - 1e-9 * Math.max(1, best.totalUsd)) best = point;
  }
  return { best, byReplicas };
}

/**
 * Cheapest hybrid total at a volume (chart sweeps: no per-K list). `committedReplicas` are paid
 * whether they run or not (a reservation or bought hardware inside its term, horizon.ts): K
 * owned replicas then cost the GPUs of max(K + spare, committed), so the split is chosen with
 * the committed ones sunk, as a team would choose it.
 */
export function cheapestHybridTotal(model: TcoModel, tasks: number, committedReplicas = 0): { replicas: number; totalUsd: number } {
  const maxK = tasks > 0 ? usefulMaxReplicas(model, tasks) : 0;
  const p = apiPerTaskTotal(model);
  const gpu = model.rates.gpuPerReplica;
  const idle = (k: number) => Math.max(0, committedReplicas - (k > 0 ? k + model.spareReplicas : 0)) * gpu;
  let bestK = 0;
  let bestUsd = p * tasks + idle(0);
  for (let k = 1; k <= maxK; k++) {
    const share = servedShare(model, tasks, k);
    const total = selfHostedTotal(model, k, tasks * share, { owned: tasks }) + p * tasks * (1 - share) + idle(k);
    if (total < bestUsd - 1e-9 * Math.max(1, bestUsd)) {
      bestUsd = total;
      bestK = k;
    }
  }
  return { replicas: bestK, totalUsd: bestUsd };
}

export interface HourSplit {
  /** Weekly hour 0 = Monday 00:00. */
  hour: number;
  /** Demand of the hour in throughput-basis tokens/s (self-hosted attempts). */
  demand: number;
  /** Part served by the owned replicas, tokens/s. */
  owned: number;
  /** Part that overflows to the API, tokens/s. */
  overflow: number;
}

/** The chosen split hour by hour (for the profile chart). */
export function hourlySplit(model: TcoModel, tasks: number, replicas: number): HourSplit[] {
  const attempts = model.selfAttemptFactor ?? 1;
  const average = (tasks * attempts * model.basisTokensPerAttempt) / (HOURS_PER_MONTH * 3600);
  const perReplica = model.selfAttemptFactor !== null && servesAnyWork(model) ? model.effectiveTokensPerSecond * model.maxUtilisation : 0;
  const out: HourSplit[] = [];
  for (let h = 0; h < HOURS_PER_WEEK; h++) {
    const demand = average * (model.shape.weights[h] as number);
    const cap = replicas * perReplica * (model.shape.availability[h] as number);
    const owned = Math.min(demand, cap);
    out.push({ hour: h, demand, owned, overflow: demand - owned });
  }
  return out;
}
