import { defaultScenario } from '../core/scenario/defaults';
import type { Scenario } from '../core/scenario/schema';

/**
 * A plain scenario for hand-checked tests: one task = 1,000 output tokens and no input, no
 * reasoning, retries or cache; acceptance 100 % on both sides; a flat load; one replica of
 * 8 GPUs rented at $4/GPU-h, 1,000 output tokens/s, utilisable to 100 %; no staff or other
 * costs. Each test changes what it needs.
 */
export function plainScenario(): Scenario {
  const s = defaultScenario();
  s.workload = {
    ...s.workload,
    mode: 'requests',
    requestsPerDay: 100_000,
    daysPerMonth: 30,
    inputTokensPerRequest: 0,
    outputTokensPerRequest: 1_000,
    cacheHitShare: 0,
    reasoningMode: 'none',
    retryRateApi: 0,
    retryRateSelfHosted: 0,
    acceptanceApi: 1,
    acceptanceSelfHosted: 1,
    peakToAverage: 1,
    profileMode: 'peak-to-average',
  };
  s.api = { ...s.api, offerId: null, listCurrency: 'USD', invoiceCurrency: 'USD', priceInputPerM: 0, priceCachedInputPerM: 0, priceOutputPerM: 10 };
  s.selfHosted = {
    ...s.selfHosted,
    gpusPerReplica: 8,
    gpusPerNode: 8,
    replicas: 1,
    redundancy: 'none',
    costMode: 'rent',
    rentUnit: 'gpu-hour',
    rentPrice: 4,
    hoursMode: 'always',
    staffFte: 0,
    upgradeHoursPerMonth: 0,
    otherMonthly: [],
    oneTimeUsd: 0,
    throughput: { ...s.selfHosted.throughput, tokensPerSecond: 1_000, basis: 'output' },
    maxUtilisation: 1,
  };
  s.uncertainty = { ...s.uncertainty, ranges: {} };
  return s;
}
