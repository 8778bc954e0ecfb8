import { checkClaims } from '../core/hardware/claims';
import { compareEngineLog, parseEngineLog } from '../core/hardware/engine-log';
import { parseHfConfig } from '../core/hardware/hf-config';
import { buildHardwareReport, buildMinGpuTable } from '../core/hardware/report';
import { checkServingClaims } from '../core/hardware/serving-claims';
import type { Scenario } from '../core/scenario/schema';
import { resolveSetup, type HardwareScenario } from '../core/hardware/setup';

/**
 * Hardware-fit computations offered to the UI (area B). Plain data in, plain data out; each
 * method takes the scenario sections it reads (self-hosted, hardware, workload).
 */
export const hardwareApi = {
  /** Memory breakdown, verdict, fixes, frontier, min-GPU table, checkpoint, roofline and warnings. */
  hardwareReport(scenario: HardwareScenario) {
    return buildHardwareReport(scenario);
  },
  /** The minimum-GPU table over the whole GPU catalog. */
  hardwareFitTable(scenario: Pick<Scenario, 'selfHosted' | 'hardware'>) {
    return buildMinGpuTable(scenario);
  },
  /** The articles' hardware claims, recomputed with the scenario's overheads. */
  hardwareClaims(scenario: HardwareScenario) {
    return checkClaims(scenario);
  },
  /** The published serving facts of the scenario's model (recipes, model cards), against our estimate. */
  servingClaims(scenario: HardwareScenario) {
    return checkServingClaims(scenario);
  },
  /** A pasted or dropped engine start-up log, read and set beside our estimate for the scenario's setup. */
  engineLog(text: string, scenario: HardwareScenario) {
    const parsed = parseEngineLog(text);
    if (!parsed.ok) return { parsed, comparison: null };
    const report = buildHardwareReport(scenario);
    const setup = resolveSetup(scenario);
    return { parsed, comparison: report.ok ? compareEngineLog(parsed.log, report.report, setup.ok ? setup.input.model : undefined) : null };
  },
  /** A pasted Hugging Face config.json, validated and mapped to a model spec. */
  parseHfConfig(text: string, nameHint?: string) {
    return parseHfConfig(text, nameHint);
  },
};
