import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { tokenVolumeAt } from '../tco/workload';
import { findApiOffer } from './catalog';
import { apiFieldsFromOffer, offerMatchesRecord } from './offer-fields';

describe('API offer fields from a catalog record', () => {
  it('bills cache hits as misses when the offer lists no cached price, and invoices a relay in yuan at its peg', () => {
    // Article 000's relay: $0.12 in / $0.55 out listed in USD, no cached price, ¥1 per $1.
    const rec = findApiOffer('holysheep-kimi-k2-article-000');
    if (!rec) throw new Error('relay record missing');
    expect(apiFieldsFromOffer(rec)).toMatchObject({
      priceInputPerM: 0.12,
      priceCachedInputPerM: 0.12,
      priceOutputPerM: 0.55,
      listCurrency: 'USD',
      invoiceCurrency: 'CNY',
      invoiceFx: 'peg',
      pegInvoicePerListUnit: 1,
    });
  });

  it('a first-party offer invoices in its list currency at the market rate; an edited price no longer matches', () => {
    const rec = findApiOffer('moonshot-kimi-k2.6');
    if (!rec) throw new Error('Moonshot record missing');
    const fields = apiFieldsFromOffer(rec);
    expect(fields).toMatchObject({ priceInputPerM: 0.95, priceCachedInputPerM: 0.16, priceOutputPerM: 4, invoiceCurrency: 'USD', invoiceFx: 'market' });
    const api = { ...defaultScenario().api, ...fields };
    expect(offerMatchesRecord(api, rec)).toBe(true);
    expect(offerMatchesRecord({ ...api, priceOutputPerM: 3.5 }, rec)).toBe(false);
    // An inert peg value on a same-currency invoice does not count.
    expect(offerMatchesRecord({ ...api, pegInvoicePerListUnit: 7 }, rec)).toBe(true);
  });
});

describe('token-mode volume slider', () => {
  it('keeps the input/output split: 10.8B in + 0.72B out = 11.52B; at 23.04B it is 21.6B + 1.44B', () => {
    expect(tokenVolumeAt({ inputTokensPerMonth: 10.8e9, outputTokensPerMonth: 0.72e9 }, 23.04e9)).toEqual({
      inputTokensPerMonth: expect.closeTo(21.6e9, 0) as number,
      outputTokensPerMonth: expect.closeTo(1.44e9, 0) as number,
    });
    expect(tokenVolumeAt({ inputTokensPerMonth: 0, outputTokensPerMonth: 0 }, 1e6)).toEqual({ inputTokensPerMonth: 5e5, outputTokensPerMonth: 5e5 });
  });
});
