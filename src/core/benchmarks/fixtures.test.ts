import { BENCH_FIXTURES } from '../../testing/bench-fixtures';
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformHost } from '../../platform/host';
import { mergeCompanions } from './companions';
import { importFile } from './importer';
import { type FileImport } from './import-contract';
import { memorySource } from './memory-source';
import type { BenchRun, MetricId } from './run-schema';

/**
 * Every real file in fixtures/bench: detected format, run count, request counts and the
 * file's own summary figures after unit conversion. Expected numbers are copied from the files
 * (seconds × 1000 where the tool writes seconds), never from our output.
 */
const ROOT = BENCH_FIXTURES;

async function load(path: string): Promise<FileImport> {
  const bytes = new Uint8Array(readFileSync(resolve(ROOT, path)));
  return importFile(memorySource(basename(path), bytes), platformHost());
}

async function loadTogether(paths: string[]): Promise<FileImport[]> {
  const results = await Promise.all(paths.map(load));
  mergeCompanions(results);
  return results;
}

function only(result: FileImport): BenchRun {
  expect(result.runs).toHaveLength(1);
  return result.runs[0] as BenchRun;
}

function metric(run: BenchRun, id: MetricId) {
  const m = run.metrics[id];
  if (!m) throw new Error(`run has no ${id}`);
  return m;
}

describe('vLLM result JSON', () => {
  it('bench serve v0.25.1: one run, 8 ok, latencies in ms as written', async () => {
    const r = await load('vllm/er0080_bench_serve_v0.25.1.json');
    expect(r.format).toBe('vllm');
    expect(r.status).toBe('ok');
    const run = only(r);
    expect(run.requests).toMatchObject({ ok: 8, failed: 0, total: 8 });
    expect(metric(run, 'ttft').mean).toBe(215.53594200008774);
    expect(metric(run, 'ttft').percentiles['99']).toBe(734.4049174101428);
    expect(metric(run, 'tpot').median).toBe(11.20450286665194);
    expect(metric(run, 'itl').percentiles['99']).toBe(29.815922519960626);
    // --percentile-metrics default has no e2el.
    expect(run.metrics.e2el).toBeUndefined();
    expect(run.throughput.outputTokensPerS).toBe(82.89297074037474);
    expect(run.throughput.totalTokensPerS).toBe(248.6789122211242);
    expect(run.load).toMatchObject({ concurrency: 2, requestRate: 'inf' });
    // "20260816-160853" is local time without a zone.
    expect(run.date).toBe('2026-08-16T16:08:53');
    expect(run.notes.map((n) => n.code)).toContain('local-time-no-zone');
  });

  it('all requests failed: zeros are not read as latencies', async () => {
    const run = only(await load('vllm/er0080_bench_serve_all_requests_failed_v0.25.1.json'));
    expect(run.requests).toMatchObject({ ok: 0, failed: 8, total: 8 });
    expect(run.metrics).toEqual({});
    expect(run.notes.map((n) => n.code)).toContain('all-failed-zero-stats');
  });

  it('sweep run and sweep summary array', async () => {
    const one = only(await load('vllm/er0080_bench_sweep_v0.25.1_max_num_seqs4_run0.json'));
    expect(metric(one, 'e2el').mean).toBe(340.3411977451469);
    expect(metric(one, 'e2el').percentiles['99']).toBe(876.8009717071254);
    expect(one.extras).toContainEqual({ key: 'max_num_seqs', value: 4 });
    const summary = await load('vllm/er0080_bench_sweep_v0.25.1_max_num_seqs4_summary.json');
    expect(summary.format).toBe('vllm');
    expect(summary.runs.map((r) => r.durationS)).toEqual([1.3653671270003542, 0.6420253609976498]);
    expect(summary.runs.map((r) => r.requests.ok)).toEqual([8, 8]);
    expect(summary.runs.map((r) => r.throughput.requestsPerS)).toEqual([5.859229976904171, 12.460566958863927]);
  });

  it('--append-result JSON Lines in a .json, with "request_goodput:" and missing failed counts', async () => {
    const r = await load('vllm/nerdalert_benchmark_serving_append_results.json');
    expect(r.format).toBe('vllm');
    expect(r.runs).toHaveLength(12);
    expect(r.runs.map((x) => x.load.requestRate)).toEqual([1, 10, 20, 30, 35, 'inf', 1, 10, 20, 30, 35, 'inf']);
    expect(r.runs.map((x) => x.engine)).toEqual([...Array(6).fill('vllm'), ...Array(6).fill('sgl')]);
    const burst = r.runs[5] as BenchRun;
    // num_prompts 2000, completed 1015, no failed key → 2000 − 1015 = 985 failed.
    expect(burst.requests).toMatchObject({ ok: 1015, failed: 985, total: 2000 });
    expect(burst.notes.map((n) => n.code)).toEqual(expect.arrayContaining(['failed-inferred', 'goodput-key-with-colon']));
    expect(metric(burst, 'ttft').percentiles['99']).toBe(34829.0987819992);
    expect(r.runs.map((x) => x.source.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('multi-turn spec-decode variant with p50/p90/p95/p99 keys and an ISO date', async () => {
    const run = only(await load('vllm/bigyellowduck_bench_serve_multiturn_specdecode_conc1.json'));
    expect(run.requests).toMatchObject({ ok: 8, failed: 0 });
    expect(metric(run, 'ttft').percentiles).toMatchObject({
      '50': 769.0945545000001,
      '90': 1079.5512251999999,
      '95': 1160.7945845999998,
      '99': 1225.7892721199999,
    });
    expect(metric(run, 'e2el').mean).toBe(7034.3788485);
    expect(run.date).toBe('2026-09-04T20:33:17Z');
    expect(run.extras).toContainEqual({ key: 'spec_decode_acceptance_rate', value: 64.19965576592082 });
    expect(run.load.concurrency).toBe(1);
  });
});

describe('SGLang bench_serving JSONL', () => {
  it('seven runs with bare Infinity request rates; no failed count in the file', async () => {
    const r = await load('sglang/datacrunch_h200_llama_3_3_70b_offline_output.jsonl');
    expect(r.format).toBe('sglang');
    expect(r.status).toBe('ok');
    expect(r.runs.map((x) => x.requests.ok)).toEqual([3000, 4000, 800, 1500, 1500, 6000, 2000]);
    expect(r.runs.every((x) => x.requests.failed === null && x.load.requestRate === 'inf')).toBe(true);
    const first = r.runs[0] as BenchRun;
    expect(metric(first, 'e2el').mean).toBe(224918.79882259612);
    expect(metric(first, 'ttft').median).toBe(91282.20983641222);
    expect(first.throughput.outputTokensPerS).toBe(4520.698730654741);
    // Not in the file: 3000 completed / 341.72106836596504 s = 8.7791 req/s.
    expect(first.throughput.requestsPerS).toBeCloseTo(8.7791, 4);
    expect(first.throughput.derived).toContain('requestsPerS');
  });

  it('online sweep: seven runs at request rates, random and sharegpt, each stating random_input_len 1024', async () => {
    const r = await load('sglang/datacrunch_h200_llama_3_3_70b_online_output.jsonl');
    expect(r.status).toBe('ok');
    expect(r.runs.map((x) => x.load.requestRate)).toEqual([1, 2, 4, 8, 16, 4, 8]);
    expect(r.runs.map((x) => x.requests.ok)).toEqual([300, 600, 1200, 2400, 3200, 1200, 2400]);
    // Line 1: 152,612 input / 160,347 output tokens, output 537.41 tok/s.
    expect(r.runs[0]?.tokens).toEqual({ input: 152612, output: 160347 });
    expect(r.runs.every((x) => x.extras.some((e) => e.key === 'random_input_len' && e.value === 1024))).toBe(true);
  });

  it('single-line file', async () => {
    const run = only(await load('sglang/datacrunch_h200_deepseek_dp_mla_output.jsonl'));
    expect(run.requests.ok).toBe(10000);
    expect(run.tokens).toEqual({ input: 10000, output: 5120000 });
    expect(metric(run, 'ttft').median).toBe(10014.104524045251);
    expect(metric(run, 'itl').median).toBe(371.844899491407);
  });
});

describe('GuideLLM benchmarks.json', () => {
  it('v0.3-era layout: p001…p999 keys, request_latency in seconds, one sampled request', async () => {
    const r = await load('guidellm/guidellm_v0.3-era_benchmarks_stripped.json');
    expect(r.format).toBe('guidellm');
    const run = only(r);
    expect(run.toolVersion).toBe('≤0.3');
    expect(run.requests).toMatchObject({ ok: 46, failed: 0, incomplete: 1, total: 47 });
    expect(metric(run, 'ttft').mean).toBe(16.792535781860348);
    expect(metric(run, 'ttft').percentiles['99.9']).toBe(21.281957626342773);
    expect(metric(run, 'ttft').percentiles['0.1']).toBe(15.790939331054688);
    // request_latency mean 0.6444743664368339 s.
    expect(metric(run, 'e2el').mean).toBeCloseTo(644.4743664368339, 9);
    // GuideLLM's inter-token latency is our TPOT slot; its TPOT includes TTFT.
    expect(metric(run, 'tpot').mean).toBe(4.941609043733832);
    expect(metric(run, 'perTokenInclTtft').mean).toBe(4.90300272307966);
    expect(run.load).toMatchObject({ strategy: 'synchronous', concurrency: 1 });
    expect(run.tokens).toEqual({ input: 11827, output: 5888 });
    expect(run.notes).toContainEqual({ code: 'sampled-requests', detail: '1 of 46' });
    expect(run.comparison.filter((c) => c.quantity === 'ttft').every((c) => c.verdict === 'not-comparable')).toBe(true);
  });

  it('v0.5 layout: warm-up excluded, recomputation from the requests agrees with the file', async () => {
    const run = only(await load('guidellm/guidellm_v0.5.0dev_gpt-oss-20b_benchmarks.json'));
    expect(run.toolVersion).toBe('0.5.0.dev0');
    expect(run.model).toBe('openai/gpt-oss-20b');
    expect(run.requests).toMatchObject({ ok: 25, failed: 0, total: 25 });
    expect(run.extras).toContainEqual({ key: 'requests_made_incl_warmup', value: 30 });
    expect(metric(run, 'ttft').mean).toBe(48.843650817871094);
    expect(metric(run, 'e2el').percentiles['50']).toBeCloseTo(30646.172523498535, 8);
    expect(metric(run, 'tpot').mean).toBe(29.90631087667665);
    expect(run.definitions.tpot?.weighting).toBe('tokens');
    // System throughput from totals: 25600 output tokens / 720 s = 35.556 tok/s; the file's
    // time-averaged figure (33.417) is kept beside it, marked as a different definition.
    expect(run.throughput.outputTokensPerS).toBeCloseTo(25600 / 720, 10);
    expect(run.extras).toContainEqual({ key: 'output_tokens_per_second.mean', value: 33.417378943280085 });
    const latency = run.comparison.filter((c) => c.quantity !== 'outputTokensPerS' && c.quantity !== 'requestsPerS');
    expect(latency.length).toBeGreaterThan(50);
    expect(latency.every((c) => c.verdict === 'agrees')).toBe(true);
    expect(run.perRequest).toMatchObject({ count: 25, ok: 25, sampled: false });
  });
});

describe('llmperf', () => {
  it('summary alone: seconds to ms, provider from metadata', async () => {
    const r = await load('llmperf/leaderboard_groq_70b_summary.json');
    expect(r.format).toBe('llmperf-summary');
    const run = only(r);
    expect(run.requests).toMatchObject({ ok: 150, failed: 0, total: 150 });
    // results_ttft_s_mean 0.22786034579078357 s.
    expect(metric(run, 'ttft').mean).toBeCloseTo(227.8603457907836, 9);
    expect(metric(run, 'e2el').percentiles['99']).toBeCloseTo(992.2714155726133, 9);
    expect(metric(run, 'perTokenInclTtft').percentiles['50']).toBeCloseTo(5.32080865154664, 9);
    expect(run.throughput.outputTokensPerS).toBe(441.84737788500206);
    expect(run.endpoint).toEqual({ kind: 'api', provider: 'groq', target: null });
    expect(run.load.concurrency).toBe(5);
  });

  it('errors: "{-100.0: 97}" frequency string', async () => {
    const run = only(await load('llmperf/leaderboard_bedrock_13b_summary.json'));
    expect(run.requests).toMatchObject({ ok: 53, failed: 97, total: 150 });
    expect(run.requests.errors).toEqual([{ kind: 'error code -100', count: 97 }]);
  });

  it('individual responses alone: failed rows (zero-filled) kept out of the statistics', async () => {
    const r = await load('llmperf/leaderboard_bedrock_13b_individual_responses.json');
    expect(r.format).toBe('llmperf-individual');
    const run = only(r);
    expect(run.requests).toMatchObject({ ok: 53, failed: 97 });
    expect(run.requests.errors).toEqual([{ kind: 'error code -100: Output too few tokens #', count: 97 }]);
    // The summary file says results_ttft_s_mean 0.3308843597923493 over the same 53 requests.
    expect(run.recomputed?.ttft?.mean).toBeCloseTo(330.8843597923493, 9);
  });

  it('summary + individual responses together: every recomputed figure agrees', async () => {
    for (const name of ['groq_70b', 'bedrock_13b']) {
      const [summary, individual] = await loadTogether([`llmperf/leaderboard_${name}_summary.json`, `llmperf/leaderboard_${name}_individual_responses.json`]);
      expect(individual?.mergedInto).toBe(`leaderboard_${name}_summary.json`);
      expect(individual?.runs).toEqual([]);
      const run = only(summary as FileImport);
      expect(run.source.companionFile).toBe(`leaderboard_${name}_individual_responses.json`);
      expect(run.comparison.length).toBeGreaterThan(30);
      expect(run.comparison.filter((c) => c.verdict !== 'agrees')).toEqual([]);
    }
  });
});

describe('AIPerf', () => {
  it('aggregate JSON with explicit units', async () => {
    const r = await load('aiperf/inferencex_glm5.1_sglang_conc16_profile_export_aiperf.json');
    expect(r.format).toBe('aiperf-json');
    const run = only(r);
    expect(run.toolVersion).toBe('0.8.0');
    expect(run.model).toBe('amd/GLM-5.1-MXFP4');
    expect(run.requests).toMatchObject({ ok: 87, failed: 0, total: 87 });
    expect(metric(run, 'ttft').mean).toBe(183963.19790064366);
    // AIPerf "inter token latency" = vLLM TPOT; "inter chunk latency" = pooled ITL.
    expect(metric(run, 'tpot').mean).toBe(176.08979211596716);
    expect(metric(run, 'itl').percentiles['99']).toBe(101.72161328999557);
    expect(run.durationS).toBe(1818.697814784);
    expect(run.throughput.outputTokensPerS).toBe(39.24566215442287);
    expect(run.load).toMatchObject({ concurrency: 16, measuredConcurrency: 13.327003864587935 });
    expect(run.endpoint.kind).toBe('self-hosted');
  });

  it('all requests errored: no latency keys, error summary by kind', async () => {
    const run = only(await load('aiperf/inferencex_kimik2.5_vllm_conc32_errors_profile_export_aiperf.json'));
    expect(run.requests).toMatchObject({ ok: 0, failed: 32, total: 32 });
    expect(run.metrics).toEqual({});
    expect(run.requests.errors.map((e) => e.count)).toEqual([25, 6, 1]);
    expect(run.requests.errors[2]?.kind.startsWith('HTTP 500')).toBe(true);
    expect(run.notes.map((n) => n.code)).toEqual(expect.arrayContaining(['no-latency', 'cancelled-run']));
  });

  it('CSV exports (rounded to 2 decimals by the tool)', async () => {
    const r = await load('aiperf/inferencex_glm5.1_sglang_conc16_profile_export_aiperf.csv');
    expect(r.format).toBe('aiperf-csv');
    const run = only(r);
    expect(run.requests).toMatchObject({ ok: 87, failed: 0 });
    expect(metric(run, 'ttft').mean).toBe(183963.2);
    expect(metric(run, 'e2el').percentiles['99']).toBe(687014.4);
    expect(run.durationS).toBe(1818.7);
    expect(run.tokens.output).toBe(71376);
    const errors = only(await load('aiperf/inferencex_kimik2.5_vllm_conc32_errors_profile_export_aiperf.csv'));
    expect(errors.requests).toMatchObject({ ok: 0, failed: 32 });
  });

  it('per-request JSONL (first 5 of 87 lines) alone and merged into its aggregate', async () => {
    const alone = only(await load('aiperf/inferencex_glm5.1_sglang_conc16_profile_export_first5.jsonl'));
    expect(alone.requests).toMatchObject({ ok: 5, failed: 0 });
    // TTFTs 98099.299…, 30169.404, 22027.547, 35868.120, 10623.316 ms: median 30169.403754,
    // mean 196787.686133 / 5 = 39357.5372266.
    expect(alone.recomputed?.ttft?.median).toBe(30169.403754);
    expect(alone.recomputed?.ttft?.mean).toBeCloseTo(39357.5372266, 6);
    const [agg] = await loadTogether([
      'aiperf/inferencex_glm5.1_sglang_conc16_profile_export_aiperf.json',
      'aiperf/inferencex_glm5.1_sglang_conc16_profile_export_first5.jsonl',
    ]);
    const run = only(agg as FileImport);
    expect(run.notes).toContainEqual({ code: 'per-request-partial', detail: '5 of 87' });
    expect(run.comparison.every((c) => c.verdict === 'not-comparable' && c.reason === 'partial')).toBe(true);
    const errs = only(await load('aiperf/inferencex_kimik2.5_vllm_conc32_errors_profile_export_first3.jsonl'));
    expect(errs.requests).toMatchObject({ ok: 0, failed: 3 });
    expect(errs.requests.errors).toEqual([{ kind: "ValueError: ValueError('Unsupported OpenAI object type: None')", count: 3 }]);
  });
});

describe('InferenceX agg rows', () => {
  it('agentic row: seconds without suffix, per-GPU throughput', async () => {
    const r = await load('inferencex/inferencex_agentic_glm5.1_sglang_conc16_agg.json');
    expect(r.format).toBe('inferencex');
    const run = only(r);
    expect(run.requests).toMatchObject({ ok: 87, failed: 0, total: 87 });
    expect(metric(run, 'ttft').mean).toBeCloseTo(183963.1979006437, 7);
    expect(metric(run, 'e2el').percentiles['95']).toBeCloseTo(478935.4759364, 7);
    expect(run.throughput.totalTokensPerSPerGpu).toBe(2148.763784934991);
    // 4297.527569869982 total tok/s / 2148.763784934991 per GPU = 2 GPUs (tp 2).
    expect(run.gpus).toBe(2);
    expect(run.hardware).toBe('mi355x');
    expect(run.load.concurrency).toBe(16);
  });

  it('agg_bmk array', async () => {
    const r = await load('inferencex/inferencex_agg_bmk_minimax_m2.5.json');
    const run = only(r);
    expect(run.requests).toMatchObject({ ok: 300, failed: 0 });
    expect(metric(run, 'ttft').percentiles['95']).toBeCloseTo(63262.54375650001, 7);
    expect(run.throughput.outputTokensPerSPerGpu).toBe(89.18120738358031);
    expect(run.gpus).toBe(1);
  });
});

describe('inference-perf', () => {
  it('stripped lifecycle report in seconds', async () => {
    const r = await load('inference-perf/llmd_fixture_stage_lifecycle_metrics.json');
    expect(r.format).toBe('inference-perf');
    const run = only(r);
    expect(run.requests.total).toBe(79);
    expect(metric(run, 'e2el').mean).toBeCloseTo(4338.102704063284, 9);
    expect(run.throughput.outputTokensPerS).toBe(216.12494338685693);
  });

  it('KubeCon demo stage 6: its rate, counts, seconds to ms and the mean lengths', async () => {
    // load_summary.requested_rate 183.38, count 11002; successes.count 11002, failures.count 0;
    // TTFT p99 3.3474315829982517 s; prompt_len.mean 204.10052717687694, output_len.mean 62.39020178149428.
    const run = only(await load('inference-perf/kubecon_vllm_stage_6_lifecycle_metrics.json'));
    expect(run.load.requestRate).toBe(183.38);
    expect(run.requests).toMatchObject({ total: 11002, ok: 11002, failed: 0 });
    expect(metric(run, 'ttft').percentiles['99']).toBeCloseTo(3347.43158299825, 9);
    expect(run.throughput.outputTokensPerS).toBe(6431.058168023075);
    expect(run.extras).toEqual(
      expect.arrayContaining([
        { key: 'prompt_len.mean', value: 204.10052717687694 },
        { key: 'output_len.mean', value: 62.39020178149428 },
      ]),
    );
  });

  it('the summary of all stages has no load of its own', async () => {
    const run = only(await load('inference-perf/kubecon_vllm_summary_lifecycle_metrics.json'));
    expect(run.load).toMatchObject({ requestRate: null, concurrency: null });
    expect(run.requests).toMatchObject({ total: 38717, ok: 38717, failed: 0 });
  });

  it('a stage where every request failed: no latency, no lengths, the failures counted', async () => {
    const run = only(await load('inference-perf/SYNTHETIC_all_failed_stage_lifecycle_metrics.json'));
    expect(run.load.requestRate).toBe(213.77);
    expect(run.requests).toMatchObject({ total: 12826, ok: 0, failed: 12826 });
    expect(run.metrics).toEqual({});
    expect(run.extras.filter((e) => e.key.endsWith('_len.mean'))).toEqual([]);
  });
});

describe('API usage and client logs', () => {
  it('per-request client log: one run per model, errors and timeouts counted', async () => {
    const r = await load('api-usage/SYNTHETIC_per_request_log.jsonl');
    expect(r.format).toBe('request-log');
    expect(r.runs.map((x) => x.model)).toEqual(['gpt-4o-mini', 'o4-mini']);
    const mini = r.runs[0] as BenchRun;
    expect(mini.requests).toMatchObject({ ok: 2, failed: 2, total: 4 });
    expect(mini.requests.errors).toEqual([
      { kind: 'error: HTTP 429: rate_limit_exceeded', count: 1 },
      { kind: 'timeout', count: 1 },
    ]);
    // TTFT (412.5 + 388.0) / 2 = 400.25 ms; duration (2310.0 + 1985.2) / 2 = 2147.6 ms.
    expect(mini.recomputed?.ttft?.mean).toBe(400.25);
    expect(mini.recomputed?.e2el?.mean).toBeCloseTo(2147.6, 10);
    expect(mini.tokens).toEqual({ input: 2150, output: 330 });
    // cost 0.000249 + 0.0002325 + 0 = 0.0004815 USD over 3 rows; the timeout row has none.
    expect(mini.cost?.totalUsd).toBeCloseTo(0.0004815, 12);
    expect(mini.cost).toMatchObject({ rowsWithCost: 3, rowsWithoutCost: 1 });
    const o4 = r.runs[1] as BenchRun;
    expect(o4.requests).toMatchObject({ ok: 1, failed: 0 });
    expect(o4.recomputed?.ttft?.mean).toBe(5120);
  });

  it('usage objects of four APIs: Anthropic cache tokens are added to input', async () => {
    const r = await load('api-usage/SYNTHETIC_chat_completion_usage_objects.json');
    expect(r.format).toBe('api-usage');
    const run = only(r);
    expect(run.requests.ok).toBe(5);
    // input 1200 + 800 + 256 + 1500 + (40 + 2000 + 6000) = 11796; output 180 + 2048 + 128 + 300 + 512 = 3168.
    expect(run.tokens).toEqual({ input: 11796, output: 3168 });
  });

  it('organisation usage page', async () => {
    const run = only(await load('api-usage/DOCEXAMPLE_openai_org_usage_completions_page.json'));
    expect(run.requests.ok).toBe(5);
    expect(run.tokens).toEqual({ input: 1000, output: 500 });
  });
});

describe('content hash', () => {
  it('is the SHA-256 of a small file', async () => {
    const r = await load('vllm/er0080_bench_serve_v0.25.1.json');
    const digest = await crypto.subtle.digest('SHA-256', readFileSync(resolve(ROOT, 'vllm/er0080_bench_serve_v0.25.1.json')));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
    expect(r.file).toMatchObject({ hash: hex, hashAlgorithm: 'sha256' });
    expect((r.runs[0] as BenchRun).id.startsWith(hex.slice(0, 16))).toBe(true);
  });
});
