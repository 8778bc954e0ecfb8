import { useQuery } from '@tanstack/react-query';
import type { HardwareScenario } from '../../core/hardware/setup';
import { engineLogQuery, hardwareClaimsQuery, hardwareReportQuery, hfConfigQuery, servingClaimsQuery } from '../../lib/query/hardware';

/**
 * Worker queries of the hardware page (factories in `src/lib/query/hardware.ts`). Keys hold
 * only the sections a result depends on, so an edit on another page does not recompute the
 * fit; the previous result stays on screen while a newer input is computed (no flicker while
 * dragging).
 */
export function useHardwareReport(scenario: HardwareScenario) {
  return useQuery(hardwareReportQuery(scenario));
}

export function useHardwareClaims(scenario: HardwareScenario) {
  return useQuery(hardwareClaimsQuery(scenario));
}

export function useServingClaims(scenario: HardwareScenario) {
  return useQuery(servingClaimsQuery(scenario));
}

export function useEngineLog(text: string | null, scenario: HardwareScenario) {
  return useQuery(engineLogQuery(text, scenario));
}

/** Parses a submitted config.json (null = nothing submitted yet). */
export function useParsedConfig(submitted: { text: string; name: string } | null) {
  return useQuery(hfConfigQuery(submitted));
}
