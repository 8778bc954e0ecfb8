import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCH_FIXTURES } from '../../testing/bench-fixtures';
import { platformHost } from '../../platform/host';
import { importFile } from '../benchmarks/importer';
import { memorySource } from '../benchmarks/memory-source';
import { frozenBase } from '../scenario/bases';
import { defaultScenario } from '../scenario/defaults';
import { readScenarioDocument } from '../scenario/document';
import type { Scenario } from '../scenario/schema';
import { solveBreakEven } from '../tco/break-even';
import { evaluateTco } from '../tco/evaluate';
import { UNCERTAIN_INPUTS, draftOf } from '../tco/inputs';
import { buildModel } from '../tco/model';
import { monteCarlo } from '../tco/monte-carlo';
import { createRandom, triangular } from '../tco/random';
import { savingOf, tornado } from '../tco/sensitivity';
import { PUBLISHED_SERIES } from '../catalog/published-measurements.data';
import { seriesFromPublished, seriesFromRuns } from './series';
import { parseSloText, type Slo } from '../schemas/slo';
import { resolveCapacity, sameCapacityInputs, seriesOfStored, storeSeries } from './stored';
import { capacityView } from '../tco/capacity-view';

function slo(text: string): Slo {
  const r = parseSloText(text);
  if (!r.ok) throw new Error(r.message);
  return r.slo;
}

async function vllmSweep() {
  const name = 'nerdalert_benchmark_serving_append_results.json';
  const bytes = new Uint8Array(readFileSync(resolve(BENCH_FIXTURES, 'vllm', name)));
  const runs = (await importFile(memorySource(name, bytes), platformHost())).runs;
  const s = seriesFromRuns(runs).find((x) => x.config.engine === 'vllm');
  if (!s) throw new Error('no vllm series');
  return s;
}

/**
 * A workload at the sweep's own lengths (1000 in / 100 out, no reasoning, no retries, equal
 * acceptance): 876,000 requests a day × 30 days × 100 output tokens = 2.628e9 a month ÷
 * 2,628,000 s = 1,000 tok/s on average; × 2.5 peak-to-average ÷ 0.8 max utilisation = 3,125
 * output tok/s the replicas must carry.
 */
function sweepWorkload(): Scenario {
  const s = defaultScenario();
  s.workload = {
    ...s.workload,
    mode: 'requests',
    requestsPerDay: 876_000,
    daysPerMonth: 30,
    inputTokensPerRequest: 1000,
    outputTokensPerRequest: 100,
    reasoningMode: 'none',
    retryRateApi: 0,
    retryRateSelfHosted: 0,
    acceptanceApi: 0.9,
    acceptanceSelfHosted: 0.9,
    peakToAverage: 2.5,
    profileMode: 'peak-to-average',
  };
  s.selfHosted.maxUtilisation = 0.8;
  return s;
}

describe('the scenario keeps the SLO and a compact series; the TCO uses its operating point', () => {
  it('a v2 link keeps its single figure, now the one-point series of its own kind (measured here)', () => {
    const v2 = JSON.parse(JSON.stringify(frozenBase(2))) as { selfHosted: { throughput: Record<string, unknown> } };
    v2.selfHosted.throughput = { ...v2.selfHosted.throughput, source: 'measured', tokensPerSecond: 1000 };
    const r = readScenarioDocument(v2, false);
    if (!r.ok) throw new Error('v2 document rejected');
    expect(r.value.migrations).toEqual(['v2-to-v3', 'v3-to-v4', 'v4-to-v5', 'v5-to-v6']);
    const sh = r.value.scenario.selfHosted;
    const c = resolveCapacity(sh);
    expect(c).toMatchObject({ fromSingleFigure: true, kind: 'measured', tokensPerSecond: 1000, basis: 'output' });
    expect(c.stored.points.load).toEqual([null]);
    // Example workload: 2,254.7 output tok/s needed at the peak (defaults.ts) ÷ 1,000 per replica → 3 replicas,
    // the same as version 2 sized the figure.
    expect(evaluateTco(r.value.scenario).selfHosted.replicasNeeded).toBe(3);
  });

  it('the vLLM sweep at TTFT p99 ≤ 500 ms, TPOT p99 ≤ 50 ms: rate 20, 1,922 tok/s → 2 replicas; TTFT ≤ 200 ms: 959.7 → 4', async () => {
    const s = sweepWorkload();
    s.selfHosted.capacity = { slo: slo('ttft-p99=500,tpot-p99=50'), interpolate: false, series: storeSeries(await vllmSweep()) };
    // 3,125 ÷ 1,922 = 1.63 → 2 replicas.
    expect(resolveCapacity(s.selfHosted)).toMatchObject({ kind: 'measured', tokensPerSecond: 1922, atInputTokens: 1000, atOutputTokens: 100 });
    expect(evaluateTco(s).selfHosted.replicasNeeded).toBe(2);
    // Tighter: rate 10 at 959.7 tok/s (stored as 959.7) → 3,125 ÷ 959.7 = 3.26 → 4 replicas.
    s.selfHosted.capacity.slo = slo('ttft-p99=200,tpot-p99=50');
    expect(resolveCapacity(s.selfHosted).tokensPerSecond).toBe(959.7);
    expect(evaluateTco(s).selfHosted.replicasNeeded).toBe(4);
    // None qualifies: no throughput, and the TCO says so instead of inventing one.
    s.selfHosted.capacity.slo = slo('ttft-p99=40');
    expect(resolveCapacity(s.selfHosted).tokensPerSecond).toBe(0);
    expect(evaluateTco(s).selfHosted.state).toBe('no-throughput');
  });

  it('the series is checked against the workload lengths: 12k/2k against a 1k/100 curve is not sized', async () => {
    const s = defaultScenario();
    s.selfHosted.capacity = { slo: slo('ttft-p99=500'), interpolate: false, series: storeSeries(await vllmSweep()) };
    expect(evaluateTco(s).selfHosted.state).toBe('throughput-not-sizable');
  });

  it('storing keeps four significant digits (three for latencies), column by column', async () => {
    const series = await vllmSweep();
    const stored = storeSeries(series);
    expect(stored).toMatchObject({
      kind: 'measured',
      fileName: 'nerdalert_benchmark_serving_append_results.json',
      loadKind: 'rate',
      inputTokens: 1000,
      outputTokens: 100,
    });
    // Rate 20: output_throughput 1921.966…, p99_ttft_ms 233.336…, median_tpot_ms 20.949…, 2400 completed.
    const p = stored.points;
    expect([p.load[2], p.out[2], p.ttft.p99?.[2], p.tpot.p50?.[2], p.ok[2], p.n[2]]).toEqual([20, 1922, 233, 20.9, 1, 2400]);
    expect(p.load[5]).toBeNull();
    // The file has no p90/p95 and no E2E: no such columns.
    expect(Object.keys(p.ttft).sort()).toEqual(['p50', 'p99']);
    expect(p.e2el).toEqual({});
    const back = seriesOfStored(stored);
    expect(back.points.map((p) => p.load)).toEqual([1, 10, 20, 30, 35, null]);
  });
});

describe('the capacity view behind the panel and its charts', () => {
  it('per point: SLO met or not, replicas the workload needs there, and the API price per 1M', async () => {
    const s = sweepWorkload();
    s.selfHosted.capacity = { slo: slo('ttft-p99=500,tpot-p99=50'), interpolate: false, series: storeSeries(await vllmSweep()) };
    const v = capacityView(s);
    expect(v).toMatchObject({ kind: 'measured', fromSingleFigure: false, loadKind: 'rate', tokensPerSecond: 1922 });
    expect(v.points.map((p) => p.qualifies)).toEqual([true, true, true, false, false, false]);
    // 3,125 tok/s ÷ 120.8, 959.7, 1,922, 2,791, 2,845, 2,678 per replica = 25.9, 3.3, 1.6, 1.1, 1.1, 1.2.
    expect(v.points.map((p) => p.replicasNeeded)).toEqual([26, 4, 2, 2, 2, 2]);
    // API: per request 500 uncached × $0.95 + 500 cached × $0.16 + 100 output × $4 per 1M = $0.000955
    // for 1,100 tokens → $0.8682 per 1M tokens.
    expect(v.apiPerMillion).toBeCloseTo((0.000955 / 1100) * 1e6, 9);
    // Fewer replicas for the same tokens cost less per 1M: rate 20 (2 replicas) below rate 10 (4).
    expect(v.points[2]?.perMillionAtWorkload ?? 0).toBeLessThan(v.points[1]?.perMillionAtWorkload ?? 0);
    // At full load the replicas are busier than this workload keeps them: never dearer.
    for (const p of v.points) expect(p.perMillionAtFullLoad ?? 0).toBeLessThanOrEqual((p.perMillionAtWorkload ?? 0) + 1e-12);
  });
});

describe('a published library series in the capacity view', () => {
  /**
   * DeepSeek-V4-Pro FP4 on 8× B200 (InferenceX, measured 2026-09-03, 8,192 in / 1,024 out) against
   * a workload at those lengths: 87,600 requests a day × 30 × 1,024 output tokens ÷ 2,628,000 s =
   * 1,024 tok/s on average; × 2.5 peak ÷ 0.8 max utilisation = 3,200 output tok/s to carry.
   */
  function published(gpuId: string): Scenario {
    const s = sweepWorkload();
    s.workload = { ...s.workload, requestsPerDay: 87_600, inputTokensPerRequest: 8192, outputTokensPerRequest: 1024, cacheHitShare: 0 };
    const entry = PUBLISHED_SERIES.find((p) => p.id === 'inferencex-deepseek-v4-pro-fp4-b200-vllm-tp8-8k1k');
    if (!entry) throw new Error('library entry missing');
    s.selfHosted.gpuId = gpuId;
    s.selfHosted.gpusPerReplica = 8;
    s.selfHosted.capacity = { slo: slo('ttft-p90=1500'), interpolate: false, series: storeSeries(seriesFromPublished(entry)) };
    return s;
  }

  it('picks the measured point, per GPU and with no request counts, sizes the replicas and names the hardware', () => {
    const v = capacityView(published('b200'));
    // TTFT p90: 1,278.8 ms at concurrency 64 (meets 1,500), 1,921.8 ms at 128 (fails), higher loads slower.
    expect(v).toMatchObject({
      kind: 'published',
      publisher: 'SemiAnalysis InferenceX',
      date: '2026-09-03',
      gpus: 8,
      gpuName: 'NVIDIA B200 (HGX)',
      measuredOnOtherHardware: null,
      tokensPerSecond: 1287,
    });
    expect(v.lengths?.kind).toBe('match');
    expect(v.chosen).toMatchObject({ load: 64, requests: null });
    expect(v.points.map((p) => p.qualifies)).toEqual([true, false, false, false, false]);
    // 1,286.58 output tok/s kept as 1,287 ÷ 8 GPUs = 160.875 per GPU; the source gives no request counts.
    expect(v.points[0]?.perGpu).toBeCloseTo(160.875, 9);
    expect(v.points.every((p) => p.requests === null)).toBe(true);
    // 3,200 ÷ 1,287 = 2.49 → 3 replicas; at concurrency 1024 (5,189 tok/s) 3,200 ÷ 5,189 = 0.62 → 1.
    expect(v.points[0]?.replicasNeeded).toBe(3);
    expect(v.points[4]?.replicasNeeded).toBe(1);
  });

  it('an agentic series without p99 at other lengths: the p99 limit is not measured, and the lengths are named though no point qualifies', () => {
    const s = published('mi355x');
    const entry = PUBLISHED_SERIES.find((p) => p.id === 'amd-rocm-minimax-m2.5-fp8-mi355x-vllm-tp1-agentic');
    if (!entry) throw new Error('library entry missing');
    // The rows give mean, p90 and p95 only: TPOT p99 has no stricter percentile to fall back to.
    s.selfHosted.capacity = { slo: slo('tpot-p99=200'), interpolate: false, series: storeSeries(seriesFromPublished(entry)) };
    const v = capacityView(s);
    expect(v.chosen).toBeNull();
    expect(v.reason).toMatchObject({ code: 'none-qualifies', nearest: { failing: [{ id: 'tpot-p99', value: null }] } });
    // Measured at the request-weighted means 74,965 in / 778 out; the workload sends 8,192 / 1,024.
    expect(v.lengths).toMatchObject({ kind: 'refused', at: { input: 74965, output: 778 }, workload: { input: 8192, output: 1024 } });
    expect(v.points.every((p) => p.perMillionAtWorkload === null)).toBe(true);
  });

  it('says when the series was measured on other hardware than the GPU the costs are for', () => {
    expect(capacityView(published('h200-sxm'))).toMatchObject({ gpuName: 'NVIDIA H200 SXM', measuredOnOtherHardware: 'NVIDIA B200' });
  });
});

describe('request lengths in the capacity view', () => {
  it('refused at 12k/2k without a prefill rate; with one, adjusted by the prefill/decode model', async () => {
    const s = defaultScenario();
    s.selfHosted.capacity = { slo: slo('ttft-p99=500,tpot-p99=50'), interpolate: false, series: storeSeries(await vllmSweep()) };
    expect(capacityView(s).lengths).toMatchObject({
      kind: 'refused',
      reason: 'lengths-differ',
      at: { input: 1000, output: 100 },
      workload: { input: 12000, output: 2000 },
    });
    // With P = 100,000 tok/s: at 1000/100 and 1,922 tok/s a request takes 100 / 1922 = 52.03 ms,
    // 10 ms of it prefill → 0.4203 ms per output token. The workload's request (6,000 uncached
    // input at the 50 % cache-hit share, 800 + 1,200 reasoning output): 60 ms + 2000 × 0.4203 ms
    // = 900.6 ms → 2000 / 0.9006 = 2,220.8 tok/s → factor 2220.8 / 1922 = 1.1555.
    s.selfHosted.throughput.prefillTokensPerSecond = 100_000;
    const v = capacityView(s);
    expect(v.lengths?.kind).toBe('adjusted');
    expect(v.lengths?.factor).toBeCloseTo(2000 / (0.06 + 2000 * ((100 / 1922 - 0.01) / 100)) / 1922, 9);
    expect(v.lengths?.factor).toBeCloseTo(1.1555, 3);
  });
});

describe('one capacity resolution for the many models of a Monte Carlo run', () => {
  it('with a series chosen only the basis of the single figure is read; without one, all of it', async () => {
    const s = sweepWorkload();
    s.selfHosted.capacity = { slo: slo('ttft-p99=500,tpot-p99=50'), interpolate: false, series: storeSeries(await vllmSweep()) };
    const other = { ...s.selfHosted, throughput: { ...s.selfHosted.throughput, tokensPerSecond: 5 } };
    expect(sameCapacityInputs(other, s.selfHosted)).toBe(true);
    expect(resolveCapacity(other)).toEqual(resolveCapacity(s.selfHosted));
    const total = { ...s.selfHosted, throughput: { ...s.selfHosted.throughput, basis: 'total' as const } };
    expect(sameCapacityInputs(total, s.selfHosted)).toBe(false);
    // The sweep's total tok/s at rate 20 (input + output) is not its 1,922 output tok/s.
    expect(resolveCapacity(total).tokensPerSecond).not.toBe(1922);
    expect(sameCapacityInputs({ ...s.selfHosted, capacity: { ...s.selfHosted.capacity } }, s.selfHosted)).toBe(false);
    const single = { ...s.selfHosted, capacity: { ...s.selfHosted.capacity, series: null } };
    expect(sameCapacityInputs({ ...single, throughput: { ...single.throughput, tokensPerSecond: 5 } }, single)).toBe(false);
    expect(sameCapacityInputs({ ...single }, single)).toBe(true);
  });

  it('the Monte Carlo, with a measured series and with the single figure, draws what sample-by-sample full models give', async () => {
    const s = sweepWorkload();
    s.selfHosted.capacity = { slo: slo('ttft-p99=500,tpot-p99=50'), interpolate: false, series: storeSeries(await vllmSweep()) };
    s.uncertainty = {
      ...s.uncertainty,
      samples: 400,
      seed: 7,
      ranges: { tokensPerSecond: { low: 500, high: 4000 }, rentPrice: { low: 2, high: 6 }, maxUtilisation: { low: 0.5, high: 0.9 } },
    };
    const single = {
      ...s,
      selfHosted: { ...s.selfHosted, throughput: { ...s.selfHosted.throughput, tokensPerSecond: 1922 }, capacity: { ...s.selfHosted.capacity, series: null } },
    };
    for (const scenario of [s, single]) {
      const r = monteCarlo(scenario);
      // The same draws, each a full model with its own capacity resolution and the full break-even search.
      const random = createRandom(7);
      const savings: number[] = [];
      const breakEvens: number[] = [];
      for (let i = 0; i < 400; i++) {
        const draft = draftOf(scenario);
        for (const range of r.ranges) UNCERTAIN_INPUTS[range.key].set(draft, triangular(random.next(), range.low, range.base, range.high));
        const m = buildModel({ ...scenario, ...draft });
        const saving = savingOf(m);
        if (saving !== null) savings.push(saving);
        const be = solveBreakEven(m);
        if (be.kind === 'at') breakEvens.push(be.tasks * m.mix.totalTokens);
      }
      savings.sort((a, b) => a - b);
      breakEvens.sort((a, b) => a - b);
      expect(r.option).toBe('self-hosted');
      expect(r.saving?.min).toBe(savings[0]);
      expect(r.saving?.max).toBe(savings[savings.length - 1]);
      expect(r.saving?.mean).toBeCloseTo(savings.reduce((a, b) => a + b, 0) / savings.length, 6);
      expect(breakEvens.length).toBeGreaterThan(0);
      // 5th percentile between neighbours: position 0.05 × (n − 1).
      const pos = 0.05 * (breakEvens.length - 1);
      const lo = breakEvens[Math.floor(pos)] as number;
      const p5 = lo + ((breakEvens[Math.floor(pos) + 1] as number) - lo) * (pos - Math.floor(pos));
      expect((r.breakEven?.tokensPerMonth?.p5 ?? 0) / p5).toBeCloseTo(1, 12);
    }
    // The single figure's spread moves the saving; with the series in force it does not.
    expect(monteCarlo(single).saving?.max).toBeGreaterThan((monteCarlo(single).saving?.min ?? 0) + 1);
    expect(monteCarlo(single).ranges.map((r) => r.key)).toContain('tokensPerSecond');
    // The single figure's own tok/s does not count while a series is chosen: every sample's
    // replicas come from the 1,922 tok/s operating point (3,125 ÷ 1,922 → 2 at 80 %). So its
    // range is not drawn at all but reported as not used, and the saving stays where it is.
    const onlyThroughput = { ...s, uncertainty: { ...s.uncertainty, ranges: { tokensPerSecond: { low: 500, high: 4000 } } } };
    const flat = monteCarlo(onlyThroughput);
    expect(flat.ranges).toEqual([]);
    expect(flat.ignoredKeys).toEqual(['tokensPerSecond']);
    expect(flat.saving?.min).toBe(flat.saving?.max);
    expect(flat.saving?.p50).toBe(savingOf(buildModel(s)));
    // Without ranges of its own the run varies the slider inputs, the single figure's tok/s not among them.
    const defaults = monteCarlo({ ...s, uncertainty: { ...s.uncertainty, ranges: {} } });
    expect(defaults.ranges.map((r) => r.key)).toEqual(['volume', 'rentPrice', 'maxUtilisation', 'cacheHitShare', 'acceptanceSelfHosted']);
    // Nor does the tornado swing it: with the series chosen it has no throughput row.
    expect(tornado(s).bySaving.map((r) => r.key)).not.toContain('tokensPerSecond');
    expect(tornado(single).bySaving.map((r) => r.key)).toContain('tokensPerSecond');
  });
});
