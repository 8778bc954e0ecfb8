import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { FileCopy } from '../../core/benchmarks/run-groups';
import type { BenchRun } from '../../core/benchmarks/run-schema';
import type { GroupOverrides } from '../../core/capacity/series';
import type { HardwareScenario } from '../../core/hardware/setup';
import { tcoScenarioOf, type TcoScenario } from '../../core/tco/model';
import { compute, inputKey } from './compute';

/**
 * Capacity queries (docs/capacity.md): the series the panel offers and the view of the series in
 * force. Imported runs are grouped in the worker; the key is the run ids, so re-grouping happens
 * only when the stored runs change.
 */
export const capacityKeys = {
  all: ['capacity'] as const,
  fromRuns: (ids: readonly string[], overrides: GroupOverrides) => ['capacity', 'runs', ids, overrides] as const,
  overview: (ids: readonly string[], copies: readonly FileCopy[]) => ['capacity', 'overview', ids, copies] as const,
  library: ['capacity', 'library'] as const,
  roofline: (inputs: HardwareScenario) => ['capacity', 'roofline', inputs] as const,
  view: (inputs: TcoScenario) => ['capacity', 'view', inputs] as const,
};

/** @param overrides the user's merges and splits (run id → group key). */
export function capacityRunsQuery(runs: readonly BenchRun[], overrides: GroupOverrides = {}) {
  return queryOptions({
    queryKey: capacityKeys.fromRuns(
      runs.map((r) => r.id),
      overrides,
    ),
    queryFn: ({ signal }) => compute.capacitySeriesFromRuns(runs, overrides, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every series of the stored runs with its notes (the Benchmarks page); `copies` are the byte-identical files the store skipped. */
export function capacityOverviewQuery(runs: readonly BenchRun[], copies: readonly FileCopy[]) {
  return queryOptions({
    queryKey: capacityKeys.overview(
      runs.map((r) => r.id),
      copies,
    ),
    queryFn: ({ signal }) => compute.capacitySeriesOverview(runs, copies, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function capacityLibraryQuery() {
  return queryOptions({
    queryKey: capacityKeys.library,
    queryFn: ({ signal }) => compute.capacityLibrarySeries({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function capacityRooflineQuery(scenario: HardwareScenario) {
  const inputs: HardwareScenario = { selfHosted: scenario.selfHosted, hardware: scenario.hardware, workload: scenario.workload };
  return queryOptions({
    queryKey: capacityKeys.roofline(inputs),
    queryFn: ({ signal }) => compute.capacityRooflineSeries(inputs, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function capacityViewQuery(scenario: TcoScenario) {
  const inputs = tcoScenarioOf(scenario);
  return queryOptions({
    queryKey: capacityKeys.view(inputs),
    queryFn: async ({ signal }) => ({ key: inputKey(inputs), value: await compute.capacityView(inputs, { signal }) }),
    placeholderData: keepPreviousData,
  });
}
