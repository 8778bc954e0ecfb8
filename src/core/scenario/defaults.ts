import { HOURS_PER_WEEK, SCENARIO_TYPE, SCENARIO_VERSION, type DayMetrics, type Scenario } from './schema';
import { cloneJson } from './json';

/**
 * The built-in example scenario, and the base every share link is a diff against.
 *
 * A Kimi K2.6 deployment that physically fits: the INT4 checkpoint (~594 GB) on one node of
 * 8× H200 (8 × 141 GB = 1,128 GB; budget at 0.92 utilisation 1,038 GB), 48 sequences of
 * 64K context with DP-attention so the MLA cache is not replicated on every rank, against
 * Moonshot's own K2.6 API. Prices are catalog records (source and date shown in the app).
 *
 * Changing a default changes what every existing link means, so change it only with a
 * migration step.
 */
export const EMPTY_DAY: DayMetrics = Object.freeze({
  ttftP50Ms: null,
  ttftP95Ms: null,
  generationMs: null,
  tasksAttempted: null,
  tasksCompleted: null,
  tasksAccepted: null,
  errorRate: null,
  timeoutRate: null,
  retries: null,
  inputTokens: null,
  outputTokens: null,
  toolCallsTotal: null,
  toolCallsCorrect: null,
  teamHours: null,
  outOfHoursHours: null,
  utilisation: null,
  costUsd: null,
});

/** Office-hours-heavy week: weekdays ramp up 08-18 h, nights and weekends low. */
function officeWeek(): number[] {
  const profile: number[] = [];
  for (let h = 0; h < HOURS_PER_WEEK; h++) {
    const day = Math.floor(h / 24);
    const hour = h % 24;
    const weekday = day < 5;
    const office = hour >= 8 && hour < 18;
    profile.push(weekday ? (office ? 10 : 3) : 2);
  }
  return profile;
}

export const DEFAULT_SCENARIO: Scenario = {
  type: SCENARIO_TYPE,
  version: SCENARIO_VERSION,
  name: 'Kimi K2.6: 8× H200 vs Moonshot API',
  notes: '',
  workload: {
    mode: 'requests',
    requestsPerDay: 30_000,
    inputTokensPerRequest: 12_000,
    outputTokensPerRequest: 800,
    daysPerMonth: 30,
    inputTokensPerMonth: 10_800_000_000,
    outputTokensPerMonth: 720_000_000,
    cacheHitShare: 0.5,
    reasoningMode: 'tokens',
    reasoningTokensPerRequest: 1_200,
    reasoningMultiplier: 1,
    retryRateApi: 0.03,
    retryRateSelfHosted: 0.03,
    acceptanceApi: 0.9,
    acceptanceSelfHosted: 0.88,
    peakToAverage: 2.5,
    profileMode: 'peak-to-average',
    weeklyProfile: officeWeek(),
  },
  api: {
    offerId: 'moonshot-kimi-k2.6',
    provider: 'Moonshot AI',
    model: 'Kimi K2.6',
    channel: 'first-party',
    listCurrency: 'USD',
    priceInputPerM: 0.95,
    priceCachedInputPerM: 0.16,
    priceOutputPerM: 4.0,
    invoiceCurrency: 'USD',
    invoiceFx: 'market',
    pegInvoicePerListUnit: 1,
    rateLimitRpm: null,
    rateLimitTpm: null,
  },
  selfHosted: {
    modelId: 'kimi-k2.6',
    gpuId: 'h200-sxm',
    gpusPerReplica: 8,
    gpusPerNode: 8,
    replicas: 1,
    redundancy: 'none',
    costMode: 'rent',
    rentPriceId: 'h200-crusoe-on-demand',
    rentUnit: 'gpu-hour',
    rentPrice: 4.29,
    // On demand as in v2. The reserved rate is an estimate: the on-demand rate above less 35 %,
    // inside the "reserved −30–50 %" spread mercatus-ai.com reports for May 2026 (4.29 × 0.65 =
    // 2.79, rounded to 2.80). The cold start (boot, loading ~594 GB of weights, warm-up) is an
    // estimate too: 594 GB at 10 Gbit/s alone is 594 × 8 / 10 = 475 s.
    billing: { mode: 'on-demand', coldStartSeconds: 600, reservedPrice: 2.8, reservedTermMonths: 12, upfrontShare: 0 },
    // Used when billing is autoscaled: scale to zero when idle, up to 8 replicas at 80 % (the
    // usual target of Kubernetes-style autoscalers), one hour of cooldown, one replica a step.
    autoscaling: { minReplicas: 0, maxReplicas: 8, targetUtilisation: 0.8, cooldownHours: 1, quantum: 1 },
    // Used when billing is spot: 40 % of the on-demand rate, 0.02 preemptions per replica-hour and
    // 15 minutes to replace one are assumptions to replace with the provider's figures; an
    // on-demand stand-in while a replica is replaced.
    spot: { spotPrice: 1.72, preemptionsPerReplicaHour: 0.02, replacementSeconds: 900, fallback: 'on-demand', baseReplicas: 0 },
    // Aggregated replicas; a plan of disaggregated prefill and decode pools sets both rates.
    pools: null,
    capexPerGpu: 35_000,
    infraOverheadShare: 0.15,
    amortisationMonths: 36,
    residualShare: 0.2,
    // Straight-line amortisation unless a cost of capital is entered (docs/tco.md §3b).
    capital: { waccYearly: 0, rateConvention: 'nominal' },
    powerWattsPerGpu: 700,
    // The rated draw in every running hour unless power follows utilisation; the idle and server
    // figures are estimates for that mode, bounded by published figures (docs/tco.md §3e): NVIDIA's
    // rating of the 8-GPU H100 system, 10.2 kW max for 8 × 700 W GPUs (≤ 4.6 kW for the rest);
    // Latif et al., IEEE Access 13 (2025) 61740–61747, an 8-GPU H100 HGX node measured at ≤ 8.4 kW
    // (≤ 2.8 kW beside 8 × 700 W); Vadari et al., arXiv:2605.23918 (2026), an idle H100/A100 with
    // a model loaded draws 26–50 W more than bare idle.
    powerDraw: { mode: 'rated', idleWattsPerGpu: 150, serverWattsPerNode: 2_000 },
    pue: 1.3,
    pricePerKwh: 0.15,
    hoursMode: 'always',
    scheduleHoursPerDay: 24,
    scheduleDaysPerWeek: 7,
    // Office hours from 08:00 when a schedule is entered (the start hour v3 had fixed).
    scheduleStartHour: 8,
    // The start hour is in the week profile's own hours unless a zone is chosen.
    scheduleTimeZone: null,
    staffFte: 1,
    // One team for the deployment, as the articles count it (1 FTE MLOps per cluster).
    scaling: { staffPer: 'deployment', minOnCallFte: 0, otherPerNodeMonthly: 0 },
    staffLoadedYearlyUsd: 180_000,
    upgradeHoursPerMonth: 8,
    otherMonthly: [
      { label: 'Monitoring and logs', usd: 400 },
      { label: 'Storage and network', usd: 600 },
    ],
    oneTimeUsd: 20_000,
    horizonMonths: 12,
    // Flat volume and prices unless entered (docs/tco.md §3d).
    outlook: { volumeGrowthMonthly: 0, apiPriceChangeYearly: 0, gpuPriceChangeYearly: 0 },
    // Bought hardware still in its cycle at the end of the horizon counts at its straight-line
    // book value (docs/tco.md §3d); the resale share is used only under that rule.
    terminalValue: { rule: 'book', resaleShare: 0.2 },
    // No migration period and no taxes unless entered: the deployment serves all the work from
    // month 1, and the figures are before tax.
    ramp: { parallelMonths: 0, rampMonths: 0 },
    tax: { rate: 0 },
    throughput: {
      source: 'entered',
      // One replica must carry the peak: 900,000 tasks × (800 + 1,200 reasoning) × 1.03 retries
      // × 0.90 / 0.88 acceptance = 1.896B output tokens a month ÷ 2,628,000 s = 721.5 tok/s on
      // average, × 2.5 peak-to-average = 1,803.8 tok/s, ÷ 0.8 max utilisation = 2,254.7 tok/s
      // needed. The hardware page's roofline for this set-up (INT4 K2.6 on 8× H200, 48 sequences
      // of 13K average context) estimated 2,243 output tok/s with DP-attention; 2,300 is that
      // estimate + 2.5 %, within its precision, and leaves the peak at 98 % of the maximum
      // utilisation. The best fitting layout (TP8 + DCP8, scenario version 3) estimates 2,583.
      tokensPerSecond: 2_300,
      basis: 'output',
      latencyTargetMs: null,
      // The figure holds at the workload's own lengths (12,000 in / 2,000 out incl. reasoning);
      // without a prefill rate it is not carried to other lengths.
      atInputTokens: null,
      atOutputTokens: null,
      prefillTokensPerSecond: null,
      measuredRun: null,
    },
    // No series chosen: the single figure above is the series (one entered point). No latency
    // limit; a point with more than 1 % failed requests would not qualify.
    capacity: {
      slo: { limits: [], minTokensPerSPerUser: null, maxFailedShare: 0.01, allowStricterPercentile: true },
      interpolate: false,
      series: null,
    },
    maxUtilisation: 0.8,
  },
  hardware: {
    customModel: null,
    weightFormat: 'int4',
    kvFormat: 'bf16',
    contextLength: 65_536,
    concurrentSequences: 48,
    layout: { choice: 'best-fit' },
    tensorParallel: 8,
    mlaKvMode: 'dp-attention',
    dcpSize: 8,
    memoryUtilisation: 0.92,
    // Overheads from the engine profile (docs/hardware.md §3b): the sampler's and the forward
    // pass's peak, non-torch memory and CUDA graphs, scaled with the GPU and the model. The
    // entered values below are used when overheadSource is 'entered' (v4 and older links).
    overheadSource: 'estimated',
    runtimeOverheadGiB: 4,
    activationGiB: 3,
    // vLLM's own defaults for the GPU (8,192 tokens and 1,024 sequences per step on ≥ 70 GiB GPUs).
    maxNumBatchedTokens: null,
    maxNumSeqs: null,
    downloadGbps: 10,
    bandwidthEfficiency: 0.8,
    computeEfficiency: 0.5,
    stepOverheadMs: 2,
    promptTokens: 12_000,
  },
  pilot: {
    startDate: null,
    days: Array.from({ length: 7 }, () => ({ api: { ...EMPTY_DAY }, selfHosted: { ...EMPTY_DAY } })),
    incidents: [],
    checks: {},
    thresholds: {
      acceptanceGapPoints: 5,
      ttftP95Ratio: 1.5,
      utilisationMin: 0.6,
      incidentsPerDayMax: 0.5,
      teamHoursPerWeekMax: 40,
      costRatioMax: 1,
      sensitiveShareForHybrid: 0.2,
      // Added after the first release; the reasons for each default are in docs/pilot.md.
      toolCallGapPoints: 5,
      errorRateGapPoints: 2,
      outOfHoursPerWeekMax: 4,
      plannableShareForHybrid: 0.3,
    },
    sensitiveShare: 0,
    plannableShare: 0,
    // 220 working days × 8 h: the hours a loaded yearly salary actually buys.
    staffHoursPerYear: 1_760,
    dayReasons: Array.from({ length: 7 }, () => ({ origin: null, note: '' })),
    filledFrom: {},
    example: null,
  },
  uncertainty: {
    sensitivityShare: 0.2,
    samples: 10_000,
    seed: 42,
    ranges: {},
  },
  fx: {
    EUR: 0.86,
    CNY: 7.1,
    checked: '2026-11-30',
  },
  usage: { source: null },
  view: null,
};

/** A fresh, deeply independent copy of the defaults (callers may mutate it). */
export function defaultScenario(): Scenario {
  return cloneJson(DEFAULT_SCENARIO);
}
