import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { PilotExample } from '../../core/pilot/samples';
import type { Scenario } from '../../core/scenario/schema';
import { compute } from '../../lib/query/compute';

/**
 * The pilot's results come from the worker; the scenario is the query key, so every edit
 * starts a new evaluation and the superseded one is cancelled through its signal. The previous
 * result stays on screen until the new one arrives.
 */
export function usePilotEvaluation(scenario: Scenario) {
  return useQuery({
    queryKey: ['evaluatePilot', scenario] as const,
    queryFn: ({ signal }) => compute.call('evaluatePilot', [scenario], signal),
    placeholderData: keepPreviousData,
  });
}

export function usePilotSeries(scenario: Scenario) {
  return useQuery({
    queryKey: ['pilotWeekSeries', scenario] as const,
    queryFn: ({ signal }) => compute.call('pilotWeekSeries', [scenario], signal),
    placeholderData: keepPreviousData,
  });
}

/** Builds one of the example weeks in the worker; the caller puts it into the store. */
export function useExampleLoader() {
  return useMutation({
    mutationFn: (example: PilotExample) => compute.call('pilotExample', [example]),
  });
}
