import { allClaimChecks, claimChecksForPreset, type ClaimCheck } from '../core/presets/claims';
import { PRESETS, loadPreset, type PresetId, type PresetLoad } from '../core/presets/presets';
import type { Scenario } from '../core/scenario/schema';
import { evaluateTco, type TcoEvaluation } from '../core/tco/evaluate';
import { createMonteCarlo, type MonteCarloResult } from '../core/tco/monte-carlo';
import { tornado, type Tornado } from '../core/tco/sensitivity';
import { summarizeWorkload, type WorkloadSummary } from '../core/tco/workload';

/**
 * TCO and break-even computations offered to the UI (area A). Plain data in, plain data out.
 *
 * The Monte Carlo run works in slices and yields between them, so the worker keeps answering
 * (a slider drag keeps its evaluations flowing) and a newer run supersedes an older one: the
 * older returns { state: 'superseded' } at its next slice instead of finishing work nobody
 * will look at.
 */
const MONTE_CARLO_SLICE = 2_000;
let monteCarloGeneration = 0;

const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export type MonteCarloAnswer = { state: 'done'; result: MonteCarloResult } | { state: 'superseded' };

export const tcoApi = {
  /** Monthly tokens and the API bill (also used by the shell's footer figure). */
  summarizeWorkload(scenario: Scenario): WorkloadSummary {
    return summarizeWorkload(scenario);
  },

  /** Everything the TCO page shows except the tornado and the Monte Carlo distribution. */
  evaluateTco(scenario: Scenario): TcoEvaluation {
    return evaluateTco(scenario);
  },

  tcoTornado(scenario: Scenario): Tornado {
    return tornado(scenario);
  },

  async tcoMonteCarlo(scenario: Scenario, options: { samples?: number; seed?: number } = {}): Promise<MonteCarloAnswer> {
    const generation = ++monteCarloGeneration;
    const run = createMonteCarlo(scenario, options);
    while (!run.done()) {
      run.step(MONTE_CARLO_SLICE);
      if (run.done()) break;
      await nextTurn();
      if (generation !== monteCarloGeneration) return { state: 'superseded' };
    }
    return { state: 'done', result: run.result() };
  },

  tcoPresets(): { id: PresetId; article: string }[] {
    return PRESETS.map((p) => ({ id: p.id, article: p.article }));
  },

  /** A preset as a complete scenario, validated like any imported document. */
  tcoLoadPreset(id: string): PresetLoad {
    return loadPreset(id);
  },

  tcoClaimChecks(presetId: PresetId | null): ClaimCheck[] {
    return presetId === null ? allClaimChecks() : claimChecksForPreset(presetId);
  },
};
