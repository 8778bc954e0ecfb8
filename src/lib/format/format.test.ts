import { describe, expect, it, vi } from 'vitest';
import { formatAmount, formatCompact, formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, formatRate } from './format';

const fx = { EUR: 0.5, CNY: 7, checked: '2026-11-30' };

describe('locale formatting', () => {
  it('uses the German decimal comma and thousands dot', () => {
    expect(formatNumber('de', 1234.5)).toBe('1.234,5');
    expect(formatNumber('en', 1234.5)).toBe('1,234.5');
  });
  it('never prints NaN or Infinity', () => {
    expect(formatNumber('en', Number.NaN)).toBe('–');
    expect(formatMoney('en', 'USD', fx, Number.POSITIVE_INFINITY)).toBe('–');
    expect(formatPercent('de', null)).toBe('–');
  });
  it('converts money with the scenario rates', () => {
    expect(formatMoney('en', 'USD', fx, 23360)).toBe('$23,360');
    // $23,360 × 0.5 EUR/USD = €11,680
    expect(formatMoney('de', 'EUR', fx, 23360).replace(/\s/g, ' ')).toBe('11.680 €');
    expect(formatMoney('en', 'CNY', fx, 1.35)).toBe('CN¥9.45');
  });
  it('compact money stays words up to the trillions, then a power of ten (not 60 digits and a "T")', () => {
    expect(formatMoney('en', 'USD', fx, 2.5e12, { compact: true, digits: 1 })).toBe('$2.5T');
    expect(formatMoney('en', 'USD', fx, 6e64, { compact: true, digits: 1 })).toBe('$6E64');
    // 6e64 × 0.5 EUR/USD = 3e64
    expect(formatMoney('de', 'EUR', fx, 6e64, { compact: true, digits: 1 }).replace(/\s/g, ' ')).toBe('3E64 €');
  });
  it('the relay invoice in yuan: $6.535 shown in CNY at 7.10 is the invoice ¥46.40, and an invoice amount is not converted again', () => {
    const rates = { EUR: 0.86, CNY: 7.1, checked: '2026-11-30' };
    // 46.40 / 7.10 = $6.5352 paid; × 7.10 = ¥46.40 (not 46.40 × 7.10 = ¥329.44).
    expect(formatMoney('en', 'CNY', rates, 46.4 / 7.1)).toBe('CN¥46.40');
    expect(formatAmount('en', 'CNY', 46.4)).toBe('CN¥46.40');
    expect(formatAmount('de', 'CNY', 46.4).replace(/\s/g, ' ')).toBe('46,40 CN¥');
    expect(formatRate('en', 7.1)).toBe('7.10');
    expect(formatRate('de', 0.86125)).toBe('0,8613');
  });
  it('compacts token volumes per locale', () => {
    expect(formatCompact('en', 1_200_000_000)).toBe('1.2B');
    expect(formatCompact('de', 1_200_000_000).replace(/\s/g, ' ')).toBe('1,2 Mrd.');
  });
});

describe('dates', () => {
  it('formats a day and an instant in each language', () => {
    expect(formatDate('en', '2026-12-06')).toBe('Dec 6, 2026');
    expect(formatDate('de', '2026-12-06')).toBe('6. Dez. 2026');
    expect(formatDate('en', 'not a date')).toBe('not a date');
    expect(formatDateTime('en', 'never')).toBe('never');
    expect(formatDateTime('de', '2026-12-06T13:05:00')).toBe('06.12.2026, 13:05');
  });

  it('makes each date formatter once (a slider redraws source badges on every step)', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    for (let i = 0; i < 50; i++) formatDate('en', '2025-01-0' + ((i % 9) + 1));
    formatDate('de', '2025-01-01');
    // At most one for each language: an earlier test may have made them already.
    expect(made.mock.calls.length).toBeLessThanOrEqual(2);
    made.mockRestore();
  });
});
