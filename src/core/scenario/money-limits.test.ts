import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, defaultScenario } from './defaults';
import { readScenarioDocument } from './document';
import { MIN_FX_RATE, MONEY_LIMITS, SCENARIO_TYPE, SCENARIO_VERSION, scenarioSchema, type Scenario } from './schema';

function read(fields: Record<string, unknown>) {
  const r = readScenarioDocument({ type: SCENARIO_TYPE, version: SCENARIO_VERSION, ...fields }, true);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

describe('money fields have a maximum', () => {
  it('a rent of 1e308 USD per GPU-hour in a link is reset to the default, with a notice naming the field', () => {
    const { scenario, notices } = read({ selfHosted: { rentPrice: 1e308 } });
    expect(scenario.selfHosted.rentPrice).toBe(DEFAULT_SCENARIO.selfHosted.rentPrice);
    expect(notices).toEqual([
      {
        path: 'selfHosted.rentPrice',
        problem: 'Must be at most 10,000 USD per GPU-hour or 720,000 USD per node-hour',
        action: 'reset-to-default',
        rejected: '1e+308',
        issue: { code: 'custom', rule: 'rent-limit', params: { perGpuHour: 10000, perNodeHour: 720000 } },
      },
    ]);
  });

  // Each field one step above its limit is rejected by name; at the limit it is kept.
  const cases: { path: string; at: number; set: (s: Scenario, v: number) => void }[] = [
    { path: 'api.priceInputPerM', at: 10_000, set: (s, v) => void (s.api.priceInputPerM = v) },
    { path: 'api.priceCachedInputPerM', at: 10_000, set: (s, v) => void (s.api.priceCachedInputPerM = v) },
    { path: 'api.priceOutputPerM', at: 10_000, set: (s, v) => void (s.api.priceOutputPerM = v) },
    { path: 'selfHosted.capexPerGpu', at: 10_000_000, set: (s, v) => void (s.selfHosted.capexPerGpu = v) },
    { path: 'selfHosted.staffLoadedYearlyUsd', at: 100_000_000, set: (s, v) => void (s.selfHosted.staffLoadedYearlyUsd = v) },
    { path: 'selfHosted.otherMonthly[0].usd', at: 1_000_000_000, set: (s, v) => void (s.selfHosted.otherMonthly = [{ label: 'x', usd: v }]) },
    { path: 'selfHosted.oneTimeUsd', at: 10_000_000_000, set: (s, v) => void (s.selfHosted.oneTimeUsd = v) },
    { path: 'pilot.days[0].api.costUsd', at: 1_000_000_000, set: (s, v) => void (s.pilot.days[0]!.api.costUsd = v) },
    // 72 GPUs per node × $10,000 per GPU-hour
    { path: 'selfHosted.rentPrice', at: 720_000, set: (s, v) => void Object.assign(s.selfHosted, { rentUnit: 'node-hour', rentPrice: v }) },
    { path: 'selfHosted.rentPrice', at: 10_000, set: (s, v) => void Object.assign(s.selfHosted, { rentUnit: 'gpu-hour', rentPrice: v }) },
  ];
  for (const c of cases) {
    it(`${c.path}: ${c.at} is accepted, ${c.at * 1.001} is not`, () => {
      const ok = defaultScenario();
      c.set(ok, c.at);
      expect(scenarioSchema.safeParse(ok).success).toBe(true);
      const bad = defaultScenario();
      c.set(bad, c.at * 1.001);
      const r = readScenarioDocument(JSON.parse(JSON.stringify(bad)) as unknown, false);
      expect(r.ok && r.value.notices.map((n) => n.path)).toEqual([c.path]);
    });
  }

  it('the limits are the ones documented', () => {
    expect(MONEY_LIMITS).toEqual({
      pricePerM: 1e4,
      rentPerGpuHour: 1e4,
      rentPerNodeHour: 7.2e5,
      capexPerGpu: 1e7,
      staffYearly: 1e8,
      otherMonthly: 1e9,
      oneTime: 1e10,
      pilotDay: 1e9,
    });
  });

  it('an exchange rate below 1e-6 units per USD (one unit worth more than $1M) is reset', () => {
    const { scenario, notices } = read({ fx: { CNY: MIN_FX_RATE / 10 } });
    expect(scenario.fx.CNY).toBe(DEFAULT_SCENARIO.fx.CNY);
    expect(notices.map((n) => n.path)).toEqual(['fx.CNY']);
  });
});
