import { describe, expect, it } from 'vitest';
import { readScenarioDocument } from '../scenario/document';
import { EMPTY_DAY, defaultScenario } from '../scenario/defaults';
import { dayMetricsSchema, incidentSchema, pilotSchema } from '../scenario/schema';

/** Inputs outside sense are rejected on load, field by field, with a message naming the field. */
describe('pilot input rules', () => {
  it('rejects more accepted than attempted tasks (an acceptance of 130 %)', () => {
    const r = dayMetricsSchema.safeParse({ ...EMPTY_DAY, tasksAttempted: 100, tasksAccepted: 130 });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path)).toEqual([['tasksAccepted']]);
  });

  it('rejects negative hours, shares above 1 and out-of-hours above the team hours', () => {
    expect(dayMetricsSchema.safeParse({ ...EMPTY_DAY, teamHours: -1 }).success).toBe(false);
    expect(dayMetricsSchema.safeParse({ ...EMPTY_DAY, utilisation: 1.3 }).success).toBe(false);
    const r = dayMetricsSchema.safeParse({ ...EMPTY_DAY, teamHours: 2, outOfHoursHours: 3 });
    expect(r.error?.issues[0]?.path).toEqual(['outOfHoursHours']);
    // Equal is fine: all hours were out of hours.
    expect(dayMetricsSchema.safeParse({ ...EMPTY_DAY, teamHours: 3, outOfHoursHours: 3 }).success).toBe(true);
  });

  it('rejects an incident on day 8 and an eighth day', () => {
    expect(
      incidentSchema.safeParse({ day: 8, start: '', recoveryMinutes: 0, cause: 'oom', affectedTasks: 0, countermeasure: '', outOfHours: false }).success,
    ).toBe(false);
    const p = defaultScenario().pilot;
    expect(pilotSchema.safeParse({ ...p, days: [...p.days, p.days[0]] }).success).toBe(false);
  });

  it('on load, costs only the bad field and reports it', () => {
    const s = defaultScenario();
    s.pilot.days[2]!.selfHosted = { ...EMPTY_DAY, tasksAttempted: 100, tasksAccepted: 130, teamHours: 4 };
    const r = readScenarioDocument(JSON.parse(JSON.stringify(s)), false);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.notices).toEqual([
      {
        path: 'pilot.days[2].selfHosted.tasksAccepted',
        problem: 'tasksAccepted (130) must not exceed tasksAttempted (100)',
        action: 'reset-to-default',
        rejected: '130',
        issue: { code: 'custom', rule: 'day-order', params: { field: 'tasksAccepted', value: 130, limit: 'tasksAttempted', limitValue: 100 } },
      },
    ]);
    expect(r.value.scenario.pilot.days[2]!.selfHosted).toMatchObject({ tasksAttempted: 100, tasksAccepted: null, teamHours: 4 });
  });
});
