import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Scenario } from '../../core/scenario/schema';
import { compute } from '../../lib/query/compute';

/**
 * Worker queries of the hardware page. Keys hold only the sections a result depends on, so an
 * edit on another page does not recompute the fit; the previous result stays on screen while a
 * newer input is computed (no flicker while dragging).
 */
export function useHardwareReport(scenario: Scenario) {
  return useQuery({
    queryKey: ['hardwareReport', scenario.selfHosted, scenario.hardware, scenario.workload] as const,
    queryFn: ({ signal }) => compute.call('hardwareReport', [scenario], signal),
    placeholderData: keepPreviousData,
  });
}

export function useHardwareClaims(scenario: Scenario) {
  const { activationGiB, runtimeOverheadGiB, bandwidthEfficiency, computeEfficiency, stepOverheadMs, promptTokens, downloadGbps } = scenario.hardware;
  return useQuery({
    queryKey: ['hardwareClaims', activationGiB, runtimeOverheadGiB, bandwidthEfficiency, computeEfficiency, stepOverheadMs, promptTokens, downloadGbps] as const,
    queryFn: ({ signal }) => compute.call('hardwareClaims', [scenario], signal),
    placeholderData: keepPreviousData,
  });
}

/** Parses a submitted config.json (null = nothing submitted yet). */
export function useParsedConfig(submitted: { text: string; name: string } | null) {
  return useQuery({
    queryKey: ['parseHfConfig', submitted?.text ?? '', submitted?.name ?? ''] as const,
    queryFn: ({ signal }) => compute.call('parseHfConfig', [submitted?.text ?? '', submitted?.name || undefined], signal),
    enabled: submitted !== null,
  });
}
