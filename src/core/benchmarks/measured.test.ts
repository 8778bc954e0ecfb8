import { BENCH_FIXTURES } from '../../testing/bench-fixtures';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformHost } from '../../platform/host';
import { computeGoodput } from './goodput';
import { importFile } from './importer';
import { type FileImport } from './import-contract';
import { modelMatches, planMeasuredThroughput, type Deployment } from './measured';
import { memorySource } from './memory-source';
import type { BenchRun, SloLimits } from './run-schema';

const ROOT = BENCH_FIXTURES;
function load(path: string): Promise<FileImport> {
  return importFile(memorySource(path, new Uint8Array(readFileSync(resolve(ROOT, path)))), platformHost());
}

const KIMI: Deployment = { modelId: 'kimi-k2.6', names: ['kimi-k2.6', 'Kimi K2.6'] };
const NO_LIMITS: SloLimits = { ttftMs: null, tpotMs: null, e2elMs: null };

function plan(run: BenchRun, deployment = KIMI, limits = NO_LIMITS, goodput?: Parameters<typeof planMeasuredThroughput>[1]['goodput']) {
  return planMeasuredThroughput(run, { basis: 'output', deployment, limits, goodput, label: 'label' });
}

describe('which model a run measured', () => {
  it("matches ids and names as whole parts of the run's model name", () => {
    expect(modelMatches('moonshotai/Kimi-K2.6-Instruct', KIMI)).toBe(true);
    expect(modelMatches('/lustre/fsw/models/Kimi-K2.5-NVFP4', { modelId: 'kimi-k2.5', names: ['kimi-k2.5', 'Kimi K2.5'] })).toBe(true);
    expect(modelMatches('meta-llama/Meta-Llama-3.1-70B-Instruct', { modelId: 'llama-3.1-70b', names: ['llama-3.1-70b', 'Llama-3.1-70B'] })).toBe(true);
    expect(modelMatches('openai/gpt-oss-120b', { modelId: 'gpt-oss-120b', names: ['gpt-oss-120b'] })).toBe(true);
    // Near misses are different models.
    expect(modelMatches('moonshotai/Kimi-K2.6', { modelId: 'kimi-k2', names: ['kimi-k2', 'Kimi K2 Instruct'] })).toBe(false);
    expect(modelMatches('amd/MiniMax-M2.5-MXFP4', { modelId: 'minimax-m2', names: ['minimax-m2', 'MiniMax-M2'] })).toBe(false);
    expect(modelMatches('openai/gpt-oss-20b', { modelId: 'gpt-oss-120b', names: ['gpt-oss-120b'] })).toBe(false);
    expect(modelMatches('facebook/opt-125m', KIMI)).toBe(false);
    expect(modelMatches('gpt-4o-mini', KIMI)).toBe(false);
  });
});

describe('use a run as measured throughput', () => {
  it("a vLLM run of another model: warns with both names, keeps the file's figures", async () => {
    const run = (await load('vllm/er0080_bench_serve_v0.25.1.json')).runs[0]!;
    const p = plan(run);
    if (p.kind !== 'ok') throw new Error(p.reason);
    // self-hosted vLLM endpoint, but facebook/opt-125m is not the deployment's Kimi K2.6.
    expect(p.warnings).toEqual([{ code: 'model-mismatch', runModel: 'facebook/opt-125m', deployment: 'Kimi K2.6' }]);
    // The file: "output_throughput": 82.89297074037474, "total_token_throughput": 248.6789122211242, "max_concurrency": 2.
    expect(p.throughput).toMatchObject({ source: 'measured', tokensPerSecond: 82.89297074037474, basis: 'output', latencyTargetMs: null });
    expect(p.throughput.measuredRun).toMatchObject({
      outputTokensPerSecond: 82.89297074037474,
      totalTokensPerSecond: 248.6789122211242,
      concurrency: 2,
      tool: 'vllm',
    });
    expect(p.latency).toEqual({ kind: 'none', reason: 'no-limit' });
  });

  it('an API run (llmperf against Groq) is named as an API endpoint', async () => {
    const run = (await load('llmperf/leaderboard_groq_70b_summary.json')).runs[0]!;
    const p = plan(run, { modelId: 'llama-3.1-70b', names: ['llama-3.1-70b', 'Llama-3.1-70B'] });
    if (p.kind !== 'ok') throw new Error(p.reason);
    expect(p.warnings.map((w) => w.code)).toEqual(['api-endpoint', 'model-mismatch']);
    expect(p.warnings[1]).toMatchObject({ runModel: 'llama2-70b-4096', deployment: 'Llama-3.1-70B' });
  });

  it('a client log of an API model warns; a matching self-hosted run does not', async () => {
    const log = await load('api-usage/SYNTHETIC_per_request_log.jsonl');
    const mini = log.runs.find((r) => r.model === 'gpt-4o-mini')!;
    const p = plan(mini);
    expect(p.kind === 'ok' && p.warnings).toEqual([{ code: 'model-mismatch', runModel: 'gpt-4o-mini', deployment: 'Kimi K2.6' }]);
    const glm = (await load('inferencex/inferencex_agg_bmk_minimax_m2.5.json')).runs[0]!;
    const ok = plan(glm, { modelId: 'custom', names: ['MiniMax-M2.5'] });
    expect(ok.kind === 'ok' && ok.warnings).toEqual([]);
  });

  it('refuses a run without throughput and says why', async () => {
    // vLLM wrote "completed": 0: every request failed, throughput 0.
    const failed = (await load('vllm/er0080_bench_serve_all_requests_failed_v0.25.1.json')).runs[0]!;
    expect(plan(failed)).toEqual({ kind: 'refuse', reason: 'no-successful-requests' });
    // AIPerf aggregate where all 32 requests failed: no throughput keys at all.
    const errors = (await load('aiperf/inferencex_kimik2.5_vllm_conc32_errors_profile_export_aiperf.json')).runs[0]!;
    expect(plan(errors)).toEqual({ kind: 'refuse', reason: 'no-successful-requests' });
    // Five usage objects: 11,796 input and 3,168 output tokens, but no times, so no rate.
    const usage = (await load('api-usage/SYNTHETIC_chat_completion_usage_objects.json')).runs[0]!;
    expect(usage.tokens).toEqual({ input: 11_796, output: 3_168 });
    expect(plan(usage)).toEqual({ kind: 'refuse', reason: 'no-duration' });
  });

  it('derives a missing figure from the token counts, refuses when it cannot', async () => {
    const run = (await load('vllm/er0080_bench_serve_v0.25.1.json')).runs[0]!;
    // The file: 256 input + 128 output tokens, so output is 128 / 384 of the total: 248.679 / 3 = 82.893.
    const noOut = { ...run, throughput: { ...run.throughput, outputTokensPerS: null } };
    const p = plan(noOut);
    expect(p.kind === 'ok' && p.throughput.tokensPerSecond).toBeCloseTo(248.6789122211242 / 3, 9);
    const noTokens = { ...noOut, tokens: { input: null, output: null } };
    expect(plan(noTokens)).toEqual({ kind: 'refuse', reason: 'partial-throughput', missing: 'output' });
  });

  it('stores a latency limit only when every completed request met it', async () => {
    const log = await load('api-usage/SYNTHETIC_per_request_log.jsonl');
    const index = log.runs.findIndex((r) => r.model === 'gpt-4o-mini');
    const run = log.runs[index]!;
    const table = log.tables.find((t) => t.runId === run.id)!.table;
    // The two completed gpt-4o-mini requests: TTFT 412.5 and 388.0 ms, end-to-end 2,310.0 and 1,985.2 ms.
    const at = (limits: SloLimits) => plan(run, KIMI, limits, computeGoodput(table, limits, run.durationS));
    const ttft500 = at({ ttftMs: 500, tpotMs: null, e2elMs: null });
    expect(ttft500.kind === 'ok' && [ttft500.latency, ttft500.throughput.latencyTargetMs]).toEqual([{ kind: 'applies', limit: 'ttft', ms: 500 }, 500]);
    const ttft400 = at({ ttftMs: 400, tpotMs: null, e2elMs: null });
    expect(ttft400.kind === 'ok' && [ttft400.latency, ttft400.throughput.latencyTargetMs]).toEqual([{ kind: 'none', reason: 'not-all-met', share: 0.5 }, null]);
    // The end-to-end limit is the one stored when both are set and met: 2,400 ms ≥ 2,310.0 ms.
    const both = at({ ttftMs: 500, tpotMs: null, e2elMs: 2400 });
    expect(both.kind === 'ok' && both.throughput.latencyTargetMs).toBe(2400);
    const e2e2000 = at({ ttftMs: null, tpotMs: null, e2elMs: 2000 });
    expect(e2e2000.kind === 'ok' && e2e2000.throughput.latencyTargetMs).toBeNull();
    // A file without per-request data cannot show it; a TPOT limit alone is no latency target.
    const vllm = (await load('vllm/er0080_bench_serve_v0.25.1.json')).runs[0]!;
    const summaryOnly = plan(vllm, KIMI, { ttftMs: 800, tpotMs: null, e2elMs: null });
    expect(summaryOnly.kind === 'ok' && summaryOnly.latency).toEqual({ kind: 'none', reason: 'no-requests' });
    const tpot = plan(vllm, KIMI, { ttftMs: null, tpotMs: 20, e2elMs: null });
    expect(tpot.kind === 'ok' && tpot.latency).toEqual({ kind: 'none', reason: 'only-tpot' });
  });
});
