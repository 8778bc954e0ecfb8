import { describe, expect, it } from 'vitest';
import { parseLocaleNumber } from './parse';

describe('parseLocaleNumber', () => {
  it('reads German input', () => {
    expect(parseLocaleNumber('de', '1.234,5')).toBe(1234.5);
    expect(parseLocaleNumber('de', '0,92')).toBe(0.92);
    expect(parseLocaleNumber('de', '12.000')).toBe(12000);
    expect(parseLocaleNumber('de', '4.29')).toBe(4.29);
  });
  it('reads English input', () => {
    expect(parseLocaleNumber('en', '1,234.5')).toBe(1234.5);
    expect(parseLocaleNumber('en', '23 360')).toBe(23360);
    expect(parseLocaleNumber('en', '1e9')).toBe(1e9);
  });
  it('rejects text, blanks and overflow', () => {
    for (const bad of ['', 'abc', '12abc', '1,2,3.4.5', '1e999', '--1', 'NaN', 'Infinity', '1,5', '1,2,3', '12,34']) {
      expect(parseLocaleNumber('en', bad)).toBeNull();
    }
  });
});
