import { describe, expect, it } from 'vitest';
import { plainScenario } from '../../testing/test-scenarios';
import { evaluateTco } from '../tco/evaluate';
import type { StoredSeries } from '../schemas/stored-capacity';
import { phaseOf } from './pools-estimate';
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
    expect(tight.excluded.filter((x) => x.pools)).toContainEqual(
      expect.objectContaining({ gpuId: 'h200-sxm', reason: expect.objectContaining({ code: 'slo-unreachable', failing: ['ttft'] }) }),
    );
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

  it('a prefill-only and a decode-heavy sweep of 8× H200 are measured evidence for its pools: 3 + 19 workers, decode binds', () => {
    // Prefill-only sweep (2,000 in / 1 out): at TTFT p95 ≤ 1,000 ms the load-2 point qualifies
    // (load 4 takes 2,500 ms): 40,040 total − 40 output = 40,000 input tok/s ÷ 2,000 uncached
    // input tokens = 20 requests/s per prefill worker.
    // Decode-heavy sweep (100 in / 1,000 out): at ITL p95 ≤ 40 ms the load-16 point qualifies
    // (load 32 steps in 60 ms): 1,500 output tok/s ÷ 500 output tokens = 3 requests/s per decode worker.
    // Rate matching at 50 req/s: ⌈50 ÷ 18⌉ = 3 prefill, ⌈50 ÷ 2.76⌉ = ⌈18.1⌉ = 19 decode workers, 176 GPUs;
    // 3 × 18 = 54 against 19 × 2.76 = 52.44 req/s: decode binds.
    const sweep = (over: Partial<StoredSeries>): StoredSeries => ({
      kind: 'measured',
      label: 'sweep',
      fileName: 'sweep.json',
      libraryId: null,
      publisher: null,
      date: '2026-11-30',
      gpus: 8,
      model: 'moonshotai/Kimi-K2.6',
      hardware: 'NVIDIA H200',
      inputTokens: 2000,
      outputTokens: 1,
      loadKind: 'concurrency',
      points: {
        load: [1, 2, 4],
        out: [20, 40, 60],
        total: [20_020, 40_040, 60_060],
        ttft: { p95: [500, 900, 2500] },
        tpot: {},
        itl: {},
        e2el: {},
        ok: [1, 1, 1],
        n: [100, 100, 100],
      },
      ...over,
    });
    const prefill = sweep({ label: 'prefill-only', fileName: 'prefill.json' });
    const decode = sweep({
      label: 'decode-heavy',
      fileName: 'decode.json',
      inputTokens: 100,
      outputTokens: 1000,
      points: {
        load: [8, 16, 32],
        out: [800, 1500, 2400],
        total: [880, 1650, 2640],
        ttft: {},
        tpot: {},
        itl: { p95: [20, 35, 60] },
        e2el: {},
        ok: [1, 1, 1],
        n: [100, 100, 100],
      },
    });
    expect(phaseOf(prefill)).toBe('prefill');
    expect(phaseOf(decode)).toBe('decode');
    const s = fifty();
    s.selfHosted = { ...s.selfHosted, pools: null };
    s.selfHosted.capacity = {
      ...s.selfHosted.capacity,
      slo: {
        ...s.selfHosted.capacity.slo,
        limits: [
          { metric: 'ttft', percentile: 95, maxMs: 1000 },
          { metric: 'itl', percentile: 95, maxMs: 40 },
        ],
      },
    };
    const r = searchPlans(s, H200, undefined, { imported: [prefill, decode] });
    const plan = r.plans.find((p) => p.pools !== null && p.billing === 'on-demand' && p.gpusPerReplica === 8);
    expect(plan?.evidence).toMatchObject({ kind: 'measured', source: 'prefill.json + decode.json' });
    expect(plan?.pools).toMatchObject({ prefillWorkers: 3, decodeWorkers: 19, binding: 'decode' });
    expect(plan?.pools?.prefillRequestsPerSecond).toBeCloseTo(20, 9);
    expect(plan?.pools?.decodeRequestsPerSecond).toBeCloseTo(3, 9);
    expect(plan?.gpusTotal).toBe(176);
    // The prefill-only sweep is no evidence for aggregated replicas (they decode too).
    const aggregated = r.plans.find((p) => p.pools === null && p.kind === 'self-hosted' && p.gpusPerReplica === 8 && p.layout?.kind === plan?.layout?.kind);
    expect(aggregated?.evidence?.source).not.toBe('prefill.json');
  });
});
