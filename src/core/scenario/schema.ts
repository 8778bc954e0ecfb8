import { z } from 'zod';
import { capacitySettingsSchema } from '../schemas/stored-capacity';
import { isCalendarDate, isValidTimeZone } from '../schemas/calendar';
import { modelSpecSchema, weightFormatSchema, kvFormatSchema } from './model-spec';

/**
 * The scenario document: every input of every area in one versioned, validated object.
 * It round-trips through the share link, saved scenarios and JSON export. Results are never
 * stored here; they are recomputed from it.
 *
 * Conventions: money in US dollars unless a field names its currency; shares as fractions
 * (0.25 = 25 %); token prices per 1,000,000 tokens; durations in ms unless named otherwise.
 */
export const SCENARIO_TYPE = 'llm-selfhost-scenario';
export const SCENARIO_VERSION = 6;

// Zod 4's z.number() already rejects NaN and ±Infinity.
const finite = z.number();
const nonNegative = z.number().nonnegative();
const positive = z.number().positive();
const share = z.number().min(0).max(1);
const count = z.number().int().nonnegative();
const usd = nonNegative;

/**
 * Upper limits of the money fields (USD unless named). Generous — hundreds of times the
 * dearest catalog figure (≈ $30 per 1M output tokens, ≈ $27 per GPU-hour, ≈ $50,000 per GPU)
 * — but bounded, so that every product of the cost model stays far inside the range of
 * numbers (≈ 1.8e308) and a mistyped exponent is caught at the field rather than turning a
 * result into "out of range". Worst cases, all limits at once:
 * - API: 1e9 requests/day × 31 days = 3.1e10 tasks × (1e8 input + 1e8 × 100 reasoning output)
 *   × 11 with retries ≈ 3.4e21 tokens/month × $10,000 per 1M × 1e6 USD per unit (fx 1e-6)
 *   ≈ 3.4e25 USD/month (× 1,000 when the tornado swings the volume: 3.4e28).
 * - Self-hosted, one replica: 4,096 GPUs × $10,000 × 730 h ≈ 3.0e10 rented; bought
 *   4,096 × $10M × (1 + 5 overhead) ≈ 2.5e11 a month; power 4,096 × 10 kW × PUE 5 × 730 h ×
 *   $10/kWh ≈ 1.5e9; staff 1,000 FTE × $100M / 12 + 744 h × $100M / 100 h ≈ 9.1e9;
 *   ops 20 × $1B + $10B / 1 ≈ 3.0e10. Even ≈ 1e26 replicas (1e-6 tokens/s, the smallest
 *   throughput that counts, against the largest demand) cost ≈ 3e37 a month.
 */
export const MONEY_LIMITS = {
  /** Per 1M tokens in the offer currency: ≈ 330× the dearest catalog output price. */
  pricePerM: 10_000,
  /** Per GPU-hour rented: ≈ 370× the dearest catalog rate. */
  rentPerGpuHour: 10_000,
  /** Per node-hour: the GPU-hour limit for the largest node the schema allows (72 GPUs). */
  rentPerNodeHour: 10_000 * 72,
  /** Purchase price per GPU incl. its share of the server: 200× the dearest catalog price. */
  capexPerGpu: 10_000_000,
  /** Loaded yearly cost of one FTE. */
  staffYearly: 100_000_000,
  /** Each other monthly cost line. */
  otherMonthly: 1_000_000_000,
  /** One-time costs in total. */
  oneTime: 10_000_000_000,
  /** One side's infrastructure or API bill for one pilot day. */
  pilotDay: 1_000_000_000,
} as const;

/**
 * Rules the schema words itself, as language-neutral codes: a custom issue carries
 * `params.rule` (and the figures it names), and a limit with its own message is found by that
 * message (`SCHEMA_WORDED`). The UI words each rule in the reader's language
 * (`src/lib/i18n/issues.ts`); the English message stays the validator's own text.
 */
export type SchemaRule = 'rent-limit' | 'day-order' | 'range-order';

const RENT_LIMIT_MESSAGE = 'Must be at most 10,000 USD per GPU-hour or 720,000 USD per node-hour';
const RENT_LIMIT_PARAMS = { rule: 'rent-limit', perGpuHour: MONEY_LIMITS.rentPerGpuHour, perNodeHour: MONEY_LIMITS.rentPerNodeHour } as const;

/** The schema's own fixed wordings, by message: the rule code and the figures it names. */
export const SCHEMA_WORDED: Readonly<Record<string, { readonly rule: SchemaRule } & Readonly<Record<string, string | number>>>> = {
  [RENT_LIMIT_MESSAGE]: RENT_LIMIT_PARAMS,
};

/** Exchange rates (units per 1 USD) below this would make one unit worth more than $1M. */
export const MIN_FX_RATE = 1e-6;
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-30')
  .refine(isCalendarDate, {
    error: (issue) => `"${String(issue.input).slice(0, 40)}" is not a date of the calendar (month 01–12, a day the month has), e.g. 2026-11-30`,
  });

export const currencies = ['USD', 'EUR', 'CNY'] as const;
export const currencySchema = z.enum(currencies);
export type Currency = z.infer<typeof currencySchema>;

export const languages = ['en', 'de'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

/** The largest node the app models: an NVL72 rack (72 GPUs in one NVLink domain). */
export const MAX_GPUS_PER_NODE = 72;

/** Hours in an average month: 8,760 / 12. */
export const HOURS_PER_MONTH = 730;
export const HOURS_PER_WEEK = 168;

export const workloadSchema = z.strictObject({
  mode: z.enum(['requests', 'tokens']).describe('Describe volume as requests per day or as tokens per month'),
  requestsPerDay: nonNegative.max(1e9),
  inputTokensPerRequest: nonNegative.max(1e8),
  outputTokensPerRequest: nonNegative.max(1e8),
  daysPerMonth: finite.min(1).max(31),
  inputTokensPerMonth: nonNegative.max(1e16),
  outputTokensPerMonth: nonNegative.max(1e16),
  cacheHitShare: share.describe('Share of input tokens served from the prefix cache'),
  reasoningMode: z.enum(['none', 'tokens', 'multiplier']),
  reasoningTokensPerRequest: nonNegative.max(1e8).describe('Extra (hidden) output tokens per request, billed as output'),
  reasoningMultiplier: finite.min(1).max(100).describe('Output tokens × this factor when reasoning is given as a multiplier'),
  retryRateApi: finite
    .min(0)
    .max(10)
    .describe('API side: requests sent again after an error or timeout, per request (0.05 = 5 % are sent twice); billed again in full'),
  retryRateSelfHosted: finite
    .min(0)
    .max(10)
    .describe('Self-hosted side: requests sent again after an error or timeout, per request; each takes GPU time again'),
  acceptanceApi: share.describe('Share of API tasks that pass quality review'),
  acceptanceSelfHosted: share.describe('Share of self-hosted tasks that pass quality review'),
  peakToAverage: finite.min(1).max(1000).describe('Peak hourly demand / average hourly demand'),
  profileMode: z.enum(['peak-to-average', 'weekly']),
  /** Relative demand for each hour of a week (Mon 00:00 … Sun 23:00); scale does not matter. */
  weeklyProfile: z.array(nonNegative).length(HOURS_PER_WEEK),
});
export type Workload = z.infer<typeof workloadSchema>;

/** An IANA time zone this runtime knows, checked with Intl (the days and weeks are built with it). */
const ianaTimeZone = z
  .string()
  .min(1)
  .max(64)
  .refine(isValidTimeZone, { error: (issue) => `"${String(issue.input).slice(0, 64)}" is not an IANA time zone, e.g. Europe/Berlin` });

/**
 * An API offer as three steps (docs/tco.md §1): prices are listed in `listCurrency`; the
 * invoice is issued in `invoiceCurrency`, converting list amounts at the market rate or at a
 * relay's fixed peg (`pegInvoicePerListUnit` invoice units per list unit: ¥1 per $1 → 1);
 * the invoice is paid at the market rate of the scenario's `fx`. With the same list and
 * invoice currency the invoice is the list amount.
 */
export const apiOfferSchema = z.strictObject({
  offerId: z.string().max(80).nullable().describe('Catalog offer this was taken from, or null for a custom offer'),
  provider: z.string().max(80),
  model: z.string().max(120),
  channel: z.enum(['first-party', 'relay', 'reseller']),
  listCurrency: currencySchema.describe('Currency the offer lists its prices in'),
  priceInputPerM: nonNegative.max(MONEY_LIMITS.pricePerM).describe('Price per 1M input tokens on a cache miss, in the list currency'),
  priceCachedInputPerM: nonNegative.max(MONEY_LIMITS.pricePerM).describe('Price per 1M input tokens on a cache hit, in the list currency'),
  priceOutputPerM: nonNegative.max(MONEY_LIMITS.pricePerM).describe('Price per 1M output tokens (incl. reasoning), in the list currency'),
  invoiceCurrency: currencySchema.describe('Currency the invoice is issued and paid in; paid at the market rate of fx'),
  invoiceFx: z
    .enum(['market', 'peg'])
    .describe("How list amounts become invoice amounts when the currencies differ: at the market rate or at a relay's fixed peg"),
  pegInvoicePerListUnit: positive.max(1000).describe('Invoice currency units per 1 list currency unit under a peg (¥1 invoiced per $1 listed → 1)'),
  rateLimitRpm: nonNegative.nullable().describe('Requests per minute the API tier allows (retries count); null = no limit'),
  rateLimitTpm: nonNegative.nullable().describe('Tokens per minute the API tier allows (input incl. cached + output incl. reasoning); null = no limit'),
});
export type ApiOffer = z.infer<typeof apiOfferSchema>;

export const throughputSchema = z.strictObject({
  source: z.enum(['entered', 'measured', 'estimated']),
  tokensPerSecond: nonNegative.max(1e9).describe('Sustained tokens/s of one replica at the latency target'),
  basis: z.enum(['output', 'total']).describe('Whether tokens/s counts output tokens only or input + output'),
  latencyTargetMs: nonNegative.nullable(),
  /**
   * The request lengths the figure holds for: a measured run's mean input and output
   * (incl. reasoning) tokens per request, an estimate's prompt and answer lengths. null = the
   * figure holds at the workload's own lengths (what an entered figure means unless stated).
   */
  atInputTokens: nonNegative.max(1e8).nullable().describe("Input tokens per request the figure was measured or estimated at; null = the workload's own"),
  atOutputTokens: nonNegative
    .max(1e8)
    .nullable()
    .describe("Output tokens (incl. reasoning) per request the figure was measured or estimated at; null = the workload's own"),
  prefillTokensPerSecond: nonNegative
    .max(1e10)
    .nullable()
    .describe('Input tokens/s one replica prefills (uncached prompt tokens); lets the figure be carried to other request lengths; null = unknown'),
  /** Summary of the benchmark run the measured value came from (never the raw file). */
  measuredRun: z
    .strictObject({
      label: z.string().max(200),
      tool: z.string().max(60),
      fileHash: z.string().max(128),
      outputTokensPerSecond: nonNegative,
      totalTokensPerSecond: nonNegative,
      concurrency: nonNegative.nullable(),
    })
    .nullable(),
});

/**
 * How rented GPUs are paid for (docs/tco.md §2, billing modes). Applies to rented capacity only.
 * - on-demand: billed while running, always or on the schedule (`hoursMode`);
 * - scale-to-zero: billed in the weekly hours that have demand; the first requests of a start wait
 *   `coldStartSeconds`;
 * - reserved: a commitment for `reservedTermMonths` at `reservedPrice`, billed 730 h a month
 *   whether used or not, `upfrontShare` of it paid at signing.
 * - mixed: a reserved base (the reserved fields) plus on-demand burst at `rentPrice` in the weekly
 *   hours that need more, the base sized from the week profile.
 * - autoscaled: on demand at `rentPrice`, the replicas following the week through the policy in
 *   `selfHosted.autoscaling`, each start serving after `coldStartSeconds`.
 * - spot: spot capacity at `selfHosted.spot.spotPrice`, preempted and replaced, with an on-demand
 *   fallback at `rentPrice` (core/tco/spot.ts).
 */
export const billingSchema = z.strictObject({
  mode: z
    .enum(['on-demand', 'scale-to-zero', 'reserved', 'mixed', 'autoscaled', 'spot'])
    .describe(
      'How rented GPUs are billed: on demand, scale-to-zero with cold starts, reserved for a term, a reserved base with on-demand burst, autoscaled on demand by a policy, or spot with an on-demand fallback',
    ),
  coldStartSeconds: nonNegative.max(3600).describe('Scale-to-zero and autoscaled: seconds from a start to a serving replica (boot, weight load, warm-up)'),
  reservedPrice: usd
    .max(MONEY_LIMITS.rentPerNodeHour, RENT_LIMIT_MESSAGE)
    .describe('Reserved: USD per GPU-hour or node-hour (see rentUnit), paid for every hour of the term'),
  reservedTermMonths: z.union([z.literal(12), z.literal(36)]).describe('Reserved: commitment term in months (1 or 3 years)'),
  upfrontShare: share.describe('Reserved: share of the whole commitment paid at signing'),
});
export type Billing = z.infer<typeof billingSchema>;

/**
 * Spot capacity of billing mode "spot" (docs/tco.md §3a, core/tco/spot.ts), with SkyPilot's two
 * fallbacks: on demand while a preempted replica is replaced ("on-demand", its
 * `dynamic_ondemand_fallback`), or a base of replicas on demand that are never preempted ("base",
 * its `base_ondemand_fallback_replicas`).
 */
export const spotSchema = z.strictObject({
  spotPrice: usd.max(MONEY_LIMITS.rentPerNodeHour, RENT_LIMIT_MESSAGE).describe('Spot: USD per GPU-hour or node-hour (see rentUnit)'),
  preemptionsPerReplicaHour: finite.min(0).max(1).describe('Spot: preemptions per spot replica per running hour (a Poisson rate)'),
  replacementSeconds: nonNegative.max(86_400).describe('Spot: seconds from a preemption until a replacement spot replica serves'),
  fallback: z.enum(['on-demand', 'base']).describe('Spot: an on-demand stand-in while a preempted replica is replaced, or a base of on-demand replicas'),
  baseReplicas: z.number().int().min(0).max(64).describe('Spot with fallback "base": replicas on demand, never preempted'),
});

/**
 * The autoscaling policy of billing mode "autoscaled" (docs/tco.md §3a, core/tco/autoscaling.ts),
 * the parameters an autoscaler such as Dynamo's planner or SkyPilot's serve takes.
 */
export const autoscalingSchema = z.strictObject({
  minReplicas: z.number().int().min(0).max(64).describe('Fewest replicas running (0 = scale to zero when idle)'),
  maxReplicas: z.number().int().min(1).max(64).describe('Most replicas running; raised to what the busiest hour needs when lower'),
  targetUtilisation: finite
    .min(0.05)
    .max(1)
    .describe("Share of a replica's capacity at the SLO the autoscaler loads it to; at most the deployment's maxUtilisation"),
  cooldownHours: z.number().int().min(0).max(24).describe('Hours a replica no longer needed keeps running before it is removed'),
  quantum: z.number().int().min(1).max(64).describe('Replicas added or removed per scaling step (e.g. the replicas of one node)'),
});

/**
 * Disaggregated serving (docs/tco.md §3g, core/tco/pools.ts): a prefill pool and a decode pool of
 * workers of `gpusPerReplica` GPUs each, sized apart by rate matching. Null = aggregated replicas
 * that each prefill and decode (the capacity section's throughput).
 */
export const poolsSchema = z.strictObject({
  prefillRequestsPerSecond: finite.min(0).max(1_000_000).describe('Requests/s one prefill worker serves at the TTFT target, on the uncached input'),
  decodeRequestsPerSecond: finite.min(0).max(1_000_000).describe('Requests/s one decode worker serves at the ITL (TPOT) target, at context input + output ÷ 2'),
  source: z.enum(['entered', 'measured', 'published', 'estimated']).describe('Where the two rates come from'),
  label: z.string().max(200).nullable().describe('The evidence the rates rest on (a file, a publisher, "roofline × 0.62"), or null'),
});

/** Bought hardware at its cost of capital (docs/tco.md §3b). */
export const capitalSchema = z.strictObject({
  waccYearly: finite
    .min(0)
    .max(1)
    .describe(
      'Yearly cost of capital (WACC): the annuity of bought hardware and reserved upfronts, and the discount rate of the horizon; 0 = straight-line amortisation and an undiscounted sum',
    ),
  rateConvention: z
    .enum(['nominal', 'effective'])
    .describe(
      'Monthly rate of the WACC: nominal = WACC ÷ 12 (as loan and lease quotes state it), effective = (1 + WACC)^(1/12) − 1 (twelve months compound to the WACC)',
    ),
});

/**
 * What the deployment is worth at the end of the horizon when the horizon ends inside a cycle of
 * bought hardware (docs/tco.md §3d): its straight-line book value, a market resale share of the
 * GPUs' price, or nothing. A reservation has no resale value whatever the rule; its payments
 * still due after the horizon count against it.
 */
/**
 * The move from the API (docs/tco.md §3d): `parallelMonths` in which the deployment runs while
 * the API still serves all the work, then `rampMonths` in which the self-hosted share of the
 * work rises in equal steps to all of it.
 */
export const rampSchema = z.strictObject({
  parallelMonths: z.number().int().min(0).max(60).describe('Months both sides run in full: the deployment is paid while the API still serves all the work'),
  rampMonths: z.number().int().min(0).max(60).describe('Months after those in which the self-hosted share of the work rises in equal steps to 100 %'),
});

/**
 * Taxes over the horizon (docs/tco.md §3d): the cash-flow statement after tax at `rate`, costs
 * deducted when paid, bought hardware through its depreciation and a reserved upfront over its
 * term; the WACC is then read as after tax. 0 = off: every figure is before tax.
 */
export const taxSchema = z.strictObject({
  rate: finite.min(0).max(0.9).describe('Tax rate on profits for the cash-flow statement; 0 = figures before tax'),
});

export const terminalValueSchema = z.strictObject({
  rule: z
    .enum(['book', 'resale-share', 'none'])
    .describe("Bought hardware at the end of the horizon: straight-line book value, a resale share of the GPUs' price, or none"),
  resaleShare: share.describe(
    "Resale-share rule: the share of the GPUs' purchase price a buyer pays at the end of the horizon (the overhead has no resale value)",
  ),
});

/**
 * Staff and fixed costs that grow with the deployment (docs/tco.md §3c): `staffFte` is the
 * whole team when `staffPer` is 'deployment', or the FTE per node / per replica running
 * (spare included), never below `minOnCallFte`; `otherPerNodeMonthly` adds a fixed cost per node.
 */
export const scalingSchema = z.strictObject({
  staffPer: z.enum(['deployment', 'node', 'replica']).describe('What staffFte counts: the whole deployment, or FTE per node or per replica'),
  minOnCallFte: nonNegative.max(1000).describe('Least staff for the on-call rota, whatever the size (the articles: more than 2 FTE for 24/7)'),
  otherPerNodeMonthly: usd.max(MONEY_LIMITS.otherMonthly).describe('Fixed cost per node and month (rack space, network ports, support), USD'),
});

/**
 * How the comparison develops over the planning horizon (`horizonMonths`, docs/tco.md §3d):
 * volume growth per month, and yearly price changes of the API and of GPUs.
 */
export const outlookSchema = z.strictObject({
  volumeGrowthMonthly: finite.min(-0.5).max(1).describe('Volume change per month (0.03 = +3 % a month, compounding)'),
  apiPriceChangeYearly: finite
    .min(-0.99)
    .max(10)
    .describe('API price change per year, applied at the start of each new year of the horizon (−0.3 = 30 % cheaper each year)'),
  gpuPriceChangeYearly: finite
    .min(-0.99)
    .max(10)
    .describe('GPU price change per year: rent from each new year, reserved rates at each renewal, bought hardware at each replacement'),
});

/**
 * How bought GPUs draw power (docs/tco.md §3e): 'rated' draws `powerWattsPerGpu` in every
 * running hour (v2); 'utilisation' draws `idleWattsPerGpu` when idle and `powerWattsPerGpu`
 * when busy, in proportion to the busy share, plus `serverWattsPerNode` for the rest of the server.
 */
export const powerDrawSchema = z.strictObject({
  mode: z.enum(['rated', 'utilisation']).describe('Power at the rated draw for every running hour, or following utilisation'),
  idleWattsPerGpu: nonNegative.max(10_000).describe('Draw of an idle GPU, W'),
  serverWattsPerNode: nonNegative.max(100_000).describe('Draw of the rest of a node (CPUs, memory, fans, NICs), W, while it runs'),
});

export const selfHostedSchema = z
  .strictObject({
    modelId: z.string().max(80).describe('Catalog model id, or "custom" for the custom model in the hardware section'),
    gpuId: z.string().max(80),
    gpusPerReplica: z.number().int().min(1).max(4096),
    gpusPerNode: z.number().int().min(1).max(MAX_GPUS_PER_NODE),
    replicas: z.number().int().min(0).max(64),
    redundancy: z.enum(['none', 'n-plus-1']),
    costMode: z.enum(['rent', 'buy']),
    rentPriceId: z.string().max(80).nullable(),
    rentUnit: z.enum(['gpu-hour', 'node-hour']),
    rentPrice: usd
      .max(MONEY_LIMITS.rentPerNodeHour, RENT_LIMIT_MESSAGE)
      .describe('USD per GPU-hour (at most 10,000) or per node-hour (at most 720,000), see rentUnit'),
    billing: billingSchema,
    autoscaling: autoscalingSchema,
    spot: spotSchema,
    pools: poolsSchema.nullable().describe('Disaggregated prefill and decode pools; null = aggregated replicas'),
    capexPerGpu: usd.max(MONEY_LIMITS.capexPerGpu).describe('Purchase price per GPU incl. its share of the server, USD'),
    infraOverheadShare: finite.min(0).max(5).describe('Racks, network, installation as a share of capex'),
    amortisationMonths: z.number().int().min(1).max(240),
    residualShare: share.describe('Resale value at the end of amortisation, as a share of capex'),
    capital: capitalSchema,
    powerWattsPerGpu: nonNegative.max(10_000),
    powerDraw: powerDrawSchema,
    pue: finite.min(1).max(5),
    pricePerKwh: usd.max(10),
    hoursMode: z.enum(['always', 'schedule']),
    scheduleHoursPerDay: finite.min(0).max(24),
    scheduleDaysPerWeek: finite.min(0).max(7),
    scheduleStartHour: z
      .number()
      .int()
      .min(0)
      .max(23)
      .describe("Schedule: the hour each day's window starts, in scheduleTimeZone (or the week profile's hours)"),
    scheduleTimeZone: ianaTimeZone
      .nullable()
      .describe(
        "Schedule: the IANA time zone of the start hour and days; null = the week profile's own hours (the usage week's zone when the profile comes from usage files)",
      ),
    staffFte: nonNegative.max(1000),
    scaling: scalingSchema,
    staffLoadedYearlyUsd: usd.max(MONEY_LIMITS.staffYearly),
    upgradeHoursPerMonth: nonNegative.max(744).describe('Staff hours for upgrades and re-testing beyond the FTE above'),
    otherMonthly: z
      .array(z.strictObject({ label: z.string().max(80), usd: usd.max(MONEY_LIMITS.otherMonthly) }))
      .max(20)
      .describe('Monitoring, log storage, network, storage, licences: USD per month each'),
    oneTimeUsd: usd.max(MONEY_LIMITS.oneTime).describe('Burn-in, set-up and migration work, USD once'),
    horizonMonths: z.number().int().min(1).max(240).describe('Planning horizon over which one-time costs are spread'),
    outlook: outlookSchema,
    terminalValue: terminalValueSchema,
    ramp: rampSchema,
    tax: taxSchema,
    throughput: throughputSchema,
    /** The latency target and the throughput–latency series the throughput comes from (docs/capacity.md). */
    capacity: capacitySettingsSchema,
    maxUtilisation: finite.min(0.01).max(1).describe('Highest sustainable share of capacity'),
  })
  .superRefine((s, ctx) => {
    // The field's own maximum is the node-hour limit; a GPU-hour price has the tighter one.
    if (s.rentUnit === 'gpu-hour' && s.rentPrice > MONEY_LIMITS.rentPerGpuHour) {
      ctx.addIssue({ code: 'custom', path: ['rentPrice'], message: RENT_LIMIT_MESSAGE, params: RENT_LIMIT_PARAMS });
    }
    if (s.rentUnit === 'gpu-hour' && s.billing.reservedPrice > MONEY_LIMITS.rentPerGpuHour) {
      ctx.addIssue({ code: 'custom', path: ['billing', 'reservedPrice'], message: RENT_LIMIT_MESSAGE, params: RENT_LIMIT_PARAMS });
    }
  });
export type SelfHosted = z.infer<typeof selfHostedSchema>;

export const hardwareSchema = z.strictObject({
  customModel: modelSpecSchema.nullable(),
  weightFormat: weightFormatSchema,
  kvFormat: kvFormatSchema,
  contextLength: z.number().int().min(1).max(100_000_000),
  concurrentSequences: z.number().int().min(1).max(1_000_000),
  layout: z
    .strictObject({
      choice: z
        .enum(['best-fit', 'pinned'])
        .describe(
          'best-fit: compare TP, TP + EP, DP-attention and DCP at the GPU count and use the best fitting one; pinned: use tensorParallel, mlaKvMode and dcpSize as given',
        ),
    })
    .describe('How the parallel layout is chosen'),
  tensorParallel: z.number().int().min(1).max(1024),
  mlaKvMode: z.enum(['replicated', 'dp-attention', 'dcp']),
  dcpSize: z.number().int().min(1).max(1024),
  memoryUtilisation: finite.min(0.1).max(1),
  overheadSource: z
    .enum(['estimated', 'entered'])
    .describe(
      'estimated: activations and runtime overhead from the engine profile (docs/hardware.md §3b); entered: runtimeOverheadGiB and activationGiB as given',
    ),
  runtimeOverheadGiB: nonNegative.max(1000).describe('Entered overheads: CUDA graphs, NCCL buffers, non-torch memory per GPU'),
  activationGiB: nonNegative.max(1000).describe('Entered overheads: peak activation memory per GPU'),
  maxNumBatchedTokens: z
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .nullable()
    .describe("Engine's max_num_batched_tokens (tokens per forward step); null = vLLM's default for the GPU"),
  maxNumSeqs: z.number().int().min(1).max(100_000).nullable().describe("Engine's max_num_seqs (sequences per step); null = vLLM's default for the GPU"),
  downloadGbps: positive.max(100_000),
  bandwidthEfficiency: finite.min(0.05).max(1),
  computeEfficiency: finite.min(0.05).max(1),
  stepOverheadMs: nonNegative.max(1000),
  promptTokens: z.number().int().min(1).max(100_000_000),
});
export type Hardware = z.infer<typeof hardwareSchema>;

const nullableCount = count.nullable();
const nullableMs = nonNegative.nullable();
const nullableShare = share.nullable();
const nullableHours = nonNegative.max(24 * 50).nullable();

/** The two sides of the pilot: the API baseline and the self-hosted endpoint. */
export const pilotSides = ['api', 'selfHosted'] as const;
export type PilotSide = (typeof pilotSides)[number];

/**
 * One side's evidence for one pilot day (article 002's baseline table). null = not measured:
 * a blank is never read as zero. Rates are fractions of tasks attempted that day.
 */
const dayMetricsShape = z.strictObject({
  ttftP50Ms: nullableMs.describe('Median time to first token, ms'),
  ttftP95Ms: nullableMs.describe('95th-percentile time to first token, ms'),
  generationMs: nullableMs.describe('Mean generation duration per task, ms'),
  tasksAttempted: nullableCount.describe('Tasks sent that day'),
  tasksCompleted: nullableCount.describe('Tasks that finished with an answer'),
  tasksAccepted: nullableCount.describe('Completed tasks that passed quality review'),
  errorRate: nullableShare.describe('Share of attempted tasks that ended in an error (timeouts counted separately)'),
  timeoutRate: nullableShare.describe('Share of attempted tasks that timed out'),
  retries: nullableCount.describe('Requests sent again after a failure'),
  inputTokens: nullableCount.describe('Input tokens sent that day (API log or server log)'),
  outputTokens: nullableCount.describe('Output tokens incl. reasoning that day'),
  toolCallsTotal: nullableCount.describe('Tool calls the model made'),
  toolCallsCorrect: nullableCount.describe('Tool calls with the right function, valid JSON arguments and a usable result'),
  teamHours: nullableHours.describe('Team hours spent on this side that day, out-of-hours included'),
  outOfHoursHours: nullableHours.describe('Part of the team hours worked outside regular working time'),
  utilisation: nullableShare.describe('Productive cluster hours / provisioned cluster hours (self-hosted side)'),
  costUsd: usd.max(MONEY_LIMITS.pilotDay).nullable().describe('Infrastructure or API bill for the day, USD; team hours are priced separately'),
});

/**
 * Pairs [a, b] where a can never exceed b on the same day (both measured). Checked on load and
 * at the field in the UI: more accepted than attempted tasks would be an acceptance above 100 %.
 */
export const DAY_METRIC_ORDER: readonly (readonly [keyof z.infer<typeof dayMetricsShape>, keyof z.infer<typeof dayMetricsShape>])[] = [
  ['tasksCompleted', 'tasksAttempted'],
  ['tasksAccepted', 'tasksCompleted'],
  ['tasksAccepted', 'tasksAttempted'],
  ['toolCallsCorrect', 'toolCallsTotal'],
  ['outOfHoursHours', 'teamHours'],
  ['ttftP50Ms', 'ttftP95Ms'],
];

export const dayMetricsSchema = dayMetricsShape.superRefine((day, ctx) => {
  const flagged = new Set<string>();
  for (const [a, b] of DAY_METRIC_ORDER) {
    const va = day[a];
    const vb = day[b];
    if (va === null || vb === null || va <= vb || flagged.has(a)) continue;
    flagged.add(a);
    ctx.addIssue({
      code: 'custom',
      path: [a],
      message: `${a} (${va}) must not exceed ${b} (${vb})`,
      params: { rule: 'day-order', field: a, value: va, limit: b, limitValue: vb },
    });
  }
});
export type DayMetrics = z.infer<typeof dayMetricsSchema>;
export type DayMetricKey = keyof DayMetrics;

export const incidentCauses = ['failed-start', 'oom', 'inter-node', 'parser-tool-call', 'timeout', 'driver-engine-upgrade', 'other'] as const;

export const incidentSchema = z.strictObject({
  day: z.number().int().min(1).max(7).describe('Pilot day 1-7'),
  start: z.string().max(40).describe('When it began, local time (e.g. 02:15)'),
  recoveryMinutes: nonNegative.max(60 * 24 * 7).describe('Minutes until the service was usable again'),
  cause: z.enum(incidentCauses),
  affectedTasks: count.describe('Tasks that failed or had to be repeated'),
  countermeasure: z.string().max(500).describe('Permanent countermeasure; empty = not yet fixed for good'),
  outOfHours: z.boolean().describe('Someone had to step in outside regular working time'),
});
export type Incident = z.infer<typeof incidentSchema>;

export const checkStatusSchema = z.enum(['passed', 'failed', 'not-tested']);
export type CheckStatus = z.infer<typeof checkStatusSchema>;

/** Where a deviation between the two sides comes from (article 002: "Entscheidungsgrund"). */
export const deviationOrigins = ['model', 'engine', 'message-handling', 'network', 'agent-framework', 'other'] as const;

export const pilotExamples = ['continue', 'return', 'hybrid'] as const;

export const pilotThresholdsSchema = z.strictObject({
  acceptanceGapPoints: finite.min(0).max(100).describe('Self-hosted acceptance may trail the API by at most this many percentage points'),
  ttftP95Ratio: finite.min(1).max(100).describe('Self-hosted p95 TTFT may be at most this multiple of the API'),
  utilisationMin: share.describe('Mean productive utilisation over the measured days needed to continue (at least)'),
  incidentsPerDayMax: nonNegative.describe('Self-hosted incidents per pilot day, at most'),
  teamHoursPerWeekMax: nonNegative.describe('Self-hosted team hours per week (out-of-hours included), at most'),
  costRatioMax: positive.describe('Self-hosted cost per accepted task / API cost per accepted task must be at most this'),
  sensitiveShareForHybrid: share.describe('Share of work bound to local processing at or above which hybrid is considered'),
  toolCallGapPoints: finite.min(0).max(100).describe('Self-hosted correct tool calls may trail the API by at most this many percentage points'),
  errorRateGapPoints: finite.min(0).max(100).describe('Self-hosted error + timeout rate may exceed the API by at most this many percentage points'),
  outOfHoursPerWeekMax: nonNegative.max(168).describe('Self-hosted out-of-hours team hours per week, at most'),
  plannableShareForHybrid: share.describe('Share of plannable batch work at or above which hybrid is considered'),
});
export type PilotThresholds = z.infer<typeof pilotThresholdsSchema>;

export const pilotSchema = z.strictObject({
  startDate: isoDate.nullable(),
  days: z.array(z.strictObject({ api: dayMetricsSchema, selfHosted: dayMetricsSchema })).length(7),
  incidents: z.array(incidentSchema).max(500),
  checks: z.record(z.string().max(60), z.strictObject({ status: checkStatusSchema, note: z.string().max(500) })),
  thresholds: pilotThresholdsSchema,
  sensitiveShare: share.describe('Share of work that must stay on own infrastructure (data protection)'),
  plannableShare: share.describe('Share of work that is plannable batch work'),
  staffHoursPerYear: finite.min(100).max(8760).describe('Working hours one loaded yearly staff cost pays for; prices the team hours of both sides'),
  dayReasons: z
    .array(z.strictObject({ origin: z.enum(deviationOrigins).nullable(), note: z.string().max(500) }))
    .length(7)
    .describe('Per day: where a deviation between the sides came from, and a note'),
  filledFrom: z
    .record(
      z.string().regex(/^[1-7]:(api|selfHosted)$/, 'Use "<day>:<side>", e.g. "3:selfHosted"'),
      z.strictObject({
        kind: z.enum(['benchmark-run', 'api-usage']),
        label: z.string().max(200),
        fileHash: z.string().max(128),
        fields: z.array(z.string().max(40)).max(20),
      }),
    )
    .describe('Which day fields were filled from an imported run (removed field by field when edited)'),
  example: z.enum(pilotExamples).nullable().describe('Set while the pilot holds one of the built-in example weeks'),
});
export type Pilot = z.infer<typeof pilotSchema>;

export const rangeSchema = z
  .strictObject({ low: finite, high: finite })
  .refine((r) => r.low <= r.high, { message: 'Low must not exceed high', path: ['low'], params: { rule: 'range-order' } });

export const uncertaintySchema = z.strictObject({
  sensitivityShare: finite.min(0.01).max(0.9).describe('± swing used by the tornado chart (0.2 = ±20 %)'),
  samples: z.number().int().min(1000).max(200_000),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  ranges: z.record(z.string().max(80), rangeSchema),
});

export const fxSchema = z.strictObject({
  /** Units of each currency per 1 USD. */
  EUR: positive.min(MIN_FX_RATE).max(1e6),
  CNY: positive.min(MIN_FX_RATE).max(1e6),
  checked: isoDate,
});
export type FxRates = z.infer<typeof fxSchema>;

/**
 * Where the workload came from when it was taken from usage files (docs/usage.md): the file
 * names, the local days covered, the IANA zone the days and the week were built in, and the
 * models kept. Null when the workload was entered by hand.
 */
export const usageSourceSchema = z.strictObject({
  files: z.array(z.string().max(200)).min(1).max(20),
  firstDay: isoDate,
  lastDay: isoDate,
  timeZone: ianaTimeZone.describe('IANA time zone of the days and the weekly profile, e.g. Europe/Berlin'),
  /** Models whose usage the workload holds; empty = all models in the files. */
  models: z.array(z.string().max(200)).max(50),
  profile: z.enum(['median', 'busiest']).describe('Weekly profile: the median week or the busiest full week'),
});
export type UsageSource = z.infer<typeof usageSourceSchema>;

export const usageSchema = z.strictObject({
  source: usageSourceSchema.nullable(),
});

export const viewSchema = z.strictObject({
  language: languageSchema,
  currency: currencySchema,
});

export const scenarioSchema = z.strictObject({
  type: z.literal(SCENARIO_TYPE),
  version: z.literal(SCENARIO_VERSION),
  name: z.string().max(120),
  notes: z.string().max(4000),
  workload: workloadSchema,
  api: apiOfferSchema,
  selfHosted: selfHostedSchema,
  hardware: hardwareSchema,
  pilot: pilotSchema,
  uncertainty: uncertaintySchema,
  fx: fxSchema,
  usage: usageSchema,
  /** Present only when the author chose to share language and currency with the link. */
  view: viewSchema.nullable(),
});
export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioSection = Exclude<keyof Scenario, 'type' | 'version' | 'name' | 'notes' | 'view'>;
