import { describe, expect, it } from 'vitest';
import { EMPTY_DAY, defaultScenario } from '../scenario/defaults';
import { daysElapsed, summarizeSide } from './aggregate';

describe('folding a side into week figures', () => {
  it('pools acceptance so a busy day weighs more than a quiet one', () => {
    // Day 1: 90 of 100 accepted; day 2: 500 of 1,000. Pooled (90 + 500) / 1,100 = 0.53636;
    // the plain mean of the daily rates would be (0.9 + 0.5) / 2 = 0.7.
    const p = defaultScenario().pilot;
    p.days[0]!.selfHosted = { ...EMPTY_DAY, tasksAttempted: 100, tasksAccepted: 90 };
    p.days[1]!.selfHosted = { ...EMPTY_DAY, tasksAttempted: 1_000, tasksAccepted: 500 };
    // Day 3 has accepted tasks but no attempted count: it cannot enter a rate.
    p.days[2]!.selfHosted = { ...EMPTY_DAY, tasksAccepted: 50 };
    const w = summarizeSide(p, 'selfHosted');
    expect(w.acceptanceRate?.value).toBeCloseTo(590 / 1_100, 12);
    expect(w.acceptanceRate?.days).toEqual([1, 2]);
    expect(w.tasksAccepted).toEqual({ value: 640, days: [1, 2, 3] });
  });

  it('weights error rates by tasks attempted, and falls back to a plain mean when a count is missing', () => {
    // 2 % of 100 and 1 % of 300 tasks: (2 + 3) / 400 = 1.25 %.
    const p = defaultScenario().pilot;
    p.days[0]!.api = { ...EMPTY_DAY, tasksAttempted: 100, errorRate: 0.02, timeoutRate: 0.01 };
    p.days[1]!.api = { ...EMPTY_DAY, tasksAttempted: 300, errorRate: 0.01 };
    let w = summarizeSide(p, 'api');
    expect(w.errorRate?.value).toBeCloseTo(0.0125, 12);
    // Timeouts measured on day 1 only: 1 %. Failure rate = 1.25 % + 1 % = 2.25 %.
    expect(w.failureRate).toBeCloseTo(0.0225, 12);
    p.days[1]!.api.tasksAttempted = null;
    w = summarizeSide(p, 'api');
    expect(w.errorRate?.value).toBeCloseTo(0.015, 12);
  });

  it('extrapolates hours to a week from the days they were recorded', () => {
    // 3 h and 5 h on two days: mean 4 h × 7 = 28 h a week.
    const p = defaultScenario().pilot;
    p.days[0]!.selfHosted = { ...EMPTY_DAY, teamHours: 3, outOfHoursHours: 1 };
    p.days[4]!.selfHosted = { ...EMPTY_DAY, teamHours: 5, outOfHoursHours: 0 };
    const w = summarizeSide(p, 'selfHosted');
    expect(w.teamHoursPerWeek).toEqual({ value: 28, days: [1, 5] });
    expect(w.outOfHoursPerWeek?.value).toBeCloseTo(3.5, 12);
    expect(w.daysWithData).toEqual([1, 5]);
  });

  it('counts elapsed days up to the latest evidence or incident', () => {
    const p = defaultScenario().pilot;
    expect(daysElapsed(p)).toBe(0);
    p.days[2]!.api = { ...EMPTY_DAY, ttftP95Ms: 900 };
    expect(daysElapsed(p)).toBe(3);
    p.incidents.push({ day: 5, start: '01:00', recoveryMinutes: 10, cause: 'oom', affectedTasks: 0, countermeasure: '', outOfHours: true });
    expect(daysElapsed(p)).toBe(5);
  });
});
