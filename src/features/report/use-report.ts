import { useQueries, useQuery } from '@tanstack/react-query';
import type { Scenario } from '../../core/scenario/schema';
import type { TcoEvaluation } from '../../core/tco/evaluate';
import type { Keyed } from '../../lib/query/compute';
import { hardwareReportQuery } from '../../lib/query/hardware';
import { pilotEvaluationQuery } from '../../lib/query/pilot';
import { tcoEvaluationQuery } from '../../lib/query/tco';

/**
 * The report's worker results: TCO, hardware fit and pilot, for one scenario or several. The
 * same query factories as the areas' own pages, so a result computed there is reused here.
 */
export function useReportResults(scenario: Scenario) {
  const tco = useQuery({ ...tcoEvaluationQuery(scenario), select: (d) => d.value });
  const fit = useQuery(hardwareReportQuery(scenario));
  const pilot = useQuery(pilotEvaluationQuery(scenario));
  return { tco: tco.data, fit: fit.data, pilot: pilot.data, error: tco.error ?? fit.error ?? pilot.error };
}

export function useTcoForMany(scenarios: readonly Scenario[]) {
  return useQueries({
    // No placeholder here: each column waits for its own scenario's result.
    queries: scenarios.map((s) => ({ ...tcoEvaluationQuery(s), placeholderData: undefined, select: (d: Keyed<TcoEvaluation>) => d.value })),
  });
}
