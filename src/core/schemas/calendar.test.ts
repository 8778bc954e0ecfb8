import { describe, expect, it } from 'vitest';
import { isCalendarDate, isValidTimeZone } from './calendar';

describe('isCalendarDate', () => {
  it('takes the dates of the calendar, 29 February in leap years only', () => {
    for (const d of ['2026-11-30', '2026-01-01', '2026-12-31', '2024-02-29', '2000-02-29', '0001-01-01']) expect(isCalendarDate(d), d).toBe(true);
  });
  it('refuses what only has the form of a date', () => {
    for (const d of [
      '2026-99-99',
      '2026-13-01',
      '2026-00-10',
      '2026-11-00',
      '2026-11-31',
      '2026-04-31',
      '2025-02-29',
      '1900-02-29',
      '2026-1-1',
      '2026-11-30T00:00',
      '',
    ])
      expect(isCalendarDate(d), d).toBe(false);
  });
});

describe('isValidTimeZone', () => {
  it('knows IANA zones and refuses made-up ones', () => {
    for (const z of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC']) expect(isValidTimeZone(z), z).toBe(true);
    for (const z of ['Mars/Olympus_Mons', 'Europe/Atlantis', '', 'not a zone']) expect(isValidTimeZone(z), z).toBe(false);
  });
});
