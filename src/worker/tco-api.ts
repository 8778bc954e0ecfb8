import type { Scenario } from '../core/scenario/schema';
import { summarizeWorkload } from '../core/tco/workload';

/** TCO and break-even computations offered to the UI (area A). */
export const tcoApi = {
  summarizeWorkload(scenario: Scenario) {
    return summarizeWorkload(scenario);
  },
};
