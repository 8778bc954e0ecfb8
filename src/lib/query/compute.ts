import { keepPreviousData, QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Scenario } from '../../core/scenario/schema';
import { createComputeClient, type EngineState } from '../../worker/compute-client';

/**
 * Results come from the worker through TanStack Query. Each query's key is built from the same
 * object its worker call sends (the scenario sections the result depends on), so a newer input
 * starts a new query; the superseded one is cancelled through its signal, and the previous
 * result stays on screen until the new one arrives (no flicker while dragging). The factories
 * of each area live next to this file (`tco.ts`, `hardware.ts`, `pilot.ts`, `benchmarks.ts`,
 * `capacity.ts`, `deployment.ts`, `usage.ts`, `library.ts`), each with its key object
 * (`<area>Keys`, every key under `<area>Keys.all`) and, for stored data, its mutation factories,
 * which re-read what they change. `compute` is the typed worker client
 * (`compute.evaluateTco(inputs, { signal })`); only these files call it.
 */
export const compute = createComputeClient();

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Number.POSITIVE_INFINITY, gcTime: 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});

/** FNV-1a over the JSON text: a short, stable key for "which inputs produced this". */
export function inputKey(value: unknown): string {
  const text = JSON.stringify(value);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** A result with the key of the inputs it was computed from. */
export interface Keyed<T> {
  key: string;
  value: T;
}

type WorkloadInputs = Pick<Scenario, 'workload' | 'api' | 'fx'>;

/** The monthly tokens and the API bill (the shell's footer figure, the TCO inputs). */
export const workloadKeys = {
  all: ['workload'] as const,
  summary: (inputs: WorkloadInputs) => ['workload', 'summary', inputs] as const,
};

export function workloadQuery(scenario: WorkloadInputs) {
  const inputs: WorkloadInputs = { workload: scenario.workload, api: scenario.api, fx: scenario.fx };
  return queryOptions({
    queryKey: workloadKeys.summary(inputs),
    queryFn: ({ signal }) => compute.summarizeWorkload(inputs, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWorkloadSummary(scenario: WorkloadInputs) {
  return useQuery(workloadQuery(scenario));
}

export function useEngineState(): EngineState {
  return useSyncExternalStore(compute.subscribe, compute.getState, compute.getState);
}
