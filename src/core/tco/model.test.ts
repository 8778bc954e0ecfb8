import { describe, expect, it } from 'vitest';
import { buildModel, replicasNeeded, selfHostedCost } from './model';
import { availability, demandShape, durationCurve } from './profile';
import { plainScenario } from '../../testing/test-scenarios';

describe('self-hosted monthly cost', () => {
  it('rent per GPU-hour: 8 GPUs × $4/GPU-h × 730 h = $23,360 (article 000: 8× H100 at ~$32/h)', () => {
    const m = buildModel(plainScenario());
    const c = selfHostedCost(m, 1, 0);
    expect(c.gpu).toBeCloseTo(23_360, 9);
    expect(c.total).toBeCloseTo(23_360, 9);
    expect(c.power).toBe(0);
  });

  it('rent per node-hour: 16 GPUs = 2 nodes × $32/node-h × 730 h = $46,720', () => {
    const s = plainScenario();
    s.selfHosted = { ...s.selfHosted, gpusPerReplica: 16, rentUnit: 'node-hour', rentPrice: 32 };
    expect(selfHostedCost(buildModel(s), 1, 0).gpu).toBeCloseTo(46_720, 9);
    // A 12-GPU replica still needs two 8-GPU nodes.
    s.selfHosted.gpusPerReplica = 12;
    expect(selfHostedCost(buildModel(s), 1, 0).gpu).toBeCloseTo(46_720, 9);
  });

  it('bought: amortisation, residual on hardware only, power with PUE', () => {
    const s = plainScenario();
    s.selfHosted = {
      ...s.selfHosted,
      costMode: 'buy',
      capexPerGpu: 35_000,
      infraOverheadShare: 0.15,
      amortisationMonths: 36,
      residualShare: 0.2,
      powerWattsPerGpu: 700,
      pue: 1.3,
      pricePerKwh: 0.15,
    };
    const c = selfHostedCost(buildModel(s), 1, 0);
    // capex 8 × 35,000 × 1.15 = 322,000; residual 0.2 × 280,000 = 56,000; (322,000 − 56,000) / 36 = 7,388.888…
    expect(c.gpu).toBeCloseTo(266_000 / 36, 9);
    // power 8 × 700 W × 1.3 × 730 h / 1000 = 5,314.4 kWh × $0.15 = $797.16
    expect(c.power).toBeCloseTo(797.16, 9);
  });

  it('staff, upgrade hours, other fixed costs and one-time costs over the horizon', () => {
    const s = plainScenario();
    s.selfHosted = {
      ...s.selfHosted,
      staffFte: 1,
      staffLoadedYearlyUsd: 180_000,
      upgradeHoursPerMonth: 8,
      otherMonthly: [
        { label: 'a', usd: 400 },
        { label: 'b', usd: 600 },
      ],
      oneTimeUsd: 20_000,
      horizonMonths: 12,
    };
    const c = selfHostedCost(buildModel(s), 1, 0);
    // 180,000 / 12 = 15,000 + 8 h × 180,000 / 1,760 h = 818.18… → 15,818.18…
    expect(c.staff).toBeCloseTo(15_000 + (8 * 180_000) / 1_760, 9);
    // 400 + 600 + 20,000 / 12 = 2,666.67
    expect(c.ops).toBeCloseTo(1_000 + 20_000 / 12, 9);
    // No deployment, no fixed costs.
    expect(selfHostedCost(buildModel(s), 0, 0).total).toBe(0);
  });

  it('N+1 adds a spare replica that costs but does not serve', () => {
    const s = plainScenario();
    s.selfHosted.redundancy = 'n-plus-1';
    const c = selfHostedCost(buildModel(s), 2, 0);
    expect(c.totalReplicas).toBe(3);
    expect(c.gpu).toBeCloseTo(3 * 23_360, 9);
  });

  it('a schedule of 10 h × 5 days bills 50 × 730/168 = 217.26 h a month', () => {
    const s = plainScenario();
    s.selfHosted = { ...s.selfHosted, hoursMode: 'schedule', scheduleHoursPerDay: 10, scheduleDaysPerWeek: 5 };
    const m = buildModel(s);
    expect(m.paidHoursPerMonth).toBeCloseTo((50 * 730) / 168, 9);
    expect(selfHostedCost(m, 1, 0).gpu).toBeCloseTo(8 * 4 * ((50 * 730) / 168), 9);
  });
});

describe('capacity and replicas needed', () => {
  it('flat load: one replica of 1,000 tok/s carries 1,000 × 3,600 × 730 / 1,000 = 2,628,000 tasks of 1,000 output tokens', () => {
    const m = buildModel(plainScenario());
    expect(m.tasksPerReplica).toBeCloseTo(2_628_000, 6);
    expect(replicasNeeded(m, 2_628_000)).toBe(1);
    expect(replicasNeeded(m, 2_628_001)).toBe(2);
    expect(replicasNeeded(m, 0)).toBe(0);
  });

  it('peak-to-average 2 and 80 % max utilisation: 2,628,000 × 0.8 / 2 = 1,051,200 tasks per replica', () => {
    const s = plainScenario();
    s.workload.peakToAverage = 2;
    s.selfHosted.maxUtilisation = 0.8;
    expect(buildModel(s).tasksPerReplica).toBeCloseTo(1_051_200, 6);
  });

  it('lower self-hosted acceptance means more attempts: 90 % vs 75 % → 1.2 attempts per task', () => {
    const s = plainScenario();
    s.workload.acceptanceApi = 0.9;
    s.workload.acceptanceSelfHosted = 0.75;
    const m = buildModel(s);
    expect(m.selfAttemptFactor).toBeCloseTo(1.2, 12);
    expect(m.tasksPerReplica).toBeCloseTo(2_628_000 / 1.2, 6);
  });

  it('total basis counts input + output; retries add load', () => {
    const s = plainScenario();
    s.workload.inputTokensPerRequest = 3_000;
    s.workload.retryRateApi = 0.5;
    s.workload.retryRateSelfHosted = 0.5;
    s.selfHosted.throughput.basis = 'total';
    // (3,000 + 1,000) × 1.5 = 6,000 tokens per task → 1,000 × 3,600 × 730 / 6,000 = 438,000 tasks
    expect(buildModel(s).tasksPerReplica).toBeCloseTo(438_000, 6);
  });

  it('no throughput, nothing accepted, or demand outside the schedule: no replica count serves', () => {
    const s = plainScenario();
    s.selfHosted.throughput.tokensPerSecond = 0;
    expect(replicasNeeded(buildModel(s), 1)).toBeNull();
    const t = plainScenario();
    t.workload.acceptanceSelfHosted = 0;
    expect(replicasNeeded(buildModel(t), 1)).toBeNull();
    const u = plainScenario();
    u.workload.profileMode = 'weekly';
    u.workload.weeklyProfile = Array.from({ length: 168 }, () => 1);
    u.selfHosted = { ...u.selfHosted, hoursMode: 'schedule', scheduleHoursPerDay: 10, scheduleDaysPerWeek: 5 };
    const m = buildModel(u);
    expect(replicasNeeded(m, 1)).toBeNull();
    // 118 of 168 hours are off: 118 / 168 of the demand
    expect(m.shape.offScheduleShare).toBeCloseTo(118 / 168, 12);
  });
});

describe('demand shape', () => {
  it('duration curve: mean 1 and the requested peak, linear while the ratio ≤ 2', () => {
    for (const par of [1, 1.3, 2, 2.5, 4, 17, 100, 168]) {
      const c = durationCurve(par);
      const mean = c.reduce((a, b) => a + b, 0) / c.length;
      expect(mean).toBeCloseTo(1, 12);
      expect(c[0]).toBeCloseTo(par, 9);
    }
    // Ratio 2: values 2 − 2i/167, the last hour exactly 0
    const c = durationCurve(2);
    expect(c[1]).toBeCloseTo(2 - 2 / 167, 12);
    expect(c[167]).toBeCloseTo(0, 12);
  });

  it('a ratio above 168 is clamped with a note', () => {
    const s = plainScenario();
    s.workload.peakToAverage = 500;
    const shape = demandShape(s);
    expect(shape.notes).toContain('peak-clamped');
    expect(shape.peakToAverage).toBe(168);
  });

  it('schedule availability: from 08:00 for 10 h on 5 days, edges fractional', () => {
    const a = availability({ hoursMode: 'schedule', scheduleHoursPerDay: 9.5, scheduleDaysPerWeek: 4.5, scheduleStartHour: 8 });
    expect(a.reduce((x, y) => x + y, 0)).toBeCloseTo(9.5 * 4.5, 12);
    expect(a[7]).toBe(0);
    expect(a[8]).toBe(1);
    expect(a[17]).toBe(0.5);
    expect(a[4 * 24 + 8]).toBe(0.5);
    expect(a[5 * 24 + 8]).toBe(0);
  });

  it('peak-to-average with a schedule puts the work into the running hours', () => {
    const s = plainScenario();
    s.selfHosted = { ...s.selfHosted, hoursMode: 'schedule', scheduleHoursPerDay: 12, scheduleDaysPerWeek: 7 };
    const shape = demandShape(s);
    expect(shape.offScheduleShare).toBe(0);
    // Flat over 84 running hours: each carries 168 / 84 = 2 × the weekly average.
    expect(shape.maxWeight).toBeCloseTo(2, 12);
    expect(shape.runningHoursPerMonth).toBeCloseTo(365, 9);
  });

  it('an all-zero weekly profile counts as flat, with a note', () => {
    const s = plainScenario();
    s.workload.profileMode = 'weekly';
    s.workload.weeklyProfile = Array.from({ length: 168 }, () => 0);
    const shape = demandShape(s);
    expect(shape.notes).toEqual(['profile-empty']);
    expect(shape.maxWeight).toBe(1);
  });
});
