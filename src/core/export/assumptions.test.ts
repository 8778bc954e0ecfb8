import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { assumptionRows, withOrigin } from './assumptions';

describe('assumptions appendix', () => {
  it('lists the catalog source of each catalog-derived value and marks edits as custom', () => {
    const s = defaultScenario();
    const rows = assumptionRows(s);
    const price = rows.find((r) => r.key === 'api.priceOutputPerM');
    // The example uses Moonshot's K2.6 offer: $4.00 per 1M output, checked 2026-05-22.
    expect(price).toMatchObject({ value: 4, unit: 'USD/1M tokens', custom: null });
    expect(price?.source?.checked).toBe('2026-05-22');
    const gpuPrice = rows.find((r) => r.key === 'selfHosted.rentPrice');
    expect(gpuPrice?.value).toBe(4.29);
    expect(gpuPrice?.source?.checked).toBe('2026-08-01');

    s.api.priceOutputPerM = 3.5;
    s.selfHosted.rentPrice = 3.9;
    const edited = assumptionRows(s);
    expect(edited.find((r) => r.key === 'api.priceOutputPerM')?.custom).toEqual({ catalogValue: 4 });
    expect(edited.find((r) => r.key === 'selfHosted.rentPrice')?.custom).toEqual({ catalogValue: 4.29 });
  });

  it('the throughput row says where the figure comes from: entered, or measured with the run it came from', () => {
    const s = defaultScenario();
    const entered = assumptionRows(s).find((r) => r.key === 'selfHosted.throughput');
    expect(entered?.qualifiers).toEqual([s.selfHosted.throughput.basis, 'entered']);
    s.selfHosted.throughput = {
      ...s.selfHosted.throughput,
      source: 'measured',
      tokensPerSecond: 1922,
      measuredRun: {
        label: 'sweep.json · rate 20',
        tool: 'vllm',
        fileHash: 'abc',
        outputTokensPerSecond: 1922,
        totalTokensPerSecond: 21142,
        concurrency: null,
      },
    };
    const measured = assumptionRows(s).find((r) => r.key === 'selfHosted.throughput');
    expect(measured).toMatchObject({ value: 1922, qualifiers: [s.selfHosted.throughput.basis, 'measured', 'sweep.json · rate 20'] });
  });

  it('a custom offer has no source and no custom marker', () => {
    const s = defaultScenario();
    s.api.offerId = null;
    const row = assumptionRows(s).find((r) => r.key === 'api.priceInputPerM');
    expect(row).toMatchObject({ source: null, custom: null, value: 0.95 });
  });

  it('shows buy inputs instead of rent inputs for owned hardware, and pilot thresholds only when a pilot ran', () => {
    const s = defaultScenario();
    s.selfHosted.costMode = 'buy';
    let keys = assumptionRows(s).map((r) => r.key);
    expect(keys).toContain('selfHosted.capexPerGpu');
    expect(keys).not.toContain('selfHosted.rentPrice');
    expect(keys).not.toContain('pilot.thresholds.utilisationMin');
    s.pilot.days[0]!.selfHosted.tasksAttempted = 10;
    keys = assumptionRows(s).map((r) => r.key);
    expect(keys).toContain('pilot.thresholds.utilisationMin');
  });

  it("says which inputs were entered and which are the example scenario's defaults", () => {
    const s = defaultScenario();
    expect(withOrigin(assumptionRows(s)).filter((r) => r.origin === 'entered')).toEqual([]);
    s.workload.requestsPerDay = 45_000;
    s.selfHosted.staffFte = 2;
    const entered = withOrigin(assumptionRows(s))
      .filter((r) => r.origin === 'entered')
      .map((r) => r.key);
    expect(entered.sort()).toEqual(['selfHosted.staffFte', 'workload.requestsPerDay']);
  });
});
