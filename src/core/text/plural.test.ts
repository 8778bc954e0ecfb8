import { describe, expect, it } from 'vitest';
import { formatList, plural } from './plural';

/** Forms written out by hand, as a catalogue would hold them. */
const REPLICA = { en: { one: '{n} replica', other: '{n} replicas' }, de: { one: '{n} Replikat', other: '{n} Replikate' } } as const;

function replicas(language: 'en' | 'de', n: number): string {
  return plural(language, n, REPLICA[language]).replace('{n}', String(n));
}

describe('plural', () => {
  it('uses the singular for exactly one, in English and German', () => {
    expect(replicas('en', 1)).toBe('1 replica');
    expect(replicas('de', 1)).toBe('1 Replikat');
  });
  it('uses the plural for 0, 2 and a fraction', () => {
    expect(replicas('en', 2)).toBe('2 replicas');
    expect(replicas('de', 2)).toBe('2 Replikate');
    expect(replicas('en', 0)).toBe('0 replicas');
    expect(replicas('de', 0)).toBe('0 Replikate');
    // CLDR: "1.5" is `other` in both languages (only the integer 1 with no fraction digits is `one`).
    expect(plural('en', 1.5, { one: 'one', other: 'other' })).toBe('other');
    expect(plural('de', 1.5, { one: 'one', other: 'other' })).toBe('other');
  });
});

describe('formatList', () => {
  it('joins three items with the language’s serial comma rule and word', () => {
    // English CLDR long conjunction keeps the Oxford comma; German has none.
    expect(formatList('en', ['A', 'B', 'C'])).toBe('A, B, and C');
    expect(formatList('de', ['A', 'B', 'C'])).toBe('A, B und C');
  });
  it('joins two items with the word alone, as the rate-limit sentence did with " and "', () => {
    expect(formatList('en', ['A', 'B'])).toBe('A and B');
    expect(formatList('de', ['A', 'B'])).toBe('A und B');
  });
  it('returns a single item as it is, and "or" lists in both languages', () => {
    expect(formatList('en', ['A'])).toBe('A');
    expect(formatList('de', ['A', 'B', 'C'], 'disjunction')).toBe('A, B oder C');
    expect(formatList('en', ['A', 'B'], 'disjunction')).toBe('A or B');
  });
});
