import { MAX_REPLICAS, apiPerTaskTotal, marginalReplicaCost, selfHostedTotal, tasksCarried, type TcoModel } from './model';
import { opsCostAt, staffCostAt } from './staff';

/**
 * Break-even volume (SPEC §3, reference F7): the monthly volume above which self-hosting is
 * cheaper, found over the real step-shaped cost. Replicas come whole, so the self-hosted cost
 * is flat while one more task still fits and jumps by a replica's cost when it does not;
 * the API cost rises linearly. Within the step of n replicas the two meet where
 * API per task × V = C(n); that point counts if it lies inside the step.
 *
 * Volumes are in workload tasks per month (the evaluation turns them into tokens and accepted
 * tasks). The deployment never shrinks below the replicas entered (at least one) and grows to
 * at most MAX_REPLICAS: beyond that, capacity has run out.
 */

/** A volume range where self-hosting is cheaper; `to` null = no upper end within the search. */
export interface CheaperWindow {
  fromTasks: number;
  toTasks: number | null;
  /** Serving replicas at the start of the window. */
  replicas: number;
}

/**
 * Article 003's closed form for one replica: break-even tasks = C(1) ÷ API cost per task, with
 * C(1) the monthly cost of one serving replica (plus the N+1 spare, staff and fixed costs).
 * Valid only while that volume fits one replica's capacity; the step-by-step search is the
 * answer, this is its cross-check.
 */
export interface ClosedForm {
  replicas: number;
  selfMonthlyUsd: number;
  tasks: number;
  /** Tasks per month the deployment carries at its peak; null when unlimited. */
  capacityTasks: number | null;
  withinCapacity: boolean;
  /** How many replicas' throughput the closed-form volume needs (e.g. 3.2); null when unlimited. */
  replicasOfThroughput: number | null;
}

export interface EnteredAtCapacity {
  replicas: number;
  selfMonthlyUsd: number;
  apiUsd: number;
}

export type NeverReason =
  | 'api-free'
  | 'no-throughput'
  | 'self-accepts-nothing'
  | 'demand-outside-schedule'
  /** The throughput figure cannot size this workload's requests (see the sizing reason). */
  | 'throughput-not-sizable'
  | 'replica-costs-more'
  | 'beyond-max-replicas'
  /** Not solved: the evaluation of a plan-search candidate, which ranks by cost and needs none. */
  | 'not-computed';

export type AlwaysReason = 'self-costs-nothing' | 'api-accepts-nothing';

export type BreakEven =
  | {
      kind: 'at';
      /** Lowest volume from which self-hosting is cheaper. */
      tasks: number;
      replicas: number;
      selfMonthlyUsd: number;
      windows: CheaperWindow[];
      /** Volume from which self-hosting stays cheaper up to the replica limit; null if it does not. */
      stableFromTasks: number | null;
      closedForm: ClosedForm | null;
    }
  | { kind: 'always'; reason: AlwaysReason; closedForm: ClosedForm | null }
  | {
      kind: 'never';
      reason: NeverReason;
      /** Monthly cost of one more replica and the API cost of the work it would carry. */
      replicaMonthlyUsd: number | null;
      apiUsdPerReplicaCapacity: number | null;
      /** For 'beyond-max-replicas': serving replicas the first break-even would need. */
      replicasNeeded: number | null;
      /**
       * For 'replica-costs-more': the GPU price (in the unit entered) below which the replicas
       * entered (at least one), fully loaded, cost less than their work at API prices, so a
       * break-even exists within them; null when even free GPUs would not get there (staff,
       * power and fixed costs alone exceed it).
       */
      maxGpuPrice: { unit: 'gpu-hour' | 'node-hour' | 'gpu'; usd: number } | null;
      /**
       * For 'replica-costs-more': the replicas entered (at least one) fully loaded — their
       * monthly cost with staff and fixed costs against the API price of all the work they
       * can carry (how far off a break-even is).
       */
      enteredAtCapacity: EnteredAtCapacity | null;
      closedForm: ClosedForm | null;
    };

/** The break-even of an evaluation that does not solve it (EvaluateOptions.breakEven false). */
export const NOT_COMPUTED: BreakEven = {
  kind: 'never',
  reason: 'not-computed',
  replicaMonthlyUsd: null,
  apiUsdPerReplicaCapacity: null,
  replicasNeeded: null,
  maxGpuPrice: null,
  enteredAtCapacity: null,
  closedForm: null,
};

/**
 * Largest monthly volume a break-even may have, in tokens (in tasks when a task has less than
 * one token). A price so small that the API bill reaches the self-hosted cost only beyond it
 * (e.g. $1e-300 per 1M tokens) counts as free: such a volume has no meaning, and its products
 * (tokens, output tokens) would leave the range of numbers.
 */
const MAX_VOLUME = 1e300;

/** The MAX_VOLUME in workload tasks. */
function maxTasks(model: TcoModel): number {
  return MAX_VOLUME / Math.max(1, model.mix.totalTokens);
}

function closedForm(model: TcoModel, p: number): ClosedForm | null {
  if (p <= 0) return null;
  // One replica, whatever was entered (article 003's form; docs/tco.md §5).
  const replicas = 1;
  // With power following utilisation each task adds its busy energy: C(1) + v × V = p × V.
  const cost = selfHostedTotal(model, replicas, 0);
  const margin = p - model.rates.energyPerTask;
  if (!(margin > 0)) return null;
  const tasks = cost / margin;
  if (!(tasks <= maxTasks(model))) return null;
  const k = model.tasksPerReplica;
  // A task with next to no tokens (1e-300) lets one replica carry more than any number of tasks.
  if (k === null || !Number.isFinite(k))
    return { replicas, selfMonthlyUsd: cost, tasks, capacityTasks: null, withinCapacity: true, replicasOfThroughput: null };
  const capacity = model.pools !== null ? tasksCarried(model, replicas) : replicas * k;
  return {
    replicas,
    selfMonthlyUsd: cost + model.rates.energyPerTask * tasks,
    tasks,
    capacityTasks: capacity,
    withinCapacity: tasks <= capacity * (1 + 1e-12),
    replicasOfThroughput: k > 0 && Number.isFinite(tasks / k) ? tasks / k : null,
  };
}

function never(reason: NeverReason, cf: ClosedForm | null, extra: Partial<Extract<BreakEven, { kind: 'never' }>> = {}): BreakEven {
  return {
    kind: 'never',
    reason,
    replicaMonthlyUsd: null,
    apiUsdPerReplicaCapacity: null,
    replicasNeeded: null,
    maxGpuPrice: null,
    enteredAtCapacity: null,
    closedForm: cf,
    ...extra,
  };
}

/**
 * GPU price at which n serving replicas (plus the spare) cost exactly the API price of the
 * work they carry at capacity: (n + spare) × (g + power) + staff + ops = p × n × k, solved for
 * the GPU cost per replica g and divided by what one unit of the price adds to it.
 */
export function maxGpuPriceToBreakEven(model: TcoModel, p: number): { unit: 'gpu-hour' | 'node-hour' | 'gpu'; usd: number } | null {
  const k = model.tasksPerReplica;
  if (k === null || !(k > 0) || !(p > 0)) return null;
  const n = Math.max(1, model.replicasEntered);
  const r = model.rates;
  // Staff and fixed costs at this size do not depend on the GPU price (staff.ts).
  const total = n + model.spareReplicas;
  const g =
    ((p - r.energyPerTask) * (model.pools !== null ? tasksCarried(model, n) : n * k) - staffCostAt(r.scaling, total) - opsCostAt(r.scaling, total)) / total -
    r.powerPerReplica;
  const perUsd = r.gpuPrice.monthlyPerReplicaPerUsd;
  if (!(g > 0) || !(perUsd > 0)) return null;
  const usd = g / perUsd;
  return Number.isFinite(usd) ? { unit: r.gpuPrice.unit, usd } : null;
}

/**
 * What the search needs once the cases without one are settled: the API price per task, the
 * same less each task's busy energy, the replicas the deployment starts from and the tasks one
 * replica carries (infinite when unlimited).
 */
type Search = { kind: 'search'; p: number; pe: number; floor: number; k: number };
type Settled = { kind: 'never'; reason: NeverReason } | { kind: 'always'; reason: AlwaysReason };

function searchOf(model: TcoModel, p: number): Search | Settled {
  if (model.selfAttemptFactor === null) return { kind: 'never', reason: 'self-accepts-nothing' };
  if (model.tasksPerReplica !== null && model.tasksPerReplica <= 0) {
    return {
      kind: 'never',
      reason: model.blocked === 'no-throughput' || model.blocked === 'throughput-not-sizable' ? model.blocked : 'demand-outside-schedule',
    };
  }
  if (model.acceptanceApi <= 0) return { kind: 'always', reason: 'api-accepts-nothing' };
  const floor = Math.max(1, model.replicasEntered);
  // A price so small that no sensible volume reaches the self-hosted cost counts as free.
  // Each self-hosted task's busy energy (power following utilisation) narrows the API's price per task.
  const v = model.rates.energyPerTask;
  const pe = p - v;
  if (p <= 0 || !(pe > 0) || !(selfHostedTotal(model, floor, 0) / pe <= maxTasks(model))) return { kind: 'never', reason: 'api-free' };
  if (selfHostedTotal(model, floor, 0) <= 0 && v <= 0) return { kind: 'always', reason: 'self-costs-nothing' };
  return { kind: 'search', p, pe, floor, k: model.tasksPerReplica ?? Number.POSITIVE_INFINITY };
}

/**
 * Where self-hosting with n serving replicas becomes cheaper within that replica step (the
 * volumes n replicas carry beyond n − 1, from zero at the floor), or null when it does not.
 */
function crossingIn(model: TcoModel, search: Search, n: number): { from: number; hi: number } | null {
  const { pe, floor, k } = search;
  // Pools carry what their best split of n workers carries (pools.ts), else n × k.
  const lo = n === floor ? 0 : model.pools !== null ? tasksCarried(model, n - 1) : (n - 1) * k;
  const hi = model.pools !== null ? tasksCarried(model, n) : n * k;
  if ((model.burst !== null || model.fleet !== null) && Number.isFinite(k)) return piecewiseCrossingIn(model, pe, n, lo, hi);
  const crossing = selfHostedTotal(model, n, 0) / pe;
  return crossing <= hi * (1 + 1e-12) ? { from: Math.max(lo, crossing), hi } : null;
}

/**
 * Mixed and autoscaled billing (billing.ts, autoscaling.ts): within a replica step the cost rises
 * each time an hour needs more replicas, at t = j × k × u ÷ s_h (hour h's relative load s_h, j
 * whole; u = 1 for mixed, the policy's quantum ÷ (max ÷ target utilisation) autoscaled), and is
 * flat between. The first piece (a, b] on which the API cost p × t reaches the piece's cost holds
 * the crossing.
 */
let edgeScratch = new Float64Array(512);
function piecewiseCrossingIn(model: TcoModel, pe: number, n: number, lo: number, hi: number): { from: number; hi: number } | null {
  const loads = model.burst !== null ? model.burst.loads : (model.fleet as NonNullable<TcoModel['fleet']>).ascending;
  const unit = model.fleet !== null ? model.fleet.policy.quantum / model.fleet.perLoad : 1;
  const k = (hi / n) * unit;
  // The cost without each task's busy energy (which pe already takes off the API price).
  const e = model.rates.energyPerTask;
  const fixedAt = (t: number) => selfHostedTotal(model, n, t) - e * Math.max(0, t);
  // The cost only rises with volume: no volume below C(lo) ÷ p holds the crossing.
  let bound = fixedAt(lo) / pe;
  if (!(bound <= hi * (1 + 1e-12))) return null;
  // Cheaper already just above lo (a later window of a step that stays cheaper): it starts at lo.
  if (fixedAt(lo + k * 1e-7) / pe <= lo) return { from: lo, hi };
  // The volumes inside (lo, hi) at which an hour's replica count changes; loads are ascending,
  // so equal loads are adjacent and give their edges once.
  let m = 0;
  edgeScratch[m++] = lo;
  for (let i = 0; i < loads.length; i++) {
    const s = loads[i] as number;
    if (s <= 0 || (i > 0 && loads[i - 1] === s)) continue;
    for (let j = Math.ceil((lo * s) / k); j <= Math.floor((hi * s) / k); j++) {
      const t = (j * k) / s;
      if (!(t > lo && t < hi)) continue;
      if (m + 1 >= edgeScratch.length) {
        const grown = new Float64Array(edgeScratch.length * 2);
        grown.set(edgeScratch);
        edgeScratch = grown;
      }
      edgeScratch[m++] = t;
    }
  }
  edgeScratch[m++] = hi;
  const edges = edgeScratch.subarray(0, m).sort();
  for (let i = 1; i < m; i++) {
    const a = edges[i - 1] as number;
    const b = edges[i] as number;
    // Pieces that end below the bound cannot hold the crossing; each piece's cost raises the bound.
    if (!(b > a) || b * (1 + 1e-12) < bound) continue;
    const crossing = fixedAt((a + b) / 2) / pe;
    if (crossing <= b * (1 + 1e-12)) return { from: Math.max(a, crossing), hi };
    bound = Math.max(bound, crossing);
  }
  return null;
}

/**
 * The break-even alone (the lowest volume from which self-hosting is cheaper, in tasks), for
 * the many models of a Monte Carlo run: the same search as solveBreakEven, stopped at its
 * first window, without the closed form or the reasons' details.
 */
export function breakEvenTasks(model: TcoModel): { kind: 'at'; tasks: number } | { kind: 'never' } | { kind: 'always' } {
  const search = searchOf(model, apiPerTaskTotal(model));
  if (search.kind !== 'search') return { kind: search.kind };
  for (let n = search.floor; n <= MAX_REPLICAS; n++) {
    const c = crossingIn(model, search, n);
    if (c) return { kind: 'at', tasks: c.from };
    if (!Number.isFinite(search.k)) break;
  }
  return { kind: 'never' };
}

export function solveBreakEven(model: TcoModel): BreakEven {
  const p = apiPerTaskTotal(model);
  const cf = closedForm(model, p);
  const search = searchOf(model, p);
  if (search.kind === 'never') return never(search.reason, cf);
  if (search.kind === 'always') return { kind: 'always', reason: search.reason, closedForm: cf };
  const { pe, floor, k } = search;
  const windows: CheaperWindow[] = [];
  for (let n = floor; n <= MAX_REPLICAS; n++) {
    const c = crossingIn(model, search, n);
    if (c) {
      const { from, hi } = c;
      const last = windows[windows.length - 1];
      if (last && last.toTasks !== null && Math.abs(last.toTasks - from) <= 1e-9 * Math.max(1, from)) {
        last.toTasks = Number.isFinite(hi) ? hi : null;
      } else windows.push({ fromTasks: from, toTasks: Number.isFinite(hi) ? hi : null, replicas: n });
    }
    if (!Number.isFinite(k)) break;
  }
  const first = windows[0];
  if (!first) {
    const marginal = marginalReplicaCost(model);
    const apiPerReplica = p * k;
    if (marginal >= pe * k) {
      const entered: EnteredAtCapacity = { replicas: floor, selfMonthlyUsd: selfHostedTotal(model, floor, floor * k), apiUsd: apiPerReplica * floor };
      return never('replica-costs-more', cf, {
        replicaMonthlyUsd: marginal,
        apiUsdPerReplicaCapacity: apiPerReplica,
        maxGpuPrice: maxGpuPriceToBreakEven(model, p),
        enteredAtCapacity: Number.isFinite(entered.apiUsd) ? entered : null,
      });
    }
    // (n + spare) × c + fixed ≤ p × k × n  ⇔  n ≥ (spare × c + fixed) / (p × k − c)
    const fixed = selfHostedTotal(model, 1, 0) - (1 + model.spareReplicas) * marginal;
    const n = Math.ceil((model.spareReplicas * marginal + fixed) / (pe * k - marginal) - 1e-9);
    return never('beyond-max-replicas', cf, {
      replicaMonthlyUsd: marginal,
      apiUsdPerReplicaCapacity: apiPerReplica,
      replicasNeeded: Math.max(n, MAX_REPLICAS + 1),
    });
  }
  const lastWindow = windows[windows.length - 1] as CheaperWindow;
  const reachesLimit =
    lastWindow.toTasks === null || lastWindow.toTasks >= (model.pools !== null ? tasksCarried(model, MAX_REPLICAS) : MAX_REPLICAS * k) * (1 - 1e-12);
  return {
    kind: 'at',
    tasks: first.fromTasks,
    replicas: first.replicas,
    selfMonthlyUsd: selfHostedTotal(model, first.replicas, first.fromTasks),
    windows,
    stableFromTasks: reachesLimit ? lastWindow.fromTasks : null,
    closedForm: cf,
  };
}
