import { describe, expect, it } from 'vitest';
import { makeFmt } from '../../lib/format/fmt';
import { moneyAxis, toUsd } from './money-axis';

const fx = { EUR: 0.9, CNY: 7.2, checked: '2025-01-01' };

describe('money on a chart axis', () => {
  it('a drawn amount goes back to USD at the display rate', () => {
    // €90,000 drawn at 0.9 EUR per USD is $100,000
    expect(toUsd({ toDisplay: (usd) => usd * 0.9 }, 90_000)).toBeCloseTo(100_000, 9);
    expect(toUsd({ toDisplay: (usd) => usd }, 1_234)).toBe(1_234);
    // no usable rate: the amount as it is
    expect(toUsd({ toDisplay: () => 0 }, 50)).toBe(50);
  });

  it('tick texts in the display currency and locale', () => {
    const de = makeFmt('de', 'EUR', fx);
    const en = makeFmt('en', 'USD', fx);
    const cny = makeFmt('en', 'CNY', fx);
    // A tick drawn at 90,000 on a EUR axis reads 90,000 euros (not 81,000: converted once only).
    expect(moneyAxis(de, de.money)(90_000).replace(/\s/g, ' ')).toBe('90.000 €');
    expect(moneyAxis(en, en.moneyCompact)(80_000)).toBe('$80K');
    expect(moneyAxis(cny, cny.moneyCompact)(720_000)).toBe('CN¥720K');
  });
});
