import { describe, expect, it } from 'vitest';
import { readScenarioDocument } from './document';
import { SCENARIO_TYPE, SCENARIO_VERSION } from './schema';

const SOURCE = { files: ['usage.csv'], firstDay: '2026-11-02', lastDay: '2026-11-29', timeZone: 'Europe/Berlin', models: [], profile: 'median' };

function notices(doc: Record<string, unknown>): [string, string][] {
  const r = readScenarioDocument({ type: SCENARIO_TYPE, version: SCENARIO_VERSION, ...doc }, true);
  if (!r.ok) throw new Error(r.error.kind);
  return r.value.notices.map((n) => [n.path, n.problem]);
}

describe('dates and time zones in a scenario', () => {
  it('a usage source in a real zone with real days is kept as it is', () => {
    const r = readScenarioDocument({ type: SCENARIO_TYPE, version: SCENARIO_VERSION, usage: { source: { ...SOURCE, firstDay: '2024-02-29' } } }, true);
    expect(r.ok && r.value.notices).toEqual([]);
    expect(r.ok && r.value.scenario.usage.source?.timeZone).toBe('Europe/Berlin');
  });

  it('a time zone no calendar knows is refused by name (the source falls back to none)', () => {
    expect(notices({ usage: { source: { ...SOURCE, timeZone: 'Mars/Olympus_Mons' } } })).toEqual([
      ['usage.source', '"Mars/Olympus_Mons" is not an IANA time zone, e.g. Europe/Berlin'],
    ]);
  });

  it('a day that only has the form of a date is refused by name', () => {
    expect(notices({ usage: { source: { ...SOURCE, firstDay: '2026-99-99' } } })).toEqual([
      ['usage.source', '"2026-99-99" is not a date of the calendar (month 01–12, a day the month has), e.g. 2026-11-30'],
    ]);
    expect(notices({ pilot: { startDate: '2025-02-29' } })).toEqual([
      ['pilot.startDate', '"2025-02-29" is not a date of the calendar (month 01–12, a day the month has), e.g. 2026-11-30'],
    ]);
    // A text not of the form keeps its own message, once.
    expect(notices({ pilot: { startDate: '3 March' } })).toEqual([['pilot.startDate', 'Use a date like 2026-11-30']]);
  });
});
