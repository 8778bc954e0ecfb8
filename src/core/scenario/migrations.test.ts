import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from './defaults';
import { readScenarioDocument } from './document';
import { MIGRATIONS, migrate } from './migrations';
import { SCENARIO_TYPE, SCENARIO_VERSION } from './schema';

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
      const input = deepFreeze(JSON.parse(JSON.stringify(step.from === 0 ? V0_FIXTURE : DEFAULT_SCENARIO)));
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
    expect(r.value.migrations).toEqual(['v0-flat-prototype-to-sections', 'v1-retries-per-side-throughput-lengths']);
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
      source: 'entered', tokensPerSecond: 1500, basis: 'total', latencyTargetMs: null, measuredRun: null,
      atInputTokens: null, atOutputTokens: null, prefillTokensPerSecond: null,
    });
    expect(s.uncertainty.ranges).toEqual({ retryRateApi: { low: 0.01, high: 0.2 }, retryRateSelfHosted: { low: 0.01, high: 0.2 }, rentPrice: { low: 2, high: 5 } });
  });

  it('reports a version with no path instead of guessing', () => {
    expect(migrate({ type: SCENARIO_TYPE, version: -3 }, SCENARIO_VERSION)).toEqual({ ok: false, error: 'no-path', from: -3 });
  });
});
