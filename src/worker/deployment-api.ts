import { deploymentCheck, type DeploymentScenario } from '../core/deployment/check';
import type { CoherenceContext } from '../core/deployment/coherence';

/**
 * One deployment, told the same way on every page (docs/tco.md §12): the summary the TCO page
 * and the report lead with, and the flags where the areas disagree.
 */
export const deploymentApi = {
  deploymentCheck(scenario: DeploymentScenario, context: CoherenceContext) {
    return deploymentCheck(scenario, context);
  },
};
