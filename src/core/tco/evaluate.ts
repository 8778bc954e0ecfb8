import { resolveCapacity, type CapacityResolution } from '../capacity/stored';
import { HOURS_PER_MONTH, HOURS_PER_WEEK, type SelfHosted } from '../scenario/schema';
import { fleetCap, fleetView, paidReplicaHours, type FleetView } from './autoscaling';
import { billingView, mixedSplit, type BillingView } from './billing';
import { spotView, type SpotView } from './spot';
import { DECODE_RATE_FACTOR, PREFILL_RATE_FACTOR, bestSplit, type BindingPool } from './pools';
import { NOT_COMPUTED, solveBreakEven, type BreakEven } from './break-even';
import { monthlyRate, type Capital } from './capital';
import { horizonView, type HorizonView } from './horizon';
import { cheapestHybridTotal, hourlySplit, hybridPoint, optimiseHybrid, type HourSplit } from './hybrid';
import {
  MAX_REPLICAS,
  apiPerTaskTotal,
  buildModel,
  replicasNeeded,
  replicasUsed,
  peakLoad as peakLoadOf,
  poolWorkers,
  selfHostedCost,
  selfHostedTotal,
  type SelfHostedCost,
  type TcoModel,
  type TcoScenario,
} from './model';
import { demandShape, type DemandShape, type ShapeNote } from './profile';
import { checkRateLimits, type RateLimitCheck } from './rate-limits';
import type { Sizing } from './sizing';
import { staffFteAt } from './staff';

/**
 * The full TCO evaluation of a scenario at its current volume (SPEC §3 outputs): monthly cost
 * of API, self-hosted and hybrid; cost per 1M tokens and per accepted task on each side;
 * capacity check; productive utilisation; break-even; the chosen hybrid split; the verdict;
 * and the cost-vs-volume curves. Plain serialisable data; every figure that cannot be
 * computed is an explicit state with its reason, never NaN or Infinity.
 */

export type NotApplicableReason =
  | 'no-volume'
  | 'no-tokens'
  | 'tasks-not-counted'
  | 'api-accepts-nothing'
  | 'self-accepts-nothing'
  | 'no-throughput'
  | 'throughput-not-sizable'
  | 'demand-outside-schedule'
  | 'no-deployment'
  /** The API bill is $0 (free prices), so no saving can be a share of it. */
  | 'api-costs-nothing'
  /** Neither side accepts any task. */
  | 'nothing-accepted'
  /** The inputs are so extreme that the figure leaves the range of numbers (e.g. 1e-300 tokens/s). */
  | 'out-of-range';

export type Figure = { ok: true; value: number } | { ok: false; reason: NotApplicableReason };

/** Why the saving against the API cannot be given as a share of the API bill. */
export type SavingShareReason = Extract<NotApplicableReason, 'nothing-accepted' | 'no-volume' | 'api-accepts-nothing' | 'api-costs-nothing' | 'out-of-range'>;
export type SavingShare = { ok: true; value: number } | { ok: false; reason: SavingShareReason };

const value = (v: number): { ok: true; value: number } | { ok: false; reason: 'out-of-range' } =>
  Number.isFinite(v) ? { ok: true, value: v } : { ok: false, reason: 'out-of-range' };
const na = <R extends NotApplicableReason>(reason: R): { ok: false; reason: R } => ({ ok: false, reason });

export type SelfHostedState =
  /** The replicas entered serve the peak. */
  | 'ok'
  /** More replicas than entered are needed for the peak; costs use the needed count. */
  | 'sized-up'
  /** The peak needs more than MAX_REPLICAS replicas; costs use the needed count anyway. */
  | 'beyond-max-replicas'
  | 'no-throughput'
  /** The throughput figure cannot size this workload's requests: `selfHosted.sizing` says why. */
  | 'throughput-not-sizable'
  | 'demand-outside-schedule'
  | 'self-accepts-nothing';

export type Option = 'api' | 'self-hosted' | 'hybrid';

export type VerdictReason =
  | 'cheapest'
  | 'no-volume'
  | 'api-accepts-nothing'
  /** Both acceptance rates are 0 %. */
  | 'nothing-accepted'
  /**
   * The API accepts nothing and self-hosting, which would accept work, cannot serve the
   * workload (no throughput, or demand in hours the cluster is off): `selfHosted.state` says why.
   */
  | 'api-accepts-nothing-self-cannot-serve';

export interface Verdict {
  best: Option | 'none';
  reason: VerdictReason;
  /** The cheapest other option and how much more it costs per month. */
  runnerUp: Option | null;
  savingVsRunnerUpUsd: number | null;
  /** Monthly saving of the best option against the API (0 when the API is best). */
  savingVsApiUsd: number;
  savingVsApiShare: SavingShare;
  /** Best and runner-up differ by less than 5 %: inputs within their uncertainty could flip it. */
  closeCall: boolean;
}

/**
 * Which verdict sentence applies, decided here rather than in the page: nothing accepted
 * (with or without a self-hosted side that could serve), no volume, the API accepts nothing,
 * self-hosted or hybrid cheapest, the API cheapest with self-hosting unable to serve, or the
 * API cheapest against a self-hosted side that can serve.
 */
export type VerdictCase = 'none' | 'none-self-cannot' | 'no-volume' | 'api-accepts-nothing' | 'self-hosted' | 'hybrid' | 'api-self-cannot' | 'api';

export function verdictCase(v: Pick<Verdict, 'best' | 'reason'>, selfFeasible: boolean): VerdictCase {
  if (v.best === 'none') return v.reason === 'api-accepts-nothing-self-cannot-serve' ? 'none-self-cannot' : 'none';
  if (v.reason === 'no-volume') return 'no-volume';
  if (v.reason === 'api-accepts-nothing') return 'api-accepts-nothing';
  if (v.best === 'self-hosted' || v.best === 'hybrid') return v.best;
  return selfFeasible ? 'api' : 'api-self-cannot';
}

/** Runner-up within this share of the best is a close call. */
export const CLOSE_CALL_SHARE = 0.05;

export interface CostPoint {
  /** Volume in the curve's unit (tokens or tasks per month). */
  x: number;
  usd: number;
}

export interface HybridCostPoint extends CostPoint {
  replicas: number;
}

export interface CostCurves {
  unit: 'tokens' | 'tasks';
  /** Tokens per workload task (0 when the curve is in tasks). */
  tokensPerTask: number;
  xMax: number;
  api: CostPoint[];
  /** Step-shaped: both ends of every replica step; empty when self-hosting cannot serve. */
  selfHosted: CostPoint[];
  hybrid: HybridCostPoint[];
  current: number;
  breakEven: number | null;
}

export interface BreakEvenView {
  result: BreakEven;
  /** The first break-even volume in each unit (null unless result.kind is 'at'). */
  tasksPerMonth: number | null;
  tokensPerMonth: number | null;
  outputTokensPerMonth: number | null;
  acceptedTasksPerMonth: number | null;
  /** The closed form's volume in tokens (for the cross-check). */
  closedFormTokensPerMonth: number | null;
  /** Difference between the numerical and the closed-form break-even, as a share; null when they do not describe the same step. */
  crossCheckDeviation: number | null;
  /** The break-even volume as a multiple of today's volume (null without both). */
  timesCurrentVolume: number | null;
  /** Tokens a month from which self-hosting stays cheaper up to the replica limit (null when it does not, or without tokens). */
  stableFromTokensPerMonth: number | null;
  /** Every window where self-hosting is cheaper, in tokens a month (`to` null = open-ended); empty without tokens. */
  windowsTokensPerMonth: { from: number; to: number | null }[];
  /** "Beyond the replica limit": the replicas the break-even needs, at least the limit + 1. */
  replicasBeyondLimit: number | null;
  /**
   * The entered replicas at capacity ("never pays off"): their full monthly cost as a multiple
   * of the API price of all the work they can carry.
   */
  enteredCostTimesApi: number | null;
  /** The closed form's API price: per 1M tokens of this workload and per task (its C(1) ÷ V). */
  closedFormApiUsdPerMillionTokens: number | null;
  closedFormApiUsdPerTask: number | null;
  /** What the closed form's deployment carries at its peak, in tokens a month (null when unlimited or without tokens). */
  closedFormCapacityTokensPerMonth: number | null;
}

/** Acceptance rates as used (below one in a billion counts as 0). */
export interface AcceptanceSection {
  api: number;
  selfHosted: number;
}

export interface VolumeSection {
  tasksPerMonth: number;
  tasksCounted: boolean;
  tokensPerMonth: number;
  inputTokensPerMonth: number;
  cachedInputTokensPerMonth: number;
  outputTokensPerMonth: number;
  reasoningTokensPerMonth: number;
  acceptedTasksPerMonth: number;
  /** Tasks the self-hosted side attempts to deliver the same accepted work. */
  selfAttemptsPerMonth: Figure;
  /** Requests each side sends a month, its retries included. */
  apiRequestsPerMonth: Figure;
  selfRequestsPerMonth: Figure;
  /** Of those: the self-hosted attempts beyond the workload's tasks (negative when it accepts more), and each side's retries. */
  selfExtraAttemptsPerMonth: Figure;
  apiRetriesPerMonth: Figure;
  selfRetriesPerMonth: Figure;
  /**
   * False when reasoning tokens per request were entered but requests cannot be counted
   * (token mode without tokens per request): they are in no figure, and the page says so.
   */
  reasoningCounted: boolean;
}

export interface ApiSection {
  monthlyUsd: number;
  uncachedInputUsd: number;
  cachedInputUsd: number;
  outputUsd: number;
  perMillionTokens: Figure;
  perAcceptedTask: Figure;
}

/** What the serving replicas carry against what the workload asks, in the capacity basis's tokens. */
export interface CapacitySection {
  basis: 'output' | 'total';
  /** SPEC §3: replicas × tokens/s × 3,600 × hours × max utilisation (serving replicas). */
  tokensPerMonth: number;
  demandTokensPerMonth: number;
  peakDemandTokensPerSecond: number;
  /** Usable tokens/s of the entered replicas at max utilisation. */
  enteredPeakCapacityTokensPerSecond: number;
  enteredServesPeak: boolean;
}

export interface UtilisationSection {
  /** Busy share of provisioned replica-hours (all attempts, incl. retries and rejected work). */
  average: Figure;
  /** SPEC §3: cluster hours spent on accepted work / provisioned cluster hours. */
  productive: Figure;
  /** Peak-hour demand ÷ capacity of the serving replicas. */
  peak: Figure;
  max: number;
}

export interface SelfHostedSection {
  state: SelfHostedState;
  /** Whether self-hosting can serve the workload (state ok, sized up or beyond the replica limit). */
  feasible: boolean;
  /** How one request of the workload is sized from the throughput figure; null without throughput. */
  sizing: Sizing | null;
  /** Replica-seconds of one self-hosted attempt incl. its retries. */
  secondsPerAttempt: number;
  replicasEntered: number;
  /** Serving replicas the peak needs; null when no number can serve it. */
  replicasNeeded: number | null;
  /** Serving replicas the costs are for (entered, or needed when more). */
  replicasServing: number;
  spareReplicas: number;
  gpus: number;
  monthlyUsd: number;
  gpuUsd: number;
  powerUsd: number;
  staffUsd: number;
  opsUsd: number;
  /** Staff FTE the deployment needs at this size (staff.ts): the team, or per node / replica, at least the on-call minimum. */
  staffFte: number;
  /** Bought hardware: the yearly cost of capital and its monthly rate (capital.ts); null when rented. */
  capital: { waccYearly: number; monthlyRate: number; rateConvention: Capital['rateConvention'] } | null;
  perMillionTokens: Figure;
  /** Cost per 1M throughput-basis tokens if the deployment ran at its maximum utilisation (reference F1). */
  perMillionTokensAtMaxUtilisation: Figure;
  perAcceptedTask: Figure;
  capacity: CapacitySection;
  /** Disaggregated pools: the serving workers split between prefill and decode (pools.ts); null for aggregated replicas. */
  pools: PoolsView | null;
  utilisation: UtilisationSection;
}

export interface HybridSection {
  replicas: number;
  selfShare: number;
  monthlyUsd: number;
  selfUsd: number;
  apiUsd: number;
  perMillionTokens: Figure;
  perAcceptedTask: Figure;
  productiveUtilisation: Figure;
  /** Cost split of the chosen hybrid: the owned replicas' costs and the API bill for the overflow. */
  breakdown: { gpuUsd: number; powerUsd: number; staffUsd: number; opsUsd: number; uncachedInputUsd: number; cachedInputUsd: number; outputUsd: number };
  /** Staff FTE of the replicas the hybrid keeps. */
  staffFte: number;
  byReplicas: { replicas: number; totalUsd: number; selfShare: number }[];
  hourly: HourSplit[];
}

export type VerdictSection = Verdict & {
  case: VerdictCase;
  /** Self-hosted monthly cost minus the API's (how much more self-hosting costs when the API wins). */
  selfExtraUsd: number;
};

/**
 * How the rented GPUs are billed: paid hours, cold starts (scale-to-zero), the commitment
 * (reserved), the week replayed when autoscaled (`fleet`, autoscaling.ts), and the preemptions,
 * lost capacity and cost percentile on spot (`spot`, spot.ts).
 */
export type BillingSection = BillingView & { fleet: FleetView | null; spot: SpotView | null };

export interface ShapeSection {
  mode: 'peak-to-average' | 'weekly';
  peakToAverage: number;
  runningHoursPerMonth: number;
  offScheduleShare: number;
  notes: ShapeNote[];
}

/** The evaluation, section by section; each section has its own builder below. */
export interface TcoEvaluation {
  acceptance: AcceptanceSection;
  volume: VolumeSection;
  api: ApiSection;
  selfHosted: SelfHostedSection;
  hybrid: HybridSection;
  breakEven: BreakEvenView;
  verdict: VerdictSection;
  /** Whether the API tier's requests/tokens per minute carry the busiest hour, API-only and hybrid. */
  rateLimits: RateLimitCheck;
  billing: BillingSection;
  /** Cumulative cost of each option over the planning horizon, the crossing month and the NPV (horizon.ts). */
  horizon: HorizonView;
  shape: ShapeSection;
  curves: CostCurves;
}

/** Products of extreme inputs can leave the range of numbers; those become "not available". */
function finiteOrNull(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}

function perMillion(usd: number, tokens: number, volumeTasks: number): Figure {
  if (volumeTasks <= 0) return na('no-volume');
  if (tokens <= 0) return na('no-tokens');
  return value((usd / tokens) * 1e6);
}

function perAccepted(usd: number, accepted: number, model: TcoModel, side: 'api' | 'self'): Figure {
  if (side === 'api' && model.acceptanceApi <= 0) return na('api-accepts-nothing');
  if (side === 'self' && model.acceptanceSelf <= 0) return na('self-accepts-nothing');
  if (!model.mix.tasksCounted) return na('tasks-not-counted');
  if (accepted <= 0) return na('no-volume');
  return value(usd / accepted);
}

function selfState(model: TcoModel, needed: number | null): SelfHostedState {
  if (model.blocked !== null) return model.blocked;
  if (needed === null) return 'demand-outside-schedule';
  if (needed > MAX_REPLICAS) return 'beyond-max-replicas';
  if (needed > Math.max(1, model.replicasEntered)) return 'sized-up';
  return 'ok';
}

function toCurveX(tasks: number, unit: 'tokens' | 'tasks', tokensPerTask: number): number {
  return unit === 'tokens' ? tasks * tokensPerTask : tasks;
}

const MAX_EXACT_STEPS = 120;

/** Rounds up to 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 or 10 × a power of ten, so the axis ends on a round number. */
export function niceCeil(v: number): number {
  if (!(v > 0) || !Number.isFinite(v)) return v;
  const pow = Math.pow(10, Math.floor(Math.log10(v)));
  const m = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((x) => x * pow >= v * (1 - 1e-12)) ?? 10;
  return m * pow;
}
const HYBRID_SAMPLES = 48;

export function costCurves(model: TcoModel, breakEvenTasks: number | null): CostCurves {
  const tokensPerTask = model.mix.totalTokens;
  const unit: 'tokens' | 'tasks' = tokensPerTask > 0 ? 'tokens' : 'tasks';
  const k = model.tasksPerReplica;
  const floor = Math.max(1, model.replicasEntered);
  // Today's volume and the break-even both in view; without a break-even, the first steps.
  const candidates = [model.tasks * 2];
  if (breakEvenTasks !== null) candidates.push(breakEvenTasks * 2);
  else if (k !== null && k > 0) candidates.push(k * floor * 2.2);
  // Keep the axis (and the API cost at its end) within the range of numbers.
  const limit = 1e290 / Math.max(1, tokensPerTask, apiPerTaskTotal(model));
  let xMaxTasks = Math.max(...candidates.filter((c) => c > 0 && c < limit), 0);
  if (xMaxTasks <= 0) xMaxTasks = Math.min(1000, limit);
  const perUnit = unit === 'tokens' ? tokensPerTask : 1;
  const rounded = niceCeil(xMaxTasks * perUnit) / perUnit;
  if (Number.isFinite(rounded) && rounded < limit) xMaxTasks = rounded;
  const p = apiPerTaskTotal(model);
  const x = (t: number) => toCurveX(t, unit, tokensPerTask);

  const api: CostPoint[] = [
    { x: 0, usd: 0 },
    { x: x(xMaxTasks), usd: p * xMaxTasks },
  ];

  const selfHosted: CostPoint[] = [];
  const canServe = model.selfAttemptFactor !== null && !(k !== null && k <= 0);
  if (canServe) {
    // Mixed and autoscaled billing rise within each replica step, so they are sampled.
    if (model.burst === null && model.fleet === null && (k === null || xMaxTasks / k <= MAX_EXACT_STEPS)) {
      // Exact steps: flat at C(n) from the end of step n−1 to the end of step n.
      let n = floor;
      let start = 0;
      for (;;) {
        const end = k === null ? xMaxTasks : Math.min(xMaxTasks, n * k);
        if (end > start || n === floor) {
          // Flat, or rising with each task's busy energy when power follows utilisation.
          selfHosted.push({ x: x(start), usd: selfHostedTotal(model, n, start) }, { x: x(end), usd: selfHostedTotal(model, n, end) });
        }
        if (end >= xMaxTasks) break;
        start = end;
        n += 1;
      }
    } else {
      const samples = 240;
      for (let i = 0; i <= samples; i++) {
        const t = (xMaxTasks * i) / samples;
        const n = replicasUsed(model, t) ?? floor;
        selfHosted.push({ x: x(t), usd: selfHostedTotal(model, n, t) });
      }
    }
  }

  const hybrid: HybridCostPoint[] = [];
  for (let i = 0; i <= HYBRID_SAMPLES; i++) {
    const t = (xMaxTasks * i) / HYBRID_SAMPLES;
    const h = cheapestHybridTotal(model, t);
    hybrid.push({ x: x(t), usd: h.totalUsd, replicas: h.replicas });
  }

  return {
    unit,
    tokensPerTask: unit === 'tokens' ? tokensPerTask : 0,
    xMax: x(xMaxTasks),
    api,
    selfHosted,
    hybrid,
    current: x(model.tasks),
    breakEven: breakEvenTasks === null ? null : finiteOrNull(x(breakEvenTasks)),
  };
}

function breakEvenView(model: TcoModel, result: BreakEven): BreakEvenView {
  const mix = model.mix;
  const at = result.kind === 'at' ? result.tasks : null;
  const cf = result.closedForm;
  let deviation: number | null = null;
  if (result.kind === 'at' && cf && cf.withinCapacity && result.replicas === cf.replicas && cf.tasks > 0) {
    deviation = Math.abs(result.tasks - cf.tasks) / cf.tasks;
  }
  const perTask = mix.totalTokens;
  const inTokens = perTask > 0;
  const tokensPerMonth = at === null ? null : finiteOrNull(at * perTask);
  const currentTokens = model.tasks * perTask;
  const cfTokens = cf ? finiteOrNull(cf.tasks * perTask) : null;
  const full = result.kind === 'never' ? (result.enteredAtCapacity ?? null) : null;
  return {
    result,
    tasksPerMonth: at,
    tokensPerMonth,
    outputTokensPerMonth: at === null ? null : finiteOrNull(at * mix.billedOutputTokens),
    acceptedTasksPerMonth: at === null || !mix.tasksCounted ? null : finiteOrNull(at * model.referenceAcceptance),
    closedFormTokensPerMonth: cfTokens,
    crossCheckDeviation: deviation,
    timesCurrentVolume: tokensPerMonth !== null && currentTokens > 0 ? finiteOrNull(tokensPerMonth / currentTokens) : null,
    stableFromTokensPerMonth: result.kind === 'at' && result.stableFromTasks !== null && inTokens ? finiteOrNull(result.stableFromTasks * perTask) : null,
    windowsTokensPerMonth:
      result.kind === 'at' && inTokens
        ? result.windows.map((w) => ({ from: w.fromTasks * perTask, to: w.toTasks === null ? null : finiteOrNull(w.toTasks * perTask) }))
        : [],
    replicasBeyondLimit: result.kind === 'never' && result.reason === 'beyond-max-replicas' ? Math.max(result.replicasNeeded ?? 0, MAX_REPLICAS + 1) : null,
    enteredCostTimesApi: full && full.apiUsd > 0 ? finiteOrNull(full.selfMonthlyUsd / full.apiUsd) : null,
    closedFormApiUsdPerMillionTokens: cf && cf.tasks > 0 && cfTokens !== null && cfTokens > 0 ? finiteOrNull((cf.selfMonthlyUsd / cfTokens) * 1e6) : null,
    closedFormApiUsdPerTask: cf && cf.tasks > 0 ? finiteOrNull(cf.selfMonthlyUsd / cf.tasks) : null,
    closedFormCapacityTokensPerMonth: cf && cf.capacityTasks !== null && inTokens ? finiteOrNull(cf.capacityTasks * perTask) : null,
  };
}

function decide(
  model: TcoModel,
  apiUsd: number,
  self: { usd: number; feasible: boolean },
  hybrid: { usd: number; replicas: number; selfShare: number },
): Verdict {
  // Without a comparison the saving share says why: nothing accepted, no volume, no API work.
  const base = { runnerUp: null, savingVsRunnerUpUsd: null, savingVsApiUsd: 0, closeCall: false } as const;
  if (model.acceptanceApi <= 0 && model.acceptanceSelf <= 0)
    return { ...base, best: 'none', reason: 'nothing-accepted', savingVsApiShare: na('nothing-accepted') };
  if (model.tasks <= 0) return { ...base, best: 'api', reason: 'no-volume', savingVsApiShare: na('no-volume') };
  if (model.acceptanceApi <= 0) {
    return self.feasible
      ? { ...base, best: 'self-hosted', reason: 'api-accepts-nothing', savingVsApiShare: na('api-accepts-nothing') }
      : { ...base, best: 'none', reason: 'api-accepts-nothing-self-cannot-serve', savingVsApiShare: na('api-accepts-nothing') };
  }
  // Ties go to the simpler option: API, then self-hosted, then hybrid. A hybrid with no owned
  // replicas is the API; one that serves everything is self-hosting.
  const options: { option: Option; usd: number }[] = [{ option: 'api', usd: apiUsd }];
  if (self.feasible) options.push({ option: 'self-hosted', usd: self.usd });
  const hybridIsPure = hybrid.replicas === 0 || hybrid.selfShare >= 1 - 1e-12;
  if (!hybridIsPure) options.push({ option: 'hybrid', usd: hybrid.usd });
  const sorted = [...options].sort((a, b) => a.usd - b.usd);
  const tolerance = (u: number) => 1e-9 * Math.max(1, Math.abs(u));
  let best = sorted[0] as { option: Option; usd: number };
  for (const o of options) {
    if (o.usd <= best.usd + tolerance(best.usd)) {
      best = o;
      break;
    }
  }
  const others = sorted.filter((o) => o.option !== best.option);
  const runnerUp = others[0] ?? null;
  const savingVsApiUsd = apiUsd - best.usd;
  return {
    best: best.option,
    reason: 'cheapest',
    runnerUp: runnerUp?.option ?? null,
    savingVsRunnerUpUsd: runnerUp ? runnerUp.usd - best.usd : null,
    savingVsApiUsd,
    savingVsApiShare: apiUsd > 0 ? value(savingVsApiUsd / apiUsd) : na('api-costs-nothing'),
    closeCall: runnerUp !== null && runnerUp.usd - best.usd < CLOSE_CALL_SHARE * Math.max(best.usd, 1e-9),
  };
}

export interface ApiLimits {
  rpm: number | null;
  tpm: number | null;
}

export interface EvaluateOptions {
  /** Draw the cost-vs-volume curves (false: empty curves; the plan search prices many candidates and charts none of them). */
  curves?: boolean;
  /** Solve the break-even (false: the result says 'not-computed'; the plan search ranks by cost and reads none). */
  breakEven?: boolean;
  /** The capacity resolution of the scenario's self-hosted section, when already known (the plan search's candidates of one shape share it). */
  capacity?: CapacityResolution;
  /** The scenario's demand shape, when already known (the plan search's candidates of one schedule share it). */
  shape?: DemandShape;
  /**
   * Figures only (the plan search): no hour-by-hour split of the hybrid, no cost per owned
   * replica count, no rate-limit check, and of the horizon its totals, present values and
   * paybacks without the month-by-month points and statement rows. With `hybrid: false` as well, no hybrid at all (all to
   * the API), for candidates that have none.
   */
  lean?: boolean;
  hybrid?: boolean;
}

/** The serving workers of a disaggregated deployment, split between its pools at the peak hour. */
export interface PoolsView {
  prefillWorkers: number;
  decodeWorkers: number;
  gpusPerWorker: number;
  /** Per worker at the TTFT and ITL targets, before the rate-matching factors. */
  prefillRequestsPerSecond: number;
  decodeRequestsPerSecond: number;
  /** Demand at the peak hour and what the split serves: min(0.9 × P × nP, 0.92 × D × nD). */
  peakRequestsPerSecond: number;
  capacityRequestsPerSecond: number;
  binding: BindingPool;
  source: PoolRates['source'];
  label: string | null;
}

type PoolRates = NonNullable<SelfHosted['pools']>;

function poolsView(model: TcoModel, tasks: number, serving: number): PoolsView | null {
  const pools = model.pools;
  if (pools === null) return null;
  // The workers the peak needs per pool; more entered than that are split at best.
  const need = poolWorkers(pools, tasks);
  const split = serving > need.prefill + need.decode ? bestSplit(serving, pools.prefill, pools.decode) : need;
  const p = PREFILL_RATE_FACTOR * pools.rates.prefillRequestsPerSecond * split.prefill;
  const d = DECODE_RATE_FACTOR * pools.rates.decodeRequestsPerSecond * split.decode;
  return {
    prefillWorkers: split.prefill,
    decodeWorkers: split.decode,
    gpusPerWorker: model.gpusPerReplica,
    prefillRequestsPerSecond: pools.rates.prefillRequestsPerSecond,
    decodeRequestsPerSecond: pools.rates.decodeRequestsPerSecond,
    peakRequestsPerSecond: Math.max(0, tasks) * pools.peakRequestsPerTask,
    capacityRequestsPerSecond: Math.min(p, d),
    binding: p <= d ? 'prefill' : 'decode',
    source: pools.rates.source,
    label: pools.rates.label,
  };
}

/**
 * The self-hosted deployment at the scenario's volume, worked out once and read by the sections:
 * the replicas needed and serving, whether they can serve at all, their cost, and the autoscaled
 * fleet's week.
 */
interface Deployment {
  /** Tasks the self-hosted side attempts (null when it accepts nothing). */
  attempts: number | null;
  /** Tasks accepted at the reference acceptance. */
  accepted: number;
  needed: number | null;
  state: SelfHostedState;
  feasible: boolean;
  serving: number;
  cost: SelfHostedCost;
  fleet: FleetView | null;
  /** Why per-token, per-task and utilisation figures are not available, when self-hosting cannot serve. */
  unavailable: Figure | null;
}

function deploymentAt(model: TcoModel, profileMode: 'peak-to-average' | 'weekly'): Deployment {
  const tasks = model.tasks;
  const needed = replicasNeeded(model, tasks);
  const state = selfState(model, needed);
  const feasible = state === 'ok' || state === 'sized-up' || state === 'beyond-max-replicas';
  const serving = feasible ? Math.max(1, model.replicasEntered, needed ?? 0) : Math.max(1, model.replicasEntered);
  // Autoscaled: the spare around the clock, the fleet the replicas its replay runs.
  const fleet =
    model.fleet !== null && feasible
      ? fleetView(model.fleet, peakLoadOf(model, tasks), serving, {
          gpusPerReplica: model.gpusPerReplica,
          rentPerReplicaHour: model.rates.gpuPerReplica / HOURS_PER_MONTH,
          maxUtilisation: model.maxUtilisation,
          coldStartSeconds: model.finance.billing.coldStartSeconds,
          busiestFirst: profileMode === 'peak-to-average',
        })
      : null;
  return {
    attempts: model.selfAttemptFactor === null ? null : tasks * model.selfAttemptFactor,
    accepted: tasks * model.referenceAcceptance,
    needed,
    state,
    feasible,
    serving,
    cost: selfHostedCost(model, serving, feasible ? tasks : 0),
    fleet,
    unavailable:
      state === 'self-accepts-nothing' || state === 'no-throughput' || state === 'throughput-not-sizable' || state === 'demand-outside-schedule'
        ? na(state)
        : null,
  };
}

function volumeSection(model: TcoModel, d: Deployment): VolumeSection {
  const { mix, tasks } = model;
  const { attempts, accepted } = d;
  return {
    tasksPerMonth: mix.tasksCounted ? tasks : 0,
    tasksCounted: mix.tasksCounted,
    tokensPerMonth: mix.totalTokens * tasks,
    inputTokensPerMonth: mix.inputTokens * tasks,
    cachedInputTokensPerMonth: mix.cachedInputTokens * tasks,
    outputTokensPerMonth: mix.billedOutputTokens * tasks,
    reasoningTokensPerMonth: mix.reasoningTokens * tasks,
    acceptedTasksPerMonth: mix.tasksCounted ? accepted : 0,
    selfAttemptsPerMonth: attempts === null ? na('self-accepts-nothing') : mix.tasksCounted ? value(attempts) : na('tasks-not-counted'),
    apiRequestsPerMonth: mix.tasksCounted ? value(tasks * mix.retryFactor) : na('tasks-not-counted'),
    selfRequestsPerMonth: attempts === null ? na('self-accepts-nothing') : mix.tasksCounted ? value(attempts * mix.selfRetryFactor) : na('tasks-not-counted'),
    selfExtraAttemptsPerMonth: attempts === null ? na('self-accepts-nothing') : mix.tasksCounted ? value(attempts - tasks) : na('tasks-not-counted'),
    apiRetriesPerMonth: mix.tasksCounted ? value(tasks * (mix.retryFactor - 1)) : na('tasks-not-counted'),
    selfRetriesPerMonth:
      attempts === null ? na('self-accepts-nothing') : mix.tasksCounted ? value(attempts * (mix.selfRetryFactor - 1)) : na('tasks-not-counted'),
    reasoningCounted: mix.reasoningCounted,
  };
}

function apiSection(model: TcoModel): ApiSection {
  const { tasks, apiPerTask: p } = model;
  const apiUsd = p.totalUsd * tasks;
  return {
    monthlyUsd: apiUsd,
    uncachedInputUsd: p.uncachedInputUsd * tasks,
    cachedInputUsd: p.cachedInputUsd * tasks,
    outputUsd: p.outputUsd * tasks,
    perMillionTokens: perMillion(apiUsd, model.mix.totalTokens * tasks, tasks),
    perAcceptedTask: perAccepted(apiUsd, tasks * model.acceptanceApi, model, 'api'),
  };
}

// Capacity in the capacity basis's tokens at this workload's mix; time in replica-seconds, so
// that prefill and decode both count (sizing.ts).
function capacitySection(model: TcoModel, d: Deployment): CapacitySection {
  const tps = model.effectiveTokensPerSecond;
  const basisDemand = (d.attempts ?? 0) * model.basisTokensPerAttempt;
  return {
    basis: model.capacityBasis,
    // Rented or scheduled capacity exists only in the paid hours (730 a month when always on).
    tokensPerMonth: d.serving * tps * 3600 * model.paidHoursPerMonth * model.maxUtilisation,
    demandTokensPerMonth: basisDemand,
    // Demand averaged over the whole month; the shape's weights are relative to that average.
    peakDemandTokensPerSecond: (basisDemand / (HOURS_PER_MONTH * 3600)) * model.shape.maxWeight,
    enteredPeakCapacityTokensPerSecond: model.replicasEntered * tps * model.maxUtilisation,
    enteredServesPeak: d.unavailable === null && d.needed !== null && d.needed <= model.replicasEntered,
  };
}

function utilisationSection(model: TcoModel, d: Deployment): UtilisationSection {
  const tasks = model.tasks;
  const tps = model.effectiveTokensPerSecond;
  const averageRate = ((d.attempts ?? 0) * model.basisTokensPerAttempt) / (HOURS_PER_MONTH * 3600);
  const peakLoad = averageRate * (model.shape.peakFactor ?? model.shape.maxWeight);
  // Mixed billing: the reserved base (and spare) around the clock, the burst in the hours that need it.
  const split = model.burst !== null && d.feasible ? mixedSplit(model.burst, model.rates.gpuPerReplica, peakLoadOf(model, tasks), d.serving) : null;
  const provisionedReplicaHours =
    split !== null
      ? (split.reservedReplicas + model.spareReplicas) * model.paidHoursPerMonth + (split.burstReplicaHoursPerWeek * HOURS_PER_MONTH) / HOURS_PER_WEEK
      : d.fleet !== null
        ? model.spareReplicas * model.paidHoursPerMonth + (d.fleet.paidReplicaHoursPerWeek * HOURS_PER_MONTH) / HOURS_PER_WEEK
        : d.cost.totalReplicas * model.paidHoursPerMonth;
  const busyHours = ((d.attempts ?? 0) * model.secondsPerAttempt) / 3600;
  // Productive: the accepted work without its retries (SPEC §3).
  const productiveHours = (d.accepted * model.secondsPerAttempt) / model.mix.selfRetryFactor / 3600;
  const u = d.unavailable;
  return {
    average: u ?? (tasks <= 0 ? na('no-volume') : value(busyHours / provisionedReplicaHours)),
    productive: u ?? (tasks <= 0 ? na('no-volume') : value(productiveHours / provisionedReplicaHours)),
    peak: u ?? (tasks <= 0 ? na('no-volume') : tps > 0 ? value(peakLoad / (d.serving * tps)) : value(0)),
    max: model.maxUtilisation,
  };
}

function selfHostedSection(model: TcoModel, d: Deployment): SelfHostedSection {
  const { cost, unavailable: u } = d;
  const tokens = model.mix.totalTokens * model.tasks;
  const capacity = capacitySection(model, d);
  const capital = model.finance.costMode === 'buy' ? model.finance.capital : null;
  return {
    state: d.state,
    feasible: d.feasible,
    sizing: model.sizing,
    secondsPerAttempt: model.secondsPerAttempt,
    replicasEntered: model.replicasEntered,
    replicasNeeded: d.needed,
    replicasServing: d.serving,
    spareReplicas: model.spareReplicas,
    gpus: cost.totalReplicas * model.gpusPerReplica,
    monthlyUsd: cost.total,
    gpuUsd: cost.gpu,
    powerUsd: cost.power,
    staffUsd: cost.staff,
    opsUsd: cost.ops,
    staffFte: staffFteAt(model.rates.scaling, cost.totalReplicas),
    capital: capital === null ? null : { waccYearly: capital.waccYearly, monthlyRate: monthlyRate(capital), rateConvention: capital.rateConvention },
    perMillionTokens: u ?? perMillion(cost.total, tokens, model.tasks),
    perMillionTokensAtMaxUtilisation: u ?? (capacity.tokensPerMonth > 0 ? value((cost.total / capacity.tokensPerMonth) * 1e6) : na('no-throughput')),
    perAcceptedTask: u ?? perAccepted(cost.total, d.accepted, model, 'self'),
    capacity,
    pools: d.feasible ? poolsView(model, model.tasks, d.serving) : null,
    utilisation: utilisationSection(model, d),
  };
}

function hybridSection(model: TcoModel, d: Deployment, options: EvaluateOptions): HybridSection {
  const { tasks, mix, apiPerTask: p } = model;
  const hybrid = options.hybrid === false ? { best: hybridPoint(model, tasks, 0), byReplicas: [] } : optimiseHybrid(model, tasks);
  const h = hybrid.best;
  const hybridSelfAccepted = d.accepted * h.selfShare;
  const hybridBusy = h.replicas > 0 ? (hybridSelfAccepted * model.secondsPerAttempt) / mix.selfRetryFactor / 3600 : 0;
  // Autoscaled, the hybrid's owned replicas follow the week up to K.
  const hybridProvisioned =
    model.fleet !== null && h.replicas > 0
      ? model.spareReplicas * model.paidHoursPerMonth +
        (paidReplicaHours(model.fleet, peakLoadOf(model, tasks), Math.min(h.replicas, fleetCap(model.fleet, peakLoadOf(model, tasks)))) * HOURS_PER_MONTH) /
          HOURS_PER_WEEK
      : (h.replicas + (h.replicas > 0 ? model.spareReplicas : 0)) * model.paidHoursPerMonth;
  const owned = selfHostedCost(model, h.replicas, tasks * h.selfShare, { owned: tasks });
  const overflowTasks = tasks * (1 - h.selfShare);
  return {
    replicas: h.replicas,
    selfShare: h.selfShare,
    monthlyUsd: h.totalUsd,
    selfUsd: h.selfUsd,
    apiUsd: h.apiUsd,
    perMillionTokens: perMillion(h.totalUsd, mix.totalTokens * tasks, tasks),
    perAcceptedTask: model.acceptanceApi > 0 ? perAccepted(h.totalUsd, d.accepted, model, 'api') : na('api-accepts-nothing'),
    productiveUtilisation: h.replicas === 0 ? na('no-deployment') : tasks <= 0 ? na('no-volume') : value(hybridBusy / hybridProvisioned),
    breakdown: {
      gpuUsd: owned.gpu,
      powerUsd: owned.power,
      staffUsd: owned.staff,
      opsUsd: owned.ops,
      uncachedInputUsd: p.uncachedInputUsd * overflowTasks,
      cachedInputUsd: p.cachedInputUsd * overflowTasks,
      outputUsd: p.outputUsd * overflowTasks,
    },
    staffFte: staffFteAt(model.rates.scaling, owned.totalReplicas),
    byReplicas: options.lean ? [] : hybrid.byReplicas.map((b) => ({ replicas: b.replicas, totalUsd: b.totalUsd, selfShare: b.selfShare })),
    hourly: options.lean ? [] : hourlySplit(model, tasks, h.replicas),
  };
}

function verdictSection(model: TcoModel, api: ApiSection, self: SelfHostedSection, hybrid: HybridSection): VerdictSection {
  const verdict = decide(
    model,
    api.monthlyUsd,
    { usd: self.monthlyUsd, feasible: self.feasible },
    { usd: hybrid.monthlyUsd, replicas: hybrid.replicas, selfShare: hybrid.selfShare },
  );
  // Every field named: a spread of the verdict's several shapes and fields after it is slow on the plan search's path.
  return {
    best: verdict.best,
    reason: verdict.reason,
    runnerUp: verdict.runnerUp,
    savingVsRunnerUpUsd: verdict.savingVsRunnerUpUsd,
    savingVsApiUsd: verdict.savingVsApiUsd,
    savingVsApiShare: verdict.savingVsApiShare,
    closeCall: verdict.closeCall,
    case: verdictCase(verdict, self.feasible),
    selfExtraUsd: self.monthlyUsd - api.monthlyUsd,
  };
}

function billingSection(model: TcoModel, d: Deployment): BillingSection {
  const tasks = model.tasks;
  const view = billingView(
    model.finance,
    model.shape,
    model.paidHoursPerMonth,
    d.cost.gpu,
    // The replicas the busiest hour needs, for the per-hour autoscaling figure (billing.ts).
    d.feasible && model.tasksPerReplica !== null && model.tasksPerReplica > 0
      ? {
          peakLoad: tasks / model.tasksPerReplica,
          replicas: d.serving,
          spareReplicas: model.spareReplicas,
          unitsPerReplica: model.finance.rentUnit === 'gpu-hour' ? model.gpusPerReplica : model.rates.scaling.nodesPerReplica,
        }
      : null,
  );
  return {
    ...view,
    fleet: d.fleet,
    spot:
      model.spot !== null && d.feasible
        ? spotView(model.spot, peakLoadOf(model, tasks), d.serving + model.spareReplicas, {
            onDemand: model.spot.onDemandPerReplicaHour,
            spot: model.spot.spotPerReplicaHour,
          })
        : null,
  };
}

function shapeSection(model: TcoModel, profileMode: 'peak-to-average' | 'weekly'): ShapeSection {
  return {
    mode: profileMode,
    peakToAverage: model.shape.peakToAverage,
    // The hours the replicas run and are paid for (billing.ts): 730 reserved, the hours with demand at zero.
    runningHoursPerMonth: model.paidHoursPerMonth,
    offScheduleShare: model.shape.offScheduleShare,
    notes: model.shape.notes,
  };
}

/** The evaluation of a built model: each section from its own builder (above), composed here. */
export function evaluateModel(
  model: TcoModel,
  profileMode: 'peak-to-average' | 'weekly',
  limits: ApiLimits = { rpm: null, tpm: null },
  options: EvaluateOptions = {},
): TcoEvaluation {
  const deployment = deploymentAt(model, profileMode);
  const api = apiSection(model);
  const selfHosted = selfHostedSection(model, deployment);
  const hybrid = hybridSection(model, deployment, options);
  const breakEven = breakEvenView(model, options.breakEven === false ? NOT_COMPUTED : solveBreakEven(model));
  return {
    acceptance: { api: model.acceptanceApi, selfHosted: model.acceptanceSelf },
    volume: volumeSection(model, deployment),
    api,
    selfHosted,
    hybrid,
    breakEven,
    verdict: verdictSection(model, api, selfHosted, hybrid),
    rateLimits: checkRateLimits(model, model.tasks, hybrid.replicas, limits),
    billing: billingSection(model, deployment),
    horizon: horizonView(model, { ...(options.hybrid === false ? { hybrid: 'none' as const } : {}), lean: options.lean === true }),
    shape: shapeSection(model, profileMode),
    curves:
      options.curves === false
        ? { unit: 'tasks', tokensPerTask: 0, xMax: 0, api: [], selfHosted: [], hybrid: [], current: model.tasks, breakEven: null }
        : costCurves(model, breakEven.tasksPerMonth),
  };
}

export function evaluateTco(scenario: TcoScenario, options: EvaluateOptions = {}): TcoEvaluation {
  const model = buildModel(scenario, options.shape ?? demandShape(scenario), options.capacity ?? resolveCapacity(scenario.selfHosted));
  return evaluateModel(model, scenario.workload.profileMode, { rpm: scenario.api.rateLimitRpm, tpm: scenario.api.rateLimitTpm }, options);
}
