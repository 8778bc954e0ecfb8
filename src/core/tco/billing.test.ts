import { describe, expect, it } from 'vitest';
import { readScenarioDocument } from '../scenario/document';
import { SCENARIO_TYPE, HOURS_PER_WEEK, type Scenario } from '../scenario/schema';
import { autoscale, burstFromLoads, coldStarts, mixedCommitment, mixedSplit } from './billing';
import { evaluateTco } from './evaluate';
import { draftOf, UNCERTAIN_INPUTS } from './inputs';
import { buildModel, marginalReplicaCost } from './model';
import { availability, demandShape, scheduleShiftHours } from './profile';
import { plainScenario } from '../../testing/test-scenarios';

/**
 * Billing modes of rented GPUs (billing.ts), every figure worked out by hand in the comment
 * above it. plainScenario: one replica of 8 GPUs, no staff or other costs, 1,000 output tok/s,
 * 100,000 tasks a day of 1,000 output tokens (3e9 tokens a month, 1,141.55 tok/s on average —
 * so the tests that need one replica to carry the load lower the volume).
 */

/** Mon–Fri 08:00–20:00 demand 1, every other hour 0: 5 × 12 = 60 hours with demand a week. */
function officeHours(): number[] {
  return Array.from({ length: HOURS_PER_WEEK }, (_, h) => (Math.floor(h / 24) < 5 && h % 24 >= 8 && h % 24 < 20 ? 1 : 0));
}

function scheduled(s: Scenario): Scenario {
  return { ...s, selfHosted: { ...s.selfHosted, hoursMode: 'schedule', scheduleHoursPerDay: 12, scheduleDaysPerWeek: 5 } };
}

function withBilling(s: Scenario, billing: Partial<Scenario['selfHosted']['billing']>, rentPrice = 4.29): Scenario {
  return { ...s, selfHosted: { ...s.selfHosted, rentPrice, billing: { ...s.selfHosted.billing, ...billing } } };
}

function light(): Scenario {
  const s = plainScenario();
  // 10,000 tasks a day × 30 × 1,000 tokens = 3e8 tokens a month: well inside one replica.
  s.workload.requestsPerDay = 10_000;
  return s;
}

describe('reserved GPUs', () => {
  it('8 GPUs reserved at $2.80/GPU-h cost 8 × 2.80 × 730 = $16,352.00 a month, whatever the schedule', () => {
    const always = evaluateTco(withBilling(light(), { mode: 'reserved', reservedPrice: 2.8 }));
    expect(always.selfHosted.gpuUsd).toBeCloseTo(16_352, 6);
    const onSchedule = evaluateTco(withBilling(scheduled(light()), { mode: 'reserved', reservedPrice: 2.8 }));
    expect(onSchedule.selfHosted.gpuUsd).toBeCloseTo(16_352, 6);
    // Paid for 730 h, so the capacity is there for 730 h: 1,000 tok/s × 3,600 × 730 = 2.628e9 tokens.
    expect(onSchedule.shape.runningHoursPerMonth).toBe(730);
    expect(onSchedule.selfHosted.capacity.tokensPerMonth).toBeCloseTo(2.628e9, 0);
    expect(onSchedule.billing.mode).toBe('reserved');
  });

  it('states the commitment: 12 months × $16,352 = $196,224, a quarter upfront = $49,056, then $12,264 a month', () => {
    const e = evaluateTco(withBilling(light(), { mode: 'reserved', reservedPrice: 2.8, reservedTermMonths: 12, upfrontShare: 0.25 }));
    expect(e.billing.commitment).not.toBeNull();
    const c = e.billing.commitment;
    expect(c?.totalUsd).toBeCloseTo(196_224, 6);
    expect(c?.upfrontUsd).toBeCloseTo(49_056, 6);
    // (1 − 0.25) × 16,352 = 12,264
    expect(c?.monthlyInvoiceUsd).toBeCloseTo(12_264, 6);
    // The monthly cost is the commitment spread over its term, however it is paid.
    expect(e.selfHosted.gpuUsd).toBeCloseTo(16_352, 6);
  });

  it('an upfront part carries the cost of capital: half of $196,224 upfront at 12 % costs $8,717.13 a month, $16,893.13 in all', () => {
    const reserved = withBilling(light(), { mode: 'reserved', reservedPrice: 2.8, reservedTermMonths: 12, upfrontShare: 0.5 });
    const e = evaluateTco({ ...reserved, selfHosted: { ...reserved.selfHosted, capital: { waccYearly: 0.12, rateConvention: 'nominal' } } });
    const c = e.billing.commitment;
    // Upfront 0.5 × 12 × 16,352 = 98,112 at signing; invoiced (1 − 0.5) × 16,352 = 8,176 a month.
    expect(c?.upfrontUsd).toBeCloseTo(98_112, 6);
    expect(c?.monthlyInvoiceUsd).toBeCloseTo(8_176, 6);
    // r = 0.12 / 12 = 1 %: 1.01^12 = 1.1268250, 1 − 1 / 1.1268250 = 0.1125508;
    // 98,112 × 0.01 / 0.1125508 = 98,112 × 0.0888488 = 8,717.13 a month over the term.
    expect(c?.upfrontMonthlyUsd).toBeCloseTo(8_717.13, 2);
    // 8,176 + 8,717.13 = 16,893.13: the monthly GPU cost the comparison uses.
    expect(c?.costMonthlyUsd).toBeCloseTo(16_893.13, 2);
    expect(e.selfHosted.gpuUsd).toBeCloseTo(16_893.13, 2);
    // The commitment itself stays at the list rate: 12 × 16,352.
    expect(c?.totalUsd).toBeCloseTo(196_224, 6);
  });

  it('the break-even and hybrid steps use the reserved replica cost, and the tornado swings the reserved rate', () => {
    const s = withBilling(light(), { mode: 'reserved', reservedPrice: 2.8 });
    // One more replica: 8 × 2.80 × 730 = 16,352 (on demand at $4.29 it would be 8 × 4.29 × 730 = 25,053.60).
    expect(marginalReplicaCost(buildModel(s))).toBeCloseTo(16_352, 6);
    expect(UNCERTAIN_INPUTS.rentPrice.get(draftOf(s))).toBe(2.8);
    const d = draftOf(s);
    UNCERTAIN_INPUTS.rentPrice.set(d, 3.5);
    expect(d.selfHosted.billing.reservedPrice).toBe(3.5);
    expect(d.selfHosted.rentPrice).toBe(4.29);
  });

  it('capacity follows the mode: demand outside a schedule is served when reserved', () => {
    const s = light();
    s.workload = { ...s.workload, profileMode: 'weekly', weeklyProfile: Array.from({ length: HOURS_PER_WEEK }, () => 1) };
    // On demand 12 h × 5 days, round-the-clock demand falls outside the schedule.
    expect(evaluateTco(scheduled(s)).selfHosted.state).toBe('demand-outside-schedule');
    expect(evaluateTco(withBilling(scheduled(s), { mode: 'reserved' })).selfHosted.state).toBe('ok');
  });
});

describe('on demand on a schedule', () => {
  it('8 GPUs at $4.29 for 12 h × 5 days: 8 × 4.29 × 60 × 730 / 168 = $8,947.71 a month', () => {
    // Convention (billing.ts, docs/tco.md): a weekly hour is 730 / 168 h of an average month, so
    // 60 h a week are 260.714 h a month. The 52-week count of 260 h would give
    // 8 × 4.29 × 260 = $8,923.20, $24.51 less: a year has 52 1/7 weeks.
    const e = evaluateTco(withBilling(scheduled(light()), { mode: 'on-demand' }));
    expect(e.selfHosted.gpuUsd).toBeCloseTo(8_947.714_285_7, 6);
    expect(e.shape.runningHoursPerMonth).toBeCloseTo(260.714_285_7, 6);
  });
});

describe('scale-to-zero', () => {
  it('office-hours demand: billed 60 × 730 / 168 = 260.71 h, 5 cold starts a week, 1.39 % of requests wait 300 s', () => {
    const s = light();
    s.workload = { ...s.workload, profileMode: 'weekly', weeklyProfile: officeHours() };
    const e = evaluateTco(withBilling(s, { mode: 'scale-to-zero', coldStartSeconds: 600 }));
    // 8 × 4.29 × 260.714 = 8,947.71
    expect(e.selfHosted.gpuUsd).toBeCloseTo(8_947.714_285_7, 6);
    const c = e.billing.coldStarts;
    // One start each weekday at 08:00 (the hour before has no demand): 5 a week, × 730 / 168 = 21.73 a month.
    expect(c?.startsPerWeek).toBe(5);
    expect(c?.startsPerMonth).toBeCloseTo(21.726_190_5, 6);
    // Each start hour holds 1/60 of the week's requests; its first 600 s = 1/6 of them wait:
    // 5 × 1/60 × 1/6 = 1/72 = 1.3889 %. Arrivals even over the 600 s wait 300 s on average.
    expect(c?.waitingShare).toBeCloseTo(1 / 72, 12);
    expect(c?.meanWaitSeconds).toBe(300);
    expect(c?.idleHoursPerWeek).toBe(108);
    // Capacity and utilisation follow: 260.714 paid hours; the work (3e8 tokens at 1,000 tok/s =
    // 83.33 h) is 83.33 / 260.714 = 31.96 % of them.
    expect(e.selfHosted.utilisation.average).toEqual({ ok: true, value: expect.closeTo(3e5 / 3600 / ((60 * 730) / 168), 9) as number });
  });

  it('demand in every hour never scales to zero: 730 h, no cold starts', () => {
    const s = light();
    s.workload = { ...s.workload, profileMode: 'weekly', weeklyProfile: Array.from({ length: HOURS_PER_WEEK }, (_, h) => (h % 24 < 8 ? 0.1 : 1)) };
    const e = evaluateTco(withBilling(s, { mode: 'scale-to-zero' }));
    expect(e.shape.runningHoursPerMonth).toBe(730);
    expect(e.billing.coldStarts).toMatchObject({ startsPerWeek: 0, waitingShare: 0, meanWaitSeconds: 0 });
  });

  it('a cold start of an hour or more makes the whole start hour wait, half an hour on average at 3,600 s', () => {
    const shape = demandShape({ workload: { ...light().workload, profileMode: 'weekly', weeklyProfile: officeHours() }, selfHosted: light().selfHosted });
    // 5 start hours × 1/60 of the demand each = 1/12 of all requests.
    expect(coldStarts(shape, 3600)).toMatchObject({ waitingShare: expect.closeTo(1 / 12, 12) as number, meanWaitSeconds: 1800 });
  });

  it('bought hardware has no billing mode: a reserved setting is ignored', () => {
    const s = withBilling({ ...light(), selfHosted: { ...light().selfHosted, costMode: 'buy' } }, { mode: 'reserved' });
    expect(evaluateTco(s).billing).toMatchObject({ mode: 'on-demand', commitment: null, rate: null });
  });
});

describe('v2 links keep their cost through the v2 → v3 step', () => {
  it('a v2 link on a 12 h × 5 day schedule still costs 8 × 4.29 × 260.714 = $8,947.71 per replica for its GPUs', () => {
    const r = readScenarioDocument(
      { type: SCENARIO_TYPE, version: 2, selfHosted: { hoursMode: 'schedule', scheduleHoursPerDay: 12, scheduleDaysPerWeek: 5 } },
      true,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.migrations).toEqual(['v2-to-v3', 'v3-to-v4', 'v4-to-v5', 'v5-to-v6']);
    expect(r.value.scenario.selfHosted.billing.mode).toBe('on-demand');
    // The example's peak needs more than one replica in 260.7 h (the capacity tests size that);
    // each one still rents at the v2 hours.
    const e = evaluateTco(r.value.scenario).selfHosted;
    expect(e.gpuUsd / (e.replicasServing + e.spareReplicas)).toBeCloseTo(8_947.714_285_7, 6);
  });

  it('the v2 example scenario costs what v2 computed: 8 × 4.29 × 730 + staff + other = $43,538.45 a month', () => {
    const r = readScenarioDocument({ type: SCENARIO_TYPE, version: 2 }, true);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const e = evaluateTco(r.value.scenario);
    // GPUs 8 × 4.29 × 730 = 25,053.60; staff 1 × 180,000 / 12 + 8 h × 180,000 / 1,760 h =
    // 15,000 + 818.18 = 15,818.18; other 400 + 600 + 20,000 / 12 = 2,666.67. Sum 43,538.45.
    expect(e.selfHosted.gpuUsd).toBeCloseTo(25_053.6, 6);
    expect(e.selfHosted.monthlyUsd).toBeCloseTo(25_053.6 + 15_000 + (8 * 180_000) / 1_760 + 1_000 + 20_000 / 12, 6);
  });
});

describe('per-hour autoscaling', () => {
  it('a small profile: replicas 1, 3, 3, 1 pay 8 replica-hours instead of 12; 3 starts, 6.25 % of requests wait', () => {
    const weights = new Float64Array(HOURS_PER_WEEK);
    weights.set([1, 3, 3, 1], 8);
    const availability = new Float64Array(HOURS_PER_WEEK).fill(1);
    // Peak 2.7 replicas at weight 3: 0.9 per unit of weight → ceil(0.9, 2.7, 2.7, 0.9) = 1, 3, 3, 1.
    const a = autoscale({ weights, availability }, 2.7, 3, 4, 600);
    expect(a.replicasPerHour.slice(7, 13)).toEqual([0, 1, 3, 3, 1, 0]);
    // 1 + 3 + 3 + 1 = 8 replica-hours a week; the comparison runs 3 replicas in 4 hours = 12.
    expect(a.replicaHoursPerWeek).toBe(8);
    expect(a.fixedReplicaHoursPerWeek).toBe(12);
    // Starts: +1 at 08:00, +2 at 09:00 = 3 a week.
    expect(a.replicaStartsPerWeek).toBe(3);
    // 600 s = 1/6 of an hour: (1 × 1/1 × 1/6 + 3 × 2/3 × 1/6) ÷ (1 + 3 + 3 + 1) = 0.5 ÷ 8 = 6.25 %.
    expect(a.waitingShare).toBeCloseTo(0.0625, 12);
    expect(a.meanWaitSeconds).toBe(300);
  });

  it('the evaluation reports it for scale-to-zero: 120 replica-hours a week instead of 180, 15 starts, 2.08 % wait', () => {
    const s = withBilling(plainScenario(), { mode: 'scale-to-zero', coldStartSeconds: 600 });
    // Mon–Fri: 08:00–14:00 weight 1, 14:00–20:00 weight 3; Σ weights a week = 5 × (6 + 18) = 120.
    const profile = Array.from({ length: HOURS_PER_WEEK }, (_, h) => (Math.floor(h / 24) < 5 && h % 24 >= 8 && h % 24 < 20 ? (h % 24 < 14 ? 1 : 3) : 0));
    s.workload = { ...s.workload, requestsPerDay: 50_000, profileMode: 'weekly', weeklyProfile: profile };
    const e = evaluateTco(s);
    // 1,500,000 tasks a month = 1.5M × 168 / 730 = 345,205 a week; the peak hour carries 3/120 of
    // it = 8,630 one-second tasks = 2.40 replica-hours → 3 replicas; the low hours 0.80 → 1.
    const a = e.billing.autoscale;
    expect(a?.replicasPerHour.slice(8, 20)).toEqual([1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 3, 3]);
    // 5 × (6 × 1 + 6 × 3) = 120 replica-hours a week against 3 replicas × 60 hours = 180.
    expect(a?.replicaHoursPerWeek).toBe(120);
    expect(a?.fixedReplicaHoursPerWeek).toBeCloseTo(180, 9);
    // Each day +1 at 08:00 and +2 at 14:00: 15 starts a week.
    expect(a?.replicaStartsPerWeek).toBe(15);
    // Per day 1 × 1/6 + 3 × 2/3 × 1/6 = 0.5; a week 2.5 ÷ 120 = 2.083 %.
    expect(a?.waitingShare).toBeCloseTo(2.5 / 120, 12);
  });
});

describe('the schedule starts at its own hour', () => {
  // Demand Mon–Fri 09:00–17:00 (8 hours a day, 40 a week), on demand on a schedule of 5 days.
  const nineToFive = (hours: number, start: number): Scenario => {
    const s = light();
    s.workload = {
      ...s.workload,
      profileMode: 'weekly',
      weeklyProfile: Array.from({ length: HOURS_PER_WEEK }, (_, h) => (Math.floor(h / 24) < 5 && h % 24 >= 9 && h % 24 < 17 ? 1 : 0)),
    };
    s.selfHosted = { ...s.selfHosted, hoursMode: 'schedule', scheduleHoursPerDay: hours, scheduleDaysPerWeek: 5, scheduleStartHour: start };
    return s;
  };

  it('from 09:00, 8 hours cover 09–17: 40 paid hours a week = 40 × 730 / 168 = 173.81 h a month', () => {
    const e = evaluateTco(nineToFive(8, 9));
    expect(buildModel(nineToFive(8, 9)).blocked).toBeNull();
    expect(e.billing.paidHoursPerMonth).toBeCloseTo((40 * 730) / 168, 6);
    // 8 GPUs × $4 × 173.81 h = $5,561.90 a month.
    expect(e.selfHosted.gpuUsd).toBeCloseTo(5_561.9, 1);
  });

  it('from 08:00 (the only start before), 8 hours leave 16–17 uncovered and 9 hours pay 45 a week', () => {
    expect(buildModel(nineToFive(8, 8)).blocked).toBe('demand-outside-schedule');
    expect(evaluateTco(nineToFive(9, 8)).billing.paidHoursPerMonth).toBeCloseTo((45 * 730) / 168, 6);
  });
});

describe('the schedule in a time zone of its own', () => {
  // A usage week built in UTC from January files: demand Mon–Fri 08:00–16:00 UTC, which is
  // 09:00–17:00 in Berlin (UTC+1 in winter).
  const utcWeek = (zone: string | null, firstDay = '2026-01-05', lastDay = '2026-01-30'): Scenario => {
    const s = light();
    s.workload = {
      ...s.workload,
      profileMode: 'weekly',
      weeklyProfile: Array.from({ length: HOURS_PER_WEEK }, (_, h) => (Math.floor(h / 24) < 5 && h % 24 >= 8 && h % 24 < 16 ? 1 : 0)),
    };
    s.usage = { source: { files: ['usage.csv'], firstDay, lastDay, timeZone: 'UTC', models: [], profile: 'median' } };
    s.selfHosted = { ...s.selfHosted, hoursMode: 'schedule', scheduleHoursPerDay: 8, scheduleDaysPerWeek: 5, scheduleStartHour: 9, scheduleTimeZone: zone };
    return s;
  };

  it('09:00 Berlin on a UTC week is 08:00 UTC: 8 hours cover the demand, 40 paid hours a week', () => {
    // Shift = Berlin's offset − UTC's = +1 h: profile hour h is schedule hour h + 1.
    expect(scheduleShiftHours(utcWeek('Europe/Berlin'))).toBe(1);
    expect(buildModel(utcWeek('Europe/Berlin')).blocked).toBeNull();
    expect(evaluateTco(utcWeek('Europe/Berlin')).billing.paidHoursPerMonth).toBeCloseTo((40 * 730) / 168, 6);
    // Without a zone the 09:00 is the profile's (UTC) hour: 08:00–09:00 UTC is left out.
    expect(buildModel(utcWeek(null)).blocked).toBe('demand-outside-schedule');
    // The same zone as the week's is no shift.
    expect(scheduleShiftHours(utcWeek('UTC'))).toBe(0);
  });

  it('summer time is read at the middle day the files cover: July files put 09:00 Berlin at 07:00 UTC', () => {
    expect(scheduleShiftHours(utcWeek('Europe/Berlin', '2026-07-06', '2026-07-31'))).toBe(2);
    // From 07:00 UTC for 8 hours: 07–15 UTC, so the demand 15–16 UTC is outside.
    expect(buildModel(utcWeek('Europe/Berlin', '2026-07-06', '2026-07-31')).blocked).toBe('demand-outside-schedule');
  });

  it('a half-hour zone splits the edge hours: 09:00 Kolkata (+05:30) is 03:30 UTC', () => {
    const a = availability({ hoursMode: 'schedule', scheduleHoursPerDay: 8, scheduleDaysPerWeek: 5, scheduleStartHour: 9 }, 5.5);
    // 03:30–11:30 UTC: hour 3 and hour 11 half, 4–10 whole; 8 hours a day, 40 a week.
    expect([...a.slice(2, 13)]).toEqual([0, 0.5, 1, 1, 1, 1, 1, 1, 1, 0.5, 0]);
    expect(a.reduce((x, y) => x + y, 0)).toBeCloseTo(40, 12);
  });

  it('a zone ahead of the week wraps into its Sunday: Monday 09:00 in Auckland (+13 in January) is Sunday 20:00 UTC', () => {
    const s = utcWeek('Pacific/Auckland');
    expect(scheduleShiftHours(s)).toBe(13);
    const a = availability({ hoursMode: 'schedule', scheduleHoursPerDay: 8, scheduleDaysPerWeek: 1, scheduleStartHour: 9 }, 13);
    // Monday 09:00–17:00 NZDT = Sunday 20:00 – Monday 04:00 UTC: hours 164–167 and 0–3.
    const on = [...a.keys()].filter((h) => (a[h] as number) > 0);
    expect(on).toEqual([0, 1, 2, 3, 164, 165, 166, 167]);
  });

  it('a peak-to-average shape has no hours of its own to move', () => {
    const s = utcWeek('Europe/Berlin');
    s.workload = { ...s.workload, profileMode: 'peak-to-average' };
    expect(scheduleShiftHours(s)).toBe(0);
  });
});

describe('a reserved base with on-demand burst', () => {
  it('2 replicas in 60 busy hours and 1 in the other 108: one reserved and one on demand is cheapest, $24,694.86 a month', () => {
    // Reserved: 8 GPUs × $2.80 × 730 h = $16,352 a replica a month; on demand 8 × $4 = $32 an
    // hour, a weekly hour being 730 ÷ 168 h of a month: $139.05.
    // Busiest-hour load 2 replicas: hours at relative load 1 need 2, hours at 0.5 need 1.
    const weekHour = (32 * 730) / 168;
    const burst = burstFromLoads(
      Array.from({ length: HOURS_PER_WEEK }, (_, h) => (h < 60 ? 1 : 0.5)),
      weekHour,
    );
    const m = mixedCommitment(burst, 2, 2, 16_352, 12);
    // B = 0: (60 × 2 + 108) × 139.05 = 31,702.86; B = 1: 16,352 + 60 × 139.05 = 24,694.86;
    // B = 2: 32,704.
    expect(m.allOnDemandUsd).toBeCloseTo(228 * weekHour, 6);
    expect(m.allOnDemandUsd).toBeCloseTo(31_702.86, 2);
    expect(m.allReservedUsd).toBeCloseTo(32_704, 6);
    expect(m).toMatchObject({ reservedReplicas: 1, burstReplicas: 1, burstReplicaHoursPerWeek: 60 });
    expect(m.monthlyUsd).toBeCloseTo(24_694.86, 2);
  });

  it('in a scenario the billing card gets the split of its serving replicas', () => {
    // Demand Mon–Fri 08:00–20:00 only (60 hours a week); on demand at $4, reserved at $2.80.
    const s = light();
    s.workload = { ...s.workload, profileMode: 'weekly', weeklyProfile: officeHours() };
    const mixed = evaluateTco(s).billing.mixed;
    expect(mixed).not.toBeNull();
    // One serving replica: reserved 16,352 against 60 busy hours × 8 × 4 × 730 ÷ 168 = 8,342.86
    // on demand: on demand wins, no base reserved.
    expect(mixed?.reservedReplicas).toBe(0);
    expect(mixed?.monthlyUsd).toBeCloseTo((60 * 8 * 4 * 730) / 168, 6);
  });

  it('held lots set the least base: with 2 lots held the same hours cost 2 × 16,352 = $32,704 and nothing on demand', () => {
    const burst = burstFromLoads(
      Array.from({ length: HOURS_PER_WEEK }, (_, h) => (h < 60 ? 1 : 0.5)),
      (32 * 730) / 168,
    );
    expect(mixedSplit(burst, 16_352, 2, 2, 2)).toMatchObject({ reservedReplicas: 2, burstReplicaHoursPerWeek: 0, monthlyUsd: 32_704 });
    // 3 held for a load that needs 2: all 3 are paid.
    expect(mixedSplit(burst, 16_352, 2, 2, 3).monthlyUsd).toBeCloseTo(3 * 16_352, 6);
  });
});

describe('the mixed split against a brute force', () => {
  it('matches min over B of B × R + Σ_h max(0, r_h − B) × od on 500 random weeks, loads and held lots', () => {
    // A seeded generator (mulberry32), so a failure reproduces.
    let seed = 12345;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    for (let trial = 0; trial < 500; trial++) {
      const hours = 1 + Math.floor(rand() * 168);
      const raw = Array.from({ length: hours }, () => (rand() < 0.3 ? 1 : rand()));
      const top = Math.max(...raw);
      const loads = raw.map((x) => x / top);
      const n = 1 + Math.floor(rand() * 12);
      const peak = rand() * n;
      const od = 10 + rand() * 200;
      const reserved = od * (rand() * 168);
      const held = rand() < 0.3 ? Math.floor(rand() * (n + 2)) : 0;
      const need = loads.map((x) => Math.min(n, Math.max(1, Math.ceil(peak * x - 1e-9))));
      const cost = (b: number) => b * reserved + need.reduce((sum, r) => sum + Math.max(0, r - b), 0) * od;
      let best = held;
      for (let b = held; b <= Math.max(n, held); b++) if (cost(b) < cost(best) - 1e-9 * Math.max(1, cost(best))) best = b;
      const got = mixedSplit(burstFromLoads(loads, od), reserved, peak, n, held);
      expect(got.monthlyUsd).toBeCloseTo(cost(best), 6);
      expect(got.burstReplicas).toBe(Math.max(0, Math.max(...need) - got.reservedReplicas));
    }
  });
});

/**
 * Billing mode "mixed" priced in the comparison. 100,000 tasks a day of 1,000 output tokens at
 * $10 per 1M: 3e9 tokens, API $30,000 a month, 1,141.55 tok/s on average (3e9 ÷ (730 × 3,600)).
 * Week: 60 hours at weight 2 and 108 at 1, so the busy hours run at 2 × 168 ÷ 228 = 1.47368 × the
 * average, 1,682.29 tok/s: 2 replicas of 1,000 tok/s; the others at 841.14 tok/s: 1 replica.
 * On demand $4 an hour (8 GPUs: $32 a replica, $139.05 a weekly hour); reserved $2.80 ($16,352 a month).
 */
describe('the mixed billing mode', () => {
  const week = () => Array.from({ length: HOURS_PER_WEEK }, (_, h) => (h < 60 ? 2 : 1));
  const mixed = (reservedPrice = 2.8): Scenario => {
    const s = withBilling(plainScenario(), { mode: 'mixed', reservedPrice, reservedTermMonths: 12, upfrontShare: 0 }, 4);
    s.workload = { ...s.workload, profileMode: 'weekly', weeklyProfile: week() };
    return s;
  };
  const weekHour = (32 * 730) / 168;

  it('prices one reserved replica and one on demand in the 60 busy hours: 16,352 + 60 × 139.05 = $24,694.86, so self-hosting beats the API at $30,000', () => {
    const e = evaluateTco(mixed());
    expect(e.selfHosted.replicasServing).toBe(2);
    expect(e.selfHosted.gpuUsd).toBeCloseTo(16_352 + 60 * weekHour, 6);
    expect(e.selfHosted.gpuUsd).toBeCloseTo(24_694.86, 2);
    expect(e.api.monthlyUsd).toBeCloseTo(30_000, 6);
    expect(e.selfHosted.monthlyUsd).toBeCloseTo(24_694.86, 2);
    // The same deployment reserved: 2 × 16,352 = 32,704; on demand: 2 × 32 × 730 = 46,720. Both lose to the API.
    const reserved = evaluateTco(withBilling(mixed(), { mode: 'reserved' }, 4));
    expect(reserved.selfHosted.gpuUsd).toBeCloseTo(32_704, 6);
    expect(reserved.selfHosted.monthlyUsd).toBeGreaterThan(30_000);
    // The commitment on the card is the base: 1 replica × 16,352 × 12 months.
    expect(e.billing.commitment?.totalUsd).toBeCloseTo(196_224, 6);
    expect(e.billing.mixed).toMatchObject({ reservedReplicas: 1, burstReplicas: 1, burstReplicaHoursPerWeek: 60 });
    // Paid replica-hours: 730 for the base and 60 × 730 ÷ 168 = 260.71 for the burst; busy:
    // 3e9 tokens ÷ 1,000 tok/s ÷ 3,600 = 833.33 h, so the average utilisation is 833.33 ÷ 990.71.
    const u = e.selfHosted.utilisation.average;
    expect(u.ok ? u.value : NaN).toBeCloseTo(833.3333 / (730 + (60 * 730) / 168), 4);
  });

  it('the hybrid owns reserved replicas and sends its burst to the API: 16,352 + $30,000 × 60 × (1.47368 − 0.87600) ÷ 168', () => {
    const e = evaluateTco(mixed());
    // One owned replica carries 1,000 of 1,141.55 tok/s = 0.876 of the average in each hour;
    // the busy hours' excess over it goes to the API.
    const excess = (60 * ((2 * 168) / 228 - 1000 / (3e9 / (730 * 3600)))) / 168;
    expect(e.hybrid.replicas).toBe(1);
    expect(e.hybrid.monthlyUsd).toBeCloseTo(16_352 + 30_000 * excess, 4);
  });

  it('the break-even falls inside the second replica step: reserved $3.80 ($22,192) + 60 on-demand hours = $30,534.86 ÷ $0.01 a task', () => {
    // One replica carries 2,628,000 ÷ 1.47368 = 1,783,286 tasks a month at its busiest hour. At
    // most that, every hour needs one replica: reserved (22,192) beats 168 on-demand hours
    // (23,360), and 22,192 ÷ 0.01 = 2,219,200 tasks lies beyond the step. In the second step the
    // busy hours need two: 22,192 + 60 × 139.05 = 30,534.86, reached at 3,053,486 tasks ≤ 3,566,571.
    const e = evaluateTco(mixed(3.8));
    const b = e.breakEven;
    expect(b.result.kind).toBe('at');
    expect(b.tasksPerMonth).toBeCloseTo((22_192 + 60 * weekHour) / 0.01, 0);
    // Reserved at $3.80 the second step costs 44,384: 4,438,400 tasks, beyond its 3,566,571.
    expect(evaluateTco(withBilling(mixed(3.8), { mode: 'reserved' }, 4)).breakEven.result.kind).toBe('never');
  });

  it('over a flat 12-month horizon the base is one 12-month lot and the burst is rent: NPV 12 × (30,000 − 24,694.86) at a WACC of 0', () => {
    const s = mixed();
    s.selfHosted = { ...s.selfHosted, horizonMonths: 12, capital: { ...s.selfHosted.capital, waccYearly: 0 } };
    const h = evaluateTco(s).horizon;
    expect(h.npvUsd.selfHosted).toBeCloseTo(12 * (30_000 - 16_352 - 60 * weekHour), 4);
    const row = h.cashFlow.selfHosted?.rows[5];
    expect(row?.lines.rent).toBeCloseTo(16_352 + 60 * weekHour, 6);
    expect(h.terminal.selfHosted).toMatchObject({ kind: 'reserved', obligationUsd: 0 });
  });
});
