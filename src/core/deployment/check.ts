import { buildHardwareReport } from '../hardware/report';
import type { Scenario } from '../scenario/schema';
import { evaluateTco } from '../tco/evaluate';
import { coherence, deploymentSummary, type CoherenceContext, type CoherenceFlag, type DeploymentSummary } from './coherence';

/** The sections the deployment check reads: the TCO's, the hardware set-up and the usage source. */
export type DeploymentScenario = Pick<Scenario, 'workload' | 'api' | 'selfHosted' | 'hardware' | 'usage' | 'fx'> & {
  pilot: Pick<Scenario['pilot'], 'staffHoursPerYear'>;
};

/** Exactly those sections of a scenario (what a query keys on and a worker call sends). */
export function deploymentScenarioOf(s: DeploymentScenario): DeploymentScenario {
  return {
    workload: s.workload,
    api: s.api,
    selfHosted: s.selfHosted,
    hardware: s.hardware,
    usage: s.usage,
    fx: s.fx,
    pilot: { staffHoursPerYear: s.pilot.staffHoursPerYear },
  };
}

export interface DeploymentCheck {
  summary: DeploymentSummary;
  flags: CoherenceFlag[];
}

/** The summary and the flags of a scenario, computing the hardware fit and the TCO it needs. */
export function deploymentCheck(scenario: DeploymentScenario, context: CoherenceContext = { throughputFor: null }): DeploymentCheck {
  const hardware = buildHardwareReport(scenario);
  return { summary: deploymentSummary(scenario, { hardware }, context), flags: coherence(scenario, { hardware, tco: evaluateTco(scenario) }, context) };
}
