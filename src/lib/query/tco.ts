import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PlanConstraints, PlanInputs, PlanScenario } from '../../core/plans/search';
import type { PresetId } from '../../core/presets/presets';
import type { TcoEvaluation } from '../../core/tco/evaluate';
import { tcoScenarioOf, tcoUncertainScenarioOf, usageForSchedule, type TcoScenario, type TcoUncertainScenario } from '../../core/tco/model';
import { compute, inputKey, queryClient, type Keyed } from './compute';

/**
 * TCO queries. Each factory reduces the scenario to the sections its worker method reads and
 * builds the query key and the call from that one object, so they cannot drift apart. Results
 * carry `key` (`inputKey` of those sections), which the page compares with its current inputs.
 */
export const tcoKeys = {
  all: ['tco'] as const,
  evaluation: (inputs: TcoScenario) => ['tco', 'evaluate', inputs] as const,
  tornado: (inputs: TcoUncertainScenario) => ['tco', 'tornado', inputs] as const,
  monteCarlo: (inputs: TcoUncertainScenario) => ['tco', 'monte-carlo', inputs] as const,
  claimChecks: (presetId: PresetId | null) => ['tco', 'claim-checks', presetId] as const,
  plans: (sections: PlanScenario, constraints: PlanConstraints, inputs: PlanInputs) => ['tco', 'plans', sections, constraints, inputs] as const,
};

export function tcoEvaluationQuery(scenario: TcoScenario) {
  const inputs = tcoScenarioOf(scenario);
  return queryOptions({
    queryKey: tcoKeys.evaluation(inputs),
    queryFn: async ({ signal }): Promise<Keyed<TcoEvaluation>> => ({
      key: inputKey(inputs),
      value: await compute.evaluateTco(inputs, { signal }),
    }),
    placeholderData: keepPreviousData,
  });
}

/** The plan search over the sections it reads (the hardware section too: each candidate's fit). */
/** @param inputs the runs database's series and the list prices of the model (what the search reads besides the scenario). */
export function plansQuery(scenario: PlanScenario, constraints: PlanConstraints, inputs: PlanInputs = {}) {
  const sections: PlanScenario = {
    workload: scenario.workload,
    api: scenario.api,
    selfHosted: scenario.selfHosted,
    fx: scenario.fx,
    hardware: scenario.hardware,
    pilot: scenario.pilot,
    ...usageForSchedule(scenario),
  };
  return queryOptions({
    queryKey: tcoKeys.plans(sections, constraints, inputs),
    queryFn: async ({ signal }) => ({
      key: inputKey([sections, constraints, inputs]),
      value: await compute.searchPlans(sections, constraints, inputs, { signal }),
    }),
    placeholderData: keepPreviousData,
  });
}

export function tcoTornadoQuery(scenario: TcoUncertainScenario) {
  const inputs = tcoUncertainScenarioOf(scenario);
  return queryOptions({
    queryKey: tcoKeys.tornado(inputs),
    queryFn: async ({ signal }) => ({ key: inputKey(inputs), value: await compute.tcoTornado(inputs, { signal }) }),
    placeholderData: keepPreviousData,
  });
}

/** The Monte Carlo runs as a worker job: a superseded or cancelled run stops at its next slice. */
export function tcoMonteCarloQuery(scenario: TcoUncertainScenario) {
  const inputs = tcoUncertainScenarioOf(scenario);
  return queryOptions({
    queryKey: tcoKeys.monteCarlo(inputs),
    queryFn: async ({ signal }) => {
      const answer = await compute.tcoMonteCarlo(inputs, { signal });
      // A newer run superseded this one; the query was cancelled already, keep the old result.
      if (answer.state === 'superseded') throw new DOMException('Superseded', 'AbortError');
      return { key: inputKey(inputs), value: answer.result };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function tcoClaimChecksQuery(presetId: PresetId) {
  return queryOptions({
    queryKey: tcoKeys.claimChecks(presetId),
    queryFn: ({ signal }) => compute.tcoClaimChecks(presetId, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A preset as a complete scenario (a one-off load, not cached). */
export function loadPresetScenario(id: string) {
  return compute.tcoLoadPreset(id, {});
}

/**
 * Starts the TCO evaluation of `scenario` while the TCO page's code is still loading (the shell
 * calls it with the page's import and waits for both), so the page's first render already has
 * the verdict instead of a placeholder followed by the result. It fills the same query the page
 * reads; an evaluation that fails is left to the page's own query to report.
 */
export function prefetchTcoEvaluation(scenario: TcoScenario): Promise<void> {
  return queryClient.prefetchQuery(tcoEvaluationQuery(scenario));
}
