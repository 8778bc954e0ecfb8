import { describe, expect, it } from 'vitest';
import { GPUS } from '../catalog/gpus';
import type { PublishedSeries } from '../catalog/published-measurements';
import type { ApiOfferRecord } from '../catalog/types';
import { apiFieldsFromOffer } from '../catalog/offer-fields';
import { defaultScenario } from '../scenario/defaults';
import { plainScenario } from '../../testing/test-scenarios';
import { resolveCapacity, storeSeries } from '../capacity/stored';
import { seriesFromPublished } from '../capacity/series';
import type { StoredSeries } from '../schemas/stored-capacity';
import { PUBLISHED_RECORDS } from '../catalog/published-records.data';
import { PUBLISHED_SERIES } from '../catalog/published-measurements.data';
import { calibrate, calibrationFor, fitFactor, recordOverSeries, type CalibratedClass } from './calibration';
import { apiFieldsFromListPrice, type ListPriceOffer } from '../usage/list-prices';
import {
  CATALOG as CATALOG_ALL,
  apiOfferChoices,
  applyPlan,
  ownSource,
  firstOverSecond,
  searchPlans,
  type PlanCatalog,
  type PlanConstraints,
  NO_CONSTRAINTS,
} from './search';

/**
 * A small catalog enumerated by hand: gpt-oss-120b (MoE, GQA) at 4K context and 16 sequences
 * fits on one GPU as TP1 and on two as TP2 + EP2, on each of H100, H200 and B200 (the hardware
 * fit's own minimum counts). One published point per (GPU, count), at the workload's lengths,
 * sets each throughput; no SLO limits, so the point is the operating point.
 *
 * Workload: 175,200 requests a day × 30 days = 5,256,000 tasks a month of 1,000 in + 1,000 out
 * tokens, flat; output demand 5,256,000 × 1,000 ÷ (730 × 3,600 s) = 2,000 tok/s; utilisable to
 * 100 %; acceptance 100 %; no staff, power or other costs; 730 paid hours a month.
 *
 * Replicas = ceil(2,000 ÷ tok/s of one replica):
 *   H100 TP1 1,000 → 2 × 1 GPU;  H100 TP2+EP2 1,800 → 2 × 2 GPUs
 *   H200 TP1 2,000 → 1 × 1 GPU;  H200 TP2+EP2 4,000 → 1 × 2 GPUs
 *   B200 TP1 2,500 → 1 × 1 GPU;  B200 TP2+EP2 5,000 → 1 × 2 GPUs
 * Prices per GPU-hour on demand / reserved 12 months, and bought (straight line over 36 months,
 * no overhead or residual): H100 $2 / $1.40 / $30,000 → $833.33 a month; H200 $3 / $2.20 /
 * $36,000 → $1,000; B200 $5 / $3.60 / $54,000 → $1,500. Monthly = GPUs × rate × 730, or GPUs ×
 * capex ÷ 36:
 *   H100 TP1 (2 GPUs):  on demand 2,920 · reserved 2,044 · bought 1,666.67
 *   H100 EP2 (4 GPUs):  5,840 · 4,088 · 3,333.33
 *   H200 TP1 (1 GPU):   2,190 · 1,606 · 1,000
 *   H200 EP2 (2 GPUs):  4,380 · 3,212 · 2,000
 *   B200 TP1 (1 GPU):   3,650 · 2,628 · 1,500
 *   B200 EP2 (2 GPUs):  7,300 · 5,256 · 3,000
 * API: 5,256,000 × 1,000 output tokens × $0.60 per 1M = $3,153.60 (input free).
 * Hybrids: only the two-replica H100 deployments can keep fewer replicas. TP1 with one replica
 * serves half (1,000 of 2,000 tok/s) and sends half to the API ($1,576.80): 1,460 / 1,022 /
 * 833.33 + 1,576.80 is more than both replicas, so no hybrid. EP2 with one replica serves 90 %
 * (1,800 of 2,000) and sends 10 % ($315.36): on demand 2,920 + 315.36 = 3,235.36 loses to the API
 * alone, reserved 2,044 + 315.36 = 2,359.36 and bought 1,666.67 + 315.36 = 1,982.03 are plans.
 * Ranked by cost per accepted task (= monthly ÷ 5,256,000):
 */
const EXPECTED: [string, number][] = [
  ['self|h200-sxm|1|tp|bought', 1000],
  ['self|b200|1|tp|bought', 1500],
  ['self|h200-sxm|1|tp|reserved-12', 1606],
  ['self|h100-sxm|1|tp|bought', 1666.67],
  ['hybrid|h100-sxm|2|tp-ep|bought', 1982.03],
  ['self|h200-sxm|2|tp-ep|bought', 2000],
  ['self|h100-sxm|1|tp|reserved-12', 2044],
  ['self|h200-sxm|1|tp|on-demand', 2190],
  ['hybrid|h100-sxm|2|tp-ep|reserved-12', 2359.36],
  ['self|b200|1|tp|reserved-12', 2628],
  ['self|h100-sxm|1|tp|on-demand', 2920],
  ['self|b200|2|tp-ep|bought', 3000],
  ['api|test-offer', 3153.6],
  ['self|h200-sxm|2|tp-ep|reserved-12', 3212],
  ['self|h100-sxm|2|tp-ep|bought', 3333.33],
  ['self|b200|1|tp|on-demand', 3650],
  ['self|h100-sxm|2|tp-ep|reserved-12', 4088],
  ['self|h200-sxm|2|tp-ep|on-demand', 4380],
  ['self|b200|2|tp-ep|reserved-12', 5256],
  ['self|h100-sxm|2|tp-ep|on-demand', 5840],
  ['self|b200|2|tp-ep|on-demand', 7300],
];

const TASKS = 5_256_000;

function point(tps: number): PublishedSeries['points'][number] {
  return {
    concurrency: 16,
    requestRate: null,
    outputTokensPerS: tps,
    totalTokensPerS: null,
    ttftMs: {},
    tpotMs: {},
    itlMs: {},
    e2elMs: {},
    requests: 1000,
    successShare: 1,
  };
}

function series(gpuId: string, gpus: number, tps: number): PublishedSeries {
  return {
    id: `test-${gpuId}-${gpus}`,
    label: `test ${gpuId} ×${gpus}`,
    modelId: 'gpt-oss-120b',
    modelName: 'gpt-oss-120b',
    engine: 'test',
    engineVersion: null,
    gpuId,
    hardwareName: gpuId,
    gpus,
    precision: 'MXFP4',
    parallelism: gpus === 1 ? 'TP1' : 'TP2 EP2',
    inputTokens: 1000,
    outputTokens: 1000,
    dataset: 'random',
    source: { publisher: 'test data', repo: null, path: null, commit: null, url: null, measuredOn: '2026-11-01', checked: '2026-11-01' },
    points: [point(tps)],
  };
}

const OFFER: ApiOfferRecord = {
  id: 'test-offer',
  provider: 'Test API',
  model: 'gpt-oss-120b',
  modelId: 'gpt-oss-120b',
  channel: 'first-party',
  listCurrency: 'USD',
  priceInputPerM: 0,
  priceCachedInputPerM: 0,
  priceOutputPerM: 0.6,
  source: { title: 'test', checked: '2026-11-01', kind: 'vendor' },
};

const table = { 'h100-sxm': [2, 1.4, 30_000], 'h200-sxm': [3, 2.2, 36_000], b200: [5, 3.6, 54_000] } as const;
const rec = (gpuId: string, i: 0 | 1 | 2) => {
  const row = (table as Record<string, readonly [number, number, number]>)[gpuId];
  return row ? { usd: row[i], id: `${gpuId}-${i}`, provider: 'test' } : null;
};

const CATALOG: PlanCatalog = {
  gpus: GPUS.filter((g) => g.id in table),
  records: [],
  published: [
    series('h100-sxm', 1, 1000),
    series('h100-sxm', 2, 1800),
    series('h200-sxm', 1, 2000),
    series('h200-sxm', 2, 4000),
    series('b200', 1, 2500),
    series('b200', 2, 5000),
  ],
  offers: [OFFER],
  rent: (id) => rec(id, 0),
  reserved: (id) => rec(id, 1),
  purchase: (id) => rec(id, 2),
  calibration: () => ({ classes: [], skipped: [] }),
};

function scenario() {
  const s = plainScenario();
  s.workload = { ...s.workload, requestsPerDay: 175_200, inputTokensPerRequest: 1000 };
  s.api = { ...s.api, ...apiFieldsFromOffer(OFFER) };
  // The scenario's own GPU is outside the small catalog, so every price is the catalog's.
  s.selfHosted = {
    ...s.selfHosted,
    modelId: 'gpt-oss-120b',
    gpuId: 'a100-80gb-sxm',
    gpusPerReplica: 1,
    maxUtilisation: 1,
    amortisationMonths: 36,
    infraOverheadShare: 0,
    residualShare: 0,
    pricePerKwh: 0,
    capital: { waccYearly: 0, rateConvention: 'nominal' },
    billing: { ...s.selfHosted.billing, upfrontShare: 0 },
    horizonMonths: 12,
    oneTimeUsd: 0,
  };
  // One H100 holds gpt-oss-120b with vLLM's Marlin layout (+5.13 GiB, docs/hardware.md §1a) and
  // 16 sequences only with lean entered overheads (1 + 1 GiB) at 4K: 78.68 − 70.79 − 2.15 = 5.75 GB
  // for 16 × 302.6 MB of KV.
  s.hardware = {
    ...s.hardware,
    weightFormat: 'mxfp4',
    contextLength: 4096,
    concurrentSequences: 16,
    layout: { choice: 'best-fit' },
    overheadSource: 'entered',
    runtimeOverheadGiB: 1,
    activationGiB: 1,
  };
  return s;
}

// Aggregated replicas only: the pools of the same shapes are tested apart.
const THREE: PlanConstraints = { ...NO_CONSTRAINTS, billing: ['on-demand', 'reserved-12', 'bought'], disaggregated: false };

describe('plan search over a small catalog', () => {
  it('ranks 3 GPUs × 2 layouts × 3 billing modes and the API as worked out by hand', () => {
    const r = searchPlans(scenario(), THREE, CATALOG);
    expect(r.issue).toBeNull();
    expect(r.upperBounds).toEqual([]);
    expect(r.plans.map((p) => p.id)).toEqual(EXPECTED.map(([id]) => id));
    r.plans.forEach((p, i) => {
      const usd = (EXPECTED[i] as [string, number])[1];
      expect(p.monthlyUsd).toBeCloseTo(usd, 1);
      expect(p.usdPerAcceptedTask).toBeCloseTo(usd / TASKS, 8);
      // No WACC and no one-time cost: the present value over 12 months is 12 months' cost.
      expect(p.npvUsd).toBeCloseTo(12 * usd, 0);
    });
    const top = r.plans[0];
    expect(top?.evidence?.kind).toBe('published');
    expect(top?.replicas).toBe(1);
    expect(top?.gpusTotal).toBe(1);
    expect(r.plans.find((p) => p.id === 'self|h100-sxm|2|tp-ep|on-demand')?.gpusTotal).toBe(4);
    expect(r.plans.find((p) => p.id === 'self|h200-sxm|1|tp|reserved-12')?.risks).toContainEqual({ kind: 'commitment', months: 12 });
  });

  it('a GPU cap of 1 keeps the single-GPU plans and names what it excluded', () => {
    const r = searchPlans(scenario(), { ...THREE, maxGpus: 1 }, CATALOG);
    expect(r.plans.filter((p) => p.kind === 'self-hosted').every((p) => p.gpusTotal === 1)).toBe(true);
    // H100 TP1 needs 2 replicas of 1 GPU; every EP2 plan needs at least 2.
    expect(
      r.excluded
        .filter((x) => x.reason.code === 'above-gpu-cap')
        .map((x) => `${x.gpuId}|${x.gpus}|${x.billing}`)
        .sort(),
    ).toEqual(['h100-sxm|1', 'h100-sxm|2', 'h200-sxm|2', 'b200|2'].flatMap((g) => ['on-demand', 'reserved-12', 'bought'].map((b) => `${g}|${b}`)).sort());
    const cap = r.excluded.find((x) => x.gpuId === 'h100-sxm' && x.gpus === 1)?.reason;
    expect(cap).toEqual({ code: 'above-gpu-cap', gpus: 2, cap: 1 });
  });

  it('on premises only leaves bought hardware, and no API plan', () => {
    const r = searchPlans(scenario(), { ...NO_CONSTRAINTS, onPremisesOnly: true }, CATALOG);
    expect(new Set(r.plans.map((p) => p.billing))).toEqual(new Set(['bought']));
    expect(r.plans).toHaveLength(6);
  });

  it('a 36-month reservation at the 12-month rate is dropped as no better', () => {
    const r = searchPlans(scenario(), { ...NO_CONSTRAINTS, billing: ['reserved-12', 'reserved-36'] }, CATALOG);
    expect(r.plans.some((p) => p.billing === 'reserved-36')).toBe(false);
    expect(r.plans.filter((p) => p.kind === 'self-hosted' && p.billing === 'reserved-12')).toHaveLength(6);
  });

  it('a reserved base with on-demand burst is a candidate where the week has peaks, priced as worked out by hand', () => {
    // 60 weekly hours at weight 2 and 108 at 1: the busy hours run at 2 × 168 ÷ 228 = 1.47368 ×
    // the 2,000 tok/s average, 2,947.4 tok/s; the others at 1,473.7 tok/s. A weekly hour is 730 ÷
    // 168 h of a month.
    //   H200 TP1 (2,000 tok/s): 2 replicas in the busy hours, 1 in the others. Reserved 12 months
    //   2 × 1,606 = 3,212; on demand 2 × 3 × 730 = 4,380; mixed: 1 reserved (1,606) + 60 busy hours
    //   on demand (60 × 3 × 730 ÷ 168 = 782.14, less than a reserved replica) = 2,388.14.
    //   H100 TP1 (1,000 tok/s): 3 and 2 replicas. Reserved 3 × 1,022 = 3,066; mixed: 2 reserved
    //   (2,044) + 60 × 2 × 730 ÷ 168 = 521.43 → 2,565.43.
    const s = scenario();
    s.workload = { ...s.workload, profileMode: 'weekly', weeklyProfile: Array.from({ length: 168 }, (_, h) => (h < 60 ? 2 : 1)) };
    const r = searchPlans(s, { ...NO_CONSTRAINTS, gpuIds: ['h200-sxm', 'h100-sxm'], billing: ['on-demand', 'reserved-12', 'mixed-12'] }, CATALOG);
    const usd = (id: string) => r.plans.find((p) => p.id === id)?.monthlyUsd;
    expect(usd('self|h200-sxm|1|tp|mixed-12')).toBeCloseTo(1_606 + (60 * 3 * 730) / 168, 4);
    expect(usd('self|h200-sxm|1|tp|reserved-12')).toBeCloseTo(3_212, 4);
    expect(usd('self|h200-sxm|1|tp|on-demand')).toBeCloseTo(4_380, 4);
    expect(usd('self|h100-sxm|1|tp|mixed-12')).toBeCloseTo(2_044 + (60 * 2 * 2 * 730) / 168 / 2, 4);
    expect(usd('self|h100-sxm|1|tp|reserved-12')).toBeCloseTo(3_066, 4);
    const mixed = r.plans.find((p) => p.id === 'self|h200-sxm|1|tp|mixed-12');
    expect(mixed?.risks).toContainEqual({ kind: 'commitment', months: 12 });
    // The cheapest self-hosted plan is the mixed H200 one.
    expect(r.plans.find((p) => p.kind === 'self-hosted')?.id).toBe('self|h200-sxm|1|tp|mixed-12');
    // Applied, the scenario bills in the mixed mode for 12 months.
    if (mixed) expect(applyPlan(s, mixed).selfHosted.billing).toMatchObject({ mode: 'mixed', reservedTermMonths: 12, reservedPrice: 2.2 });
  });

  it('on a flat week the reserved base is every replica: no mixed plan beside the reservation it equals', () => {
    const r = searchPlans(scenario(), { ...NO_CONSTRAINTS, billing: ['reserved-12', 'mixed-12'] }, CATALOG);
    expect(r.plans.some((p) => p.billing === 'mixed-12')).toBe(false);
    expect(r.plans.filter((p) => p.kind === 'self-hosted' && p.billing === 'reserved-12')).toHaveLength(6);
  });

  it('an SLO the points cannot meet excludes them with the nearest point', () => {
    const s = scenario();
    s.selfHosted.capacity = { ...s.selfHosted.capacity, slo: { ...s.selfHosted.capacity.slo, minTokensPerSPerUser: 1000 } };
    const r = searchPlans(s, THREE, CATALOG);
    expect(r.plans.map((p) => p.kind)).toEqual(['api']);
    expect(r.excluded.filter((x) => x.reason.code === 'slo-unreachable')).toHaveLength(18);
    // The nearest point is each series' one load, concurrency 16; it has no TPOT, so no tokens/s per user.
    expect(r.excluded.find((x) => x.reason.code === 'slo-unreachable')?.reason).toEqual({
      code: 'slo-unreachable',
      nearestLoad: 16,
      failing: ['tps-per-user'],
      misses: [{ id: 'tps-per-user', value: null, limit: 1000 }],
    });
  });

  it('"Use this plan" gives the TCO page the plan\'s figure', async () => {
    const { evaluateTco } = await import('../tco/evaluate');
    const s = scenario();
    const top = searchPlans(s, THREE, CATALOG).plans[0];
    if (!top) throw new Error('no plan');
    const applied = applyPlan(s, top);
    expect(applied.selfHosted.gpuId).toBe('h200-sxm');
    expect(applied.selfHosted.costMode).toBe('buy');
    expect(evaluateTco(applied).selfHosted.monthlyUsd).toBeCloseTo(1000, 6);
  });
});

describe('plan search over the catalog', () => {
  it('Kimi K3 at 128K: 8× H200 is excluded as too small, 8× GB300 as TP8 + DCP8 is a candidate', () => {
    const d = defaultScenario();
    const s = { ...d, selfHosted: { ...d.selfHosted, modelId: 'kimi-k3' }, hardware: { ...d.hardware, contextLength: 131_072 } };
    const r = searchPlans(s);
    expect(r.excluded).toContainEqual(expect.objectContaining({ gpuId: 'h200-sxm', gpus: 8, reason: { code: 'node-too-small', smallestFit: 16 } }));
    const gb300 = [...r.plans, ...r.upperBounds].find((p) => p.gpuId === 'gb300' && p.gpusPerReplica === 8 && p.layout?.kind === 'dcp');
    expect(gb300?.layout).toMatchObject({ tp: 8, dcp: 8 });
  });
});

describe('the example scenario', () => {
  it("OpenRouter comes first, the scenario's own Moonshot offer second; the second wins with prices 11.7 % lower", () => {
    // 927,000 requests × (6,000 × 0.68 + 6,000 × 0.34 + 2,000 × 3.41) / 1M = $11,995.38 (OpenRouter)
    // and × (6,000 × 0.95 + 6,000 × 0.16 + 2,000 × 4) / 1M = $13,589.82 (Moonshot, the scenario's).
    const d = defaultScenario();
    const [first, second] = searchPlans(d).plans;
    expect(first?.id).toBe('api|openrouter-kimi-k2.6');
    expect(second?.id).toBe(`api|${d.api.offerId}`);
    expect(first?.monthlyUsd).toBeCloseTo(11_995.38, 2);
    expect(second?.monthlyUsd).toBeCloseTo(13_589.82, 2);
    const lead = first && second ? firstOverSecond(first, second) : null;
    expect(lead?.monthlySavingUsd).toBeCloseTo(1_594.44, 2);
    // Same requests and acceptance: 1 − 11,995.38 / 13,589.82.
    expect(lead?.secondLowerBy).toBeCloseTo(0.11733, 4);
  });

  it("the shortlist offers the scenario's own offer first, then the catalog's offers of the model, and a shortlist of one leaves one API plan", () => {
    const d = defaultScenario();
    const choices = apiOfferChoices(d);
    expect(choices[0]).toMatchObject({ id: d.api.offerId, patch: null });
    expect(choices.map((c) => c.id)).toContain('openrouter-kimi-k2.6');
    const api = searchPlans(d, { ...NO_CONSTRAINTS, apiOfferIds: ['openrouter-kimi-k2.6'] }).plans.filter((p) => p.kind === 'api');
    expect(api.map((p) => p.id)).toEqual(['api|openrouter-kimi-k2.6']);
  });
});

describe('records as evidence', () => {
  const deepseek = (limits: { metric: 'ttft' | 'tpot'; percentile: 99 | 95; maxMs: number }[]) => {
    const d = defaultScenario();
    return {
      ...d,
      selfHosted: { ...d.selfHosted, modelId: 'deepseek-v3', capacity: { ...d.selfHosted.capacity, slo: { ...d.selfHosted.capacity.slo, limits } } },
    };
  };
  const b200 = { ...NO_CONSTRAINTS, gpuIds: ['b200'], billing: ['on-demand'] as const };

  it('an MLPerf v6.1 Server record counts for an SLO no stricter than its limits (2,000 ms TTFT, 80 ms TPOT at p99)', () => {
    const r = searchPlans(
      deepseek([
        { metric: 'ttft', percentile: 95, maxMs: 3000 },
        { metric: 'tpot', percentile: 99, maxMs: 100 },
      ]),
      { ...b200, billing: ['on-demand'] },
    );
    const plan = r.plans.find((p) => p.kind === 'self-hosted' && p.evidence?.kind === 'record');
    expect(plan?.evidence?.label).toBe('record, TensorRT-LLM FP4, MLPerf v6.1 closed');
    // summary.csv: CoreWeave's 8× B200 DeepSeek-R1 Server result, 56,121.3 tokens/s = 7,015.16 per GPU.
    expect(plan?.evidence?.source).toContain('CoreWeave');
    expect(plan?.risks).toContainEqual({ kind: 'record' });
    if (!plan) throw new Error('no record plan');
    // Taken per GPU onto the replica's GPUs (never more GPUs than the record ran on).
    const applied = applyPlan(
      deepseek([
        { metric: 'ttft', percentile: 95, maxMs: 3000 },
        { metric: 'tpot', percentile: 99, maxMs: 100 },
      ]),
      plan,
    );
    expect(plan.gpusPerReplica).toBeLessThanOrEqual(8);
    expect(resolveCapacity(applied.selfHosted).tokensPerSecond).toBeCloseTo(7015.16 * plan.gpusPerReplica, 1);
  });

  it('two layouts of one GPU count on the same record are one plan: the layout the fit picks', () => {
    const r = searchPlans(
      deepseek([
        { metric: 'ttft', percentile: 95, maxMs: 3000 },
        { metric: 'tpot', percentile: 99, maxMs: 100 },
      ]),
      { ...NO_CONSTRAINTS, gpuIds: ['gb200'], billing: ['bought'] },
    );
    const gb200 = r.plans.filter((p) => p.kind === 'self-hosted' && p.evidence?.kind === 'record');
    const counts = gb200.map((p) => p.gpusPerReplica);
    expect(counts.length).toBeGreaterThan(0);
    expect(new Set(counts).size).toBe(counts.length);
    // At 4 GPUs both DCP and TP + EP hold the model; DCP is the fit's pick there.
    expect(gb200.find((p) => p.gpusPerReplica === 4)?.layout).toMatchObject({ kind: 'dcp', bestAtCount: true });
  });

  it('never for a stricter SLO: a 50 ms TPOT leaves only the roofline', () => {
    const r = searchPlans(deepseek([{ metric: 'tpot', percentile: 99, maxMs: 50 }]), { ...b200, billing: ['on-demand'] });
    expect([...r.plans, ...r.upperBounds].some((p) => p.evidence?.kind === 'record')).toBe(false);
  });
});

describe('calibrated estimates', () => {
  // A class calibrated by hand: MoE · GQA · Hopper · one node, factor 0.5 at a 10 % error.
  const hopper: CalibratedClass = {
    key: 'moe|gqa|hopper|single',
    cls: { moe: true, attention: 'gqa', generation: 'hopper', multiNode: false },
    points: [],
    records: [],
    factor: 0.5,
    looError: 0.1,
    looMax: 0.15,
    recordRatio: null,
    recordOverSeries: null,
  };
  const bare: PlanCatalog = { ...CATALOG, published: [] };
  const calibrated: PlanCatalog = { ...bare, calibration: () => ({ classes: [hopper], skipped: [] }) };

  it('without series every GPU rests on the roofline; with a calibrated class the roofline × its factor is a plan', () => {
    const s = scenario();
    // The roofline at the workload's own prompt length (else its lengths would differ).
    s.hardware.promptTokens = 1000;
    const roof = searchPlans(s, THREE, bare);
    expect(roof.plans.every((p) => p.kind === 'api')).toBe(true);
    const cal = searchPlans(s, THREE, calibrated);
    const h100 = cal.plans.find((p) => p.id === 'self|h100-sxm|1|tp|on-demand');
    expect(h100?.evidence).toMatchObject({ kind: 'calibrated', calibration: { classKey: 'moe|gqa|hopper|single', exact: true, factor: 0.5, looError: 0.1 } });
    expect(h100?.risks).toContainEqual({ kind: 'calibrated', error: 0.1, otherClass: false });
    // The series is the roofline's, each throughput halved, at the roofline's latencies.
    const upper = roof.upperBounds.find((p) => p.id === 'self|h100-sxm|1|tp|on-demand');
    const a = h100?.apply.selfHosted.capacity?.series?.points;
    const b = upper?.apply.selfHosted.capacity?.series?.points;
    expect(a && b).toBeTruthy();
    a?.out.forEach((v, i) => expect(v).toBeCloseTo(0.5 * (b?.out[i] ?? NaN), 9));
    expect(a?.tpot).toEqual(b?.tpot);
    // B200 (Blackwell) borrows the nearest class of the same kind, span and vendor, and says so.
    const b200 = cal.plans.find((p) => p.id === 'self|b200|1|tp|on-demand');
    expect(b200?.evidence?.calibration?.exact).toBe(false);
    expect(b200?.risks).toContainEqual({ kind: 'calibrated', error: 0.1, otherClass: true });
  });
});

describe('the calibration fit', () => {
  it('the factor is the geometric mean; the error leaves each point out in turn', () => {
    // Ratios 0.2, 0.4, 0.8: factor (0.2 × 0.4 × 0.8)^(1/3) = 0.4. Left out in turn:
    // 0.2 → √(0.4 × 0.8) = 0.565685, |0.565685 / 0.2 − 1| = 1.828427;
    // 0.4 → √(0.2 × 0.8) = 0.4, error 0; 0.8 → √(0.2 × 0.4) = 0.282843, |0.282843 / 0.8 − 1| = 0.646447.
    // Mean (1.828427 + 0 + 0.646447) / 3 = 0.824958; max 1.828427.
    const f = fitFactor([0.2, 0.4, 0.8]);
    expect(f.factor).toBeCloseTo(0.4, 9);
    expect(f.looError).toBeCloseTo(0.824958, 6);
    expect(f.looMax).toBeCloseTo(1.828427, 6);
    expect(fitFactor([0.3, 0.5])).toEqual({ factor: null, looError: null, looMax: null });
  });

  it('the nearest class keeps the model kind and the node span: a one-node factor never stands in for a multi-node replica', () => {
    const mk = (key: string, factor: number | null): CalibratedClass => {
      const [moe, attention, generation, span] = key.split('|') as [string, 'gqa', 'hopper', string];
      return {
        key,
        cls: { moe: moe === 'moe', attention, generation, multiNode: span === 'multi' },
        points: [],
        records: [],
        factor,
        looError: factor === null ? null : 0.2,
        looMax: null,
        recordRatio: null,
        recordOverSeries: null,
      };
    };
    const table = {
      classes: [mk('moe|gqa|cdna4|single', 0.4), mk('moe|gqa|blackwell|single', 0.6), mk('moe|mla|hopper|single', 0.3), mk('moe|gqa|hopper|single', null)],
      skipped: [],
    };
    const hopper = { moe: true, attention: 'gqa' as const, generation: 'hopper' as const, multiNode: false };
    // Hopper's own class has too few points: Blackwell (same vendor) before CDNA 4.
    expect(calibrationFor(table, hopper)?.from.key).toBe('moe|gqa|blackwell|single');
    expect(calibrationFor(table, { ...hopper, generation: 'cdna3' })?.from.key).toBe('moe|gqa|cdna4|single');
    expect(calibrationFor(table, { ...hopper, multiNode: true })).toBeNull();
    expect(calibrationFor(table, { ...hopper, moe: false })).toBeNull();
  });

  it('the library: records are set beside the roofline but never fitted; a class with 3 series or more is calibrated', () => {
    const d = defaultScenario();
    const t = calibrate(d, PUBLISHED_RECORDS, PUBLISHED_SERIES);
    expect(t.classes.every((c) => c.points.every((p) => p.kind === 'series') && c.records.every((p) => p.kind === 'record'))).toBe(true);
    expect(t.classes.every((c) => c.points.length >= 3 === (c.factor !== null))).toBe(true);
    // InferenceX single-node DeepSeek-R1: 3 H200 runs (Hopper), 5 MI300X / MI325X (CDNA 3), 5 MI355X
    // (CDNA 4); 2 B200 runs leave Blackwell uncalibrated.
    const count = (key: string) => t.classes.find((c) => c.key === key)?.points.length;
    expect([count('moe|mla|hopper|single'), count('moe|mla|cdna3|single'), count('moe|mla|cdna4|single'), count('moe|mla|blackwell|single')]).toEqual([
      3, 5, 5, 2,
    ]);
    expect(t.classes.find((c) => c.key === 'moe|mla|blackwell|single')?.factor).toBeNull();
    // gpt-oss-120b on one B200 (CoreWeave, Server): 90,204.7 tokens/s ÷ 8 = 11,275.59 per GPU.
    const rec = t.classes.flatMap((c) => c.records).find((p) => p.id.includes('coreweave') && p.id.includes('gpt-oss') && p.gpuId === 'b200');
    expect(rec?.publishedPerGpu).toBeCloseTo(11_275.59, 2);
    expect(rec?.classKey).toBe('moe|gqa|blackwell|single');
  });
});

describe('a record beside the ordinary series of its class', () => {
  it('DeepSeek-R1 on MI355X: the record is set beside the ordinary series of MoE · MLA · CDNA 4 · one node; on B200 (2 series, uncalibrated) too', () => {
    const d = defaultScenario();
    const s = {
      ...d,
      selfHosted: {
        ...d.selfHosted,
        modelId: 'deepseek-v3',
        capacity: {
          ...d.selfHosted.capacity,
          slo: {
            ...d.selfHosted.capacity.slo,
            limits: [
              { metric: 'ttft' as const, percentile: 95 as const, maxMs: 3000 },
              { metric: 'tpot' as const, percentile: 99 as const, maxMs: 100 },
            ],
          },
        },
      },
    };
    const r = searchPlans(s, { ...NO_CONSTRAINTS, gpuIds: ['mi355x', 'b200'], billing: ['on-demand'] });
    const all = [...r.plans, ...r.upperBounds];
    const amd = all.find((p) => p.gpuId === 'mi355x' && p.evidence?.kind === 'record');
    const table = calibrate(s, PUBLISHED_RECORDS, PUBLISHED_SERIES);
    const cls = table.classes.find((c) => c.key === 'moe|mla|cdna4|single');
    // The record (Crusoe, 2,405,310 tokens/s on 512 MI355X = 4,697.87 per GPU) over the
    // InferenceX series, each as its ratio to the roofline.
    const rec = cls?.records.find((p) => p.id.includes('crusoe'));
    expect(rec?.publishedPerGpu).toBeCloseTo(2_405_310 / 512, 0);
    expect(cls?.points).toHaveLength(5);
    const geo = Math.exp((cls?.points ?? []).reduce((a, p) => a + Math.log(p.ratio), 0) / 5);
    // The MI355X shapes rest on the InferenceX series now (published beats record); the record's
    // comparison is the same function the plan's badge reads.
    const crusoe = PUBLISHED_RECORDS.find((r) => r.id.includes('crusoe') && r.mlperfModel === 'deepseek-r1');
    if (!crusoe) throw new Error('no Crusoe record');
    const over = recordOverSeries(crusoe, s, CATALOG_ALL.calibration(s));
    expect(over?.times).toBeCloseTo((rec?.ratio ?? NaN) / geo, 9);
    expect(over?.times).toBeGreaterThan(1);
    expect(amd === undefined || amd.evidence?.recordOverSeries?.classKey === 'moe|mla|cdna4|single').toBe(true);
    const nvidia = all.find((p) => p.gpuId === 'b200' && p.evidence?.kind === 'record');
    expect(nvidia?.evidence?.recordOverSeries?.series).toBe(2);
  });
});

describe('imported series as measured evidence', () => {
  // An imported sweep of gpt-oss-120b on one H100 at 2,000 tok/s (the published point says
  // 1,000): one replica carries the 2,000 tok/s, so on demand costs 1 × $2 × 730 h = $1,460.
  const imported = (over: Partial<StoredSeries>): StoredSeries => ({
    ...storeSeries(seriesFromPublished(series('h100-sxm', 1, 2000))),
    kind: 'measured',
    libraryId: null,
    fileName: 'our-sweep.json',
    model: 'openai/gpt-oss-120b',
    hardware: 'NVIDIA H100 80GB HBM3',
    gpus: 1,
    ...over,
  });

  it('a series of the model that names its GPU and count is measured evidence for that deployment only', () => {
    const r = searchPlans(scenario(), THREE, CATALOG, { imported: [imported({})] });
    const h100 = r.plans.find((p) => p.id === 'self|h100-sxm|1|tp|on-demand');
    expect(h100?.evidence).toMatchObject({ kind: 'measured', source: 'our-sweep.json' });
    expect(h100?.replicas).toBe(1);
    expect(h100?.monthlyUsd).toBeCloseTo(1460, 6);
    // Other deployments keep their published points.
    expect(r.plans.find((p) => p.id === 'self|h200-sxm|1|tp|on-demand')?.evidence?.kind).toBe('published');
    expect(r.plans.find((p) => p.id === 'self|h100-sxm|2|tp-ep|on-demand')?.evidence?.kind).toBe('published');
  });

  it('never a series of another model, one that names no model, or one without its GPU or count', () => {
    for (const over of [{ model: 'meta-llama/Llama-3.1-8B-Instruct' }, { model: null }, { hardware: null }, { gpus: null }]) {
      const r = searchPlans(scenario(), THREE, CATALOG, { imported: [imported(over)] });
      expect(r.plans.find((p) => p.id === 'self|h100-sxm|1|tp|on-demand')?.evidence?.kind).toBe('published');
    }
  });
});

describe('list prices as API candidates', () => {
  const list = (id: string, providerId: string, provider: string, modelId: string, model: string, i: number, c: number, o: number): ListPriceOffer => ({
    id: `gp:${providerId}/${id}`,
    providerId,
    provider,
    modelId,
    model,
    inputPerM: i,
    cachedInputPerM: c,
    outputPerM: o,
    tiered: false,
    version: '0.1.8',
    date: '2026-09-23',
  });
  // As genai-prices 0.1.8 lists them (checked with loadListPriceOffers).
  const OFFERS = [
    list('kimi-k2.6', 'moonshotai', 'Moonshot AI', 'kimi-k2.6', 'Kimi K2.6', 0.95, 0.16, 4),
    list('deepseek/deepseek_v3', 'novita', 'Novita', 'deepseek/deepseek_v3', 'deepseek/deepseek_v3', 0.89, 0.89, 0.89),
    list('MiniMax-M2', 'minimax', 'MiniMax', 'MiniMax-M2', 'MiniMax M2', 0.3, 0.03, 1.2),
    list('M2-her', 'minimax', 'MiniMax', 'M2-her', 'MiniMax M2-her', 0.3, 0.3, 1.2),
  ];

  it('a list price that repeats the catalog offer is left out; one of another model never counts, nor a name that only starts like the model', () => {
    const d = defaultScenario();
    expect(apiOfferChoices(d, CATALOG_ALL, OFFERS).some((c) => c.id.startsWith('gp:'))).toBe(false);
    // MiniMax M2: the list price is the catalog's first-party offer (0.30 / 0.03 / 1.20), and
    // M2-her is another model. A list price that differs from the catalog's is kept.
    const m = { ...d, selfHosted: { ...d.selfHosted, modelId: 'minimax-m2' } };
    expect(apiOfferChoices(m, CATALOG_ALL, OFFERS).filter((c) => c.id.startsWith('gp:'))).toEqual([]);
    const newer = [...OFFERS, list('MiniMax-M2-new', 'minimax', 'MiniMax', 'MiniMax-M2', 'MiniMax M2', 0.33, 0.03, 1.32)];
    expect(
      apiOfferChoices(m, CATALOG_ALL, newer)
        .filter((c) => c.id.startsWith('gp:'))
        .map((c) => c.id),
    ).toEqual(['gp:minimax/MiniMax-M2-new']);
  });

  it("DeepSeek-V3: Novita's list price is a plan, priced by hand and badged with its source", () => {
    const d = defaultScenario();
    const s = { ...d, selfHosted: { ...d.selfHosted, modelId: 'deepseek-v3' } };
    const plan = searchPlans(s, NO_CONSTRAINTS, CATALOG_ALL, { listOffers: OFFERS }).plans.find((p) => p.id === 'api|gp:novita/deepseek/deepseek_v3');
    // 900,000 tasks × 1.03 retries = 927,000 requests × (12,000 input, half cached, + 800 + 1,200
    // reasoning output) tokens, every token at $0.89 per 1M: 927,000 × 14,000 × 0.89 / 1M.
    expect(plan?.monthlyUsd).toBeCloseTo(11_550.42, 2);
    expect(plan?.apiSource).toEqual({ kind: 'list-price', version: '0.1.8', date: '2026-09-23' });
    expect(plan?.apply.api).toMatchObject({ offerId: 'gp:novita/deepseek/deepseek_v3', provider: 'Novita', priceOutputPerM: 0.89 });
  });
});

describe("where an API plan's prices come from", () => {
  it("the scenario's own offer is the catalog's while it holds the record's prices, and entered once a price is changed", () => {
    const d = defaultScenario();
    // The example's Moonshot offer is the catalog record moonshot-kimi-k2.6 (checked 2026-05-22 per the catalog).
    expect(ownSource(d.api, CATALOG_ALL, [])).toMatchObject({ kind: 'catalog' });
    expect(ownSource({ ...d.api, priceOutputPerM: 3.5 }, CATALOG_ALL, [])).toEqual({ kind: 'scenario' });
    const own = searchPlans(d).plans.find((p) => p.id === `api|${d.api.offerId}`);
    expect(own?.apiSource?.kind).toBe('catalog');
    // A list price picked on the TCO page is the list's while its fields hold.
    const novita: ListPriceOffer = {
      id: 'gp:novita/x',
      providerId: 'novita',
      provider: 'Novita',
      modelId: 'x',
      model: 'x',
      inputPerM: 0.89,
      cachedInputPerM: 0.89,
      outputPerM: 0.89,
      tiered: false,
      version: '0.1.8',
      date: '2026-09-23',
    };
    const picked = { ...d.api, ...apiFieldsFromListPrice(novita) };
    expect(ownSource(picked, CATALOG_ALL, [novita])).toEqual({ kind: 'list-price', version: '0.1.8', date: '2026-09-23' });
    expect(ownSource({ ...picked, priceOutputPerM: 1 }, CATALOG_ALL, [novita])).toEqual({ kind: 'scenario' });
  });
});
