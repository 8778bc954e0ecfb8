import { resolveCapacity, type CapacityResolution } from '../capacity/stored';
import { HOURS_PER_MONTH, HOURS_PER_WEEK, type Scenario } from '../scenario/schema';
import { fleetCap, fleetOf, paidReplicaHours, type Fleet } from './autoscaling';
import { spotFleetOf, type SpotFleet } from './spot';
import { billingMode, burstOf, mixedMonthlyUsd, paidHoursPerMonth, rentRate, reservedCostFactor, type Burst } from './billing';
import { capitalMonthly } from './capital';
import { demandShape, type DemandShape } from './profile';
import { DECODE_RATE_FACTOR, PREFILL_RATE_FACTOR, carriedBySplit } from './pools';
import { sizeRequest, type Sizing } from './sizing';
import { opsCostAt, scalingPerReplica, scalingRates, staffCostAt, type ScalingRates } from './staff';
import { apiBill, taskMix, type ApiBill, type TaskMix } from './workload';

/**
 * The scenario reduced to the numbers every TCO computation needs (SPEC §3). Built once per
 * evaluation; the break-even search, hybrid sizing, tornado and Monte Carlo only scale it.
 *
 * Acceptance (article 003's unit): both sides must deliver the same accepted work, which is
 * the workload's tasks at the API's acceptance rate. The API bill is for the workload as
 * entered; the self-hosted side attempts `selfAttemptFactor` = acceptance API ÷ acceptance
 * self-hosted tasks per workload task (it re-runs what it additionally rejects, or needs fewer
 * attempts when it is better), and its capacity is sized for those attempts. When the API
 * accepts nothing, the self-hosted side's own accepted work is the reference.
 */

/**
 * What the TCO model reads of a scenario, and nothing more: the worker's TCO methods take this
 * (a whole `Scenario` fits it too), so a query keyed on these sections sends exactly them.
 */
/** The TCO inputs; `usage` (where the workload came from) only places a schedule given in its own zone. */
export type TcoScenario = Pick<Scenario, 'workload' | 'api' | 'selfHosted' | 'fx'> & { pilot: Pick<Scenario['pilot'], 'staffHoursPerYear'> } & Partial<
    Pick<Scenario, 'usage'>
  >;
/** The TCO inputs plus the uncertainty ranges: what the tornado and the Monte Carlo read. */
export type TcoUncertainScenario = TcoScenario & Pick<Scenario, 'uncertainty'>;

/** The sections of a scenario the TCO evaluation reads (copies no values). */
export function tcoScenarioOf(s: TcoScenario): TcoScenario {
  return {
    workload: s.workload,
    api: s.api,
    selfHosted: s.selfHosted,
    fx: s.fx,
    pilot: { staffHoursPerYear: s.pilot.staffHoursPerYear },
    ...usageForSchedule(s),
  };
}

/**
 * The usage section when the schedule names a zone of its own (it then needs the usage week's
 * zone and days, profile.ts scheduleShiftHours); nothing otherwise, so that a reduced scenario
 * and its cache key do not change with the usage files when they cannot matter.
 */
export function usageForSchedule(s: Pick<Scenario, 'selfHosted'> & Partial<Pick<Scenario, 'usage'>>): Partial<Pick<Scenario, 'usage'>> {
  return s.usage !== undefined && s.selfHosted.scheduleTimeZone !== null ? { usage: s.usage } : {};
}

/** The sections of a scenario the tornado and the Monte Carlo read. */
export function tcoUncertainScenarioOf(s: TcoUncertainScenario): TcoUncertainScenario {
  return { ...tcoScenarioOf(s), uncertainty: s.uncertainty };
}

/** Replicas a deployment may have (schema limit); "within capacity" means within this. */
export const MAX_REPLICAS = 64;
/** Below this a replica's throughput counts as none (1 token per ~12 days). */
export const MIN_TOKENS_PER_SECOND = 1e-6;
/** Acceptance below this counts as none. */
export const MIN_ACCEPTANCE = 1e-9;

export interface SelfHostedCostRates {
  /** Monthly GPU cost of one replica: rent, or capex amortisation in buy mode. */
  gpuPerReplica: number;
  /**
   * The GPU price as entered and what one unit of it adds to `gpuPerReplica` (the cost is
   * linear in it): per GPU-hour or node-hour when rented, per GPU when bought.
   */
  gpuPrice: { unit: 'gpu-hour' | 'node-hour' | 'gpu'; usd: number; monthlyPerReplicaPerUsd: number };
  /**
   * Monthly power cost of one replica while it runs (buy mode only; rent includes power): the
   * rated draw, or the idle draw plus the rest of the server when power follows utilisation.
   */
  powerPerReplica: number;
  /** Power cost of the busy time one workload task takes beyond the idle draw (utilisation mode; else 0). */
  energyPerTask: number;
  /** Staff and fixed costs and how they grow with the deployment (staff.ts). */
  scaling: ScalingRates;
}

export interface TcoModel {
  mix: TaskMix;
  /** Tasks per month attempted (the volume as entered). */
  tasks: number;
  /** API bill per workload task (per "month as entered" when tasks are not counted). */
  apiPerTask: ApiBill;
  acceptanceApi: number;
  acceptanceSelf: number;
  /** Self-hosted attempts per workload task; null when self-hosting accepts nothing. */
  selfAttemptFactor: number | null;
  /** Accepted tasks per workload task for the reference (API, or self-hosted if the API accepts none). */
  referenceAcceptance: number;
  /** Whether throughput counts output tokens only or input + output. */
  basis: 'output' | 'total';
  /**
   * Tokens in which capacity is shown: the throughput's basis, or input + output when the
   * workload has no output (output tokens would count nothing).
   */
  capacityBasis: 'output' | 'total';
  /** Tokens of the capacity basis one self-hosted attempt needs (incl. its retries). */
  basisTokensPerAttempt: number;
  /** The throughput figure as entered (tokens/s of its basis at its own lengths). */
  tokensPerSecond: number;
  /** How a request of this workload is sized from the figure (null without throughput). */
  sizing: Sizing | null;
  /** Replica-seconds one self-hosted attempt takes, incl. its retries; 0 when it has no tokens. */
  secondsPerAttempt: number;
  /**
   * Capacity-basis tokens/s one replica delivers at full speed on this workload's mix:
   * basis tokens per attempt ÷ seconds per attempt (the figure itself when sized as given).
   */
  effectiveTokensPerSecond: number;
  /** Why the self-hosted side cannot carry any volume; null when it can. */
  blocked: ServingBlock | null;
  maxUtilisation: number;
  shape: DemandShape;
  /**
   * Workload tasks per month one serving replica can carry at the peak hour; null when it
   * can carry any volume (no tokens per task), 0 when it carries none (no throughput, demand
   * outside the schedule, nothing accepted).
   */
  tasksPerReplica: number | null;
  replicasEntered: number;
  spareReplicas: 0 | 1;
  rates: SelfHostedCostRates;
  /**
   * Mixed billing only (billing.ts): the hours' relative loads and the on-demand rate of the
   * burst above the reserved base; `rates.gpuPerReplica` is then a reserved replica's month.
   */
  burst: Burst | null;
  /**
   * Autoscaled billing only (autoscaling.ts): the week's loads and the policy the replicas follow;
   * `rates.gpuPerReplica` is then one replica running all month.
   */
  fleet: Fleet | null;
  /**
   * Spot billing only (spot.ts): the week's loads and the spot policy; `rates.gpuPerReplica` is
   * then one spot replica's expected month (spot rent and on-demand stand-ins), a base replica on
   * demand costing `baseFactor` × as much.
   */
  spot: (SpotFleet & { baseFactor: number; onDemandPerReplicaHour: number; spotPerReplicaHour: number }) | null;
  /**
   * Disaggregated pools (pools.ts): workload tasks a month one prefill and one decode worker
   * carry at the peak hour at their rate-matching factors; a "replica" is then one worker.
   * Null for aggregated replicas.
   */
  pools: {
    prefill: number;
    decode: number;
    /** The scenario's rates per worker (requests/s at the TTFT and ITL targets) and where they come from. */
    rates: NonNullable<Scenario['selfHosted']['pools']>;
    /** Requests/s at the peak hour per workload task a month. */
    peakRequestsPerTask: number;
  } | null;
  /** Hours a month each replica is paid for and can serve (billing.ts). */
  paidHoursPerMonth: number;
  gpusPerReplica: number;
  /** The cost-side inputs the evaluation's billing, capital and horizon figures read (billing.ts, capital.ts, horizon.ts). */
  finance: Pick<
    Scenario['selfHosted'],
    | 'costMode'
    | 'billing'
    | 'spot'
    | 'rentUnit'
    | 'rentPrice'
    | 'capital'
    | 'outlook'
    | 'horizonMonths'
    | 'amortisationMonths'
    | 'oneTimeUsd'
    | 'capexPerGpu'
    | 'infraOverheadShare'
    | 'residualShare'
    | 'terminalValue'
    | 'ramp'
    | 'tax'
  >;
}

export type ServingBlock = 'self-accepts-nothing' | 'no-throughput' | 'throughput-not-sizable' | 'demand-outside-schedule';

export interface SelfHostedCost {
  servingReplicas: number;
  totalReplicas: number;
  gpu: number;
  power: number;
  staff: number;
  ops: number;
  total: number;
}

/** Rent units of one replica: its GPUs, or its nodes when rent is per node-hour. */
function rentUnits(s: Pick<Scenario['selfHosted'], 'rentUnit' | 'gpusPerReplica' | 'gpusPerNode'>): number {
  return s.rentUnit === 'gpu-hour' ? s.gpusPerReplica : Math.ceil(s.gpusPerReplica / s.gpusPerNode);
}

function costRates(s: Scenario['selfHosted'], runningHours: number, staffHoursPerYear: number, secondsPerTask: number): SelfHostedCostRates {
  const gpus = s.gpusPerReplica;
  let gpuPerReplica: number;
  let gpuPrice: SelfHostedCostRates['gpuPrice'];
  let powerPerReplica = 0;
  let energyPerTask = 0;
  if (s.costMode === 'rent') {
    // Rented capacity is billed for its paid hours (billing.ts): the running hours on demand
    // (730, or the schedule's), 730 reserved at the reserved rate, the hours with demand at zero.
    // Reserved with an upfront part: that part is cash at signing, carried at the WACC as a
    // level monthly cost over the term (billing.ts, reservedCostFactor; 1 without a WACC).
    const units = rentUnits(s);
    const rate = rentRate(s);
    const mode = billingMode(s);
    const factor = mode === 'reserved' || mode === 'mixed' ? reservedCostFactor(s.billing, s.capital) : 1;
    gpuPerReplica = units * rate * runningHours * factor;
    gpuPrice = { unit: s.rentUnit, usd: rate, monthlyPerReplicaPerUsd: units * runningHours * factor };
    if (mode === 'spot') {
      // A spot replica's expected month: spot rent for every hour plus the on-demand stand-ins
      // of its preemptions (spot.ts). The tornado moves the spot and on-demand rates together.
      const standIn = s.spot.fallback === 'on-demand' ? s.spot.replacementSeconds / 3600 : 0;
      gpuPerReplica = units * runningHours * (s.spot.spotPrice + s.spot.preemptionsPerReplicaHour * standIn * s.rentPrice);
      gpuPrice = { unit: s.rentUnit, usd: rate, monthlyPerReplicaPerUsd: rate > 0 ? gpuPerReplica / rate : units * runningHours };
    }
  } else {
    // Reference F2: (capex × (1 + overhead) − residual) / months; the overhead (racks, network,
    // installation) has no resale value, so the residual applies to the hardware alone.
    // (1 + overhead − residual) ≥ 0 as the residual is at most 100 %, so this is linear in the price.
    // With a cost of capital the straight line becomes an annuity (capital.ts); both are linear in the price.
    const hardware = gpus * s.capexPerGpu;
    const capex = hardware * (1 + s.infraOverheadShare);
    const wacc = s.capital;
    gpuPerReplica = capitalMonthly(capex, hardware * s.residualShare, wacc, s.amortisationMonths);
    gpuPrice = {
      unit: 'gpu',
      usd: s.capexPerGpu,
      monthlyPerReplicaPerUsd: gpus * capitalMonthly(1 + s.infraOverheadShare, s.residualShare, wacc, s.amortisationMonths),
    };
    // SPEC §3: GPUs × W × PUE × hours / 1000 × $/kWh (drawn at the rated power while running).
    // Following utilisation (docs/tco.md §3e): idle GPUs and the rest of the server while running,
    // and busy − idle W per GPU for the replica-seconds the work takes.
    const kwhUsd = (watts: number, hours: number) => ((watts * s.pue * hours) / 1000) * s.pricePerKwh;
    if (s.powerDraw.mode === 'utilisation') {
      const nodes = Math.ceil(gpus / s.gpusPerNode);
      powerPerReplica = kwhUsd(gpus * s.powerDraw.idleWattsPerGpu + nodes * s.powerDraw.serverWattsPerNode, runningHours);
      energyPerTask = kwhUsd(gpus * Math.max(0, s.powerWattsPerGpu - s.powerDraw.idleWattsPerGpu), secondsPerTask / 3600);
    } else powerPerReplica = kwhUsd(gpus * s.powerWattsPerGpu, runningHours);
  }
  // Staff (upgrade hours at the loaded cost per working hour, the pilot's rate) and fixed costs,
  // as functions of the replicas running (staff.ts).
  return { gpuPerReplica, gpuPrice, powerPerReplica, energyPerTask, scaling: scalingRates(s, staffHoursPerYear) };
}

/** @param capacity the capacity resolution of `scenario.selfHosted`, when already known. */
export function buildModel(
  scenario: TcoScenario,
  shape: DemandShape = demandShape(scenario),
  capacity: CapacityResolution = resolveCapacity(scenario.selfHosted),
): TcoModel {
  const mix = taskMix(scenario);
  const w = scenario.workload;
  const s = scenario.selfHosted;
  // Acceptance below one task in a billion counts as none (it would only overflow the numbers).
  const acceptanceApi = w.acceptanceApi >= MIN_ACCEPTANCE ? w.acceptanceApi : 0;
  const acceptanceSelf = w.acceptanceSelfHosted >= MIN_ACCEPTANCE ? w.acceptanceSelfHosted : 0;
  const referenceAcceptance = acceptanceApi > 0 ? acceptanceApi : acceptanceSelf;
  const selfAttemptFactor = acceptanceSelf > 0 ? referenceAcceptance / acceptanceSelf : null;
  // The throughput of one replica: the operating point of the capacity series at the SLO
  // (docs/capacity.md), or the single figure when no series is chosen. None qualifying = none.
  const throughput = {
    ...s.throughput,
    tokensPerSecond: capacity.tokensPerSecond,
    atInputTokens: capacity.atInputTokens,
    atOutputTokens: capacity.atOutputTokens,
  };
  const tps = throughput.tokensPerSecond >= MIN_TOKENS_PER_SECOND ? throughput.tokensPerSecond : 0;
  const shapeFactor = shape.peakFactor;
  const sizing = tps > 0 ? sizeRequest(throughput, tps, mix) : null;
  const perRequest = mix.perRequest;
  const inputOnly = perRequest.billedOutputTokens <= 0 && perRequest.inputTokens > 0;
  const capacityBasis: 'output' | 'total' = s.throughput.basis === 'total' || inputOnly ? 'total' : 'output';
  const basisPerRequest = capacityBasis === 'output' ? perRequest.billedOutputTokens : perRequest.inputTokens + perRequest.billedOutputTokens;
  const basisPerTask = basisPerRequest * mix.selfRetryFactor;
  // Pools: a request takes 1 ÷ (0.9 P) seconds of a prefill worker and 1 ÷ (0.92 D) of a decode
  // worker at their rate-matching factors (the workers' utilisation cap), 1 ÷ P + 1 ÷ D at full speed.
  const pools = s.pools;
  const poolRates = pools !== null && pools.prefillRequestsPerSecond > 0 && pools.decodeRequestsPerSecond > 0 ? pools : null;
  const poolSeconds = poolRates
    ? 1 / (PREFILL_RATE_FACTOR * poolRates.prefillRequestsPerSecond) + 1 / (DECODE_RATE_FACTOR * poolRates.decodeRequestsPerSecond)
    : 0;
  const busySecondsPerRequest = poolRates
    ? 1 / poolRates.prefillRequestsPerSecond + 1 / poolRates.decodeRequestsPerSecond
    : sizing?.ok
      ? sizing.secondsPerRequest
      : 0;
  const secondsPerAttempt = pools !== null ? poolSeconds * mix.selfRetryFactor : sizing?.ok ? sizing.secondsPerRequest * mix.selfRetryFactor : 0;
  const effectiveTokensPerSecond =
    pools !== null
      ? poolSeconds > 0
        ? basisPerRequest / poolSeconds
        : 0
      : sizing?.ok && sizing.secondsPerRequest > 0
        ? basisPerRequest / sizing.secondsPerRequest
        : tps;
  // The pools' factors replace the utilisation cap.
  const maxUtilisation = pools !== null ? 1 : s.maxUtilisation;

  let blocked: ServingBlock | null = null;
  if (selfAttemptFactor === null) blocked = 'self-accepts-nothing';
  else if (pools !== null ? poolRates === null : tps <= 0) blocked = 'no-throughput';
  else if (pools === null && sizing !== null && !sizing.ok) blocked = 'throughput-not-sizable';
  else if (shapeFactor === null) blocked = 'demand-outside-schedule';

  const paidHours = paidHoursPerMonth(s, shape);
  let tasksPerReplica: number | null;
  const secondsPerTask = secondsPerAttempt * (selfAttemptFactor ?? 0);
  if (blocked !== null || shapeFactor === null) tasksPerReplica = 0;
  else if (secondsPerTask <= 0) tasksPerReplica = null;
  else {
    // One replica is busy at most maxU of each running hour; the peak hour runs at
    // (average × peakFactor), average = tasks × replica-seconds per task / (730 h × 3600 s).
    tasksPerReplica = (maxUtilisation * HOURS_PER_MONTH * 3600) / (secondsPerTask * shapeFactor);
  }
  const perTask = (mix.selfRetryFactor * (selfAttemptFactor ?? 0) * (shapeFactor ?? 0)) / (HOURS_PER_MONTH * 3600);
  const workers =
    poolRates && blocked === null && perTask > 0
      ? {
          prefill: (PREFILL_RATE_FACTOR * poolRates.prefillRequestsPerSecond) / perTask,
          decode: (DECODE_RATE_FACTOR * poolRates.decodeRequestsPerSecond) / perTask,
          rates: poolRates,
          peakRequestsPerTask: perTask,
        }
      : null;
  return {
    mix,
    tasks: mix.tasksPerMonth,
    apiPerTask: apiBill(mix, scenario, 1),
    acceptanceApi,
    acceptanceSelf,
    selfAttemptFactor,
    referenceAcceptance,
    basis: s.throughput.basis,
    capacityBasis,
    basisTokensPerAttempt: basisPerTask,
    tokensPerSecond: tps,
    sizing,
    secondsPerAttempt,
    effectiveTokensPerSecond,
    blocked,
    maxUtilisation,
    shape,
    tasksPerReplica,
    replicasEntered: s.replicas,
    spareReplicas: s.redundancy === 'n-plus-1' ? 1 : 0,
    rates: costRates(s, paidHours, scenario.pilot.staffHoursPerYear, busySecondsPerRequest * mix.selfRetryFactor * (selfAttemptFactor ?? 0)),
    burst: billingMode(s) === 'mixed' ? burstOf(shape, rentUnits(s) * s.rentPrice) : null,
    fleet: billingMode(s) === 'autoscaled' ? fleetOf(shape, s.autoscaling, maxUtilisation, s.billing.coldStartSeconds) : null,
    spot: billingMode(s) === 'spot' ? spotModel(s, shape) : null,
    pools: workers,
    paidHoursPerMonth: paidHours,
    gpusPerReplica: s.gpusPerReplica,
    finance: {
      costMode: s.costMode,
      billing: s.billing,
      spot: s.spot,
      rentUnit: s.rentUnit,
      rentPrice: s.rentPrice,
      capital: s.capital,
      outlook: s.outlook,
      horizonMonths: s.horizonMonths,
      amortisationMonths: s.amortisationMonths,
      oneTimeUsd: s.oneTimeUsd,
      capexPerGpu: s.capexPerGpu,
      infraOverheadShare: s.infraOverheadShare,
      residualShare: s.residualShare,
      terminalValue: s.terminalValue,
      ramp: s.ramp,
      tax: s.tax,
    },
  };
}

/**
 * Whether owned replicas can serve any of the work: all of it, or (demand partly outside the
 * schedule) the hours they run.
 */
export function servesAnyWork(model: Pick<TcoModel, 'blocked'>): boolean {
  return model.blocked === null || model.blocked === 'demand-outside-schedule';
}

/**
 * How a cost function prices the replicas: as the self-hosted deployment (in mixed billing its
 * reserved base and the on-demand burst above it), or as the hybrid's owned replicas facing a
 * demand of `owned` tasks a month (in mixed billing all reserved, the hybrid's burst going to the
 * API; autoscaled, following that whole demand up to their number).
 */
export type Pricing = 'deployment' | { owned: number };

function spotModel(s: Scenario['selfHosted'], shape: DemandShape): NonNullable<TcoModel['spot']> {
  const units = rentUnits(s);
  const fleet = spotFleetOf(shape, s.spot, s.billing.coldStartSeconds);
  const onDemand = units * s.rentPrice;
  const spot = units * s.spot.spotPrice;
  const expected = spot + s.spot.preemptionsPerReplicaHour * fleet.standInHours * onDemand;
  return { ...fleet, baseFactor: expected > 0 ? onDemand / expected : 1, onDemandPerReplicaHour: onDemand, spotPerReplicaHour: spot };
}

/** Replicas the busiest hour needs to carry `tasks` a month (fractional; 0 when one replica carries any volume). */
export function peakLoad(model: Pick<TcoModel, 'tasksPerReplica'>, tasks: number): number {
  const k = model.tasksPerReplica;
  return k !== null && k > 0 ? Math.max(0, tasks) / k : 0;
}

/**
 * Monthly GPU cost of n serving replicas plus the spare: per replica, the mixed split, or the
 * autoscaled fleet's paid replica-hours (the hybrid's owned replicas autoscale up to n).
 */
function gpuCost(model: TcoModel, servingReplicas: number, tasksServed: number, pricing: Pricing): number {
  const r = model.rates;
  if (model.fleet !== null) {
    const load = peakLoad(model, pricing === 'deployment' ? tasksServed : pricing.owned);
    const cap = pricing === 'deployment' ? fleetCap(model.fleet, load) : Math.min(servingReplicas, fleetCap(model.fleet, load));
    // The spare stands by around the clock.
    return (model.spareReplicas + paidReplicaHours(model.fleet, load, cap) / HOURS_PER_WEEK) * r.gpuPerReplica;
  }
  if (model.spot !== null) {
    // Spot replicas at their expected month, the base ones on demand (never preempted).
    const total = servingReplicas + model.spareReplicas;
    const base = model.spot.policy.fallback === 'base' ? Math.min(total, model.spot.policy.baseReplicas) : 0;
    return (total + base * (model.spot.baseFactor - 1)) * r.gpuPerReplica;
  }
  if (model.burst === null || pricing !== 'deployment') return (servingReplicas + model.spareReplicas) * r.gpuPerReplica;
  // The spare is reserved: it stands by around the clock.
  return model.spareReplicas * r.gpuPerReplica + mixedMonthlyUsd(model.burst, r.gpuPerReplica, peakLoad(model, tasksServed), servingReplicas);
}

/**
 * Monthly self-hosted cost with n serving replicas (plus the N+1 spare) serving `tasksServed`
 * workload tasks a month (their busy power, when power follows utilisation); nothing at n = 0.
 */
export function selfHostedCost(model: TcoModel, servingReplicas: number, tasksServed: number, pricing: Pricing = 'deployment'): SelfHostedCost {
  if (servingReplicas <= 0) return { servingReplicas: 0, totalReplicas: 0, gpu: 0, power: 0, staff: 0, ops: 0, total: 0 };
  const total = servingReplicas + model.spareReplicas;
  const r = model.rates;
  const gpu = gpuCost(model, servingReplicas, tasksServed, pricing);
  const power = total * r.powerPerReplica + r.energyPerTask * Math.max(0, tasksServed);
  const staff = staffCostAt(r.scaling, total);
  const ops = opsCostAt(r.scaling, total);
  return { servingReplicas, totalReplicas: total, gpu, power, staff, ops, total: gpu + power + staff + ops };
}

/** Total monthly self-hosted cost with n serving replicas serving `tasksServed` tasks (hot path of the searches). */
export function selfHostedTotal(model: TcoModel, servingReplicas: number, tasksServed: number, pricing: Pricing = 'deployment'): number {
  if (servingReplicas <= 0) return 0;
  const r = model.rates;
  const total = servingReplicas + model.spareReplicas;
  return (
    gpuCost(model, servingReplicas, tasksServed, pricing) +
    total * r.powerPerReplica +
    r.energyPerTask * Math.max(0, tasksServed) +
    staffCostAt(r.scaling, total) +
    opsCostAt(r.scaling, total)
  );
}

/** Monthly cost of one more serving replica: GPUs, power, and the staff and node costs it adds (above the on-call minimum). */
export function marginalReplicaCost(model: TcoModel): number {
  return model.rates.gpuPerReplica + model.rates.powerPerReplica + scalingPerReplica(model.rates.scaling);
}

/**
 * Serving replicas needed to carry `tasks` workload tasks per month at the peak hour; null
 * when no number of replicas can (no throughput, demand outside the schedule, self-hosting
 * accepts nothing).
 */
export function replicasNeeded(model: TcoModel, tasks: number): number | null {
  if (tasks <= 0) return 0;
  if (model.pools !== null) {
    const w = poolWorkers(model.pools, tasks);
    return w.prefill + w.decode;
  }
  const k = model.tasksPerReplica;
  if (k === null) return 1;
  if (k <= 0) return null;
  // Tolerance so an exact fit (e.g. 2.0000000001 from rounding) does not add a replica.
  return Math.max(1, Math.ceil(tasks / k - 1e-9));
}

/** Each pool's workers for `tasks` a month at the peak hour (pools.ts; at least one each). */
export function poolWorkers(pools: NonNullable<TcoModel['pools']>, tasks: number): { prefill: number; decode: number } {
  const t = Math.max(0, tasks);
  return { prefill: Math.max(1, Math.ceil(t / pools.prefill - 1e-9)), decode: Math.max(1, Math.ceil(t / pools.decode - 1e-9)) };
}

/**
 * Workload tasks a month n serving replicas carry at the peak hour: n × per replica, or for
 * pools n workers split at best between prefill and decode (none below two).
 */
export function tasksCarried(model: Pick<TcoModel, 'tasksPerReplica' | 'pools'>, n: number): number {
  if (model.pools !== null) return carriedBySplit(n, model.pools.prefill, model.pools.decode);
  const k = model.tasksPerReplica;
  return k === null ? Number.POSITIVE_INFINITY : n * k;
}

/** Replicas the self-hosted option runs: as entered (at least one), more when the peak needs it. */
export function replicasUsed(model: TcoModel, tasks: number): number | null {
  const needed = replicasNeeded(model, tasks);
  if (needed === null) return null;
  return Math.max(1, model.replicasEntered, needed);
}

/** API bill per workload task, total USD. */
export function apiPerTaskTotal(model: TcoModel): number {
  return model.apiPerTask.totalUsd;
}
