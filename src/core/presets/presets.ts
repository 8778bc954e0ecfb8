import { readScenarioDocument } from '../scenario/document';
import { HOURS_PER_MONTH, SCENARIO_TYPE, SCENARIO_VERSION, type Scenario } from '../scenario/schema';

/**
 * Scenario presets for the source articles (SPEC §8): each is a partial scenario document
 * holding the article's own inputs, read through `readScenarioDocument` like any file, so
 * every field is validated and the rest comes from the defaults. Where an article leaves an
 * input open, the preset picks a neutral value and its notes say so. The figures are claims
 * of their articles, never truths; the claim check (claims.ts) recomputes them.
 */

export type ArticleId = 'a000' | 'a001' | 'a003' | 'a004';

export const PRESET_IDS = ['a000-k2-vendor', 'a000-k2-relay', 'a001-long-context', 'a003-k3-cache', 'a004-m27-gpt55'] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export interface PresetDefinition {
  id: PresetId;
  article: ArticleId;
  /** Partial scenario document (missing fields come from the defaults). */
  document: Record<string, unknown>;
}

const doc = (name: string, notes: string, sections: Record<string, unknown>): Record<string, unknown> => ({
  type: SCENARIO_TYPE,
  version: SCENARIO_VERSION,
  name,
  notes,
  ...sections,
});

/** Neither article 000 nor 004 counts staff, other fixed or one-time costs in its break-even. */
const NO_EXTRAS = { staffFte: 0, upgradeHoursPerMonth: 0, otherMonthly: [], oneTimeUsd: 0 };

/** Article 000's self-hosted cluster: 8× H100 at ~$32/h on Lambda = $4.00 per GPU-hour, 2,850 tokens/s measured. */
const A000_CLUSTER = {
  modelId: 'kimi-k2',
  gpuId: 'h100-sxm',
  gpusPerReplica: 8,
  gpusPerNode: 8,
  replicas: 1,
  redundancy: 'none',
  costMode: 'rent',
  rentPriceId: 'h100-article-000',
  rentUnit: 'gpu-hour',
  rentPrice: 4,
  hoursMode: 'always',
  ...NO_EXTRAS,
  // "Throughput (tokens/s, alle User) 2.850" for vLLM on 8× H100; the article prices blended
  // tokens, so the figure is read as total (input + output) tokens per second.
  throughput: { source: 'entered', tokensPerSecond: 2_850, basis: 'total', latencyTargetMs: null, measuredRun: null },
  // "Erst ab ~800M Tokens/Monat mit konstant 90% Utilization"
  maxUtilisation: 0.9,
};

/** 800M tokens a month (the claimed break-even), 20 % input / 80 % output as the article blends them. */
const A000_WORKLOAD = {
  mode: 'tokens',
  inputTokensPerMonth: 160_000_000,
  outputTokensPerMonth: 640_000_000,
  // Request size is not given; 200 + 800 keeps the article's 20/80 blend.
  inputTokensPerRequest: 200,
  outputTokensPerRequest: 800,
  cacheHitShare: 0,
  reasoningMode: 'none',
  retryRateApi: 0,
  retryRateSelfHosted: 0,
  acceptanceApi: 1,
  acceptanceSelfHosted: 1,
  profileMode: 'peak-to-average',
  // "konstant 90% Utilization": a flat load.
  peakToAverage: 1,
};

export const PRESETS: readonly PresetDefinition[] = [
  {
    id: 'a000-k2-vendor',
    article: 'a000',
    document: doc(
      'Kimi K2 on 8× H100 (~$32/h) vs Moonshot API (article 000)',
      'Article 000 (January 2026): 8× H100 at ~$32/h, 2,850 tokens/s, vs Kimi K2 from Moonshot at 0.60 / 2.50 per 1M tokens, ' +
        'at the claimed break-even of 800M tokens a month (20 % input, 80 % output). No cached price is given (cache hits 0 %). ' +
        'Staff is left out as in the article (it adds "1 FTE MLOps" elsewhere). Kimi K2 FP8 does not fit 8× H100 80GB: see the hardware view.',
      {
        workload: A000_WORKLOAD,
        api: {
          offerId: 'moonshot-kimi-k2-article-000',
          provider: 'Moonshot AI',
          model: 'Kimi K2',
          channel: 'first-party',
          listCurrency: 'USD',
          priceInputPerM: 0.6,
          priceCachedInputPerM: 0.6,
          priceOutputPerM: 2.5,
          invoiceCurrency: 'USD',
          invoiceFx: 'market',
          pegInvoicePerListUnit: 1,
          rateLimitRpm: null,
          rateLimitTpm: null,
        },
        selfHosted: A000_CLUSTER,
      },
    ),
  },
  {
    id: 'a000-k2-relay',
    article: 'a000',
    document: doc(
      'Kimi K2 on 8× H100 (~$32/h) vs a relay invoicing ¥1 per $1 (article 000)',
      "Article 000 (January 2026): the same cluster against the relay's list price $0.12 / $0.55, invoiced in CNY at the relay's " +
        'peg of ¥1 per $1 listed and paid in yuan at the market rate (7.10 CNY/USD here): a customer paying in yuan pays 1/7.1 of ' +
        'the list price in dollars, the article\'s "~85 % saving". Paying in USD instead, set the invoice currency to USD. ' +
        'The article is published by that relay. 800M tokens a month, 20 % input, 80 % output.',
      {
        workload: A000_WORKLOAD,
        api: {
          offerId: 'holysheep-kimi-k2-article-000',
          provider: 'HolySheep (relay)',
          model: 'Kimi K2',
          channel: 'relay',
          listCurrency: 'USD',
          priceInputPerM: 0.12,
          priceCachedInputPerM: 0.12,
          priceOutputPerM: 0.55,
          // "HolySheep rechnet 1:1 (¥1=$1)": $1 listed is invoiced as ¥1, paid in yuan at the market rate.
          invoiceCurrency: 'CNY',
          invoiceFx: 'peg',
          pegInvoicePerListUnit: 1,
          rateLimitRpm: null,
          rateLimitTpm: null,
        },
        selfHosted: A000_CLUSTER,
      },
    ),
  },
  {
    id: 'a001-long-context',
    article: 'a001',
    document: doc(
      'Long context: 40 requests/day × 800K input + 4K output (article 001)',
      'Article 001: 40 requests a day of 800,000 input and 4,000 output tokens over 30 days, priced at Kimi K2 from Moonshot ' +
        '(0.60 / 2.50, as in article 000; article 001 gives no vendor price of its own). Switch the API offer to compare the relay ' +
        "(0.08 / 0.30 in the article's code), GPT-4.1 or Claude Sonnet 4.5 (whose > 200K tier applies to 800K prompts). " +
        "The self-hosted side is article 000's 8× H100 cluster; article 001 does not self-host.",
      {
        workload: {
          mode: 'requests',
          requestsPerDay: 40,
          inputTokensPerRequest: 800_000,
          outputTokensPerRequest: 4_000,
          daysPerMonth: 30,
          cacheHitShare: 0,
          reasoningMode: 'none',
          retryRateApi: 0,
          retryRateSelfHosted: 0,
          acceptanceApi: 1,
          acceptanceSelfHosted: 1,
          profileMode: 'peak-to-average',
          peakToAverage: 3,
        },
        api: {
          offerId: 'moonshot-kimi-k2-article-000',
          provider: 'Moonshot AI',
          model: 'Kimi K2',
          channel: 'first-party',
          listCurrency: 'USD',
          priceInputPerM: 0.6,
          priceCachedInputPerM: 0.15,
          priceOutputPerM: 2.5,
          invoiceCurrency: 'USD',
          invoiceFx: 'market',
          pegInvoicePerListUnit: 1,
          rateLimitRpm: null,
          rateLimitTpm: null,
        },
        selfHosted: A000_CLUSTER,
      },
    ),
  },
  {
    id: 'a003-k3-cache',
    article: 'a003',
    document: doc(
      'Kimi K3 API with cache hits vs an 8-GPU planning cluster (article 003)',
      "Article 003 (July 2026): requests of 300,000 input + 30,000 output tokens at Moonshot's $3.00 miss / $0.30 hit / $15.00 " +
        'output ($1.35 all-miss, $0.54 all-hit); here 2,000 a day with half the input from the cache. Self-hosted: the official ' +
        'minimum of 8× GB300 at the article\'s planning figure of "over $58,000 a month" (= $9.93 per GPU-hour at 730 h). ' +
        'The article gives no throughput: 2,500 output tokens/s per replica is an assumption to replace with a measured or ' +
        'estimated value. K3 always reasons; measure its reasoning tokens and add them.',
      {
        workload: {
          mode: 'requests',
          requestsPerDay: 2_000,
          inputTokensPerRequest: 300_000,
          outputTokensPerRequest: 30_000,
          daysPerMonth: 30,
          cacheHitShare: 0.5,
          reasoningMode: 'none',
          retryRateApi: 0.03,
          retryRateSelfHosted: 0.03,
          acceptanceApi: 0.9,
          acceptanceSelfHosted: 0.9,
          profileMode: 'peak-to-average',
          peakToAverage: 2.5,
        },
        api: {
          offerId: 'moonshot-kimi-k3',
          provider: 'Moonshot AI',
          model: 'Kimi K3',
          channel: 'first-party',
          listCurrency: 'USD',
          priceInputPerM: 3,
          priceCachedInputPerM: 0.3,
          priceOutputPerM: 15,
          invoiceCurrency: 'USD',
          invoiceFx: 'market',
          pegInvoicePerListUnit: 1,
          rateLimitRpm: null,
          rateLimitTpm: null,
        },
        selfHosted: {
          modelId: 'kimi-k3',
          gpuId: 'gb300',
          gpusPerReplica: 8,
          gpusPerNode: 4,
          replicas: 1,
          redundancy: 'none',
          costMode: 'rent',
          rentPriceId: null,
          rentUnit: 'gpu-hour',
          rentPrice: Math.round((58_000 / (8 * HOURS_PER_MONTH)) * 100) / 100,
          hoursMode: 'always',
          throughput: { source: 'entered', tokensPerSecond: 2_500, basis: 'output', latencyTargetMs: null, measuredRun: null },
          maxUtilisation: 0.8,
        },
      },
    ),
  },
  {
    id: 'a004-m27-gpt55',
    article: 'a004',
    document: doc(
      'MiniMax M2.7 on 8× H100 vs a GPT-5.5-class API (article 004)',
      'Article 004: 8× H100 at "4,82 $/Std." used as the rate of the whole cluster (its fixed cost 3,469 $ = 4.82 × 24 × 30), ' +
        '1,247 output tokens/s, 12M output tokens a month, GPT-5.5 via a relay at $25 per 1M output. The article prices no input ' +
        "(requests average 412 input / 387 output tokens), so input is free here as in its arithmetic; GPT-5.5's list price is " +
        '5.00 input / 30.00 output. The article is published by that relay. MiniMax M2.7 is not in the model catalog; M2 (229B) stands in.',
      {
        workload: {
          mode: 'tokens',
          inputTokensPerMonth: Math.round((12_000_000 * 412) / 387),
          outputTokensPerMonth: 12_000_000,
          inputTokensPerRequest: 412,
          outputTokensPerRequest: 387,
          cacheHitShare: 0,
          reasoningMode: 'none',
          retryRateApi: 0,
          retryRateSelfHosted: 0,
          acceptanceApi: 1,
          acceptanceSelfHosted: 1,
          profileMode: 'peak-to-average',
          peakToAverage: 1,
        },
        api: {
          offerId: null,
          provider: 'HolySheep (relay)',
          model: 'GPT-5.5 (per article 004)',
          channel: 'relay',
          listCurrency: 'USD',
          priceInputPerM: 0,
          priceCachedInputPerM: 0,
          priceOutputPerM: 25,
          invoiceCurrency: 'USD',
          invoiceFx: 'market',
          pegInvoicePerListUnit: 1,
          rateLimitRpm: null,
          rateLimitTpm: null,
        },
        selfHosted: {
          modelId: 'minimax-m2',
          gpuId: 'h100-sxm',
          gpusPerReplica: 8,
          gpusPerNode: 8,
          replicas: 1,
          redundancy: 'none',
          costMode: 'rent',
          rentPriceId: 'h100-article-004',
          rentUnit: 'gpu-hour',
          rentPrice: 0.6025,
          hoursMode: 'always',
          ...NO_EXTRAS,
          throughput: { source: 'entered', tokensPerSecond: 1_247, basis: 'output', latencyTargetMs: null, measuredRun: null },
          maxUtilisation: 0.9,
        },
      },
    ),
  },
];

export function findPreset(id: string): PresetDefinition | undefined {
  return PRESETS.find((p) => p.id === id);
}

export type PresetLoad = { ok: true; scenario: Scenario; notices: { path: string; problem: string }[] } | { ok: false; error: string };

/** The preset as a complete, validated scenario (the notices should always be empty). */
export function loadPreset(id: string): PresetLoad {
  const preset = findPreset(id);
  if (!preset) return { ok: false, error: `Unknown preset "${id}"` };
  const read = readScenarioDocument(preset.document, false);
  if (!read.ok) return { ok: false, error: `Preset "${id}": ${read.error.kind}` };
  return { ok: true, scenario: read.value.scenario, notices: read.value.notices.map((n) => ({ path: n.path, problem: n.problem })) };
}

/** Like loadPreset, for callers that know the id is valid (throws otherwise). */
export function presetScenario(id: PresetId): Scenario {
  const r = loadPreset(id);
  if (!r.ok) throw new Error(r.error);
  return r.scenario;
}
