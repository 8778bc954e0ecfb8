import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PresetId } from '../../core/presets/presets';
import type { Scenario } from '../../core/scenario/schema';
import { tcoScenarioOf, tcoUncertainScenarioOf, type TcoScenario, type TcoUncertainScenario } from '../../core/tco/model';
import { inputKey } from '../../lib/query/compute';
import { tcoClaimChecksQuery, tcoEvaluationQuery, tcoMonteCarloQuery, tcoTornadoQuery } from '../../lib/query/tco';

/**
 * Worker queries of the TCO page (factories in `src/lib/query/tco.ts`). Each key holds only the
 * inputs its result depends on, so an edit elsewhere (hardware, pilot) does not recompute them.
 * The previous result stays on screen while a newer input is computed (placeholderData), so
 * nothing flickers while a slider is dragged; a superseded computation is cancelled through
 * the query's signal, and the Monte Carlo also stops running in the worker.
 *
 * Every result carries the key of the inputs it was computed from. Charts expose it as
 * `data-for` next to `data-expect` (the key of the current inputs): equal means the chart
 * shows the final value. The browser benchmark waits for that.
 */
export function useTcoKeys(scenario: Scenario) {
  return useMemo(() => {
    const evaluation = tcoScenarioOf(scenario);
    const uncertain = tcoUncertainScenarioOf(scenario);
    return { evaluation, uncertain, evalKey: inputKey(evaluation), uncertainKey: inputKey(uncertain) };
  }, [scenario]);
}

export function useTcoEvaluation(inputs: TcoScenario) {
  return useQuery(tcoEvaluationQuery(inputs));
}

export function useTcoTornado(inputs: TcoUncertainScenario) {
  return useQuery(tcoTornadoQuery(inputs));
}

export function useTcoMonteCarlo(inputs: TcoUncertainScenario) {
  return useQuery(tcoMonteCarloQuery(inputs));
}

export function useTcoClaims(presetId: PresetId) {
  return useQuery(tcoClaimChecksQuery(presetId));
}
