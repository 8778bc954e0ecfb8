import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCH_FIXTURES } from '../../testing/bench-fixtures';
import { platformHost } from '../../platform/host';
import { importFile } from '../benchmarks/importer';
import { memorySource } from '../benchmarks/memory-source';
import type { BenchRun } from '../benchmarks/run-schema';
import type { PublishedSeries } from '../catalog/published-measurements';
import { fitLengths } from './lengths';
import { chooseOperatingPoint, type OperatingChoice } from './operating-point';
import { mergeSeries, runIdsOf, seriesFromPublished, seriesFromRuns, splitSeries, type CapacitySeries } from './series';
import { DEFAULT_SLO, parseSloText, type Slo } from '../schemas/slo';

/**
 * Operating points on real sweep files from fixtures/bench. Every expected winner is worked
 * out by hand from the file's own numbers (quoted in the comments), never from our output.
 */
async function runsOf(path: string, name = basename(path)): Promise<BenchRun[]> {
  const bytes = new Uint8Array(readFileSync(resolve(BENCH_FIXTURES, path)));
  return (await importFile(memorySource(name, bytes), platformHost())).runs;
}

function slo(text: string, extra: Partial<Slo> = {}): Slo {
  const r = parseSloText(text);
  if (!r.ok) throw new Error(r.message);
  return { ...r.slo, ...extra };
}

function chosen(c: OperatingChoice) {
  if (!c.chosen) throw new Error(`none chosen: ${JSON.stringify(c.reason)}`);
  return c.chosen;
}

const NERDALERT = 'vllm/nerdalert_benchmark_serving_append_results.json';

async function vllmSeries(): Promise<CapacitySeries> {
  return byEngine(seriesFromRuns(await runsOf(NERDALERT)), 'vllm');
}

function byEngine(series: CapacitySeries[], engine: string): CapacitySeries {
  const s = series.find((x) => x.config.engine === engine);
  if (!s) throw new Error(`no ${engine} series`);
  return s;
}

describe('series from imported runs', () => {
  it('a vLLM and an SGLang rate sweep in one file split into two series ordered by rate', async () => {
    // The file holds 12 runs: framework "vllm" and "sgl", each at rates 1, 10, 20, 30, 35, inf,
    // 1000 input / 100 output tokens per request (120,000 / 120 and 12,000 / 120 at rate 1).
    const series = seriesFromRuns(await runsOf(NERDALERT));
    expect(series).toHaveLength(2);
    for (const s of series) {
      expect(s.loadKind).toBe('rate');
      expect(s.points.map((p) => p.load)).toEqual([1, 10, 20, 30, 35, null]);
      expect(s.config).toMatchObject({ model: 'meta-llama/Llama-3.1-8B-Instruct', inputTokens: 1000, outputTokens: 100 });
      expect(s.kind).toBe('measured');
      expect(s.origin).toEqual({ kind: 'measured', fileNames: ['nerdalert_benchmark_serving_append_results.json'], date: expect.anything() as unknown });
    }
    expect(series.map((s) => s.config.engine).sort()).toEqual(['sgl', 'vllm']);
    // Rate "inf": completed 1015 of num_prompts 2000 → success share 0.5075; 1015 requests behind it.
    const inf = byEngine(series, 'vllm').points[5];
    expect(inf?.successShare).toBeCloseTo(1015 / 2000, 12);
    expect(inf?.requests).toBe(1015);
  });

  it('an SGLang multi-run JSONL splits by dataset and the lengths each line states', async () => {
    // Seven lines; random_input_len / random_output_len as stated, and the measured means per
    // request (total ÷ completed) the series carries, to four significant figures:
    // 1024/1024: 1,525,074/3000 = 508.4 in, 1,544,818/3000 = 514.9 out;  1024/512: 2,034,177/4000 = 508.5,
    // 1,029,594/4000 = 257.4;  4096/2048: 1,637,669/800 = 2047, 818,620/800 = 1023;  lines 4 and 5 both
    // 4096/1024 with the same figures, 3,097,487/1500 = 2065 and 760,205/1500 = 506.8 (one load
    // measured twice: one point, flagged);  256/512: 777,987/6000 = 129.7, 1,529,561/6000 = 254.9;
    // sharegpt (no stated lengths) 448,102/2000 = 224.1, 383,064/2000 = 191.5.
    const series = seriesFromRuns(await runsOf('sglang/datacrunch_h200_llama_3_3_70b_offline_output.jsonl'));
    const shape = series.map((s) => [s.config.dataset, s.config.inputTokens, s.config.outputTokens, s.points.length]);
    expect(shape).toEqual([
      ['random', 508.4, 514.9, 1],
      ['random', 508.5, 257.4, 1],
      ['random', 2047, 1023, 1],
      ['random', 2065, 506.8, 1],
      ['random', 129.7, 254.9, 1],
      ['sharegpt', 224.1, 191.5, 1],
    ]);
    expect(series[3]?.notes.map((n) => n.code)).toEqual(['grouped-by-configured-lengths', 'duplicate-load']);
    expect(series[5]?.key).toContain('sharegpt');
  });

  it('stage files of one inference-perf sweep form one series; merge and split move runs', async () => {
    const a = await runsOf('inference-perf/llmd_fixture_stage_lifecycle_metrics.json', 'stage_0_lifecycle_metrics.json');
    // The same bytes under a second stage name, made a second stage: its own id (as other bytes
    // would give) and a load of its own (the stripped fixture states none).
    const b = (await runsOf('inference-perf/llmd_fixture_stage_lifecycle_metrics.json', 'stage_1_lifecycle_metrics.json')).map((r) => ({
      ...r,
      id: 'stage-1-run',
      load: { ...r.load, requestRate: 2 },
    }));
    const runs = [...a, ...b];
    // Both stages: prompt_len.mean 4476.8 → 4477 input tokens, no other configuration stated.
    const one = seriesFromRuns(runs);
    expect(one).toHaveLength(1);
    expect(one[0]?.config.inputTokens).toBe(4477);
    expect(one[0]?.origin).toMatchObject({ fileNames: ['stage_0_lifecycle_metrics.json', 'stage_1_lifecycle_metrics.json'] });
    const second = (b[0] as BenchRun).id;
    const split = seriesFromRuns(runs, splitSeries(one[0]?.key ?? '', [second]));
    expect(split.map((s) => s.points.length)).toEqual([1, 1]);
    const merged = seriesFromRuns(
      runs,
      mergeSeries(
        split.map((s) => ({ key: s.key, runIds: runIdsOf(s) })),
        split.map((s) => s.key),
      ),
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]?.points).toHaveLength(2);
  });

  it('an InferenceX agg row: parallelism, hardware and per-GPU throughput from the row', async () => {
    // "hw": "mi355x", "tp": 1, "ep": 1, "dp_attention": "false", "conc": 16, "output_tput_per_gpu": 89.18…
    const [s] = seriesFromRuns(await runsOf('inferencex/inferencex_agg_bmk_minimax_m2.5.json'));
    expect(s?.config).toMatchObject({ model: 'amd/MiniMax-M2.5-MXFP4', hardware: 'mi355x', parallelism: 'TP1 EP1' });
    expect(s?.loadKind).toBe('concurrency');
    expect(s?.points[0]?.load).toBe(16);
    expect(s?.points[0]?.outputTokensPerSPerGpu).toBeCloseTo(89.18120738358031, 9);
  });
});

describe('operating point on the vLLM rate sweep', () => {
  // vLLM rows of the file (rate: output tok/s, TTFT p99 ms, TPOT median / p99 ms):
  //   1: 120.8, 54.8, 8.70 / 9.51     10: 959.7, 123.5, 11.72 / 15.74    20: 1922.0, 233.3, 20.95 / 33.53
  //  30: 2791.2, 1423.9, 96.03 / 128.09   35: 2845.2, 16817.6, 125.91 / 131.35   inf: 2677.8, 34829.1, 122.74 / 132.62
  const vllm = async () => byEngine(seriesFromRuns(await runsOf(NERDALERT)), 'vllm');

  it('TTFT p99 ≤ 500 ms and TPOT p99 ≤ 50 ms: rate 20 wins, TPOT binds, rate 30 fails both', async () => {
    const c = chooseOperatingPoint(await vllm(), slo('ttft-p99=500,tpot-p99=50'));
    const p = chosen(c);
    expect(p.kind).toBe('measured');
    expect(p.load).toBe(20);
    expect(p.outputTokensPerS).toBeCloseTo(1921.97, 2);
    // Ratios at rate 20: TTFT 233.3 / 500 = 0.47, TPOT 33.53 / 50 = 0.67 → TPOT binds.
    expect(p.binding?.id).toBe('tpot-p99');
    expect(p.binding?.ratio).toBeCloseTo(33.526 / 50, 3);
    expect(p.nextFails.map((f) => f.id)).toEqual(['ttft-p99', 'tpot-p99']);
    expect(p.notMeasuredBeyond).toBeNull();
  });

  it('a tighter TTFT (≤ 200 ms) moves the point down to rate 10 (959.7 tok/s)', async () => {
    const p = chosen(chooseOperatingPoint(await vllm(), slo('ttft-p99=200,tpot-p99=50')));
    expect(p.load).toBe(10);
    expect(p.outputTokensPerS).toBeCloseTo(959.69, 2);
  });

  it('none qualifies at TTFT p99 ≤ 40 ms: the nearest is rate 1 (54.8 ms), TTFT p99 fails', async () => {
    const c = chooseOperatingPoint(await vllm(), slo('ttft-p99=40'));
    expect(c.chosen).toBeNull();
    expect(c.reason).toMatchObject({ code: 'none-qualifies', nearest: { index: 0, load: 1 } });
    if (c.reason?.code !== 'none-qualifies') throw new Error('expected none-qualifies');
    expect(c.reason.nearest.failing.map((f) => [f.id, Math.round((f.value ?? 0) * 10) / 10])).toEqual([['ttft-p99', 54.8]]);
  });

  it('p95 missing: checked at the stricter p99 only when allowed, never at the median', async () => {
    const s = await vllm();
    const allowed = chosen(chooseOperatingPoint(s, slo('ttft-p95=500,tpot-p95=50')));
    expect(allowed.load).toBe(20);
    expect(allowed.checks.filter((x) => x.percentile === 95).map((x) => [x.usedPercentile, x.note])).toEqual([
      [99, 'stricter-percentile'],
      [99, 'stricter-percentile'],
    ]);
    const refused = chooseOperatingPoint(s, slo('ttft-p95=500', { allowStricterPercentile: false }));
    expect(refused.chosen).toBeNull();
    if (refused.reason?.code !== 'none-qualifies') throw new Error('expected none-qualifies');
    expect(refused.reason.nearest.failing[0]).toMatchObject({ id: 'ttft-p95', value: null, note: 'not-measured' });
  });

  it('at least 60 tok/s per user = TPOT median ≤ 16.7 ms: rate 10 (1000 / 11.72 = 85.3), rate 20 has 47.7', async () => {
    const p = chosen(chooseOperatingPoint(await vllm(), slo('tps-per-user=60')));
    expect(p.load).toBe(10);
    expect(p.interactivity).toBeCloseTo(1000 / 11.7238, 2);
  });

  it('interpolation, when asked: TTFT p99 500 ms is reached 22.4 % of the way from rate 20 to 30', async () => {
    // t = (500 − 233.337) / (1423.885 − 233.337) = 266.663 / 1190.549 = 0.22398
    // load 20 + 10 t = 22.24; output tok/s 1921.966 + 0.22398 × (2791.220 − 1921.966) = 2116.66
    const s = await vllm();
    const p = chosen(chooseOperatingPoint(s, slo('ttft-p99=500'), { interpolate: true }));
    expect(p.kind).toBe('interpolated');
    expect(p.load).toBeCloseTo(22.24, 2);
    expect(p.outputTokensPerS).toBeCloseTo(2116.66, 1);
    expect(p.checks[0]?.value).toBeCloseTo(500, 6);
    // Without the option the measured point stands.
    expect(chosen(chooseOperatingPoint(s, slo('ttft-p99=500'))).kind).toBe('measured');
  });
});

describe('failed requests count against a point (SGLang rows of the same file)', () => {
  // SGLang rows (rate: output tok/s, TPOT median ms): 1: 121.0, 7.19   10: 960.6, 11.09   20: 1924.3, 29.23
  // 30: 2707.7, 137.92   35: 2783.1, 134.68   inf: 2694.6, 79.28 — but only 1015 of 2000 requests completed.
  it('TPOT p50 ≤ 100 ms: "inf" would win with 2694.6 tok/s, but 49 % failed: rate 20 wins', async () => {
    const s = byEngine(seriesFromRuns(await runsOf(NERDALERT)), 'sgl');
    const p = chosen(chooseOperatingPoint(s, slo('tpot-p50=100')));
    expect(p.load).toBe(20);
    expect(p.outputTokensPerS).toBeCloseTo(1924.25, 2);
    const inf = chooseOperatingPoint(s, slo('tpot-p50=100')).points[5];
    expect(inf?.failing.map((f) => f.id)).toEqual(['failed-share']);
    expect(inf?.failing[0]?.value).toBeCloseTo(985 / 2000, 12);
    // Allowing any failed share lets the unbounded-rate point win: the rule is what decides.
    const lax = chosen(chooseOperatingPoint(s, slo('tpot-p50=100', { maxFailedShare: 1 })));
    expect(lax.load).toBeNull();
    expect(lax.unboundedLoad).toBe(true);
    expect(lax.outputTokensPerS).toBeCloseTo(2694.61, 2);
  });
});

describe('other real files', () => {
  it('vLLM sweep summary, two runs at concurrency 2: one load measured twice keeps the worse run (93.7 tok/s, TTFT p99 762.5 ms)', async () => {
    // run 0: TTFT p99 762.5 ms, 93.7 tok/s; run 1: TTFT p99 57.6 ms, 199.4 tok/s — both 8 of 8
    // requests. Run 0 is the worse: TTFT p99 ≤ 100 ms is met by neither point the series keeps.
    const [s] = seriesFromRuns(await runsOf('vllm/er0080_bench_sweep_v0.25.1_max_num_seqs4_summary.json'));
    expect(chooseOperatingPoint(s as CapacitySeries, slo('ttft-p99=100')).chosen).toBeNull();
    const p = chosen(chooseOperatingPoint(s as CapacitySeries, slo('ttft-p99=1000')));
    expect(p.outputTokensPerS).toBeCloseTo(93.74767963046673, 9);
    expect(p.notMeasuredBeyond).toBe(2);
  });

  it('InferenceX row: interactivity 1000 / mean TPOT 91.43 ms = 10.94 tok/s per user meets 10, not 11', async () => {
    // The row has no TPOT median (p75/p90/p95 and mean only), so the mean stands in and says so.
    // (InferenceX's own mean_intvty 11.99 is the mean of per-request 1000 / TPOT, which is larger.)
    const [s] = seriesFromRuns(await runsOf('inferencex/inferencex_agg_bmk_minimax_m2.5.json'));
    const ok = chosen(chooseOperatingPoint(s as CapacitySeries, slo('tps-per-user=10')));
    expect(ok.interactivity).toBeCloseTo(1000 / 91.42650835204364, 9);
    expect(ok.checks.find((c) => c.id === 'tps-per-user')?.note).toBe('interactivity-from-mean');
    expect(chooseOperatingPoint(s as CapacitySeries, slo('tps-per-user=11')).chosen).toBeNull();
    // TTFT p99 is not in the row and nothing stricter is: not measured.
    expect(chooseOperatingPoint(s as CapacitySeries, slo('ttft-p99=100000')).chosen).toBeNull();
    // TTFT p50 is missing too; the stricter p90 (48,563 ms) stands in.
    const p50 = chosen(chooseOperatingPoint(s as CapacitySeries, slo('ttft-p50=50000')));
    expect(p50.checks[0]).toMatchObject({ usedPercentile: 90, note: 'stricter-percentile' });
  });

  it('inference-perf stage without latency percentiles: E2E p95 is not measured, so none qualifies', async () => {
    const [s] = seriesFromRuns(await runsOf('inference-perf/llmd_fixture_stage_lifecycle_metrics.json'));
    const c = chooseOperatingPoint(s as CapacitySeries, slo('e2e-p95=10000'));
    expect(c.reason).toMatchObject({ code: 'none-qualifies', nearest: { index: 0, load: null } });
    // No limit at all: the one point (216.1 output tok/s) is chosen.
    expect(chosen(chooseOperatingPoint(s as CapacitySeries, DEFAULT_SLO)).outputTokensPerS).toBeCloseTo(216.12494, 4);
  });
});

describe('what the curve does', () => {
  // SGLang rows of the nerdalert file (rate: TPOT median ms): 1: 7.19, 10: 11.09, 20: 29.23,
  // 30: 137.92, 35: 134.68, inf: 79.28 (985 of 2000 requests failed).
  const sgl = async () => byEngine(seriesFromRuns(await runsOf(NERDALERT)), 'sgl');

  it('a middle load that fails while a higher one passes, and a latency that falls with load, are warned about', async () => {
    // TPOT p50 ≤ 135 ms, any failed share: rate 30 fails (137.92), 35 passes (134.68) and so does
    // "inf" (79.28). The TPOT median falls from 134.68 to 79.28 ms (−41 %) from 35 to "inf";
    // from 30 to 35 it falls 2.3 %, within the 10 % left to noise.
    const c = chooseOperatingPoint(await sgl(), slo('tpot-p50=135', { maxFailedShare: 1 }));
    expect(chosen(c).load).toBe(35);
    expect(c.warnings).toEqual([
      { code: 'fails-below-pass', failingLoad: 30, passingLoad: 35, failing: ['tpot-p50'] },
      {
        code: 'latency-falls',
        id: 'tpot-p50',
        fromLoad: 35,
        toLoad: null,
        from: expect.closeTo(134.68, 2) as unknown,
        to: expect.closeTo(79.28, 2) as unknown,
      },
    ]);
    // A monotone curve under the same kind of limit has neither: vLLM TPOT p50 ≤ 50 ms passes
    // at 1, 10, 20 and fails from 30 on; its median falls 2.5 % from 35 to "inf".
    expect(chooseOperatingPoint(await vllmSeries(), slo('tpot-p50=50')).warnings).toEqual([]);
  });

  it('the series names the fall of a median latency without any SLO', async () => {
    const s = await sgl();
    expect(s.notes.filter((n) => n.code === 'latency-falls')).toEqual([
      {
        code: 'latency-falls',
        metric: 'tpot',
        stat: 'p50',
        fromLoad: 35,
        toLoad: null,
        from: expect.closeTo(134.68, 2) as unknown,
        to: expect.closeTo(79.28, 2) as unknown,
      },
    ]);
  });

  it('an interpolated point names the loads it lies between', async () => {
    const p = chosen(chooseOperatingPoint(await vllmSeries(), slo('ttft-p99=500'), { interpolate: true }));
    expect(p).toMatchObject({ kind: 'interpolated', lowerLoad: 20, upperLoad: 30 });
  });

  it('no interpolation across a saturation cliff: the next load is more than 5× over a limit', async () => {
    // vLLM TTFT p99: rate 30 1,423.9 ms, rate 35 16,817.6 ms. At a 3,000 ms limit rate 35 is
    // 5.6× over it: the measured rate 30 stands, and the refusal says why.
    const s = await vllmSeries();
    const c = chooseOperatingPoint(s, slo('ttft-p99=3000'), { interpolate: true });
    expect(chosen(c)).toMatchObject({ kind: 'measured', load: 30 });
    expect(c.interpolation).toMatchObject({ refused: 'cliff', upperLoad: 35, check: { id: 'ttft-p99', value: expect.closeTo(16817.6, 1) as unknown } });
    // At 4,000 ms it is 4.2× over: interpolated, t = (4000 − 1423.885) / (16817.6 − 1423.885)
    // = 2576.1 / 15393.7 = 0.1673 → rate 30 + 5 t = 30.84.
    const near = chooseOperatingPoint(s, slo('ttft-p99=4000'), { interpolate: true });
    expect(chosen(near).kind).toBe('interpolated');
    expect(chosen(near).load).toBeCloseTo(30.84, 2);
    expect(near.interpolation).toBeNull();
  });

  it('the binding limit includes the failed share', async () => {
    // Bedrock (llmperf): 97 of 150 requests failed = 64.7 %; E2E p95 4,480 ms. At a 70 % failed
    // share and 10 s E2E p95: 0.647 / 0.7 = 0.924 against 4.48 / 10 = 0.448 — the failures bind.
    const [s] = seriesFromRuns(await runsOf('llmperf/leaderboard_bedrock_13b_summary.json'));
    const p = chosen(chooseOperatingPoint(s as CapacitySeries, slo('e2e-p95=10000', { maxFailedShare: 0.7 })));
    expect(p.binding?.id).toBe('failed-share');
    expect(p.binding?.ratio).toBeCloseTo(97 / 150 / 0.7, 9);
  });
});

describe('a published series (built here; the library may be empty)', () => {
  const lib: PublishedSeries = {
    id: 'test-series',
    label: 'Test model on 8× H200',
    modelId: null,
    modelName: 'Test model',
    engine: 'sglang',
    engineVersion: null,
    gpuId: 'h200',
    hardwareName: 'H200',
    gpus: 8,
    precision: 'fp8',
    parallelism: 'TP8',
    inputTokens: 1024,
    outputTokens: 1024,
    dataset: 'random',
    source: {
      publisher: 'Test publisher',
      repo: null,
      path: null,
      commit: null,
      url: 'https://example.org/x',
      measuredOn: '2026-10-01',
      checked: '2026-11-01',
    },
    points: [
      {
        concurrency: 4,
        requestRate: null,
        outputTokensPerS: 800,
        totalTokensPerS: 1600,
        ttftMs: { p95: 80 },
        tpotMs: { p50: 10 },
        itlMs: {},
        e2elMs: {},
        requests: 400,
        successShare: 1,
      },
      {
        concurrency: 16,
        requestRate: null,
        outputTokensPerS: 2400,
        totalTokensPerS: 4800,
        ttftMs: { p95: 150 },
        tpotMs: { p50: 25 },
        itlMs: {},
        e2elMs: {},
        requests: 1600,
        successShare: 1,
      },
      {
        concurrency: 64,
        requestRate: null,
        outputTokensPerS: 5200,
        totalTokensPerS: 10400,
        ttftMs: { p95: 3200 },
        tpotMs: { p50: 50 },
        itlMs: {},
        e2elMs: {},
        requests: 6400,
        successShare: 1,
      },
    ],
  };

  it('the cliff from 150 ms to 3.2 s TTFT p95: concurrency 16 wins (2400 tok/s = 300 per GPU)', () => {
    const s = seriesFromPublished(lib);
    expect(s.kind).toBe('published');
    expect(s.origin).toMatchObject({ publisher: 'Test publisher', measuredOn: '2026-10-01' });
    const p = chosen(chooseOperatingPoint(s, slo('ttft-p95=1000')));
    expect(p.load).toBe(16);
    expect(p.outputTokensPerSPerGpu).toBe(300);
    // Everything met: the top load, and nothing beyond it is assumed.
    expect(chosen(chooseOperatingPoint(s, DEFAULT_SLO)).notMeasuredBeyond).toBe(64);
    expect(chosen(chooseOperatingPoint(s, DEFAULT_SLO, { interpolate: true })).kind).toBe('measured');
  });
});

describe('request lengths', () => {
  it('±10 % is the same; 8k/1k against a 1k/1k curve is refused without a prefill rate', () => {
    expect(fitLengths({ input: 1024, output: 1024 }, { input: 1100, output: 1000 }, 1000, null).kind).toBe('match');
    expect(fitLengths({ input: 1000, output: 1000 }, { input: 8000, output: 1000 }, 1000, null)).toMatchObject({ kind: 'refused', reason: 'no-prefill-rate' });
    expect(fitLengths({ input: null, output: 1000 }, { input: 8000, output: 1000 }, 1000, null).kind).toBe('unknown');
    expect(fitLengths({ input: null, output: null }, { input: 8000, output: 1000 }, 1000, null).kind).toBe('unknown');
    // One length stated and 10× off: refused, the other cannot be carried over unknown.
    expect(fitLengths({ input: 204, output: null }, { input: 2040, output: 62 }, 1000, 50_000)).toMatchObject({ kind: 'refused', reason: 'length-unknown' });
  });

  it('adjusted with the prefill/decode model: factor 1 / 1.7 at 8k/1k', () => {
    // Curve: 1000 in / 1000 out at 1000 output tok/s → 1 s per request; prefill 1000 / 10,000 = 0.1 s;
    // decode 0.9 s / 1000 = 0.9 ms per token. Workload 8000 / 1000: 0.8 s + 0.9 s = 1.7 s →
    // 1000 / 1.7 = 588.2 tok/s → factor 0.5882.
    const fit = fitLengths({ input: 1000, output: 1000 }, { input: 8000, output: 1000 }, 1000, 10_000);
    expect(fit.kind).toBe('adjusted');
    if (fit.kind !== 'adjusted') return;
    expect(fit.factor).toBeCloseTo(1 / 1.7, 12);
  });
});

describe('SLO text', () => {
  it('reads every limit of the command line and names a bad part', () => {
    const r = parseSloText('ttft-p95=2000,tpot-p99=50,itl-p50=30,e2e-p95=30000,tps-per-user=20');
    expect(r).toEqual({
      ok: true,
      slo: {
        limits: [
          { metric: 'ttft', percentile: 95, maxMs: 2000 },
          { metric: 'tpot', percentile: 99, maxMs: 50 },
          { metric: 'itl', percentile: 50, maxMs: 30 },
          { metric: 'e2el', percentile: 95, maxMs: 30000 },
        ],
        minTokensPerSPerUser: 20,
        maxFailedShare: 0.01,
        allowStricterPercentile: true,
      },
    });
    expect(parseSloText('ttft-p97=10')).toMatchObject({ ok: false, message: expect.stringContaining('ttft-p97') as unknown });
    expect(parseSloText('speed=10')).toMatchObject({ ok: false });
    expect(parseSloText('ttft-p95=-1')).toMatchObject({ ok: false });
  });
});
