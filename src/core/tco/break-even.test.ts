import { describe, expect, it } from 'vitest';
import { breakEvenTasks, solveBreakEven } from './break-even';
import { evaluateTco } from './evaluate';
import { buildModel, selfHostedTotal } from './model';
import { plainScenario } from '../../testing/test-scenarios';

// plainScenario: API $10 per 1M output → $0.01 per task of 1,000 output tokens; one replica
// costs 8 × $4 × 730 = $23,360 a month and carries 2,628,000 tasks (1,000 tok/s, flat, 100 %).

describe('break-even over the step-shaped cost', () => {
  it('inside one replica: 23,360 / 0.01 = 2,336,000 tasks = 2.336B tokens, equal to the closed form', () => {
    const be = solveBreakEven(buildModel(plainScenario()));
    expect(be.kind).toBe('at');
    if (be.kind !== 'at') return;
    expect(be.tasks).toBeCloseTo(2_336_000, 6);
    expect(be.replicas).toBe(1);
    expect(be.closedForm?.tasks).toBeCloseTo(2_336_000, 6);
    expect(be.closedForm?.withinCapacity).toBe(true);
    // Not cheaper for good: just above one replica's 2,628,000 tasks the second replica costs
    // $46,720 against $26,280 of API work. Steps join once 2,336,000 n ≤ 2,628,000 (n − 1),
    // i.e. n ≥ 9, so self-hosting stays cheaper from the crossing of n = 8: 18,688,000 tasks.
    expect(be.windows[0]?.toTasks).toBeCloseTo(2_628_000, 6);
    expect(be.stableFromTasks).toBeCloseTo(18_688_000, 6);
    const e = evaluateTco(plainScenario());
    expect(e.breakEven.tokensPerMonth).toBeCloseTo(2.336e9, 0);
    expect(e.breakEven.outputTokensPerMonth).toBeCloseTo(2.336e9, 0);
    expect(e.breakEven.acceptedTasksPerMonth).toBeCloseTo(2_336_000, 6);
    expect(e.breakEven.crossCheckDeviation).toBeCloseTo(0, 12);
  });

  it('never, when a replica costs more than the API work it carries; the closed form needs 1.78 replicas', () => {
    const s = plainScenario();
    s.selfHosted.throughput.tokensPerSecond = 500; // 1,314,000 tasks per replica
    const be = solveBreakEven(buildModel(s));
    expect(be.kind).toBe('never');
    if (be.kind !== 'never') return;
    expect(be.reason).toBe('replica-costs-more');
    // One replica $23,360 vs the API cost of its 1,314,000 tasks: $13,140
    expect(be.replicaMonthlyUsd).toBeCloseTo(23_360, 9);
    expect(be.apiUsdPerReplicaCapacity).toBeCloseTo(13_140, 6);
    // 2,336,000 / 1,314,000 = 1.7778 replicas' throughput
    expect(be.closedForm?.withinCapacity).toBe(false);
    expect(be.closedForm?.replicasOfThroughput).toBeCloseTo(2_336_000 / 1_314_000, 12);
    // It would pay off below the GPU price at which the replica costs its API work:
    // 13,140 / (8 GPUs × 730 h) = $2.25 per GPU-hour (8 × 2.25 × 730 = 13,140).
    expect(be.maxGpuPrice).toEqual({ unit: 'gpu-hour', usd: expect.closeTo(2.25, 12) as number });
  });

  it('the closed form is for one replica, whatever was entered; the pay-off figures are for the replicas entered', () => {
    const s = plainScenario();
    s.selfHosted.replicas = 3;
    s.selfHosted.throughput.tokensPerSecond = 500; // k = 1,314,000 tasks per replica
    const be = solveBreakEven(buildModel(s));
    // Closed form: C(1) = 8 × $4 × 730 = $23,360 → 23,360 / $0.01 = 2,336,000 tasks, against one
    // replica's 1,314,000: 2,336,000 / 1,314,000 = 1.778 replicas' throughput (not 3 replicas'
    // $70,080 → 7,008,000 tasks).
    expect(be.closedForm).toMatchObject({
      replicas: 1,
      selfMonthlyUsd: expect.closeTo(23_360, 9) as number,
      tasks: expect.closeTo(2_336_000, 6) as number,
      capacityTasks: expect.closeTo(1_314_000, 6) as number,
      withinCapacity: false,
    });
    expect(be.closedForm?.replicasOfThroughput).toBeCloseTo(2_336_000 / 1_314_000, 12);
    // The 3 replicas entered, fully loaded: 3 × 23,360 = $70,080 against 3 × 1,314,000 × $0.01 = $39,420
    // of API work; they pay off below 39,420 / 3 / (8 × 730) = $2.25 per GPU-hour.
    expect(be.kind === 'never' && be.enteredAtCapacity).toEqual({
      replicas: 3,
      selfMonthlyUsd: expect.closeTo(70_080, 9) as number,
      apiUsd: expect.closeTo(39_420, 6) as number,
    });
    expect(be.kind === 'never' && be.maxGpuPrice?.usd).toBeCloseTo(2.25, 12);
  });

  it('two replicas entered: the search starts at 2 (46,720 / 0.01 = 4,672,000 tasks), the one-replica closed form says 2,336,000 — no cross-check', () => {
    const s = plainScenario();
    s.selfHosted.replicas = 2;
    const e = evaluateTco(s);
    const be = e.breakEven.result;
    expect(be).toMatchObject({ kind: 'at', replicas: 2, tasks: expect.closeTo(4_672_000, 6) as number });
    // one replica carries 2,628,000 ≥ 2,336,000: within its capacity
    expect(be.closedForm).toMatchObject({ replicas: 1, tasks: expect.closeTo(2_336_000, 6) as number, withinCapacity: true });
    expect(e.breakEven.closedFormTokensPerMonth).toBeCloseTo(2.336e9, 0);
    // different steps: the two do not describe the same thing, so no deviation is claimed
    expect(e.breakEven.crossCheckDeviation).toBeNull();
  });

  it('the GPU price to pay off counts staff and fixed costs, per node-hour or per GPU bought', () => {
    const s = plainScenario();
    s.selfHosted.throughput.tokensPerSecond = 500; // the replica carries $13,140 of API work
    s.selfHosted.staffFte = 0.5; // 0.5 × 180,000 / 12 = $7,500 a month
    let be = solveBreakEven(buildModel(s));
    // GPU cost per replica may be 13,140 − 7,500 = 5,640 → 5,640 / (8 × 730) = $0.9658/GPU-h
    expect(be.kind === 'never' && be.maxGpuPrice?.usd).toBeCloseTo(5_640 / 5_840, 12);
    // Per node-hour on 8-GPU nodes: one node × 730 h → 5,640 / 730 = $7.726 per node-hour
    s.selfHosted.rentUnit = 'node-hour';
    s.selfHosted.rentPrice = 32;
    be = solveBreakEven(buildModel(s));
    expect(be.kind === 'never' && be.maxGpuPrice).toEqual({ unit: 'node-hour', usd: expect.closeTo(5_640 / 730, 12) as number });
    // Bought: 8 GPUs × (1 + 15 % overhead − 20 % residual) / 36 months per $ of price = 0.2111 $/month;
    // power 8 × 700 W × 1.3 × 730 h / 1000 × $0.15 = $797.16; (5,640 − 797.16) / 0.2111 = $22,940 per GPU
    s.selfHosted.costMode = 'buy';
    s.selfHosted.capexPerGpu = 1e6;
    be = solveBreakEven(buildModel(s));
    expect(be.kind === 'never' && be.maxGpuPrice?.unit).toBe('gpu');
    expect(be.kind === 'never' && be.maxGpuPrice?.usd).toBeCloseTo((5_640 - 797.16) / ((8 * 0.95) / 36), 6);
    // Staff alone above the API work: no GPU price helps.
    s.selfHosted.staffFte = 1; // $15,000 > $13,140
    be = solveBreakEven(buildModel(s));
    expect(be).toMatchObject({ kind: 'never', reason: 'replica-costs-more', maxGpuPrice: null });
  });

  it('fixed costs push the break-even to the fourth replica; windows are separate until they join at 12', () => {
    const s = plainScenario();
    s.selfHosted.otherMonthly = [{ label: 'ops', usd: 10_000 }];
    // C(n) = 23,360 n + 10,000; one replica carries 2,628,000 tasks = $26,280 of API work.
    // n=1: 33,360 / 0.01 = 3.336M > 2.628M;  n=2: 5.672M > 5.256M;  n=3: 8.008M > 7.884M;
    // n=4: 10.344M ≤ 10.512M → break-even at 10,344,000 tasks.
    const be = solveBreakEven(buildModel(s));
    expect(be.kind).toBe('at');
    if (be.kind !== 'at') return;
    expect(be.tasks).toBeCloseTo(10_344_000, 4);
    expect(be.replicas).toBe(4);
    expect(be.windows[0]?.toTasks).toBeCloseTo(10_512_000, 4);
    expect(be.windows[1]?.fromTasks).toBeCloseTo(12_680_000, 4);
    // Contiguous once C(n)/p ≤ (n−1)·k: 10,000 + 23,360 n ≤ 26,280 (n − 1) ⇔ n ≥ 12.42, so from
    // the crossing of n = 12: (23,360 × 12 + 10,000) / 0.01 = 29,032,000 tasks.
    expect(be.stableFromTasks).toBeCloseTo(29_032_000, 4);
    expect(be.closedForm?.withinCapacity).toBe(false);
    expect(be.closedForm?.replicasOfThroughput).toBeCloseTo(3_336_000 / 2_628_000, 12);
    // The numerical solution agrees with brute force over a fine grid.
    const m = buildModel(s);
    let first: number | null = null;
    for (let v = 0; v <= 12_000_000; v += 1_000) {
      const n = Math.max(1, Math.ceil(v / 2_628_000 - 1e-9));
      if (selfHostedTotal(m, n, 0) <= 0.01 * v) {
        first = v;
        break;
      }
    }
    expect(first).toBe(10_344_000);
  });

  it('beyond the replica limit: fixed $1M needs ⌈1,000,000 / (26,280 − 23,360)⌉ = 343 replicas', () => {
    const s = plainScenario();
    s.selfHosted.otherMonthly = [{ label: 'ops', usd: 1_000_000 }];
    const be = solveBreakEven(buildModel(s));
    expect(be).toMatchObject({ kind: 'never', reason: 'beyond-max-replicas', replicasNeeded: 343 });
  });

  it('N+1 doubles the cost of the first step: 46,720 / 0.01 = 4.672M > 2.628M, the second step 70,080 → 7.008M > 5.256M …', () => {
    const s = plainScenario();
    s.selfHosted.redundancy = 'n-plus-1';
    // C(n) = 23,360 (n + 1); self-hosting wins in step n when 23,360 (n+1) / 0.01 ≤ 2,628,000 n
    // ⇔ 2,336,000 (n + 1) ≤ 2,628,000 n ⇔ n ≥ 8 → 21,024,000 tasks.
    const be = solveBreakEven(buildModel(s));
    expect(be.kind).toBe('at');
    if (be.kind === 'at') {
      expect(be.replicas).toBe(8);
      expect(be.tasks).toBeCloseTo(21_024_000, 4);
    }
  });

  it('explicit states instead of numbers', () => {
    const noThroughput = plainScenario();
    noThroughput.selfHosted.throughput.tokensPerSecond = 0;
    expect(solveBreakEven(buildModel(noThroughput))).toMatchObject({ kind: 'never', reason: 'no-throughput' });

    const free = plainScenario();
    free.api.priceOutputPerM = 0;
    expect(solveBreakEven(buildModel(free))).toMatchObject({ kind: 'never', reason: 'api-free', closedForm: null });

    const rejects = plainScenario();
    rejects.workload.acceptanceSelfHosted = 0;
    expect(solveBreakEven(buildModel(rejects))).toMatchObject({ kind: 'never', reason: 'self-accepts-nothing' });

    const apiRejects = plainScenario();
    apiRejects.workload.acceptanceApi = 0;
    expect(solveBreakEven(buildModel(apiRejects))).toMatchObject({ kind: 'always', reason: 'api-accepts-nothing' });

    const gratis = plainScenario();
    gratis.selfHosted.rentPrice = 0;
    expect(solveBreakEven(buildModel(gratis))).toMatchObject({ kind: 'always', reason: 'self-costs-nothing' });
  });

  it('acceptance: self-hosted at 80 % vs API 100 % attempts 1.25× — break-even still self cost ÷ API cost per accepted task', () => {
    const s = plainScenario();
    s.workload.acceptanceSelfHosted = 0.8;
    const be = solveBreakEven(buildModel(s));
    // Capacity per replica falls to 2,628,000 / 1.25 = 2,102,400 tasks; 2,336,000 does not fit:
    // step 2 costs 46,720 → 4,672,000 tasks ≤ 4,204,800? No. A replica carries $21,024 of API
    // work < $23,360 → never.
    expect(be).toMatchObject({ kind: 'never', reason: 'replica-costs-more' });
    s.selfHosted.rentPrice = 3; // replica $17,520 < $21,024; 17,520 / 0.01 = 1,752,000 ≤ 2,102,400
    const at = solveBreakEven(buildModel(s));
    expect(at.kind).toBe('at');
    if (at.kind === 'at') expect(at.tasks).toBeCloseTo(1_752_000, 6);
  });

  it('the break-even alone (Monte Carlo): the same first window, 10,344,000 tasks at the fourth replica; never and always alike', () => {
    const fixed = plainScenario();
    fixed.selfHosted.otherMonthly = [{ label: 'ops', usd: 10_000 }];
    expect(breakEvenTasks(buildModel(fixed))).toEqual({ kind: 'at', tasks: expect.closeTo(10_344_000, 4) as number });
    const nPlus1 = plainScenario();
    nPlus1.selfHosted.redundancy = 'n-plus-1';
    expect(breakEvenTasks(buildModel(nPlus1))).toEqual({ kind: 'at', tasks: expect.closeTo(21_024_000, 4) as number });
    const beyond = plainScenario();
    beyond.selfHosted.otherMonthly = [{ label: 'ops', usd: 1_000_000 }];
    expect(breakEvenTasks(buildModel(beyond))).toEqual({ kind: 'never' });
    const gratis = plainScenario();
    gratis.selfHosted.rentPrice = 0;
    expect(breakEvenTasks(buildModel(gratis))).toEqual({ kind: 'always' });
    // Across staff per node, N+1, an on-call minimum, several replicas entered and GPU prices
    // around the break-even, it agrees with the full search's first window every time.
    let compared = 0;
    for (const price of [2, 3.5, 4, 4.4, 6]) {
      for (const replicas of [1, 3]) {
        for (const staffPer of ['deployment', 'node'] as const) {
          const s = plainScenario();
          s.selfHosted.rentPrice = price;
          s.selfHosted.replicas = replicas;
          s.selfHosted.redundancy = replicas === 3 ? 'n-plus-1' : 'none';
          s.selfHosted.staffFte = 0.25;
          s.selfHosted.scaling = { ...s.selfHosted.scaling, staffPer, minOnCallFte: 1 };
          const m = buildModel(s);
          const full = solveBreakEven(m);
          expect(breakEvenTasks(m)).toEqual(full.kind === 'at' ? { kind: 'at', tasks: full.tasks } : { kind: full.kind });
          compared += 1;
        }
      }
    }
    expect(compared).toBe(20);
  });
});
