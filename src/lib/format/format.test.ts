import { describe, expect, it } from 'vitest';
import { formatCompact, formatMoney, formatNumber, formatPercent } from './format';

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
  it('compacts token volumes per locale', () => {
    expect(formatCompact('en', 1_200_000_000)).toBe('1.2B');
    expect(formatCompact('de', 1_200_000_000).replace(/\s/g, ' ')).toBe('1,2 Mrd.');
  });
});
