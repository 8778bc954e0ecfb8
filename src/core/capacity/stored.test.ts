import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCH_FIXTURES } from '../../testing/bench-fixtures';
import { platformHost } from '../../worker/benchmarks-api';
import { importFile } from '../benchmarks/importer';
import { memorySource } from '../benchmarks/memory-source';
import { frozenBase } from '../scenario/bases';
import { defaultScenario } from '../scenario/defaults';
import { readScenarioDocument } from '../scenario/document';
import type { Scenario } from '../scenario/schema';
import { evaluateTco } from '../tco/evaluate';
import { seriesFromRuns } from './series';
import { parseSloText, type Slo } from './slo';
import { resolveCapacity, seriesOfStored, storeSeries } from './stored';
import { capacityView } from './view';

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
    expect(r.value.migrations).toEqual(['v2-to-v3']);
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
    expect(stored).toMatchObject({ kind: 'measured', fileName: 'nerdalert_benchmark_serving_append_results.json', loadKind: 'rate', inputTokens: 1000, outputTokens: 100 });
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
    expect(v.apiPerMillion).toBeCloseTo(0.000955 / 1100 * 1e6, 9);
    // Fewer replicas for the same tokens cost less per 1M: rate 20 (2 replicas) below rate 10 (4).
    expect(v.points[2]?.perMillionAtWorkload ?? 0).toBeLessThan(v.points[1]?.perMillionAtWorkload ?? 0);
    // At full load the replicas are busier than this workload keeps them: never dearer.
    for (const p of v.points) expect(p.perMillionAtFullLoad ?? 0).toBeLessThanOrEqual((p.perMillionAtWorkload ?? 0) + 1e-12);
  });
});

describe('request lengths in the capacity view', () => {
  it('refused at 12k/2k without a prefill rate; with one, adjusted by the prefill/decode model', async () => {
    const s = defaultScenario();
    s.selfHosted.capacity = { slo: slo('ttft-p99=500,tpot-p99=50'), interpolate: false, series: storeSeries(await vllmSweep()) };
    expect(capacityView(s).lengths).toMatchObject({ kind: 'refused', reason: 'lengths-differ', at: { input: 1000, output: 100 }, workload: { input: 12000, output: 2000 } });
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
