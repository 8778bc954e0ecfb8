import { describe, expect, it } from 'vitest';
import { plainScenario } from '../../testing/test-scenarios';
import { evaluateTco } from '../tco/evaluate';
import { NO_CONSTRAINTS, applyPlan, searchPlans, type PlanConstraints } from './search';

/** 50 requests/s around the clock on 8× H200 workers: a prefill worker serves 20 req/s, a decode worker 6 (entered). */
function fifty() {
  const s = plainScenario();
  s.workload = { ...s.workload, inputTokensPerRequest: 2_000, outputTokensPerRequest: 500, requestsPerDay: 50 * 86_400, daysPerMonth: 730 / 24 };
  s.selfHosted = { ...s.selfHosted, pools: { prefillRequestsPerSecond: 20, decodeRequestsPerSecond: 6, source: 'entered' as const, label: 'our sweep' } };
  return s;
}
const H200: PlanConstraints = { ...NO_CONSTRAINTS, gpuIds: ['h200-sxm'], billing: ['on-demand', 'reserved-12'] };

describe('disaggregated plans in the plan search', () => {
  it('a pools plan, once applied, is the deployment the TCO page prices: the same workers, GPUs and monthly cost', () => {
    const s = fifty();
    const r = searchPlans(s, H200);
    const plan = r.plans.find((p) => p.pools !== null && p.billing === 'on-demand' && p.gpusPerReplica === 8);
    expect(plan?.pools).toMatchObject({ prefillWorkers: 3, decodeWorkers: 10, gpusPerWorker: 8, binding: 'prefill' });
    if (!plan) throw new Error('no pools plan');
    const applied = applyPlan(s, plan);
    expect(applied.selfHosted.pools).toEqual(s.selfHosted.pools);
    expect(applied.selfHosted.replicas).toBe(13);
    const e = evaluateTco(applied, { curves: false, breakEven: false });
    expect(e.selfHosted.monthlyUsd).toBeCloseTo(plan.monthlyUsd, 6);
    expect(e.selfHosted.gpus).toBe(plan.gpusTotal);
    expect(e.selfHosted.pools).toMatchObject({ prefillWorkers: 3, decodeWorkers: 10 });
    // The aggregated plans of the same search price replicas, not pools, whatever the scenario holds.
    const aggregated = r.plans.find((p) => p.kind === 'self-hosted' && p.pools === null);
    if (aggregated) expect(applyPlan(s, aggregated).selfHosted.pools).toBeNull();
    // Without disaggregation no plan has pools.
    expect(searchPlans(s, { ...H200, disaggregated: false }).plans.some((p) => p.pools !== null)).toBe(false);
  });

  it('estimated pools: a TTFT target below one prefill is excluded by name; a looser ITL target never lowers the decode rate', () => {
    const s = fifty();
    s.selfHosted = { ...s.selfHosted, pools: null };
    // 1 ms: no prefill of 2,000 tokens of Kimi K2.6 on 8× H200 fits half of it.
    s.selfHosted.capacity = { ...s.selfHosted.capacity, slo: { ...s.selfHosted.capacity.slo, limits: [{ metric: 'ttft', percentile: 95, maxMs: 1 }] } };
    const tight = searchPlans(s, H200);
    expect(tight.plans.some((p) => p.pools !== null)).toBe(false);
    expect(tight.excluded.filter((x) => x.pools)).toContainEqual(expect.objectContaining({ gpuId: 'h200-sxm', reason: expect.objectContaining({ code: 'slo-unreachable', failing: ['ttft'] }) }));
    const decodeAt = (itlMs: number) => {
      s.selfHosted.capacity = { ...s.selfHosted.capacity, slo: { ...s.selfHosted.capacity.slo, limits: [{ metric: 'itl', percentile: 95, maxMs: itlMs }] } };
      const all = searchPlans(s, H200);
      const p = [...all.plans, ...all.upperBounds].find((x) => x.pools !== null && x.gpusPerReplica === 8 && x.billing === 'on-demand');
      return p?.pools?.decodeRequestsPerSecond ?? 0;
    };
    const loose = decodeAt(200);
    const strict = decodeAt(40);
    expect(loose).toBeGreaterThan(0);
    expect(loose).toBeGreaterThanOrEqual(strict);
  });
});
