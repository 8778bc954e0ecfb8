import { checkClaims } from '../core/hardware/claims';
import { parseHfConfig } from '../core/hardware/hf-config';
import { buildHardwareReport, buildMinGpuTable } from '../core/hardware/report';
import type { Scenario } from '../core/scenario/schema';

/** Hardware-fit computations offered to the UI (area B). Plain data in, plain data out. */
export const hardwareApi = {
  /** Memory breakdown, verdict, fixes, frontier, min-GPU table, checkpoint, roofline and warnings. */
  hardwareReport(scenario: Scenario) {
    return buildHardwareReport(scenario);
  },
  /** The minimum-GPU table over the whole GPU catalog. */
  hardwareFitTable(scenario: Scenario) {
    return buildMinGpuTable(scenario);
  },
  /** The articles' hardware claims, recomputed with the scenario's overheads. */
  hardwareClaims(scenario: Scenario) {
    return checkClaims(scenario);
  },
  /** A pasted Hugging Face config.json, validated and mapped to a model spec. */
  parseHfConfig(text: string, nameHint?: string) {
    return parseHfConfig(text, nameHint);
  },
};
