import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { BenchRun } from '../../core/benchmarks/run-schema';
import type { EvidenceKind } from '../../core/pilot/evidence';
import type { PilotExample } from '../../core/pilot/samples';
import type { Scenario } from '../../core/scenario/schema';
import { compute } from './compute';

/**
 * Pilot queries. The scorecard reads most of the scenario (the pilot week, the self-hosted
 * cluster cost, the staff rate), so the scenario is both the key and what is sent.
 */
export const pilotKeys = {
  all: ['pilot'] as const,
  evaluation: (scenario: Scenario) => ['pilot', 'evaluate', scenario] as const,
  series: (scenario: Scenario) => ['pilot', 'week-series', scenario] as const,
  evidenceFill: (runId: string | null, fileHash: string | null, kind: EvidenceKind) => ['pilot', 'evidence-fill', runId, fileHash, kind] as const,
};

export function pilotEvaluationQuery(scenario: Scenario) {
  return queryOptions({
    queryKey: pilotKeys.evaluation(scenario),
    queryFn: ({ signal }) => compute.evaluatePilot(scenario, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function pilotSeriesQuery(scenario: Scenario) {
  return queryOptions({
    queryKey: pilotKeys.series(scenario),
    queryFn: ({ signal }) => compute.pilotWeekSeries(scenario, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** What a stored run can fill into a pilot day (the run is identified by id and file hash). */
export function pilotEvidenceFillQuery(run: BenchRun | null, kind: EvidenceKind) {
  return queryOptions({
    queryKey: pilotKeys.evidenceFill(run?.id ?? null, run?.source.fileHash ?? null, kind),
    queryFn: ({ signal }) => compute.pilotEvidenceFill(run as BenchRun, kind, { signal }),
    enabled: run !== null,
    placeholderData: keepPreviousData,
  });
}

/** Builds one of the example weeks in the worker (nothing is cached: the caller puts it into the store). */
export function pilotExampleMutation() {
  return mutationOptions({ mutationFn: (example: PilotExample) => compute.pilotExample(example, {}) });
}
