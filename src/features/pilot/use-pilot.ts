import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BenchRun } from '../../core/benchmarks/run-schema';
import type { EvidenceKind } from '../../core/pilot/evidence';
import { deepEqual } from '../../core/scenario/json';
import type { Scenario } from '../../core/scenario/schema';
import { useStoredRunsQuery } from '../../lib/query/benchmarks';
import { pilotEvaluationQuery, pilotExampleMutation, pilotEvidenceFillQuery, pilotSeriesQuery } from '../../lib/query/pilot';

/**
 * The pilot's results come from the worker (factories in `src/lib/query/pilot.ts`); the
 * scenario is the query key, so every edit starts a new evaluation and the superseded one is
 * cancelled through its signal. The previous result stays on screen until the new one arrives.
 */
export function usePilotEvaluation(scenario: Scenario) {
  const query = useQuery(pilotEvaluationQuery(scenario));
  return useSameWhenEqual(query.data);
}

export function usePilotSeries(scenario: Scenario) {
  const query = useQuery(pilotSeriesQuery(scenario));
  return useSameWhenEqual(query.data);
}

const runsOf = (snapshot: { runs: BenchRun[] }) => snapshot.runs;

/** Runs imported earlier in the Benchmarks area, stored in this browser (the same query as that area's). */
export function useStoredRuns() {
  return useStoredRunsQuery(runsOf);
}

/** What the chosen run can fill into a pilot day. */
export function useEvidenceFill(run: BenchRun | null, kind: EvidenceKind) {
  return useQuery(pilotEvidenceFillQuery(run, kind));
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
  return useMutation(pilotExampleMutation());
}
