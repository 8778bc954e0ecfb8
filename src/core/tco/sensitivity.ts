import { solveBreakEven } from './break-even';
import { UNCERTAIN_INPUTS, UNCERTAINTY_KEYS, draftOf, rangeFor, type Draft, type InputRange, type UncertaintyKey } from './inputs';
import { apiPerTaskTotal, buildModel, replicasUsed, selfHostedTotal, type TcoModel, type TcoScenario, type TcoUncertainScenario } from './model';
import { demandShape, type DemandShape } from './profile';
import { optionSaving, testedOption, type TestedOption } from './recommended';

/**
 * Sensitivity (tornado): each input swung to its low and high end (user range or ± the
 * sensitivity share, 20 % by default) with all others at base; which inputs move the monthly
 * saving of the recommended option against the API (the hybrid when it wins, else
 * self-hosting: recommended.ts) or the break-even volume the most, and at which ends a replica
 * step is crossed.
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
  const be = solveBreakEven(model);
  if (be.kind === 'at') return { kind: 'at', tokens: be.tasks * model.mix.totalTokens };
  return { kind: be.kind };
}

export interface TornadoRow extends InputRange {
  /** Monthly saving of the tested option (Tornado.option) at the low and high end. */
  savingLow: number | null;
  savingHigh: number | null;
  /** Replicas self-hosting runs at each end; a difference from the base means a step is crossed. */
  replicasLow: number | null;
  replicasHigh: number | null;
  breakEvenLow: BreakEvenOutcome;
  breakEvenHigh: BreakEvenOutcome;
  /** |saving(high) − saving(low)|; an end where self-hosting cannot serve counts as the full swing to the other end. */
  savingSwing: number;
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
  baseBreakEven: BreakEvenOutcome;
  /** Rows sorted by saving swing, largest first. */
  bySaving: TornadoRow[];
  /** Rows sorted by break-even movement: flips first, then by swing. */
  byBreakEven: TornadoRow[];
}

/** Builds the model of a draft, reusing the base demand shape unless the input reshapes it. */
export function modelOfDraft(scenario: TcoScenario, draft: Draft, baseShape: DemandShape, reshaped: boolean): TcoModel {
  const s: TcoScenario = { ...scenario, workload: draft.workload, api: draft.api, selfHosted: draft.selfHosted };
  return buildModel(s, reshaped ? demandShape(s) : baseShape);
}

function swingTo(scenario: TcoUncertainScenario, key: UncertaintyKey, v: number, baseShape: DemandShape): TcoModel {
  const draft = draftOf(scenario);
  const input = UNCERTAIN_INPUTS[key];
  input.set(draft, v);
  return modelOfDraft(scenario, draft, baseShape, input.shape);
}

export function tornado(scenario: TcoUncertainScenario): Tornado {
  const baseShape = demandShape(scenario);
  const baseModel = buildModel(scenario, baseShape);
  const baseDraft = draftOf(scenario);
  const option = testedOption(baseModel);
  const saving = (m: TcoModel) => (option === 'self-hosted' ? savingOf(m) : optionSaving(m, option));
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
    rows.push({
      ...range,
      savingLow,
      savingHigh,
      replicasLow: replicasUsed(lowModel, lowModel.tasks),
      replicasHigh: replicasUsed(highModel, highModel.tasks),
      breakEvenLow,
      breakEvenHigh,
      savingSwing,
      breakEvenSwing: bothAt ? Math.abs(breakEvenHigh.tokens - breakEvenLow.tokens) : null,
      breakEvenFlips: breakEvenLow.kind !== breakEvenHigh.kind,
    });
  }
  const bySaving = [...rows].sort((a, b) => b.savingSwing - a.savingSwing || a.key.localeCompare(b.key));
  const byBreakEven = [...rows].sort(
    (a, b) =>
      Number(b.breakEvenFlips) - Number(a.breakEvenFlips) ||
      (b.breakEvenSwing ?? -1) - (a.breakEvenSwing ?? -1) ||
      a.key.localeCompare(b.key),
  );
  return { option, baseReplicas: replicasUsed(baseModel, baseModel.tasks), baseSaving: saving(baseModel), baseBreakEven: breakEvenOutcome(baseModel), bySaving, byBreakEven };
}
