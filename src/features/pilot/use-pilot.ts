import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PilotExample } from '../../core/pilot/samples';
import { deepEqual } from '../../core/scenario/json';
import type { Scenario } from '../../core/scenario/schema';
import { compute } from '../../lib/query/compute';

/**
 * The pilot's results come from the worker; the scenario is the query key, so every edit
 * starts a new evaluation and the superseded one is cancelled through its signal. The previous
 * result stays on screen until the new one arrives.
 */
export function usePilotEvaluation(scenario: Scenario) {
  const query = useQuery({
    queryKey: ['evaluatePilot', scenario] as const,
    queryFn: ({ signal }) => compute.call('evaluatePilot', [scenario], signal),
    placeholderData: keepPreviousData,
  });
  return useSameWhenEqual(query.data);
}

export function usePilotSeries(scenario: Scenario) {
  const query = useQuery({
    queryKey: ['pilotWeekSeries', scenario] as const,
    queryFn: ({ signal }) => compute.call('pilotWeekSeries', [scenario], signal),
    placeholderData: keepPreviousData,
  });
  return useSameWhenEqual(query.data);
}

/**
 * Every edit is a new query (the scenario is the key), so every result arrives as a new
 * object even when nothing in it changed (a note, an incident's wording). Handing on the
 * previous object when the new one is equal lets the memoised card, grids and charts skip the
 * redraw. (React's pattern for keeping information from earlier renders: state set during render.)
 */
function useSameWhenEqual<T>(value: T): T {
  const [kept, setKept] = useState(value);
  if (kept === value || deepEqual(kept, value)) return kept;
  setKept(value);
  return value;
}

/** Builds one of the example weeks in the worker; the caller puts it into the store. */
export function useExampleLoader() {
  return useMutation({
    mutationFn: (example: PilotExample) => compute.call('pilotExample', [example]),
  });
}
