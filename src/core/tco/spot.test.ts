import { describe, expect, it } from 'vitest';
import { HOURS_PER_WEEK, type Scenario } from '../scenario/schema';
import { evaluateTco } from './evaluate';
import { poissonQuantile, spotFleetOf, spotLostShare, spotView } from './spot';
import { draftOf, UNCERTAIN_INPUTS } from './inputs';
import { plainScenario } from '../../testing/test-scenarios';

const flat = { weights: new Float64Array(HOURS_PER_WEEK).fill(1), availability: new Float64Array(HOURS_PER_WEEK).fill(1) };
// One replica = 8 GPUs: on demand 8 × $4 = $32 an hour, spot at 40 % = $12.80.
const rates = { onDemand: 32, spot: 12.8 };
const policy = { spotPrice: 1.6, preemptionsPerReplicaHour: 0.02, replacementSeconds: 900, fallback: 'on-demand' as const, baseReplicas: 0 };

describe('spot capacity with an on-demand fallback', () => {
  it('by hand: 4 replicas, 0.02 preemptions a replica-hour, 15 min to replace, spot at 40 %', () => {
    // With a 10-minute cold start for the on-demand stand-in.
    const fleet = spotFleetOf(flat, policy, 600);
    const v = spotView(fleet, 4, 4, rates);
    // Preemptions a month: 4 × 0.02 × 730 = 58.4.
    expect(v.preemptionsPerMonth).toBeCloseTo(58.4, 9);
    // Spot rent 4 × 730 × $12.80 = $37,376; each preemption runs a stand-in for the 15 minutes of
    // the replacement: 58.4 × 0.25 = 14.6 replica-hours × $32 = $467.20; expected $37,843.20
    // against 4 × 730 × $32 = $93,440 all on demand.
    expect(v.standInHoursPerMonth).toBeCloseTo(14.6, 9);
    expect(v.expectedUsd).toBeCloseTo(37_843.2, 6);
    expect(v.allOnDemandUsd).toBeCloseTo(93_440, 6);
    // The 95th percentile of a Poisson count of mean 58.4 is 71 (P(K ≤ 70) = 0.9399 < 0.95 ≤
    // P(K ≤ 71) = 0.9532): 37,376 + 71 × 0.25 × 32 = $37,944.
    expect(v.p95PreemptionsPerMonth).toBe(71);
    expect(v.p95Usd).toBeCloseTo(37_944, 6);
    // Capacity is lost until the stand-in serves, 10 of the 15 minutes: 58.4 ÷ 6 = 9.733
    // replica-hours a month. Fully loaded (4 replicas of demand), all of it is demand that waits:
    // 9.733 ÷ (4 × 730) = 0.333 %.
    expect(v.lostReplicaHoursPerMonth).toBeCloseTo(58.4 / 6, 9);
    expect(v.lostShare).toBeCloseTo(58.4 / 6 / (4 * 730), 6);
  });

  it('without a stand-in (an on-demand base of none) the whole 15 minutes are lost: 14.6 replica-hours, 0.5 %', () => {
    const v = spotView(spotFleetOf(flat, { ...policy, fallback: 'base' }, 600), 4, 4, rates);
    expect(v.lostReplicaHoursPerMonth).toBeCloseTo(14.6, 9);
    expect(v.expectedUsd).toBeCloseTo(37_376, 6);
    expect(v.p95Usd).toBeCloseTo(37_376, 6);
    expect(v.lostShare).toBeCloseTo(14.6 / 2920, 6);
  });

  it('a base of one on-demand replica: 3 on spot, 3 × 730 × 12.80 + 730 × 32 = $51,392', () => {
    const v = spotView(spotFleetOf(flat, { ...policy, fallback: 'base', baseReplicas: 1 }, 600), 4, 4, rates);
    expect(v.spotReplicas).toBe(3);
    expect(v.expectedUsd).toBeCloseTo(3 * 730 * 12.8 + 730 * 32, 6);
    expect(v.preemptionsPerMonth).toBeCloseTo(3 * 0.02 * 730, 9);
  });

  it('headroom absorbs a preemption: at 3 replicas of load on 4, one replica down loses nothing', () => {
    const fleet = spotFleetOf(flat, policy, 600);
    // Only two or more down at once lose demand: E[max(0, D − 1)] with D Poisson(4 × 0.02 ÷ 6).
    const mu = (4 * 0.02) / 6;
    const p = (k: number) => (Math.exp(-mu) * mu ** k) / [1, 1, 2, 6, 24][k]!;
    const expected = p(2) * 1 + p(3) * 2 + (1 - p(0) - p(1) - p(2) - p(3)) * 3;
    expect(spotLostShare(fleet, 3, 4)).toBeCloseTo(expected / 3, 12);
  });

  it('the Poisson quantile matches a summed table', () => {
    for (const mean of [0.5, 3, 58.4, 500, 46_720]) {
      let k = 0;
      let logP = -mean;
      let cdf = Math.exp(logP);
      while (cdf < 0.95) {
        k += 1;
        logP += Math.log(mean / k);
        cdf += Math.exp(logP);
      }
      expect(poissonQuantile(mean, 0.95)).toBe(k);
    }
  });
});

describe('billing mode spot in the comparison', () => {
  // 100,000 tasks a day of 1,000 output tokens at $10 per 1M: $30,000 a month, 1,141.55 tok/s on
  // average; replicas of 1,000 tok/s, so 2 replicas at a flat load.
  const scenario = (): Scenario => {
    const s = plainScenario();
    s.selfHosted = { ...s.selfHosted, billing: { ...s.selfHosted.billing, mode: 'spot', coldStartSeconds: 600 }, spot: policy };
    return s;
  };

  it('prices the expected month: 2 × 730 × $12.80 + 2 × 0.02 × 730 × 0.25 × $32 = $18,921.60', () => {
    const e = evaluateTco(scenario());
    expect(e.selfHosted.replicasServing).toBe(2);
    expect(e.selfHosted.gpuUsd).toBeCloseTo(2 * 730 * 12.8 + 2 * 0.02 * 730 * 0.25 * 32, 6);
    expect(e.billing.spot?.p95PreemptionsPerMonth).toBe(poissonQuantile(29.2, 0.95));
    expect(e.billing.rate).toEqual({ unit: 'gpu-hour', usd: 1.6, burstUsd: 4 });
  });

  it('the hybrid sends what waits for a stand-in to the API', () => {
    const e = evaluateTco(scenario());
    const two = e.hybrid.byReplicas.find((b) => b.replicas === 2);
    // Two replicas carry the flat 1.1416 replicas of load; one down (mean 2 × 0.02 ÷ 6) leaves 1:
    // E[max(0, 1.1416 − (2 − D))] over D Poisson, ÷ 1.1416.
    const x = 3e9 / (730 * 3600) / 1000;
    const mu = (2 * 0.02) / 6;
    const p1 = Math.exp(-mu) * mu;
    const lost = (p1 * (x - 1) + (1 - Math.exp(-mu) - p1) * x) / x;
    expect(two?.selfShare).toBeCloseTo(1 - lost, 9);
  });
});

describe('the tornado on spot', () => {
  it('swings the spot rate with the on-demand fallback in proportion: +25 % moves both', () => {
    const s = plainScenario();
    s.selfHosted = { ...s.selfHosted, billing: { ...s.selfHosted.billing, mode: 'spot' }, spot: policy };
    const input = UNCERTAIN_INPUTS.rentPrice;
    expect(input.get(s)).toBe(1.6);
    const d = draftOf(s);
    input.set(d, 2);
    // 2 ÷ 1.6 = 1.25: the on-demand $4 becomes $5.
    expect(d.selfHosted.spot.spotPrice).toBe(2);
    expect(d.selfHosted.rentPrice).toBeCloseTo(5, 12);
  });
});
