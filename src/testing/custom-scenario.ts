import { defaultScenario } from '../core/scenario/defaults';
import type { Scenario } from '../core/scenario/schema';

/**
 * A scenario in which every section is customised — the worst realistic case for share-link
 * length: a shaped weekly profile, a filled pilot week for both sides, incidents, checks and
 * uncertainty ranges. Deterministic (no random source).
 */
export function fullyCustomisedScenario(): Scenario {
  const s = defaultScenario();
  s.name = 'Q3 review: K2.6 owned 2× 8×H200 vs Moonshot, hybrid overflow';
  s.notes = 'Finance asked for the owned-hardware case with 36-month amortisation and 20 % residual.';
  s.workload = {
    ...s.workload,
    requestsPerDay: 41_500,
    inputTokensPerRequest: 18_250,
    outputTokensPerRequest: 950,
    cacheHitShare: 0.62,
    reasoningTokensPerRequest: 1_750,
    retryRateApi: 0.045,
    retryRateSelfHosted: 0.045,
    acceptanceApi: 0.93,
    acceptanceSelfHosted: 0.89,
    peakToAverage: 3.1,
    profileMode: 'weekly',
  };
  s.workload.weeklyProfile = s.workload.weeklyProfile.map((v, h) => Math.round(v * (1 + ((h * 37) % 11) / 10)));
  s.api = {
    ...s.api,
    offerId: null,
    provider: 'Example relay',
    model: 'Kimi K2.6',
    channel: 'relay',
    listCurrency: 'CNY',
    priceInputPerM: 4.2,
    priceCachedInputPerM: 0.7,
    priceOutputPerM: 17.5,
    invoiceCurrency: 'USD',
    invoiceFx: 'peg',
    pegInvoicePerListUnit: 0.95,
    rateLimitRpm: 600,
    rateLimitTpm: 2_000_000,
  };
  s.selfHosted = {
    ...s.selfHosted,
    replicas: 2,
    redundancy: 'n-plus-1',
    costMode: 'buy',
    capexPerGpu: 33_500,
    amortisationMonths: 36,
    residualShare: 0.2,
    pricePerKwh: 0.21,
    staffFte: 1.5,
    staffLoadedYearlyUsd: 165_000,
    oneTimeUsd: 35_000,
    maxUtilisation: 0.75,
    horizonMonths: 36,
  };
  s.selfHosted.capital = { waccYearly: 0.09, rateConvention: 'nominal' };
  s.selfHosted.scaling = { staffPer: 'node', minOnCallFte: 2.2, otherPerNodeMonthly: 350 };
  s.selfHosted.outlook = { volumeGrowthMonthly: 0.02, apiPriceChangeYearly: -0.25, gpuPriceChangeYearly: -0.1 };
  s.selfHosted.throughput = {
    ...s.selfHosted.throughput,
    source: 'measured',
    tokensPerSecond: 2_350,
    latencyTargetMs: 800,
    measuredRun: {
      label: 'vllm conc 32 sharegpt',
      tool: 'vllm',
      fileHash: 'a'.repeat(64),
      outputTokensPerSecond: 2_350,
      totalTokensPerSecond: 19_880,
      concurrency: 32,
    },
  };
  s.hardware = { ...s.hardware, kvFormat: 'fp8', contextLength: 98_304, concurrentSequences: 64, memoryUtilisation: 0.9, runtimeOverheadGiB: 5 };
  s.pilot.startDate = '2026-10-05';
  s.pilot.days = s.pilot.days.map((d, i) => ({
    api: {
      ...d.api,
      ttftP50Ms: 420 + i * 7,
      ttftP95Ms: 1_100 + i * 13,
      generationMs: 9_800 + i * 50,
      tasksAttempted: 900 + i,
      tasksCompleted: 880 + i,
      tasksAccepted: 820 + i,
      errorRate: 0.01,
      timeoutRate: 0.004,
      inputTokens: 16_000_000 + i * 1000,
      outputTokens: 1_700_000 + i * 100,
      teamHours: 1,
      costUsd: 610 + i * 3,
    },
    selfHosted: {
      ...d.selfHosted,
      ttftP50Ms: 510 + i * 9,
      ttftP95Ms: 1_450 + i * 17,
      generationMs: 11_200 + i * 40,
      tasksAttempted: 900 + i,
      tasksCompleted: 860 + i,
      tasksAccepted: 780 + i,
      errorRate: 0.02,
      timeoutRate: 0.009,
      inputTokens: 16_000_000 + i * 1000,
      outputTokens: 1_690_000 + i * 100,
      teamHours: 6 + (i % 3),
      outOfHoursHours: i % 2,
      utilisation: 0.55 + i * 0.03,
      costUsd: 1_450,
    },
  }));
  s.pilot.incidents = [1, 3, 4, 5].map((day) => ({
    day,
    start: `0${day}:30`,
    recoveryMinutes: 20 * day,
    cause: day % 2 ? 'oom' : 'parser-tool-call',
    affectedTasks: 3 * day,
    countermeasure: 'lower max-num-seqs; pin parser version',
    outOfHours: day % 2 === 1,
  }));
  s.uncertainty.ranges = {
    'selfHosted.rentPrice': { low: 3, high: 6 },
    'workload.requestsPerDay': { low: 30_000, high: 60_000 },
    'selfHosted.maxUtilisation': { low: 0.5, high: 0.85 },
  };
  s.fx = { EUR: 0.88, CNY: 7.05, checked: '2026-11-27' };
  return s;
}
