import { keepPreviousData, QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Scenario } from '../../core/scenario/schema';
import { ComputeClient, type EngineState } from '../../worker/client';

/**
 * Results come from the worker through TanStack Query. The scenario is the query key, so a
 * newer input starts a new query; the superseded one is cancelled through its signal, and the
 * previous result stays on screen until the new one arrives (no flicker while dragging).
 */
export const compute = new ComputeClient();

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Number.POSITIVE_INFINITY, gcTime: 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});

export function workloadQuery(scenario: Scenario) {
  return queryOptions({
    queryKey: ['summarizeWorkload', scenario] as const,
    queryFn: ({ signal }) => compute.call('summarizeWorkload', [scenario], signal),
    placeholderData: keepPreviousData,
  });
}

export function useWorkloadSummary(scenario: Scenario) {
  return useQuery(workloadQuery(scenario));
}

export function useEngineState(): EngineState {
  return useSyncExternalStore(compute.subscribe, compute.getState, compute.getState);
}
