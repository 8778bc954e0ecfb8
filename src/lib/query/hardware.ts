import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { hardwareScenarioOf, type HardwareScenario } from '../../core/hardware/setup';
import { compute } from './compute';

/**
 * Hardware-fit queries. The key and the call are built from the same sections (self-hosted,
 * hardware, workload), so an edit on another page does not recompute the fit.
 */
export const hardwareKeys = {
  all: ['hardware'] as const,
  report: (inputs: HardwareScenario) => ['hardware', 'report', inputs] as const,
  claims: (inputs: HardwareScenario) => ['hardware', 'claims', inputs] as const,
  servingClaims: (inputs: HardwareScenario) => ['hardware', 'serving-claims', inputs] as const,
  engineLog: (text: string, inputs: HardwareScenario) => ['hardware', 'engine-log', text, inputs] as const,
  hfConfig: (text: string, name: string) => ['hardware', 'hf-config', text, name] as const,
};

export function hardwareReportQuery(scenario: HardwareScenario) {
  const inputs = hardwareScenarioOf(scenario);
  return queryOptions({
    queryKey: hardwareKeys.report(inputs),
    queryFn: ({ signal }) => compute.hardwareReport(inputs, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function hardwareClaimsQuery(scenario: HardwareScenario) {
  const inputs = hardwareScenarioOf(scenario);
  return queryOptions({
    queryKey: hardwareKeys.claims(inputs),
    queryFn: ({ signal }) => compute.hardwareClaims(inputs, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function servingClaimsQuery(scenario: HardwareScenario) {
  const inputs = hardwareScenarioOf(scenario);
  return queryOptions({
    queryKey: hardwareKeys.servingClaims(inputs),
    queryFn: ({ signal }) => compute.servingClaims(inputs, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Reads a submitted engine log against the scenario's setup (null = nothing submitted yet). */
export function engineLogQuery(text: string | null, scenario: HardwareScenario) {
  const inputs = hardwareScenarioOf(scenario);
  return queryOptions({
    queryKey: hardwareKeys.engineLog(text ?? '', inputs),
    queryFn: ({ signal }) => compute.engineLog(text ?? '', inputs, { signal }),
    enabled: text !== null,
    placeholderData: keepPreviousData,
  });
}

/** Parses a submitted config.json (null = nothing submitted yet). */
export function hfConfigQuery(submitted: { text: string; name: string } | null) {
  const text = submitted?.text ?? '';
  const name = submitted?.name ?? '';
  return queryOptions({
    queryKey: hardwareKeys.hfConfig(text, name),
    queryFn: ({ signal }) => compute.parseHfConfig(text, name || undefined, { signal }),
    enabled: submitted !== null,
  });
}
