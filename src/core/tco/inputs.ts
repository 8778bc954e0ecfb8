import { MONEY_LIMITS, type Scenario } from '../scenario/schema';
import { billingMode, rentRate } from './billing';
import { MAX_PEAK_TO_AVERAGE } from './profile';

/**
 * The inputs that the tornado chart swings and the Monte Carlo run samples. Their keys are
 * the keys of `uncertainty.ranges` in the scenario document; a range is given in the input's
 * own unit (e.g. rentPrice 2.50…4.50 USD per GPU-hour, acceptanceSelfHosted 0.8…0.95), and
 * `volume` as a multiple of the volume entered (0.5…2).
 */
export const UNCERTAINTY_KEYS = [
  'volume',
  'cacheHitShare',
  'reasoningTokensPerRequest',
  'reasoningMultiplier',
  'retryRateApi',
  'retryRateSelfHosted',
  'acceptanceApi',
  'acceptanceSelfHosted',
  'peakToAverage',
  'priceInputPerM',
  'priceCachedInputPerM',
  'priceOutputPerM',
  'rentPrice',
  'capexPerGpu',
  'residualShare',
  'pricePerKwh',
  'tokensPerSecond',
  'maxUtilisation',
  'staffFte',
  'staffLoadedYearlyUsd',
  'otherMonthlyUsd',
  'oneTimeUsd',
  'volumeGrowthMonthly',
  'apiPriceChangeYearly',
  'gpuPriceChangeYearly',
  'waccYearly',
  'upfrontShare',
] as const;

export type UncertaintyKey = (typeof UNCERTAINTY_KEYS)[number];

export type InputUnit =
  | 'multiplier'
  | 'share'
  | 'tokens'
  | 'ratio'
  | 'price-per-m'
  | 'usd-per-hour'
  | 'usd'
  | 'usd-per-kwh'
  | 'usd-per-month'
  | 'usd-per-year'
  | 'tokens-per-second'
  | 'fte'
  | 'rate-per-month'
  | 'rate-per-year';

/** Mutable shallow copies of the three sections a swing or a sample may change. */
export interface Draft {
  workload: Scenario['workload'];
  api: Scenario['api'];
  selfHosted: Scenario['selfHosted'];
}

export interface UncertainInput {
  key: UncertaintyKey;
  unit: InputUnit;
  min: number;
  max: number;
  /** Whether the input changes the demand shape (the shape must then be rebuilt). */
  shape: boolean;
  applies: (s: Draft) => boolean;
  get: (s: Draft) => number;
  set: (s: Draft, v: number) => void;
}

const always = () => true;
/** Other monthly cost lines a scenario may have (schema limit); the swing is of their total. */
const MAX_OTHER_LINES = 20;
const rent = (s: Draft) => s.selfHosted.costMode === 'rent';
const buy = (s: Draft) => s.selfHosted.costMode === 'buy';

function otherTotal(s: Draft): number {
  return s.selfHosted.otherMonthly.reduce((sum, o) => sum + o.usd, 0);
}

export const UNCERTAIN_INPUTS: Readonly<Record<UncertaintyKey, UncertainInput>> = {
  volume: {
    key: 'volume',
    unit: 'multiplier',
    min: 0,
    max: 1000,
    shape: false,
    applies: always,
    get: () => 1,
    set: (s, v) => {
      // The volume as entered is 1; scale whichever description of volume is in use.
      if (s.workload.mode === 'requests') s.workload.requestsPerDay *= v;
      else {
        s.workload.inputTokensPerMonth *= v;
        s.workload.outputTokensPerMonth *= v;
      }
    },
  },
  cacheHitShare: {
    key: 'cacheHitShare',
    unit: 'share',
    min: 0,
    max: 1,
    shape: false,
    applies: always,
    get: (s) => s.workload.cacheHitShare,
    set: (s, v) => void (s.workload.cacheHitShare = v),
  },
  reasoningTokensPerRequest: {
    key: 'reasoningTokensPerRequest',
    unit: 'tokens',
    min: 0,
    max: 1e8,
    shape: false,
    applies: (s) => s.workload.reasoningMode === 'tokens',
    get: (s) => s.workload.reasoningTokensPerRequest,
    set: (s, v) => void (s.workload.reasoningTokensPerRequest = v),
  },
  reasoningMultiplier: {
    key: 'reasoningMultiplier',
    unit: 'ratio',
    min: 1,
    max: 100,
    shape: false,
    applies: (s) => s.workload.reasoningMode === 'multiplier',
    get: (s) => s.workload.reasoningMultiplier,
    set: (s, v) => void (s.workload.reasoningMultiplier = v),
  },
  retryRateApi: {
    key: 'retryRateApi',
    unit: 'share',
    min: 0,
    max: 10,
    shape: false,
    applies: always,
    get: (s) => s.workload.retryRateApi,
    set: (s, v) => void (s.workload.retryRateApi = v),
  },
  retryRateSelfHosted: {
    key: 'retryRateSelfHosted',
    unit: 'share',
    min: 0,
    max: 10,
    shape: false,
    applies: always,
    get: (s) => s.workload.retryRateSelfHosted,
    set: (s, v) => void (s.workload.retryRateSelfHosted = v),
  },
  acceptanceApi: {
    key: 'acceptanceApi',
    unit: 'share',
    min: 0,
    max: 1,
    shape: false,
    applies: always,
    get: (s) => s.workload.acceptanceApi,
    set: (s, v) => void (s.workload.acceptanceApi = v),
  },
  acceptanceSelfHosted: {
    key: 'acceptanceSelfHosted',
    unit: 'share',
    min: 0,
    max: 1,
    shape: false,
    applies: always,
    get: (s) => s.workload.acceptanceSelfHosted,
    set: (s, v) => void (s.workload.acceptanceSelfHosted = v),
  },
  peakToAverage: {
    key: 'peakToAverage',
    unit: 'ratio',
    min: 1,
    max: MAX_PEAK_TO_AVERAGE,
    shape: true,
    applies: (s) => s.workload.profileMode === 'peak-to-average',
    get: (s) => s.workload.peakToAverage,
    set: (s, v) => void (s.workload.peakToAverage = v),
  },
  priceInputPerM: {
    key: 'priceInputPerM',
    unit: 'price-per-m',
    min: 0,
    max: MONEY_LIMITS.pricePerM,
    shape: false,
    applies: always,
    get: (s) => s.api.priceInputPerM,
    set: (s, v) => void (s.api.priceInputPerM = v),
  },
  priceCachedInputPerM: {
    key: 'priceCachedInputPerM',
    unit: 'price-per-m',
    min: 0,
    max: MONEY_LIMITS.pricePerM,
    shape: false,
    applies: (s) => s.workload.cacheHitShare > 0,
    get: (s) => s.api.priceCachedInputPerM,
    set: (s, v) => void (s.api.priceCachedInputPerM = v),
  },
  priceOutputPerM: {
    key: 'priceOutputPerM',
    unit: 'price-per-m',
    min: 0,
    max: MONEY_LIMITS.pricePerM,
    shape: false,
    applies: always,
    get: (s) => s.api.priceOutputPerM,
    set: (s, v) => void (s.api.priceOutputPerM = v),
  },
  rentPrice: {
    key: 'rentPrice',
    unit: 'usd-per-hour',
    min: 0,
    max: MONEY_LIMITS.rentPerNodeHour,
    shape: false,
    applies: rent,
    // The rate the billing mode pays: the reserved rate when reserved, the spot rate on spot
    // (billing.ts). Mixed billing and spot pay both: the on-demand rate moves with it, in proportion.
    get: (s) => rentRate(s.selfHosted),
    set: (s, v) => {
      const mode = billingMode(s.selfHosted);
      const b = s.selfHosted.billing;
      if (mode === 'spot') {
        // Spot pays both as well: the on-demand fallback's rate moves with the spot rate.
        const spot = s.selfHosted.spot;
        s.selfHosted.rentPrice = spot.spotPrice > 0 ? (s.selfHosted.rentPrice * v) / spot.spotPrice : v;
        s.selfHosted.spot = { ...spot, spotPrice: v };
        return;
      }
      if (mode === 'mixed') s.selfHosted.rentPrice = b.reservedPrice > 0 ? (s.selfHosted.rentPrice * v) / b.reservedPrice : v;
      if (mode === 'reserved' || mode === 'mixed') s.selfHosted.billing = { ...b, reservedPrice: v };
      else s.selfHosted.rentPrice = v;
    },
  },
  capexPerGpu: {
    key: 'capexPerGpu',
    unit: 'usd',
    min: 0,
    max: MONEY_LIMITS.capexPerGpu,
    shape: false,
    applies: buy,
    get: (s) => s.selfHosted.capexPerGpu,
    set: (s, v) => void (s.selfHosted.capexPerGpu = v),
  },
  residualShare: {
    key: 'residualShare',
    unit: 'share',
    min: 0,
    max: 1,
    shape: false,
    applies: buy,
    get: (s) => s.selfHosted.residualShare,
    set: (s, v) => void (s.selfHosted.residualShare = v),
  },
  pricePerKwh: {
    key: 'pricePerKwh',
    unit: 'usd-per-kwh',
    min: 0,
    max: 10,
    shape: false,
    applies: buy,
    get: (s) => s.selfHosted.pricePerKwh,
    set: (s, v) => void (s.selfHosted.pricePerKwh = v),
  },
  tokensPerSecond: {
    // With a throughput–latency series chosen the replicas come from its operating point, and the
    // single figure is not read (capacity/stored.ts); disaggregated pools are sized by their own
    // rates (pools.ts): varying it would vary nothing.
    key: 'tokensPerSecond',
    unit: 'tokens-per-second',
    min: 0,
    max: 1e9,
    shape: false,
    applies: (s) => s.selfHosted.capacity.series === null && s.selfHosted.pools === null,
    get: (s) => s.selfHosted.throughput.tokensPerSecond,
    set: (s, v) => void (s.selfHosted.throughput = { ...s.selfHosted.throughput, tokensPerSecond: v }),
  },
  maxUtilisation: {
    // Pools are derated by their rate-matching factors instead (pools.ts).
    key: 'maxUtilisation',
    unit: 'share',
    min: 0.01,
    max: 1,
    shape: false,
    applies: (s) => s.selfHosted.pools === null,
    get: (s) => s.selfHosted.maxUtilisation,
    set: (s, v) => void (s.selfHosted.maxUtilisation = v),
  },
  staffFte: {
    key: 'staffFte',
    unit: 'fte',
    min: 0,
    max: 1000,
    shape: false,
    applies: always,
    get: (s) => s.selfHosted.staffFte,
    set: (s, v) => void (s.selfHosted.staffFte = v),
  },
  staffLoadedYearlyUsd: {
    key: 'staffLoadedYearlyUsd',
    unit: 'usd-per-year',
    min: 0,
    max: MONEY_LIMITS.staffYearly,
    shape: false,
    applies: (s) => s.selfHosted.staffFte > 0 || s.selfHosted.upgradeHoursPerMonth > 0,
    get: (s) => s.selfHosted.staffLoadedYearlyUsd,
    set: (s, v) => void (s.selfHosted.staffLoadedYearlyUsd = v),
  },
  otherMonthlyUsd: {
    key: 'otherMonthlyUsd',
    unit: 'usd-per-month',
    min: 0,
    max: MAX_OTHER_LINES * MONEY_LIMITS.otherMonthly,
    shape: false,
    applies: always,
    get: otherTotal,
    set: (s, v) => {
      const total = otherTotal(s);
      s.selfHosted.otherMonthly = total > 0 ? s.selfHosted.otherMonthly.map((o) => ({ ...o, usd: (o.usd * v) / total })) : [{ label: 'Other', usd: v }];
    },
  },
  oneTimeUsd: {
    key: 'oneTimeUsd',
    unit: 'usd',
    min: 0,
    max: MONEY_LIMITS.oneTime,
    shape: false,
    applies: always,
    get: (s) => s.selfHosted.oneTimeUsd,
    set: (s, v) => void (s.selfHosted.oneTimeUsd = v),
  },
  // The outlook and the cost of capital move the horizon (its NPV and payback), not today's month;
  // their base is often 0, so they swing only with a range entered.
  volumeGrowthMonthly: {
    key: 'volumeGrowthMonthly',
    unit: 'rate-per-month',
    min: -0.5,
    max: 1,
    shape: false,
    applies: always,
    get: (s) => s.selfHosted.outlook.volumeGrowthMonthly,
    set: (s, v) => void (s.selfHosted.outlook = { ...s.selfHosted.outlook, volumeGrowthMonthly: v }),
  },
  apiPriceChangeYearly: {
    key: 'apiPriceChangeYearly',
    unit: 'rate-per-year',
    min: -0.99,
    max: 10,
    shape: false,
    applies: always,
    get: (s) => s.selfHosted.outlook.apiPriceChangeYearly,
    set: (s, v) => void (s.selfHosted.outlook = { ...s.selfHosted.outlook, apiPriceChangeYearly: v }),
  },
  gpuPriceChangeYearly: {
    key: 'gpuPriceChangeYearly',
    unit: 'rate-per-year',
    min: -0.99,
    max: 10,
    shape: false,
    applies: always,
    get: (s) => s.selfHosted.outlook.gpuPriceChangeYearly,
    set: (s, v) => void (s.selfHosted.outlook = { ...s.selfHosted.outlook, gpuPriceChangeYearly: v }),
  },
  waccYearly: {
    key: 'waccYearly',
    unit: 'rate-per-year',
    min: 0,
    max: 1,
    shape: false,
    applies: always,
    get: (s) => s.selfHosted.capital.waccYearly,
    set: (s, v) => void (s.selfHosted.capital = { ...s.selfHosted.capital, waccYearly: v }),
  },
  upfrontShare: {
    key: 'upfrontShare',
    unit: 'share',
    min: 0,
    max: 1,
    shape: false,
    applies: (s) => billingMode(s.selfHosted) === 'reserved' || billingMode(s.selfHosted) === 'mixed',
    get: (s) => s.selfHosted.billing.upfrontShare,
    set: (s, v) => void (s.selfHosted.billing = { ...s.selfHosted.billing, upfrontShare: v }),
  },
};

/** The inputs an analyst drags most; the Monte Carlo run varies these when no ranges are given. */
export const DEFAULT_UNCERTAIN_KEYS: readonly UncertaintyKey[] = [
  'volume',
  'rentPrice',
  'capexPerGpu',
  'maxUtilisation',
  'tokensPerSecond',
  'cacheHitShare',
  'acceptanceSelfHosted',
];

export function isUncertaintyKey(key: string): key is UncertaintyKey {
  return Object.hasOwn(UNCERTAIN_INPUTS, key);
}

export function draftOf(scenario: Pick<Scenario, 'workload' | 'api' | 'selfHosted'>): Draft {
  return { workload: { ...scenario.workload }, api: { ...scenario.api }, selfHosted: { ...scenario.selfHosted } };
}

export function clampInput(input: UncertainInput, v: number): number {
  return Math.min(input.max, Math.max(input.min, v));
}

export interface InputRange {
  key: UncertaintyKey;
  base: number;
  low: number;
  high: number;
  /** 'user': from uncertainty.ranges; 'default': base ± sensitivity share. */
  origin: 'user' | 'default';
}

/**
 * The range of one input: the user's range when given (clamped into the input's domain),
 * otherwise base ± share (e.g. ±20 %), clamped likewise.
 */
export function rangeFor(scenario: Pick<Scenario, 'workload' | 'api' | 'selfHosted' | 'uncertainty'>, key: UncertaintyKey): InputRange {
  const input = UNCERTAIN_INPUTS[key];
  const base = input.get(draftOf(scenario));
  const user = scenario.uncertainty.ranges[key];
  if (user) {
    return { key, base, low: clampInput(input, user.low), high: clampInput(input, user.high), origin: 'user' };
  }
  const share = scenario.uncertainty.sensitivityShare;
  return { key, base, low: clampInput(input, base * (1 - share)), high: clampInput(input, base * (1 + share)), origin: 'default' };
}
