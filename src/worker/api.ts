import { benchmarksApi } from './benchmarks-api';
import { capacityApi } from './capacity-api';
import { deploymentApi } from './deployment-api';
import { hardwareApi } from './hardware-api';
import { jobsApi } from './jobs';
import { pilotApi } from './pilot-api';
import { scenarioApi } from './scenario-api';
import { tcoApi } from './tco-api';
import { usageApi } from './usage-api';

/**
 * The one contract between the UI and the computation core, composed of one object per area
 * (`<area>-api.ts`). The worker exposes it; the client derives its types from it
 * (`ComputeApi = typeof computeApi`), so there is no hand-written twin interface to drift.
 * The same object runs on the main thread as a fallback when no worker can start.
 */
export const computeApi = {
  ping(): 'pong' {
    return 'pong';
  },
  ...jobsApi,
  ...tcoApi,
  ...hardwareApi,
  ...pilotApi,
  ...benchmarksApi,
  ...capacityApi,
  ...deploymentApi,
  ...usageApi,
  ...scenarioApi,
};

export type ComputeApi = typeof computeApi;
export type ComputeMethod = keyof ComputeApi;
