import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { Scenario } from '../../core/scenario/schema';
import { compute } from '../../lib/query/compute';

/** The report's worker results: TCO, hardware fit and pilot, for one scenario or several. */
export function useReportResults(scenario: Scenario) {
  const tco = useQuery({
    queryKey: ['report', 'evaluateTco', scenario] as const,
    queryFn: ({ signal }) => compute.call('evaluateTco', [scenario], signal),
    placeholderData: keepPreviousData,
  });
  const fit = useQuery({
    queryKey: ['report', 'hardwareReport', scenario] as const,
    queryFn: ({ signal }) => compute.call('hardwareReport', [scenario], signal),
    placeholderData: keepPreviousData,
  });
  const pilot = useQuery({
    queryKey: ['report', 'evaluatePilot', scenario] as const,
    queryFn: ({ signal }) => compute.call('evaluatePilot', [scenario], signal),
    placeholderData: keepPreviousData,
  });
  return { tco: tco.data, fit: fit.data, pilot: pilot.data, error: tco.error ?? fit.error ?? pilot.error };
}

export function useTcoForMany(scenarios: readonly Scenario[]) {
  return useQueries({
    queries: scenarios.map((s) => ({
      queryKey: ['report', 'evaluateTco', s] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => compute.call('evaluateTco', [s], signal),
    })),
  });
}
