import { describe, expect, it } from 'vitest';
import { summarizeWorkload } from '../tco/workload';
import { upgradeApiOfferToV2 } from './upgrade-v2-api-offer';
import { frozenBase } from './bases';
import { readScenarioDocument } from './document';
import { MIGRATIONS, migrate } from './migrations';
import { buildHardwareReport } from '../hardware/report';
import { SCENARIO_TYPE, SCENARIO_VERSION } from './schema';
import { upgradeLayoutsToV3 } from './upgrade-v3-layouts';
import { V2_BILLING, V2_CAPITAL, V2_OUTLOOK, V2_POWER_DRAW, V2_SCALING } from './upgrade-v3-finance';
import { V3_RAMP, V3_RATE_CONVENTION, V3_SCHEDULE_START_HOUR, V3_TAX, V4_TERMINAL_VALUE } from './upgrade-v4-horizon';
import { V4_ENGINE_LIMITS, V4_OVERHEAD_SOURCE, V4_SCHEDULE_TIME_ZONE, V5_AUTOSCALING, V5_SPOT } from './upgrade-v5';
import { V5_POOLS } from './upgrade-v6';

/** A document as the v0 prototype wrote it (see migrations.ts). */
const V0_FIXTURE = Object.freeze({
  type: SCENARIO_TYPE,
  version: 0,
  title: 'Prototype: K2 on 8x H100',
  tokensPerMonth: Object.freeze({ input: 400_000_000, output: 100_000_000 }),
  apiPrice: Object.freeze({ provider: 'Moonshot AI', input: 0.6, output: 2.5 }),
  gpu: Object.freeze({ id: 'h100-sxm', count: 8, usdPerHour: 4 }),
  staffFte: 0.5,
});

/** A complete v1 document (the v1 example scenario) with article 000's relay as v1 wrote it. */
interface V1Doc {
  [key: string]: unknown;
  workload: Record<string, unknown>;
  api: Record<string, unknown>;
}
function v1Relay(): V1Doc {
  const doc = JSON.parse(JSON.stringify(frozenBase(1))) as V1Doc;
  doc.workload = {
    ...doc.workload,
    mode: 'tokens',
    inputTokensPerMonth: 20_000_000,
    outputTokensPerMonth: 80_000_000,
    inputTokensPerRequest: 200,
    outputTokensPerRequest: 800,
    cacheHitShare: 0,
    reasoningMode: 'none',
    retryRate: 0,
  };
  doc.api = {
    ...doc.api,
    offerId: 'holysheep-kimi-k2-article-000',
    provider: 'HolySheep (relay)',
    model: 'Kimi K2',
    channel: 'relay',
    currency: 'CNY',
    priceInputPerM: 0.12,
    priceCachedInputPerM: 0.12,
    priceOutputPerM: 0.55,
    fxMode: 'peg',
    pegUsdPerUnit: 1,
  };
  return doc;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

describe('migrations', () => {
  it('form a gapless chain from 0 to the current version', () => {
    expect(MIGRATIONS.map((m) => m.from)).toEqual(Array.from({ length: SCENARIO_VERSION }, (_, i) => i));
    expect(new Set(MIGRATIONS.map((m) => m.name)).size).toBe(MIGRATIONS.length);
  });

  it('never modify their input (every step, on a frozen document)', () => {
    for (const step of MIGRATIONS) {
      const input = deepFreeze(JSON.parse(JSON.stringify(step.from === 0 ? V0_FIXTURE : step.from === 1 ? v1Relay() : frozenBase(step.from))));
      const before = JSON.stringify(input);
      expect(() => step.up(input)).not.toThrow();
      expect(JSON.stringify(input)).toBe(before);
    }
  });

  it('v0 → v1 moves the flat prototype fields into their sections', () => {
    const r = readScenarioDocument(V0_FIXTURE, false);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.value.scenario;
    expect(r.value.fromVersion).toBe(0);
    expect(r.value.migrations).toEqual([
      'v0-flat-prototype-to-sections',
      'v1-retries-per-side-throughput-lengths-api-invoice',
      'v2-to-v3',
      'v3-to-v4',
      'v4-to-v5',
      'v5-to-v6',
    ]);
    expect(r.value.notices).toEqual([]);
    expect(s.name).toBe('Prototype: K2 on 8x H100');
    expect(s.workload.mode).toBe('tokens');
    expect(s.workload.inputTokensPerMonth).toBe(400_000_000);
    expect(s.workload.outputTokensPerMonth).toBe(100_000_000);
    // v0 billed everything as a cache miss: the cached price equals the miss price, no hits.
    expect(s.workload.cacheHitShare).toBe(0);
    expect(s.api.priceCachedInputPerM).toBe(0.6);
    expect(s.api.priceOutputPerM).toBe(2.5);
    expect(s.api.offerId).toBeNull();
    expect(s.selfHosted.gpuId).toBe('h100-sxm');
    expect(s.selfHosted.gpusPerReplica).toBe(8);
    expect(s.selfHosted.rentPrice).toBe(4);
    expect(s.selfHosted.rentPriceId).toBeNull();
    expect(s.selfHosted.staffFte).toBe(0.5);
  });

  it('v1 → v2 gives both sides the one v1 retry rate and keeps v1 throughput sizing', () => {
    const v1 = deepFreeze({
      type: SCENARIO_TYPE,
      version: 1,
      workload: { retryRate: 0.07, requestsPerDay: 500 },
      selfHosted: { throughput: { source: 'entered', tokensPerSecond: 1500, basis: 'total', latencyTargetMs: null, measuredRun: null } },
      uncertainty: { ranges: { retryRate: { low: 0.01, high: 0.2 }, rentPrice: { low: 2, high: 5 } } },
    });
    const r = readScenarioDocument(v1, false);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.notices).toEqual([]);
    const s = r.value.scenario;
    expect(s.version).toBe(SCENARIO_VERSION);
    expect([s.workload.retryRateApi, s.workload.retryRateSelfHosted]).toEqual([0.07, 0.07]);
    expect(s.workload.requestsPerDay).toBe(500);
    expect(s.selfHosted.throughput).toEqual({
      source: 'entered',
      tokensPerSecond: 1500,
      basis: 'total',
      latencyTargetMs: null,
      measuredRun: null,
      atInputTokens: null,
      atOutputTokens: null,
      prefillTokensPerSecond: null,
    });
    expect(s.uncertainty.ranges).toEqual({
      retryRateApi: { low: 0.01, high: 0.2 },
      retryRateSelfHosted: { low: 0.01, high: 0.2 },
      rentPrice: { low: 2, high: 5 },
    });
  });

  it('v1 → v2: a full v1 document with a relay peg keeps its USD bill, and is not modified', () => {
    const input = deepFreeze(v1Relay());
    const before = JSON.stringify(input);
    const r = readScenarioDocument(input, false);
    expect(JSON.stringify(input)).toBe(before);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.fromVersion).toBe(1);
    expect(r.value.migrations).toEqual(['v1-retries-per-side-throughput-lengths-api-invoice', 'v2-to-v3', 'v3-to-v4', 'v4-to-v5', 'v5-to-v6']);
    expect(r.value.notices).toEqual([]);
    const s = r.value.scenario;
    // v1 said: prices in ¥, each ¥ worth $1 (pegUsdPerUnit 1). v2 says the same thing: listed
    // in CNY, invoiced in USD at $1 per ¥1 listed.
    expect(s.api).toMatchObject({
      listCurrency: 'CNY',
      invoiceCurrency: 'USD',
      invoiceFx: 'peg',
      pegInvoicePerListUnit: 1,
      priceInputPerM: 0.12,
      priceOutputPerM: 0.55,
    });
    // The v1 bill: 20M input × ¥0.12 + 80M output × ¥0.55 = ¥46.40 at $1 per ¥ = $46.40, unchanged.
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(46.4, 9);
    // Everything outside the api section is as it was, but for the retry rate per side and the
    // throughput's new fields (the workload part of the same step), and v3's billing on demand.
    const { retryRate, ...workload } = input.workload;
    expect(s.workload).toEqual({ ...workload, retryRateApi: retryRate, retryRateSelfHosted: retryRate });
    const selfHosted = input.selfHosted as { throughput: Record<string, unknown> };
    expect(s.selfHosted).toEqual({
      ...selfHosted,
      billing: V2_BILLING,
      capital: { ...V2_CAPITAL, rateConvention: V3_RATE_CONVENTION },
      scaling: V2_SCALING,
      outlook: V2_OUTLOOK,
      powerDraw: V2_POWER_DRAW,
      throughput: { ...selfHosted.throughput, atInputTokens: null, atOutputTokens: null, prefillTokensPerSecond: null },
      // v2 → v3: no series chosen (the single figure is the series), no latency limit.
      capacity: { slo: { limits: [], minTokensPerSPerUser: null, maxFailedShare: 0.01, allowStricterPercentile: true }, interpolate: false, series: null },
      // v3 → v4: the schedule from 08:00 and book value at the end of the horizon.
      scheduleStartHour: V3_SCHEDULE_START_HOUR,
      terminalValue: V4_TERMINAL_VALUE,
      ramp: V3_RAMP,
      tax: V3_TAX,
      // v4 → v5: the schedule in the week profile's own hours; the autoscaling policy's defaults.
      scheduleTimeZone: V4_SCHEDULE_TIME_ZONE,
      autoscaling: V5_AUTOSCALING,
      spot: V5_SPOT,
      // v5 → v6: aggregated replicas.
      pools: V5_POOLS,
    });
    expect(s.fx).toEqual(input.fx);
  });

  it('v1 → v2: a peg of $0.95 per ¥ keeps its bill; market-rate and USD offers keep theirs', () => {
    const peg = v1Relay();
    peg.api = { ...peg.api, pegUsdPerUnit: 0.95 };
    // ¥46.40 × 0.95 = $44.08
    const a = readScenarioDocument(peg, false);
    expect(a.ok && summarizeWorkload(a.value.scenario).api.totalUsd).toBeCloseTo(44.08, 9);

    const market = v1Relay();
    market.api = { ...market.api, fxMode: 'market' };
    // ¥46.40 at the market rate of 7.1 CNY/USD = $6.5352
    const b = readScenarioDocument(market, false);
    expect(b.ok && b.value.scenario.api).toMatchObject({ listCurrency: 'CNY', invoiceCurrency: 'CNY', invoiceFx: 'market', pegInvoicePerListUnit: 1 });
    expect(b.ok && summarizeWorkload(b.value.scenario).api.totalUsd).toBeCloseTo(46.4 / 7.1, 9);

    // v1 ignored a peg on a USD offer: still $46.40.
    const usd = v1Relay();
    usd.api = { ...usd.api, currency: 'USD', pegUsdPerUnit: 0.5 };
    const c = readScenarioDocument(usd, false);
    expect(c.ok && c.value.scenario.api).toMatchObject({ listCurrency: 'USD', invoiceCurrency: 'USD', pegInvoicePerListUnit: 0.5 });
    expect(c.ok && summarizeWorkload(c.value.scenario).api.totalUsd).toBeCloseTo(46.4, 9);
  });

  it('v1 → v2 on a sparse v1 share link and on a hand-written file missing fields', () => {
    // A link holding only what differed from the v1 defaults: a yuan offer at $0.95 per ¥.
    const link = readScenarioDocument({ type: SCENARIO_TYPE, version: 1, api: { currency: 'CNY', fxMode: 'peg', pegUsdPerUnit: 0.95 } }, true);
    expect(link.ok && link.value.scenario.api).toMatchObject({
      listCurrency: 'CNY',
      invoiceCurrency: 'USD',
      invoiceFx: 'peg',
      pegInvoicePerListUnit: 0.95,
      offerId: 'moonshot-kimi-k2.6',
    });
    expect(link.ok && link.value.notices).toEqual([]);
    // A v1 file with a peg but no peg value: v1's default peg was 1.
    const file = readScenarioDocument({ type: SCENARIO_TYPE, version: 1, api: { currency: 'CNY', fxMode: 'peg' } }, false);
    expect(file.ok && file.value.scenario.api).toMatchObject({ listCurrency: 'CNY', invoiceCurrency: 'USD', pegInvoicePerListUnit: 1 });
    // A value v1 would have rejected is carried over and named at its new place.
    const bad = readScenarioDocument({ type: SCENARIO_TYPE, version: 1, api: { currency: 'GBP', fxMode: 'market' } }, false);
    expect(bad.ok && bad.value.notices.map((n) => [n.path, n.rejected])).toEqual([
      ['api.listCurrency', '"GBP"'],
      ['api.invoiceCurrency', '"GBP"'],
    ]);
    // No api section: nothing to do.
    expect(upgradeApiOfferToV2({ type: SCENARIO_TYPE, version: 1 })).toEqual({ type: SCENARIO_TYPE, version: 1 });
  });

  it('v2 → v3: old links keep their pinned layout (TP, MLA mode, DCP size) and their hardware figures', () => {
    // The bare v2 example link: v2 always computed the scenario's own TP 8 with DP-attention.
    const bare = readScenarioDocument({ type: SCENARIO_TYPE, version: 2 }, true);
    expect(bare.ok && bare.value.migrations).toEqual(['v2-to-v3', 'v3-to-v4', 'v4-to-v5', 'v5-to-v6']);
    expect(bare.ok && bare.value.notices).toEqual([]);
    expect(bare.ok && bare.value.scenario.hardware).toMatchObject({ layout: { choice: 'pinned' }, tensorParallel: 8, mlaKvMode: 'dp-attention', dcpSize: 8 });
    const r = bare.ok ? buildHardwareReport(bare.value.scenario) : null;
    expect(r?.ok).toBe(true);
    if (!r?.ok) return;
    // v2 figures of the example: DP-attention, 48 sequences ÷ 8 ranks = 6 per GPU,
    // 6 × 70,272 B/token (61 layers × 576 × 2 B) × 65,536 tokens = 27.63 GB of KV per GPU.
    expect(r.report.memory.layout.mlaMode).toBe('dp-attention');
    expect(r.report.memory.kv.perGpuBytes).toBe(6 * 70_272 * 65_536);
    expect(r.report.layouts).toMatchObject({ choice: 'pinned', chosen: { kind: 'dp-attention' } });
    // A v2 link that pinned a replicated cache keeps it, with its shortfall.
    const replicated = readScenarioDocument({ type: SCENARIO_TYPE, version: 2, hardware: { mlaKvMode: 'replicated' } }, true);
    const rr = replicated.ok ? buildHardwareReport(replicated.value.scenario) : null;
    expect(rr?.ok && rr.report.memory.layout.mlaMode).toBe('replicated');
    expect(rr?.ok && rr.report.memory.verdict.fits).toBe(false);
    // No hardware section at all (a hand-written v2 file): the step still pins, and the merge fills the rest.
    expect(upgradeLayoutsToV3({ type: SCENARIO_TYPE, version: 2 })).toEqual({ type: SCENARIO_TYPE, version: 2, hardware: { layout: { choice: 'pinned' } } });
  });

  it('reports a version with no path instead of guessing', () => {
    expect(migrate({ type: SCENARIO_TYPE, version: -3 }, SCENARIO_VERSION)).toEqual({ ok: false, error: 'no-path', from: -3 });
  });

  it('v2 → v3 → v4: a v2 document keeps every figure and gets no usage source', () => {
    const v2 = frozenBase(2) as Record<string, unknown>;
    const doc: Record<string, unknown> = { ...v2, workload: { ...(v2.workload as object), requestsPerDay: 1234 } };
    const r = readScenarioDocument(doc, false);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.migrations).toEqual(['v2-to-v3', 'v3-to-v4', 'v4-to-v5', 'v5-to-v6']);
    expect(r.value.notices).toEqual([]);
    const s = r.value.scenario as unknown as Record<string, unknown>;
    expect(s.usage).toEqual({ source: null });
    // Everything else is the v2 document as it was, apart from the version and the other
    // v3 parts (a pinned layout, a capacity block with no limits), which their own tests cover.
    const { usage: _usage, version, ...rest } = s;
    expect(version).toBe(6);
    const { version: _v, ...v2Rest } = doc;
    const hardware = { ...(rest.hardware as Record<string, unknown>) };
    const selfHosted = { ...(rest.selfHosted as Record<string, unknown>) };
    expect(hardware.layout).toEqual({ choice: 'pinned' });
    delete hardware.layout;
    // v4 → v5: the entered overheads stay the fit's; the engine limits at the GPU's defaults.
    expect({ overheadSource: hardware.overheadSource, maxNumBatchedTokens: hardware.maxNumBatchedTokens, maxNumSeqs: hardware.maxNumSeqs }).toEqual({
      overheadSource: V4_OVERHEAD_SOURCE,
      ...V4_ENGINE_LIMITS,
    });
    for (const part of ['overheadSource', 'maxNumBatchedTokens', 'maxNumSeqs']) delete hardware[part];
    expect(selfHosted.billing).toEqual(V2_BILLING);
    expect(selfHosted.capital).toEqual({ ...V2_CAPITAL, rateConvention: V3_RATE_CONVENTION });
    // v5 → v6: aggregated replicas.
    expect(selfHosted.pools).toBe(V5_POOLS);
    for (const part of [
      'capacity',
      'billing',
      'capital',
      'scaling',
      'outlook',
      'powerDraw',
      'scheduleStartHour',
      'scheduleTimeZone',
      'autoscaling',
      'spot',
      'pools',
      'terminalValue',
      'ramp',
      'tax',
    ])
      delete selfHosted[part];
    expect({ ...rest, hardware, selfHosted }).toEqual(v2Rest);
  });
});

describe('v3 → v4', () => {
  it('a v3 link keeps its monthly rate (WACC ÷ 12) and its 08:00 schedule, and gets book value at the end of the horizon', () => {
    // A sparse v3 link: a 10 % WACC on a 9 h × 5 day schedule.
    const r = readScenarioDocument(
      { type: SCENARIO_TYPE, version: 3, selfHosted: { capital: { waccYearly: 0.1 }, hoursMode: 'schedule', scheduleHoursPerDay: 9, scheduleDaysPerWeek: 5 } },
      true,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.migrations).toEqual(['v3-to-v4', 'v4-to-v5', 'v5-to-v6']);
    expect(r.value.notices).toEqual([]);
    const sh = r.value.scenario.selfHosted;
    expect(sh.capital).toEqual({ waccYearly: 0.1, rateConvention: 'nominal' });
    expect(sh.scheduleStartHour).toBe(8);
    expect(sh.terminalValue).toEqual({ rule: 'book', resaleShare: 0.2 });
    expect(sh.ramp).toEqual({ parallelMonths: 0, rampMonths: 0 });
    expect(sh.tax).toEqual({ rate: 0 });
  });

  it('a hand-written v3 file with its own terminal value or start hour keeps them', () => {
    const doc = { ...(frozenBase(3) as Record<string, unknown>) };
    doc.selfHosted = { ...(doc.selfHosted as Record<string, unknown>), scheduleStartHour: 6, terminalValue: { rule: 'none' } };
    const r = readScenarioDocument(doc, false);
    expect(r.ok && r.value.scenario.selfHosted.scheduleStartHour).toBe(6);
    expect(r.ok && r.value.scenario.selfHosted.terminalValue).toEqual({ rule: 'none', resaleShare: 0.2 });
  });
});

describe('v4 → v5', () => {
  it("a v4 link keeps its schedule in the week profile's own hours (no zone of its own)", () => {
    const r = readScenarioDocument(
      { type: SCENARIO_TYPE, version: 4, selfHosted: { hoursMode: 'schedule', scheduleHoursPerDay: 8, scheduleDaysPerWeek: 5, scheduleStartHour: 9 } },
      true,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.migrations).toEqual(['v4-to-v5', 'v5-to-v6']);
    expect(r.value.notices).toEqual([]);
    expect(r.value.scenario.selfHosted.scheduleStartHour).toBe(9);
    expect(r.value.scenario.selfHosted.scheduleTimeZone).toBeNull();
  });

  it('a v4 link keeps its entered overheads (4 + 3 GiB) for the fit; v5 estimates them', () => {
    const r = readScenarioDocument({ type: SCENARIO_TYPE, version: 4, hardware: { contextLength: 32_768 } }, true);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.notices).toEqual([]);
    const h = r.value.scenario.hardware;
    expect(h).toMatchObject({ overheadSource: V4_OVERHEAD_SOURCE, runtimeOverheadGiB: 4, activationGiB: 3, ...V4_ENGINE_LIMITS, contextLength: 32_768 });
    expect(V4_OVERHEAD_SOURCE).toBe('entered');
    // The v4 figures stand: 4 + 3 GiB = 7,516,192,768 B per GPU in the fit.
    const rep = buildHardwareReport(r.value.scenario);
    expect(rep.ok && rep.report.memory.activationPerGpu + rep.report.memory.runtimePerGpu).toBe(7 * 2 ** 30);
    // A v5 link without the field takes v5's default: estimated.
    const v5 = readScenarioDocument({ type: SCENARIO_TYPE, version: 5 }, true);
    expect(v5.ok && v5.value.scenario.hardware.overheadSource).toBe('estimated');
    // A hand-written v4 file that names its own overhead source keeps it.
    const doc = { ...(frozenBase(4) as Record<string, unknown>) };
    doc.hardware = { ...(doc.hardware as Record<string, unknown>), overheadSource: 'estimated', maxNumBatchedTokens: 2048 };
    const own = readScenarioDocument(doc, false);
    expect(own.ok && own.value.scenario.hardware).toMatchObject({ overheadSource: 'estimated', maxNumBatchedTokens: 2048, maxNumSeqs: null });
  });

  it('a hand-written v4 file with a zone keeps it; a zone this runtime does not know is refused by name', () => {
    const doc = { ...(frozenBase(4) as Record<string, unknown>) };
    doc.selfHosted = { ...(doc.selfHosted as Record<string, unknown>), scheduleTimeZone: 'Asia/Kolkata' };
    const r = readScenarioDocument(doc, false);
    expect(r.ok && r.value.scenario.selfHosted.scheduleTimeZone).toBe('Asia/Kolkata');
    const bad = readScenarioDocument({ type: SCENARIO_TYPE, version: 5, selfHosted: { scheduleTimeZone: 'Mars/Olympus' } }, true);
    expect(bad.ok).toBe(true);
    if (!bad.ok) return;
    // The field falls back to its default and the notice names it.
    expect(bad.value.scenario.selfHosted.scheduleTimeZone).toBeNull();
    expect(bad.value.notices.map((n) => n.path)).toContain('selfHosted.scheduleTimeZone');
  });
});

describe('v5 → v6', () => {
  it('a v5 link is aggregated replicas (pools null); a hand-written v5 file with pools keeps them; bad rates are refused by path', () => {
    const r = readScenarioDocument({ type: SCENARIO_TYPE, version: 5, selfHosted: { replicas: 3 } }, true);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.migrations).toEqual(['v5-to-v6']);
    expect(r.value.notices).toEqual([]);
    expect(V5_POOLS).toBeNull();
    expect(r.value.scenario.selfHosted.pools).toBeNull();
    expect(r.value.scenario.selfHosted.replicas).toBe(3);
    const doc = { ...(frozenBase(5) as Record<string, unknown>) };
    const pools = { prefillRequestsPerSecond: 20, decodeRequestsPerSecond: 6, source: 'entered', label: null };
    doc.selfHosted = { ...(doc.selfHosted as Record<string, unknown>), pools };
    const kept = readScenarioDocument(doc, false);
    expect(kept.ok && kept.value.scenario.selfHosted.pools).toEqual(pools);
    const bad = readScenarioDocument({ type: SCENARIO_TYPE, version: 6, selfHosted: { pools: { ...pools, decodeRequestsPerSecond: -1 } } }, true);
    expect(bad.ok).toBe(true);
    if (!bad.ok) return;
    // The field falls back to its default (aggregated replicas) and the notice names it.
    expect(bad.value.scenario.selfHosted.pools).toBeNull();
    expect(bad.value.notices.map((n) => n.path).join(' ')).toContain('selfHosted.pools');
  });
});
