import { describe, expect, it } from 'vitest';
import { countIn } from './count';
import { defineMessages } from './define';

const messages = defineMessages(
  'count-test',
  { 'count.days.one': '{n} day', 'count.days.other': '{n} days', other: 'x' },
  { 'count.days.one': '{n} Tag', 'count.days.other': '{n} Tage', other: 'x' },
);

describe('a count with its noun', () => {
  it("picks the form by the language's rule and writes the number in its format", () => {
    expect(countIn(messages, 'en', 'days', 1)).toBe('1 day');
    expect(countIn(messages, 'en', 'days', 0)).toBe('0 days');
    expect(countIn(messages, 'de', 'days', 1_234)).toBe('1.234 Tage');
    // A fractional count as shown: the rule sees 1.83 → other.
    expect(countIn(messages, 'en', 'days', 1.83, '1.83')).toBe('1.83 days');
    expect(countIn(messages, 'de', 'days', 1, '1,00')).toBe('1,00 Tag');
  });
});
