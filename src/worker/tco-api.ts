import { allClaimChecks, claimChecksForPreset, type ClaimCheck } from '../core/presets/claims';
import { loadPreset, type PresetId, type PresetLoad } from '../core/presets/presets';
import type { Scenario } from '../core/scenario/schema';
import { evaluateTco, type TcoEvaluation } from '../core/tco/evaluate';
import type { TcoScenario, TcoUncertainScenario } from '../core/tco/model';
import { createMonteCarlo } from '../core/tco/monte-carlo';
import { tornado, type Tornado } from '../core/tco/sensitivity';
import { summarizeWorkload, type WorkloadSummary } from '../core/tco/workload';
import { CATALOG, planSearchSteps, type PlanConstraints, type PlanInputs, type PlanScenario, type PlanSearch } from '../core/plans/search';
import type { JobRef, MonteCarloAnswer } from './contract';
import { beginJob } from './jobs';

/**
 * TCO and break-even computations offered to the UI (area A). Plain data in, plain data out.
 *
 * Each method takes the scenario sections it reads and nothing more (`TcoScenario`: workload,
 * API, self-hosted, exchange rates and the staff hours per year; plus the uncertainty ranges for
 * the tornado and the Monte Carlo), so a query keyed on those sections sends exactly them.
 *
 * The Monte Carlo run works in slices and yields between them, so the worker keeps answering
 * (a slider drag keeps its evaluations flowing). It stops at its next slice, returning
 * { state: 'superseded' }, when a newer run starts or when the client aborts its job
 * (`abortJob`, sent when the query's signal aborts): work nobody will look at is not finished.
 */
const MONTE_CARLO_SLICE = 2_000;
let monteCarloGeneration = 0;

const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export const tcoApi = {
  /** Monthly tokens and the API bill (also used by the shell's footer figure). */
  summarizeWorkload(scenario: Pick<Scenario, 'workload' | 'api' | 'fx'>): WorkloadSummary {
    return summarizeWorkload(scenario);
  },

  /**
   * The plan search: every GPU, layout, billing mode, hybrid and API offer, priced and ranked (docs/plans.md).
   * @param options.jobId names the search so the client can stop it (`abortJob`) when a newer input supersedes it.
   */
  async searchPlans(scenario: PlanScenario, constraints: PlanConstraints, inputs: PlanInputs = {}, options: JobRef = {}): Promise<PlanSearch> {
    // A turn of the event loop after each replica shape: a cold search on a busy machine takes
    // longer than the heartbeat allows, and other calls wait less. A superseded search stops
    // there, so it no longer competes with the charts' evaluations of the newer input.
    const job = beginJob(options.jobId);
    const steps = planSearchSteps(scenario, constraints, CATALOG, inputs);
    for (;;) {
      const step = steps.next();
      job.slice();
      if (step.done) {
        job.finish('finished');
        return step.value;
      }
      await nextTurn();
      if (job.signal.aborted) {
        job.finish('stopped');
        throw new Error('Plan search superseded');
      }
    }
  },

  /** Everything the TCO page shows except the tornado and the Monte Carlo distribution. */
  evaluateTco(scenario: TcoScenario): TcoEvaluation {
    return evaluateTco(scenario);
  },

  tcoTornado(scenario: TcoUncertainScenario): Tornado {
    return tornado(scenario);
  },

  /** @param options.jobId names the run so the client can stop it (`abortJob`). */
  async tcoMonteCarlo(scenario: TcoUncertainScenario, options: JobRef & { samples?: number; seed?: number } = {}): Promise<MonteCarloAnswer> {
    const generation = ++monteCarloGeneration;
    const job = beginJob(options.jobId);
    const run = createMonteCarlo(scenario, { samples: options.samples, seed: options.seed });
    while (!run.done()) {
      run.step(MONTE_CARLO_SLICE);
      job.slice();
      if (run.done()) break;
      await nextTurn();
      if (generation !== monteCarloGeneration || job.signal.aborted) {
        job.finish('stopped');
        return { state: 'superseded' };
      }
    }
    job.finish('finished');
    return { state: 'done', result: run.result() };
  },

  /** A preset as a complete scenario, validated like any imported document. */
  tcoLoadPreset(id: string): PresetLoad {
    return loadPreset(id);
  },

  tcoClaimChecks(presetId: PresetId | null): ClaimCheck[] {
    return presetId === null ? allClaimChecks() : claimChecksForPreset(presetId);
  },
};
