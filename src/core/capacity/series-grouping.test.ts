import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCH_FIXTURES } from '../../testing/bench-fixtures';
import { platformHost } from '../../platform/host';
import { importFile } from '../benchmarks/importer';
import { memorySource } from '../benchmarks/memory-source';
import type { BenchRun } from '../benchmarks/run-schema';
import { chooseOperatingPoint } from './operating-point';
import { groupSeries, seriesFromRuns, type CapacitySeries } from './series';
import { DEFAULT_SLO } from '../schemas/slo';

/**
 * How imported runs become series (docs/capacity.md §1), on real files from fixtures/bench.
 * Every expected figure is worked out from the files' own numbers, quoted in the comments.
 */
async function runsAs(fixture: string, name: string): Promise<BenchRun[]> {
  const bytes = new Uint8Array(readFileSync(resolve(BENCH_FIXTURES, fixture)));
  return (await importFile(memorySource(name, bytes), platformHost())).runs;
}

const ONLINE = 'sglang/datacrunch_h200_llama_3_3_70b_online_output.jsonl';
const OFFLINE = 'sglang/datacrunch_h200_llama_3_3_70b_offline_output.jsonl';

/** The KubeCon demo's vLLM (or vLLM + EAGLE) stages 0–6 under `dir`, named as inference-perf writes them. */
async function kubeconStages(deployment: 'vllm' | 'vllm-eagle', dir: string): Promise<BenchRun[]> {
  const out: BenchRun[] = [];
  for (let i = 0; i <= 6; i++)
    out.push(...(await runsAs(`inference-perf/kubecon_${deployment}_stage_${i}_lifecycle_metrics.json`, `${dir}/stage_${i}_lifecycle_metrics.json`)));
  return out;
}

const KUBECON_RATES = [1, 31.4, 61.79, 92.19, 122.59, 152.98, 183.38];

function only(series: CapacitySeries[]): CapacitySeries {
  expect(series).toHaveLength(1);
  return series[0] as CapacitySeries;
}

describe('grouping by request lengths', () => {
  it('an SGLang online sweep that states 1024/1024 is one series although its mean outputs round apart (534.5 → 530, 514.5 → 510)', async () => {
    // Every line: random_input_len 1024, random_output_len 1024, random_range_ratio 0.
    // random at rates 1, 2, 4, 8, 16: output 160,347/300 = 534.5, 308,712/600 = 514.5, 607,936/1200 = 506.6,
    // 1,218,922/2400 = 507.9, 1,642,637/3200 = 513.3 per request; sharegpt at 4 and 8: prompts
    // 269,081/1200 = 224.2 and 540,779/2400 = 225.3 (no configured length: within ±10 % of each other).
    const series = seriesFromRuns(await runsAs(ONLINE, 'llama_3_3_70b_online_output.jsonl'));
    expect(series.map((s) => [s.config.dataset, s.points.map((p) => p.load)])).toEqual([
      ['random', [1, 2, 4, 8, 16]],
      ['sharegpt', [4, 8]],
    ]);
    // The series' lengths are the measured means over its runs, request-weighted:
    // random 3,929,457 / 7,700 = 510.3 in, 3,938,554 / 7,700 = 511.5 out;
    // sharegpt 809,860 / 3,600 = 225.0 in, 688,775 / 3,600 = 191.3 out.
    expect(series.map((s) => [s.config.inputTokens, s.config.outputTokens])).toEqual([
      [510.3, 511.5],
      [225.0, 191.3],
    ]);
    // The random series says what it was grouped by.
    expect(series[0]?.notes).toContainEqual({ code: 'grouped-by-configured-lengths', input: 1024, output: 1024, rangeRatio: 0 });
    // The top measured rate is the top of the sweep, not a one-point series of its own.
    expect(chooseOperatingPoint(series[0] as CapacitySeries, DEFAULT_SLO).chosen?.notMeasuredBeyond).toBe(16);
  });

  it('without stated lengths, runs within ±10 % are one series, farther apart two', async () => {
    const vllm = (await runsAs('vllm/nerdalert_benchmark_serving_append_results.json', 'results.json')).slice(0, 5);
    // 1000 input tokens per request (120,000 / 120 at rate 1); +9 % stays, +12 % does not.
    const scaled = (f: number, tag: string) =>
      vllm.map((r) => ({
        ...r,
        id: `${r.id}-${tag}`,
        load: { ...r.load, requestRate: ((r.load.requestRate as number) + 0.5) as number },
        tokens: { ...r.tokens, input: (r.tokens.input ?? 0) * f },
      }));
    expect(seriesFromRuns([...vllm, ...scaled(1.09, 'a')]).map((s) => s.points.length)).toEqual([10]);
    expect(seriesFromRuns([...vllm, ...scaled(1.12, 'b')]).map((s) => s.points.length)).toEqual([5, 5]);
  });
});

describe('aggregate files', () => {
  it("inference-perf's summary beside its stages is kept out, with a note; the top stage stays the top", async () => {
    const stages = await kubeconStages('vllm', 'results');
    const summary = await runsAs('inference-perf/kubecon_vllm_summary_lifecycle_metrics.json', 'results/summary_lifecycle_metrics.json');
    const { series, notes } = groupSeries([...stages, ...summary]);
    const s = only(series);
    expect(s.points.map((p) => p.load)).toEqual(KUBECON_RATES);
    // The summary counts 38,717 requests = 60 + 1,884 + 3,707 + 5,531 + 7,355 + 9,178 + 11,002, the stages' sum.
    expect(s.notes).toContainEqual({
      code: 'aggregate-kept-out',
      file: 'results/summary_lifecycle_metrics.json',
      tool: 'inference-perf',
      requests: 38_717,
      stageRequests: 38_717,
      repeats: [],
    });
    expect(notes).toEqual([]);
    // Nothing measured beyond the top stage (183.38/s), not beyond an "as fast as possible" summary.
    expect(chooseOperatingPoint(s, DEFAULT_SLO).chosen?.notMeasuredBeyond).toBe(183.38);
  });

  it('a renamed summary is recognised by what it lacks: no load of its own beside stages that have one', async () => {
    const stages = await kubeconStages('vllm', 'results');
    const summary = await runsAs('inference-perf/kubecon_vllm_summary_lifecycle_metrics.json', 'results/all-stages.json');
    const s = only(seriesFromRuns([...stages, ...summary]));
    expect(s.points.map((p) => p.load)).toEqual(KUBECON_RATES);
    expect(s.notes).toContainEqual(expect.objectContaining({ code: 'aggregate-kept-out', file: 'results/all-stages.json' }));
  });

  it('a summary dropped alone is kept out too, and said so without a series', async () => {
    const { series, notes } = groupSeries(await runsAs('inference-perf/kubecon_vllm_summary_lifecycle_metrics.json', 'summary_lifecycle_metrics.json'));
    expect(series).toEqual([]);
    expect(notes).toEqual([
      { code: 'aggregate-kept-out', file: 'summary_lifecycle_metrics.json', tool: 'inference-perf', requests: 38_717, stageRequests: null, repeats: [] },
    ]);
  });

  it("a vLLM sweep's summary.json that repeats run=0.json is kept out for that run", async () => {
    // summary.json is the array of the runs: its first object is byte for byte the run=0.json object.
    const run0 = await runsAs(
      'vllm/er0080_bench_sweep_v0.25.1_max_num_seqs4_run0.json',
      'SERVE--max_num_seqs=4-BENCH--max_concurrency=2-num_prompts=8/run=0.json',
    );
    const summary = await runsAs(
      'vllm/er0080_bench_sweep_v0.25.1_max_num_seqs4_summary.json',
      'SERVE--max_num_seqs=4-BENCH--max_concurrency=2-num_prompts=8/summary.json',
    );
    const s = only(seriesFromRuns([...run0, ...summary]));
    expect(s.notes).toContainEqual({
      code: 'aggregate-kept-out',
      file: 'SERVE--max_num_seqs=4-BENCH--max_concurrency=2-num_prompts=8/summary.json',
      tool: 'vllm-sweep',
      requests: null,
      stageRequests: null,
      repeats: ['SERVE--max_num_seqs=4-BENCH--max_concurrency=2-num_prompts=8/run=0.json'],
    });
    // Run 1 exists only in the summary and stays: runs 0 and 1 measured concurrency 2 twice.
    expect(s.notes.filter((n) => n.code === 'duplicate-load')).toHaveLength(1);
  });
});

describe('inference-perf output lengths', () => {
  it('are read: 62.37 output tokens per request, not unknown', async () => {
    // successes.output_len.mean per stage × successes.count, over the 7 stages:
    // Σ = 2,414,677.6 output tokens / 38,717 requests = 62.37; prompts 204.1 (prompt_len.mean).
    const s = only(seriesFromRuns(await kubeconStages('vllm', 'results')));
    expect(s.config.inputTokens).toBe(204.1);
    expect(s.config.outputTokens).toBe(62.37);
    expect(s.label).toContain('204/62 tok');
  });
});

describe('a failed load stays in its sweep', () => {
  it("an all-failed top stage is the sweep's failing last point: the sweep is measured up to it", async () => {
    const stages = await kubeconStages('vllm', 'results');
    const failed = await runsAs('inference-perf/SYNTHETIC_all_failed_stage_lifecycle_metrics.json', 'results/stage_7_lifecycle_metrics.json');
    const s = only(seriesFromRuns([...stages, ...failed]));
    expect(s.points.map((p) => p.load)).toEqual([...KUBECON_RATES, 213.77]);
    expect(s.points[7]).toMatchObject({ successShare: 0, requests: 0 });
    expect(s.notes).toContainEqual({ code: 'failed-load-kept', file: 'results/stage_7_lifecycle_metrics.json', load: 213.77, failed: 12_826 });
    // Default SLO (at most 1 % failed): stage 6 (6,431 output tok/s) wins; the next load fails on its failures.
    const c = chooseOperatingPoint(s, DEFAULT_SLO).chosen;
    expect(c?.load).toBe(183.38);
    expect(c?.notMeasuredBeyond).toBeNull();
    expect(c?.nextFails.map((f) => [f.id, f.value])).toEqual([['failed-share', 1]]);
  });
});

describe('duplicates', () => {
  it('a byte-identical file under another name is skipped, with a note', async () => {
    const stages = await kubeconStages('vllm', 'results');
    const copy = await runsAs('inference-perf/kubecon_vllm_stage_3_lifecycle_metrics.json', 'results/stage_3_lifecycle_metrics (1).json');
    const s = only(seriesFromRuns([...stages, ...copy]));
    expect(s.points.map((p) => p.load)).toEqual(KUBECON_RATES);
    expect(s.notes).toContainEqual({
      code: 'duplicate-file',
      file: 'results/stage_3_lifecycle_metrics (1).json',
      of: 'results/stage_3_lifecycle_metrics.json',
    });
  });

  it('a copy the browser did not store (same content hash) is named on the series of its original', async () => {
    const stages = await kubeconStages('vllm', 'results');
    const s = only(seriesFromRuns(stages, {}, { copies: [{ name: 'backup/stage_3_lifecycle_metrics.json', of: 'results/stage_3_lifecycle_metrics.json' }] }));
    expect(s.notes).toContainEqual({ code: 'duplicate-file', file: 'backup/stage_3_lifecycle_metrics.json', of: 'results/stage_3_lifecycle_metrics.json' });
  });

  it('the same load twice is flagged and the worse point kept', async () => {
    // vLLM sweep summary: runs 0 and 1 both at concurrency 2, 8 of 8 requests each;
    // run 0 93.75 output tok/s (TTFT p99 762.5 ms), run 1 199.37 tok/s (57.6 ms): run 0 is worse.
    const runs = await runsAs('vllm/er0080_bench_sweep_v0.25.1_max_num_seqs4_summary.json', 'summary.json');
    const s = only(seriesFromRuns(runs));
    expect(s.points).toHaveLength(1);
    expect(s.points[0]?.outputTokensPerS).toBeCloseTo(93.74767963046673, 9);
    expect(s.notes).toContainEqual({
      code: 'duplicate-load',
      load: 2,
      loadKind: 'concurrency',
      kept: { file: 'summary.json', index: 0 },
      dropped: [{ file: 'summary.json', index: 1 }],
    });
  });

  it('two lines of the SGLang offline file at the same configuration and load: one point, flagged', async () => {
    // Lines 4 and 5 both: random 4096 / 1024, rate inf, 1500 completed, 3,097,487 in / 760,205 out.
    const series = seriesFromRuns(await runsAs(OFFLINE, 'llama_3_3_70b_offline_output.jsonl'));
    const twice = series.find((s) => s.notes.some((n) => n.code === 'grouped-by-configured-lengths' && n.input === 4096 && n.output === 1024));
    expect(twice?.points).toHaveLength(1);
    expect(twice?.notes.filter((n) => n.code === 'duplicate-load')).toHaveLength(1);
  });

  it("two deployments' folders without a model field are split by directory, with a note", async () => {
    const a = await kubeconStages('vllm', 'vllm/results');
    const b = await kubeconStages('vllm-eagle', 'vllm+eagle/results');
    const series = seriesFromRuns([...a, ...b]);
    expect(series.map((s) => s.points.map((p) => p.load))).toEqual([KUBECON_RATES, [1, 18.16, 35.33, 52.49, 69.65, 86.81, 103.98]]);
    expect(series[0]?.notes).toContainEqual({ code: 'split-by-directory', directory: 'vllm/results', others: ['vllm+eagle/results'] });
    expect(series[1]?.notes).toContainEqual({ code: 'split-by-directory', directory: 'vllm+eagle/results', others: ['vllm/results'] });
  });

  it("a vLLM sweep's one-load folders stay one series", async () => {
    // `vllm bench sweep` writes each load into its own folder: the loads do not overlap, and no
    // folder holds two loads, so nothing is split.
    // Both files: facebook/opt-125m, 256 / 8 = 32 input and 128 / 8 = 16 output tokens per request;
    // the second is set to concurrency 4 (its file says 2) and its engine to the first's.
    const a = await runsAs('vllm/er0080_bench_sweep_v0.25.1_max_num_seqs4_run0.json', 'sweep/conc-2/run=0.json');
    const b = (await runsAs('vllm/er0080_bench_serve_v0.25.1.json', 'sweep/conc-4/run=0.json')).map((r) => ({
      ...r,
      engine: a[0]?.engine ?? null,
      load: { ...r.load, concurrency: 4 },
    }));
    expect(seriesFromRuns([...a, ...b]).map((s) => s.points.map((p) => p.load))).toEqual([[2, 4]]);
  });
});

describe('the realistic folder', () => {
  it('inference-perf stages + summary + a byte-identical copy + an all-failed top stage → one series, one note for each', async () => {
    const runs = [
      ...(await kubeconStages('vllm', 'results')),
      ...(await runsAs('inference-perf/kubecon_vllm_summary_lifecycle_metrics.json', 'results/summary_lifecycle_metrics.json')),
      ...(await runsAs('inference-perf/kubecon_vllm_stage_5_lifecycle_metrics.json', 'results/copy of stage_5_lifecycle_metrics.json')),
      ...(await runsAs('inference-perf/SYNTHETIC_all_failed_stage_lifecycle_metrics.json', 'results/stage_7_lifecycle_metrics.json')),
    ];
    const { series, notes } = groupSeries(runs);
    const s = only(series);
    expect(notes).toEqual([]);
    expect(s.points.map((p) => p.load)).toEqual([...KUBECON_RATES, 213.77]);
    expect(s.notes.map((n) => n.code).sort()).toEqual(['aggregate-kept-out', 'duplicate-file', 'failed-load-kept']);
  });
});
