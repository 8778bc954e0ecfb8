import { describe, expect, it } from 'vitest';
import type { Scenario } from '../scenario/schema';
import { evaluateTco } from './evaluate';
import { solveBreakEven } from './break-even';
import { buildModel, selfHostedCost } from './model';
import { plainScenario } from '../../testing/test-scenarios';

/**
 * Staff and fixed costs that scale with the deployment (staff.ts); every figure worked out by
 * hand above it. Loaded cost $180,000 a year = $15,000 a month per FTE; plainScenario: one
 * replica = 8 GPUs at $4/GPU-h = $23,360 a month and carries 2,628,000 tasks at $0.01 each at
 * the API ($26,280).
 */
function staffed(scaling: Scenario['selfHosted']['scaling'], staffFte: number, extra: Partial<Scenario['selfHosted']> = {}): Scenario {
  const s = plainScenario();
  s.selfHosted = { ...s.selfHosted, staffFte, staffLoadedYearlyUsd: 180_000, scaling, ...extra };
  return s;
}

describe('staff that scales', () => {
  it('1 FTE per node no longer stays 1 FTE: 3 replicas of 2 nodes each need 6 FTE = $90,000 a month', () => {
    const m = buildModel(staffed({ staffPer: 'node', minOnCallFte: 0, otherPerNodeMonthly: 0 }, 1, { gpusPerReplica: 16, gpusPerNode: 8 }));
    // 3 replicas × ⌈16 / 8⌉ = 6 nodes × 1 FTE × 15,000
    expect(selfHostedCost(m, 3, 0).staff).toBeCloseTo(90_000, 6);
    // As one team (v2's form) it stays 15,000 at any size.
    const team = buildModel(staffed({ staffPer: 'deployment', minOnCallFte: 0, otherPerNodeMonthly: 0 }, 1, { gpusPerReplica: 16, gpusPerNode: 8 }));
    expect(selfHostedCost(team, 3, 0).staff).toBeCloseTo(15_000, 6);
  });

  it('the on-call minimum holds until the per-replica staff passes it: 0.5 FTE per replica, at least 2.2 FTE → the step comes at the 5th replica', () => {
    const m = buildModel(staffed({ staffPer: 'replica', minOnCallFte: 2.2, otherPerNodeMonthly: 0 }, 0.5));
    // n = 1…4: max(0.5 n, 2.2) = 2.2 FTE = 33,000; n = 5: 2.5 FTE = 37,500; n = 6: 3 FTE = 45,000.
    expect([1, 2, 3, 4, 5, 6].map((n) => selfHostedCost(m, n, 0).staff)).toEqual(
      [33_000, 33_000, 33_000, 33_000, 37_500, 45_000].map((v) => expect.closeTo(v, 6) as number),
    );
  });

  it('a fixed cost per node adds per node running: 2 replicas × 1 node × $800 + $1,000 a month = $2,600', () => {
    const s = staffed({ staffPer: 'deployment', minOnCallFte: 0, otherPerNodeMonthly: 800 }, 0, { otherMonthly: [{ label: 'Monitoring', usd: 1_000 }] });
    expect(selfHostedCost(buildModel(s), 2, 0).ops).toBeCloseTo(2_600, 6);
  });

  it('the break-even sees the staff steps: one team of 1 FTE breaks even at 6 replicas, 0.5 FTE per replica never', () => {
    // One team: C(n) = 23,360 n + 15,000 ≤ 26,280 n from n ≥ 5.14, so in step 6
    // (13,140,000…15,768,000 tasks) at 155,160 / 0.01 = 15,516,000 tasks.
    const team = solveBreakEven(buildModel(staffed({ staffPer: 'deployment', minOnCallFte: 0, otherPerNodeMonthly: 0 }, 1)));
    expect(team).toMatchObject({ kind: 'at', replicas: 6, tasks: expect.closeTo(15_516_000, 3) as number });
    // 0.5 FTE per replica, at least 1: from n = 2 each replica adds 23,360 + 7,500 = 30,860 > 26,280 of API work.
    const perReplica = solveBreakEven(buildModel(staffed({ staffPer: 'replica', minOnCallFte: 1, otherPerNodeMonthly: 0 }, 0.5)));
    expect(perReplica).toMatchObject({ kind: 'never', reason: 'replica-costs-more', replicaMonthlyUsd: expect.closeTo(30_860, 6) as number });
  });

  it('the hybrid split pays the staff of the replicas it keeps', () => {
    const s = staffed({ staffPer: 'replica', minOnCallFte: 0, otherPerNodeMonthly: 0 }, 0.1);
    s.workload.requestsPerDay = 200_000;
    const e = evaluateTco(s);
    // 6,000,000 tasks: two full replicas (5,256,000 tasks) cost 2 × (23,360 + 1,500) = 49,720
    // against 52,560 at the API, so the hybrid keeps at least two; its staff is 1,500 per replica.
    expect(e.hybrid.replicas).toBeGreaterThanOrEqual(2);
    expect(e.hybrid.breakdown.staffUsd).toBeCloseTo(1_500 * e.hybrid.replicas, 6);
  });
});
