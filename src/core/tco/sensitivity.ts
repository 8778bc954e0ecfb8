import { resolveCapacity, sameCapacityInputs, type CapacityResolution } from '../capacity/stored';
import { breakEvenTasks } from './break-even';
import { UNCERTAIN_INPUTS, UNCERTAINTY_KEYS, draftOf, rangeFor, type Draft, type InputRange, type UncertaintyKey } from './inputs';
import { apiPerTaskTotal, buildModel, replicasUsed, selfHostedTotal, type TcoModel, type TcoScenario, type TcoUncertainScenario } from './model';
import { demandShape, type DemandShape } from './profile';
import { triangularCdf } from './random';
import { horizonOutcome } from './horizon';
import { decidedHybridReplicas, optionSaving, testedOption, type TestedOption } from './recommended';

/**
 * Sensitivity (tornado): each input swung to its low and high end (user range or ± the
 * sensitivity share, 20 % by default) with all others at base; which inputs move the monthly
 * saving of the recommended option against the API (the hybrid when it wins, else
 * self-hosting: recommended.ts) or the break-even volume the most, and where between the base
 * and an end a replica step is crossed (with the saving on both sides of it and the probability
 * of landing beyond it).
 */

/** Break-even summarised for comparisons: tokens per month, or why there is none. */
export type BreakEvenOutcome = { kind: 'at'; tokens: number } | { kind: 'never' } | { kind: 'always' };

/** Monthly saving of self-hosting against the API; null when self-hosting cannot serve the volume. */
export function savingOf(model: TcoModel): number | null {
  const used = replicasUsed(model, model.tasks);
  if (used === null) return null;
  return apiPerTaskTotal(model) * model.tasks - selfHostedTotal(model, used, model.tasks);
}

export function breakEvenOutcome(model: TcoModel): BreakEvenOutcome {
  const be = breakEvenTasks(model);
  if (be.kind === 'at') return { kind: 'at', tokens: be.tasks * model.mix.totalTokens };
  return { kind: be.kind };
}

/**
 * Where an input's swing from its base towards one end crosses a replica step: the input value
 * at the step, the replicas beyond it, the saving of the tested option just before and just
 * after it (the jump the step costs), and the probability that the input lands beyond the
 * step on the triangular distribution (low, base, high) the Monte Carlo draws it from.
 */
export interface ReplicaStep {
  at: number;
  replicas: number;
  savingBefore: number | null;
  savingAfter: number | null;
  probability: number;
}

export interface TornadoRow extends InputRange {
  /** Monthly saving of the tested option (Tornado.option) at the low and high end. */
  savingLow: number | null;
  savingHigh: number | null;
  /** Replicas self-hosting runs at each end; a difference from the base means a step is crossed. */
  replicasLow: number | null;
  replicasHigh: number | null;
  /** The first replica step between the base and each end; null when the replicas stay the base's. */
  stepLow: ReplicaStep | null;
  stepHigh: ReplicaStep | null;
  breakEvenLow: BreakEvenOutcome;
  breakEvenHigh: BreakEvenOutcome;
  /** |saving(high) − saving(low)|; an end where self-hosting cannot serve counts as the full swing to the other end. */
  savingSwing: number;
  /** NPV of the tested option against the API over the horizon at each end (null where it has none), and its swing. */
  npvLow: number | null;
  npvHigh: number | null;
  npvSwing: number;
  /** |break-even(high) − break-even(low)| in tokens; null when an end has no break-even. */
  breakEvenSwing: number | null;
  /** One end has a break-even and the other does not: the input decides whether self-hosting can ever win. */
  breakEvenFlips: boolean;
}

export interface Tornado {
  /** The option whose saving against the API the rows swing (recommended.ts). */
  option: TestedOption;
  /** Replicas self-hosting runs in the base scenario. */
  baseReplicas: number | null;
  baseSaving: number | null;
  /** The hybrid's owned replicas, decided on the base scenario and kept at every swing (0 when self-hosting is tested). */
  hybridReplicas: number;
  baseNpv: number | null;
  baseBreakEven: BreakEvenOutcome;
  /** Rows sorted by saving swing, largest first. */
  bySaving: TornadoRow[];
  /** Rows sorted by break-even movement: flips first, then by swing. */
  byBreakEven: TornadoRow[];
  /** Rows sorted by NPV swing, largest first. */
  byNpv: TornadoRow[];
}

/**
 * Builds the model of a draft, reusing the base demand shape unless the input reshapes it, and
 * the base capacity resolution (when given) while the draft's capacity inputs are the base's.
 */
export function modelOfDraft(scenario: TcoScenario, draft: Draft, baseShape: DemandShape, reshaped: boolean, baseCapacity?: CapacityResolution): TcoModel {
  const s: TcoScenario = { ...scenario, workload: draft.workload, api: draft.api, selfHosted: draft.selfHosted };
  const capacity = baseCapacity && sameCapacityInputs(draft.selfHosted, scenario.selfHosted) ? baseCapacity : resolveCapacity(draft.selfHosted);
  return buildModel(s, reshaped ? demandShape(s) : baseShape, capacity);
}

function swingTo(scenario: TcoUncertainScenario, key: UncertaintyKey, v: number, baseShape: DemandShape): TcoModel {
  const draft = draftOf(scenario);
  const input = UNCERTAIN_INPUTS[key];
  input.set(draft, v);
  return modelOfDraft(scenario, draft, baseShape, input.shape);
}

/** Halvings of the base-to-end interval when locating a step: (end − base) / 2⁴⁰ is far below any unit shown. */
const STEP_SEARCH = 40;

/**
 * The first replica step between the base value and the end `to`, by bisection: the replica
 * count is a step function of each input, so the interval keeps one side at the base's count
 * and the other beyond it.
 */
function replicaStep(
  scenario: TcoUncertainScenario,
  range: InputRange,
  to: number,
  baseReplicas: number,
  baseShape: DemandShape,
  saving: (m: TcoModel) => number | null,
): ReplicaStep | null {
  const key = range.key;
  const replicasAt = (m: TcoModel) => replicasUsed(m, m.tasks);
  let after = swingTo(scenario, key, to, baseShape);
  const endReplicas = replicasAt(after);
  if (endReplicas === null || endReplicas === baseReplicas) return null;
  let before = swingTo(scenario, key, range.base, baseShape);
  let a = range.base;
  let b = to;
  for (let i = 0; i < STEP_SEARCH; i++) {
    const mid = (a + b) / 2;
    if (mid === a || mid === b) break;
    const m = swingTo(scenario, key, mid, baseShape);
    if (replicasAt(m) === baseReplicas) {
      a = mid;
      before = m;
    } else {
      b = mid;
      after = m;
    }
  }
  const at = (a + b) / 2;
  const below = triangularCdf(at, range.low, range.base, range.high);
  return {
    at,
    replicas: replicasAt(after) ?? endReplicas,
    savingBefore: saving(before),
    savingAfter: saving(after),
    probability: to < range.base ? below : 1 - below,
  };
}

export function tornado(scenario: TcoUncertainScenario): Tornado {
  const baseShape = demandShape(scenario);
  const baseModel = buildModel(scenario, baseShape);
  const baseDraft = draftOf(scenario);
  const option = testedOption(baseModel);
  const k = decidedHybridReplicas(baseModel, option);
  const saving = (m: TcoModel) => (option === 'self-hosted' ? savingOf(m) : optionSaving(m, option, k));
  const npv = (m: TcoModel) => horizonOutcome(m, option, k).npvUsd;
  const baseNpv = npv(baseModel);
  const baseReplicas = replicasUsed(baseModel, baseModel.tasks);
  const rows: TornadoRow[] = [];
  for (const key of UNCERTAINTY_KEYS) {
    const input = UNCERTAIN_INPUTS[key];
    if (!input.applies(baseDraft)) continue;
    const range = rangeFor(scenario, key);
    const lowModel = swingTo(scenario, key, range.low, baseShape);
    const highModel = swingTo(scenario, key, range.high, baseShape);
    const savingLow = saving(lowModel);
    const savingHigh = saving(highModel);
    const breakEvenLow = breakEvenOutcome(lowModel);
    const breakEvenHigh = breakEvenOutcome(highModel);
    let savingSwing: number;
    if (savingLow !== null && savingHigh !== null) savingSwing = Math.abs(savingHigh - savingLow);
    else {
      const other = savingLow ?? savingHigh;
      const base = saving(baseModel);
      savingSwing = other !== null && base !== null ? Math.abs(other - base) : 0;
    }
    const bothAt = breakEvenLow.kind === 'at' && breakEvenHigh.kind === 'at';
    const npvLow = npv(lowModel);
    const npvHigh = npv(highModel);
    const npvOther = npvLow ?? npvHigh;
    const npvSwing =
      npvLow !== null && npvHigh !== null ? Math.abs(npvHigh - npvLow) : npvOther !== null && baseNpv !== null ? Math.abs(npvOther - baseNpv) : 0;
    const stepTo = (to: number) => (baseReplicas === null || to === range.base ? null : replicaStep(scenario, range, to, baseReplicas, baseShape, saving));
    rows.push({
      ...range,
      savingLow,
      savingHigh,
      replicasLow: replicasUsed(lowModel, lowModel.tasks),
      replicasHigh: replicasUsed(highModel, highModel.tasks),
      stepLow: stepTo(range.low),
      stepHigh: stepTo(range.high),
      breakEvenLow,
      breakEvenHigh,
      savingSwing,
      npvLow,
      npvHigh,
      npvSwing,
      breakEvenSwing: bothAt ? Math.abs(breakEvenHigh.tokens - breakEvenLow.tokens) : null,
      breakEvenFlips: breakEvenLow.kind !== breakEvenHigh.kind,
    });
  }
  const bySaving = [...rows].sort((a, b) => b.savingSwing - a.savingSwing || a.key.localeCompare(b.key));
  const byBreakEven = [...rows].sort(
    (a, b) => Number(b.breakEvenFlips) - Number(a.breakEvenFlips) || (b.breakEvenSwing ?? -1) - (a.breakEvenSwing ?? -1) || a.key.localeCompare(b.key),
  );
  const byNpv = [...rows].sort((a, b) => b.npvSwing - a.npvSwing || a.key.localeCompare(b.key));
  return {
    option,
    baseReplicas,
    baseSaving: saving(baseModel),
    hybridReplicas: k,
    baseNpv,
    baseBreakEven: breakEvenOutcome(baseModel),
    bySaving,
    byBreakEven,
    byNpv,
  };
}
