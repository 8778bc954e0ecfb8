import { describe, expect, it } from 'vitest';
import { hybridPoint, optimiseHybrid, servedShare } from './hybrid';
import { buildModel } from './model';
import { plainScenario } from '../../testing/test-scenarios';

describe('hybrid routing', () => {
  it('flat load, 4M tasks: one owned replica serves 2.628M, the API the rest — $37,080, cheaper than either pure option', () => {
    const m = buildModel(plainScenario());
    // K = 0: 4,000,000 × $0.01 = $40,000
    expect(hybridPoint(m, 4_000_000, 0).totalUsd).toBeCloseTo(40_000, 6);
    // K = 1: 23,360 + 40,000 × (1 − 2.628 / 4) = 23,360 + 13,720 = 37,080
    expect(hybridPoint(m, 4_000_000, 1).totalUsd).toBeCloseTo(37_080, 6);
    // K = 2 serves everything: 46,720
    expect(hybridPoint(m, 4_000_000, 2).totalUsd).toBeCloseTo(46_720, 6);
    const best = optimiseHybrid(m, 4_000_000).best;
    expect(best.replicas).toBe(1);
    expect(best.selfShare).toBeCloseTo(0.657, 12);
  });

  it('linear duration curve with peak 2: capacity at the average serves 125.749 / 168 = 74.85 %', () => {
    const s = plainScenario();
    s.workload.peakToAverage = 2;
    const m = buildModel(s);
    // Values 2 − 2i/167; the 84 hours with demand ≥ 1 give 1 each, the other 84 give
    // Σ_{i=84}^{167} (2 − 2i/167) = 168 − (2/167) × 10,542 = 41.749; (84 + 41.749) / 168.
    const tasksAtAverage = 2_628_000; // one replica's capacity equals the average demand
    expect(servedShare(m, tasksAtAverage, 1)).toBeCloseTo((84 + 168 - (2 / 167) * 10_542) / 168, 12);
    // Capacity at the peak (2× the average) serves everything.
    expect(servedShare(m, tasksAtAverage, 2)).toBeCloseTo(1, 12);
  });

  it('weekly profile with the cluster off at weekends: weekend demand overflows to the API', () => {
    const s = plainScenario();
    s.workload.profileMode = 'weekly';
    s.workload.weeklyProfile = Array.from({ length: 168 }, () => 1);
    s.selfHosted = { ...s.selfHosted, hoursMode: 'schedule', scheduleHoursPerDay: 24, scheduleDaysPerWeek: 5 };
    const m = buildModel(s);
    // Plenty of capacity: self serves the 120 weekday hours = 120 / 168 of the demand.
    expect(servedShare(m, 1_000, 10)).toBeCloseTo(120 / 168, 12);
  });

  it('no volume: nothing to route, no owned replicas', () => {
    const m = buildModel(plainScenario());
    const r = optimiseHybrid(m, 0);
    expect(r.best.replicas).toBe(0);
    expect(r.best.totalUsd).toBe(0);
  });
});
