import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PresetId } from '../../core/presets/presets';
import type { Scenario } from '../../core/scenario/schema';
import { compute } from '../../lib/query/compute';

/**
 * Worker queries of the TCO page. Each key holds only the inputs its result depends on, so an
 * edit elsewhere (hardware, pilot) does not recompute them. The previous result stays on
 * screen while a newer input is computed (placeholderData), so nothing flickers while a
 * slider is dragged; a superseded computation is cancelled through the query's signal.
 *
 * Every result carries the key of the inputs it was computed from. Charts expose it as
 * `data-for` next to `data-expect` (the key of the current inputs): equal means the chart
 * shows the final value. The browser benchmark waits for that.
 */
export type TcoInputs = Pick<Scenario, 'workload' | 'api' | 'selfHosted' | 'fx' | 'uncertainty'> & { staffHoursPerYear: number };

export function tcoInputs(s: Scenario): TcoInputs {
  return { workload: s.workload, api: s.api, selfHosted: s.selfHosted, fx: s.fx, uncertainty: s.uncertainty, staffHoursPerYear: s.pilot.staffHoursPerYear };
}

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

export interface Keyed<T> {
  key: string;
  value: T;
}

export function useTcoKeys(scenario: Scenario) {
  return useMemo(() => {
    const i = tcoInputs(scenario);
    const { uncertainty: _u, ...evalInputs } = i;
    return { inputs: i, evalKey: inputKey(evalInputs), uncertainKey: inputKey(i) };
  }, [scenario]);
}

export function useTcoEvaluation(scenario: Scenario, evalKey: string) {
  return useQuery({
    queryKey: ['evaluateTco', evalKey] as const,
    queryFn: async ({ signal }) => ({ key: evalKey, value: await compute.call('evaluateTco', [scenario], signal) }),
    placeholderData: keepPreviousData,
  });
}

export function useTcoTornado(scenario: Scenario, key: string) {
  return useQuery({
    queryKey: ['tcoTornado', key] as const,
    queryFn: async ({ signal }) => ({ key, value: await compute.call('tcoTornado', [scenario], signal) }),
    placeholderData: keepPreviousData,
  });
}

export function useTcoMonteCarlo(scenario: Scenario, key: string) {
  return useQuery({
    queryKey: ['tcoMonteCarlo', key] as const,
    queryFn: async ({ signal }) => {
      const answer = await compute.call('tcoMonteCarlo', [scenario, {}], signal);
      // A newer run superseded this one; the query was cancelled already, keep the old result.
      if (answer.state === 'superseded') throw new DOMException('Superseded', 'AbortError');
      return { key, value: answer.result };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useTcoClaims(presetId: PresetId) {
  return useQuery({
    queryKey: ['tcoClaimChecks', presetId] as const,
    queryFn: ({ signal }) => compute.call('tcoClaimChecks', [presetId], signal),
    placeholderData: keepPreviousData,
  });
}

export function usePresetList() {
  return useQuery({ queryKey: ['tcoPresets'] as const, queryFn: ({ signal }) => compute.call('tcoPresets', [], signal) });
}

export async function fetchPreset(id: string) {
  return compute.call('tcoLoadPreset', [id]);
}
