import { evaluateTco, type TcoEvaluation } from '../core/tco/evaluate';
import type { TcoScenario } from '../core/tco/model';
import { summarizeWorkload, type WorkloadSummary } from '../core/tco/workload';
import type { Scenario } from '../core/scenario/schema';

/**
 * The two computations the first view shows (the footer's volume figure and the TCO verdict),
 * as a small module the client runs on the main thread while the worker is still loading: the
 * first result then waits for neither the worker's script nor its start-up. Each is a few
 * milliseconds (bench: full evaluation ≤ 5 ms), the same core functions the worker runs, so the
 * figures are the same. Once a worker has answered a call, everything goes to it.
 */
export const firstViewApi = {
  summarizeWorkload(scenario: Pick<Scenario, 'workload' | 'api' | 'fx'>): WorkloadSummary {
    return summarizeWorkload(scenario);
  },
  evaluateTco(scenario: TcoScenario): TcoEvaluation {
    return evaluateTco(scenario);
  },
};

export type FirstViewMethod = keyof typeof firstViewApi;
