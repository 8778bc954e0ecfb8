import { describe, expect, it } from 'vitest';
import { plainScenario } from '../../testing/test-scenarios';
import { evaluateTco } from './evaluate';
import { buildModel, replicasNeeded, tasksCarried } from './model';
import { DECODE_RATE_FACTOR, PREFILL_RATE_FACTOR, bestSplit, kvTransfer, poolSizes } from './pools';

describe('rate matching of disaggregated pools', () => {
  it('prefill 20 req/s and decode 6 req/s per 8-GPU worker, 50 req/s of demand: 3 prefill + 10 decode workers, prefill binds', () => {
    // By hand: nP = ⌈50 ÷ (0.9 × 20)⌉ = ⌈50 ÷ 18⌉ = ⌈2.78⌉ = 3;
    //          nD = ⌈50 ÷ (0.92 × 6)⌉ = ⌈50 ÷ 5.52⌉ = ⌈9.06⌉ = 10.
    // At those counts prefill serves 3 × 18 = 54 req/s, decode 10 × 5.52 = 55.2 req/s: prefill binds.
    // 13 workers × 8 GPUs = 104 GPUs.
    expect(PREFILL_RATE_FACTOR).toBe(0.9);
    expect(DECODE_RATE_FACTOR).toBe(0.92);
    const p = poolSizes(50, 20, 6);
    expect(p).not.toBeNull();
    expect(p?.prefillWorkers).toBe(3);
    expect(p?.decodeWorkers).toBe(10);
    expect(p?.requestsPerSecond).toBeCloseTo(54, 9);
    expect(p?.binding).toBe('prefill');
    // One request/s less than a prefill worker's 18 keeps one worker; 18 exactly does not add one.
    expect(poolSizes(18, 20, 6)?.prefillWorkers).toBe(1);
    expect(poolSizes(18.01, 20, 6)?.prefillWorkers).toBe(2);
    expect(poolSizes(50, 0, 6)).toBeNull();
  });

  it('13 workers split at best are the same 3 + 10; 12 cannot carry 50 req/s', () => {
    // Per worker: prefill 18, decode 5.52 req/s. 13 × 5.52 ÷ 23.52 = 3.05 → nP 3 or 4:
    // min(54, 55.2) = 54 against min(72, 49.68) = 49.68.
    expect(bestSplit(13, 18, 5.52)).toEqual({ prefill: 3, decode: 10, carried: 54 });
    // 12 workers: 12 × 5.52 ÷ 23.52 = 2.82 → nP 2: min(36, 55.2) = 36; nP 3: min(54, 49.68) = 49.68 < 50.
    expect(bestSplit(12, 18, 5.52).carried).toBeCloseTo(49.68, 9);
    expect(bestSplit(1, 18, 5.52).carried).toBe(0);
  });

  it('the KV of a prompt goes over the scale-out network unless both pools sit in one NVLink domain', () => {
    // 1 GB of KV over 8 GPUs × 50 GB/s = 400 GB/s: 2.5 ms, 400 requests/s per prefill worker.
    const out = kvTransfer(1e9, 8, { gbpsPerGpu: 900, domainSize: 8 }, 104);
    expect(out.link).toBe('scale-out');
    expect(out.ms).toBeCloseTo(2.5, 9);
    expect(out.requestsPerSecond).toBeCloseTo(400, 9);
    // 104 GPUs in an NVL-72 domain? No: 104 > 72. 16 GPUs are: 8 × 900 GB/s = 7,200 GB/s.
    const nvl = kvTransfer(1e9, 8, { gbpsPerGpu: 900, domainSize: 72 }, 16);
    expect(nvl.link).toBe('scale-up');
    expect(nvl.ms).toBeCloseTo(1e3 / 7200, 9);
  });
});

describe('a TCO deployment of disaggregated pools', () => {
  /** 50 requests/s on average and at the peak: 50 × 730 h × 3,600 s = 131,400,000 requests a month. */
  function fiftyPerSecond() {
    const s = plainScenario();
    s.workload = { ...s.workload, requestsPerDay: 50 * 86_400, daysPerMonth: 730 / 24 };
    s.selfHosted = { ...s.selfHosted, replicas: 1, pools: { prefillRequestsPerSecond: 20, decodeRequestsPerSecond: 6, source: 'entered', label: null } };
    return s;
  }

  it('needs 13 workers (104 GPUs) and prices them: 104 × $4 × 730 h = $303,680 a month', () => {
    const s = fiftyPerSecond();
    const model = buildModel(s);
    expect(model.tasks).toBeCloseTo(131_400_000, 3);
    expect(replicasNeeded(model, model.tasks)).toBe(13);
    // 12 workers carry 49.68 req/s of the 50: 49.68 × 2,628,000 s tasks a month.
    expect(tasksCarried(model, 12)).toBeCloseTo(49.68 * 2_628_000, 3);
    const e = evaluateTco(s, { curves: false, breakEven: true });
    expect(e.selfHosted.replicasServing).toBe(13);
    expect(e.selfHosted.gpus).toBe(104);
    expect(e.selfHosted.gpuUsd).toBeCloseTo(104 * 4 * 730, 6);
    expect(e.selfHosted.pools).toMatchObject({ prefillWorkers: 3, decodeWorkers: 10, gpusPerWorker: 8, binding: 'prefill', source: 'entered' });
    expect(e.selfHosted.pools?.peakRequestsPerSecond).toBeCloseTo(50, 9);
    expect(e.selfHosted.pools?.capacityRequestsPerSecond).toBeCloseTo(54, 9);
  });

  it('the same work on aggregated replicas ignores the pools: with pools null the throughput figure sizes', () => {
    const s = fiftyPerSecond();
    s.selfHosted = { ...s.selfHosted, pools: null };
    const e = evaluateTco(s, { curves: false, breakEven: false });
    expect(e.selfHosted.pools).toBeNull();
    // 1,000 output tokens per request at 1,000 tokens/s per replica: 50 replicas for 50 req/s.
    expect(e.selfHosted.replicasServing).toBe(50);
  });

  it('entered workers beyond the need are split at best; a zero rate cannot serve', () => {
    const s = fiftyPerSecond();
    s.selfHosted = { ...s.selfHosted, replicas: 17 };
    const e = evaluateTco(s, { curves: false, breakEven: false });
    // 17 × 5.52 ÷ 23.52 = 3.99 → nP 3: min(54, 77.28) = 54; nP 4: min(72, 71.76) = 71.76.
    expect(e.selfHosted.pools).toMatchObject({ prefillWorkers: 4, decodeWorkers: 13, binding: 'decode' });
    s.selfHosted = { ...s.selfHosted, pools: { prefillRequestsPerSecond: 0, decodeRequestsPerSecond: 6, source: 'entered', label: null } };
    const none = evaluateTco(s, { curves: false, breakEven: false });
    expect(none.selfHosted.feasible).toBe(false);
    expect(none.selfHosted.state).toBe('no-throughput');
  });

  it('the break-even volume sits where 2 workers at the floor cost the API price of their work', () => {
    // Tiny demand, API $10 per 1M output tokens, 1,000 output tokens a request: $0.01 a request.
    // Two workers (the fewest pools can run) cost 2 × 8 × $4 × 730 = $46,720 a month, which the
    // API matches at 4,672,000 requests a month (1.78 req/s), within what one prefill (18 req/s)
    // and one decode worker (5.52 req/s) carry.
    const s = fiftyPerSecond();
    s.workload = { ...s.workload, requestsPerDay: 1000 };
    const e = evaluateTco(s, { curves: false, breakEven: true });
    const r = e.breakEven.result;
    expect(r.kind).toBe('at');
    if (r.kind !== 'at') return;
    expect(r.tasks).toBeCloseTo(4_672_000, 3);
    expect(r.replicas).toBe(2);
  });
});
