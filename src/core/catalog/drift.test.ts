import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { applyCatalogValues, catalogBasis, catalogDrift } from './drift';

/*
 * Today's catalog records used below, read off the catalog files by hand:
 *   moonshot-kimi-k2.6 (api-offers.ts): 0.95 / 0.16 / 4.00 USD per 1M tokens, checked 2026-05-22
 *   h200-crusoe-on-demand (gpu-prices.ts): 4.29 USD per GPU-hour, checked 2026-08-01
 *   h200-sxm (gpus.ts): 700 W, 8 GPUs per node, checked 2026-08-15 (spec and TDP source)
 *   kimi-k2.6 (models.ts): checked 2026-08-15
 */
describe('catalogDrift', () => {
  it("finds nothing in the example scenario, which holds today's catalog values", () => {
    expect(catalogDrift(defaultScenario())).toEqual([]);
  });

  it("lists an edited API price with the link's value before and today's after", () => {
    const s = defaultScenario();
    s.api.priceOutputPerM = 3.2;
    s.api.priceCachedInputPerM = 0.1;
    expect(catalogDrift(s)).toEqual([
      {
        path: 'api.priceCachedInputPerM',
        labelKey: 'drift.label.api.priceCachedInputPerM',
        unit: 'per-million',
        currency: { before: 'USD', after: 'USD' },
        before: 0.1,
        after: 0.16,
        recordId: 'moonshot-kimi-k2.6',
        checked: '2026-05-22',
      },
      {
        path: 'api.priceOutputPerM',
        labelKey: 'drift.label.api.priceOutputPerM',
        unit: 'per-million',
        currency: { before: 'USD', after: 'USD' },
        before: 3.2,
        after: 4,
        recordId: 'moonshot-kimi-k2.6',
        checked: '2026-05-22',
      },
    ]);
  });

  it("compares a node-hour rent per GPU-hour and gives today's rate in the unit shown", () => {
    const s = defaultScenario();
    s.selfHosted.rentUnit = 'node-hour';
    // 30 USD per 8-GPU node-hour = 3.75 USD/GPU-h ≠ 4.29; today's rate per node-hour = 4.29 × 8 = 34.32.
    s.selfHosted.rentPrice = 30;
    expect(catalogDrift(s)).toEqual([
      {
        path: 'selfHosted.rentPrice',
        labelKey: 'drift.label.selfHosted.rentPrice',
        unit: 'usd-per-node-hour',
        currency: null,
        before: 30,
        after: 34.32,
        recordId: 'h200-crusoe-on-demand',
        checked: '2026-08-01',
      },
    ]);
    // 34.32 per node-hour is today's rate exactly: no drift.
    s.selfHosted.rentPrice = 34.32;
    expect(catalogDrift(s)).toEqual([]);
  });

  it('lists GPU figures copied from the GPU record, and prices a node rent at the node size it will have', () => {
    const s = defaultScenario();
    s.selfHosted.powerWattsPerGpu = 650;
    s.selfHosted.gpusPerNode = 4;
    s.selfHosted.rentUnit = 'node-hour';
    s.selfHosted.rentPrice = 17.16; // 4.29 × 4: today's rate on the link's 4-GPU node, no drift by itself
    expect(catalogDrift(s).map((d) => [d.path, d.before, d.after, d.checked])).toEqual([
      ['selfHosted.gpusPerNode', 4, 8, '2026-08-15'],
      ['selfHosted.powerWattsPerGpu', 650, 700, '2026-08-15'],
    ]);
    s.selfHosted.rentPrice = 16; // 16 / 4 = 4.00 ≠ 4.29 per GPU-h; on today's 8-GPU node: 4.29 × 8 = 34.32
    expect(catalogDrift(s).find((d) => d.path === 'selfHosted.rentPrice')?.after).toBe(34.32);
  });

  it('ignores figures that name no record, or a rent record of another GPU', () => {
    const custom = defaultScenario();
    custom.api.offerId = null;
    custom.api.priceOutputPerM = 3.2;
    custom.selfHosted.rentPriceId = null;
    custom.selfHosted.rentPrice = 2;
    expect(catalogDrift(custom)).toEqual([]);
    // As golden link B: H100 chosen, the H200 rent record still named, rent 4 (H100 record: 700 W, 8 per node).
    const other = defaultScenario();
    other.selfHosted.gpuId = 'h100-sxm';
    other.selfHosted.rentPrice = 4;
    expect(catalogDrift(other)).toEqual([]);
  });

  it('names a changed billing currency of the offer', () => {
    const s = defaultScenario();
    s.api.listCurrency = 'CNY';
    expect(catalogDrift(s)).toEqual([
      {
        path: 'api.listCurrency',
        labelKey: 'drift.label.api.listCurrency',
        unit: 'currency',
        currency: null,
        before: 'CNY',
        after: 'USD',
        recordId: 'moonshot-kimi-k2.6',
        checked: '2026-05-22',
      },
    ]);
  });
});

describe('applyCatalogValues', () => {
  it("sets exactly the listed figures to today's values", () => {
    const s = defaultScenario();
    s.api.priceOutputPerM = 3.2;
    s.selfHosted.rentPrice = 3.5;
    s.workload.requestsPerDay = 1234;
    const { scenario, applied } = applyCatalogValues(s, catalogDrift(s));
    expect(applied.map((d) => d.path)).toEqual(['api.priceOutputPerM', 'selfHosted.rentPrice']);
    const expected = defaultScenario();
    expected.workload.requestsPerDay = 1234;
    expect(scenario).toEqual(expected);
    expect(s.api.priceOutputPerM).toBe(3.2); // input untouched
  });

  it('leaves a figure alone that was edited after the list was made', () => {
    const s = defaultScenario();
    s.api.priceOutputPerM = 3.2;
    const items = catalogDrift(s);
    s.api.priceOutputPerM = 5;
    const { scenario, applied } = applyCatalogValues(s, items);
    expect(applied).toEqual([]);
    expect(scenario.api.priceOutputPerM).toBe(5);
  });
});

describe('catalogBasis', () => {
  it('names the dates of the records the example scenario rests on', () => {
    expect(catalogBasis(defaultScenario())).toEqual({
      records: [
        { role: 'api-offer', recordId: 'moonshot-kimi-k2.6', checked: '2026-05-22' },
        { role: 'gpu-rent', recordId: 'h200-crusoe-on-demand', checked: '2026-08-01' },
        { role: 'gpu', recordId: 'h200-sxm', checked: '2026-08-15' },
        { role: 'model', recordId: 'kimi-k2.6', checked: '2026-08-15' },
      ],
      entered: [],
    });
  });

  it('says which figures were entered by hand', () => {
    const s = defaultScenario();
    s.api.priceInputPerM = 0.5; // differs from its offer
    s.selfHosted.costMode = 'buy'; // purchase prices are always entered
    expect(catalogBasis(s)).toEqual({
      records: [
        { role: 'gpu', recordId: 'h200-sxm', checked: '2026-08-15' },
        { role: 'model', recordId: 'kimi-k2.6', checked: '2026-08-15' },
      ],
      entered: ['api-prices', 'gpu-purchase'],
    });
  });
});
