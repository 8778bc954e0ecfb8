import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { deploymentScenarioOf, type DeploymentScenario } from '../../core/deployment/check';
import type { CoherenceContext } from '../../core/deployment/coherence';
import { compute, inputKey } from './compute';

/**
 * The deployment summary and its coherence flags. The key and the call are built from the same
 * sections, plus what the tab knows of the throughput figure (`throughputFor`).
 */
export const deploymentKeys = {
  all: ['deployment'] as const,
  check: (inputs: DeploymentScenario, context: CoherenceContext) => ['deployment', 'check', inputs, context] as const,
};

export function deploymentCheckQuery(scenario: DeploymentScenario, context: CoherenceContext) {
  const inputs = deploymentScenarioOf(scenario);
  return queryOptions({
    queryKey: deploymentKeys.check(inputs, context),
    queryFn: async ({ signal }) => ({ key: inputKey(inputs), value: await compute.deploymentCheck(inputs, context, { signal }) }),
    placeholderData: keepPreviousData,
  });
}
