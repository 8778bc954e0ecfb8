import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { compareEngineLog, figure, parseEngineLog, type EngineLog } from './engine-log';
import { buildHardwareReport } from './report';
import { resolveSetup } from './setup';

/** The example scenario with its overheads entered (4 + 3 GiB), which the hand arithmetic below uses. */
function enteredScenario() {
  const s = defaultScenario();
  s.hardware.overheadSource = 'entered';
  return s;
}

const ROOT = resolve(__dirname, '../../../fixtures/engine-logs');
const read = (name: string) => readFileSync(resolve(ROOT, name), 'utf8');
const GIB = 2 ** 30;

function parsed(name: string): EngineLog {
  const r = parseEngineLog(read(name));
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.log;
}

describe('reading vLLM and SGLang start-up logs', () => {
  it('vLLM gpu_worker summary (InferenceX, 4 TP workers on B300): every figure once, from the first worker line', () => {
    const log = parsed('vllm-gpu-worker-b300-tp4.log');
    expect(log).toMatchObject({ engine: 'vllm', ranks: 4 });
    const gib = (k: Parameters<typeof figure>[1]) => (figure(log, k)?.value ?? NaN) / GIB;
    expect(gib('totalMemory')).toBeCloseTo(267.69, 6);
    expect(gib('freeAtStart')).toBeCloseTo(264.19, 6);
    expect(figure(log, 'utilisation')?.value).toBe(0.95);
    expect(gib('budget')).toBeCloseTo(254.3, 6);
    expect(gib('weights')).toBeCloseTo(205.08, 6);
    expect(gib('activation')).toBeCloseTo(3.75, 6);
    expect(gib('nonTorch')).toBeCloseTo(1.63, 6);
    expect(gib('cudaGraph')).toBeCloseTo(0.14, 6);
    expect(gib('kvCache')).toBeCloseTo(43.85, 6);
    expect(figure(log, 'weights')?.line).toBe(1);
    // The engine's own budget: 267.69 × 0.95 = 254.31 GiB (it prints 254.3); weights + activation +
    // non-torch + graphs + KV = 205.08 + 3.75 + 1.63 + 0.14 + 43.85 = 254.45 GiB.
    expect(267.69 * 0.95).toBeCloseTo(254.3, 1);
  });

  it('vLLM V1 (gpt-oss-120b on one H100): 65.9651 GiB of weights, −2.14 GiB left for KV', () => {
    const log = parsed('vllm-gpt-oss-120b-h100.log');
    expect(figure(log, 'weights')).toMatchObject({ line: 2, value: 65.9651 * GIB });
    expect(figure(log, 'kvCache')).toMatchObject({ line: 7, value: -2.14 * GIB });
    expect(log.ranks).toBe(1);
    // Line 1 is vLLM's warning that the FP4 weights run on the Marlin kernel.
    expect(log.kernels).toMatchObject([{ kernel: 'marlin-mxfp4', line: 1 }]);
    expect(parsed('vllm-qwen3-235b-fp8-4x-h100.log').kernels).toEqual([]);
  });

  it('vLLM and SGLang on the same setup (Qwen3-235B FP8, 4× H100): SGLang sums K and V', () => {
    const v = parsed('vllm-qwen3-235b-fp8-4x-h100.log');
    expect(figure(v, 'kvCache')?.value).toBe(8.11 * GIB);
    expect(figure(v, 'kvTokens')?.value).toBe(178_880);
    const s = parsed('sglang-qwen3-235b-fp8-4x-h100.log');
    expect(s.engine).toBe('sglang');
    // 8.23 + 8.23 = 16.46 GiB for 367,404 tokens.
    expect(figure(s, 'kvCache')?.value).toBeCloseTo(16.46 * GIB, 0);
    expect(figure(s, 'kvTokens')?.value).toBe(367_404);
  });

  it('SGLang start-up (Gemma 3) and CUDA-graph capture: weights, K + V pool, graphs; the first rank stands for both', () => {
    const log = parsed('sglang-gemma3-start.log');
    expect(log.engine).toBe('sglang');
    expect(figure(log, 'weights')).toMatchObject({ value: 8.13 * GIB, line: 1 });
    // 54.12 + 54.12 = 108.24 GiB for 834,615 tokens.
    expect(figure(log, 'kvCache')?.value).toBeCloseTo(108.24 * GIB, 0);
    expect(figure(log, 'kvTokens')?.value).toBe(834_615);
    const graphs = parsed('sglang-cuda-graph-end.log');
    expect(graphs).toMatchObject({ engine: 'sglang', ranks: 2 });
    expect(figure(graphs, 'cudaGraph')).toMatchObject({ value: 1.04 * GIB, line: 1 });
  });

  it('vLLM V0 profiling line and the concurrency line with its context', () => {
    const log = parsed('vllm-v0-llama-3.1-8b-rtx3090.log');
    // V0 wrote "GB" for a 2³⁰-byte figure.
    expect(figure(log, 'weights')?.value).toBe(14.9888 * GIB);
    expect(figure(log, 'totalMemory')?.value).toBe(23.58 * GIB);
    expect(figure(log, 'kvCache')?.value).toBe(3.81 * GIB);
    expect(figure(log, 'utilisation')?.value).toBe(0.9);
    expect(figure(log, 'maxConcurrency')).toMatchObject({ value: 1.56, contextTokens: 20_000, line: 4 });
  });

  it('the hybrid-model log whose token figure is not concurrency × context (vllm #40691): read as printed', () => {
    const log = parsed('vllm-qwen3.5-27b-h20.log');
    expect(figure(log, 'kvTokens')?.value).toBe(290_864);
    expect(figure(log, 'maxConcurrency')).toMatchObject({ value: 33.04, contextTokens: 32_768 });
    // 33.04 × 32,768 = 1,082,655 ≠ 290,864: the old log line divided blocks evenly over groups.
    expect(Math.round(33.04 * 32_768)).not.toBe(290_864);
    expect(figure(parsed('vllm-cuda-graph-estimate.log'), 'cudaGraph')?.value).toBe(6.24 * GIB);
    const v1 = parsed('vllm-llama-3.1-8b-int8-graphs.log');
    expect(figure(v1, 'cudaGraph')).toMatchObject({ value: 2.02 * GIB, line: 2 });
    expect(figure(v1, 'maxConcurrency')).toMatchObject({ value: 1.46, contextTokens: 65_536 });
  });

  it('SGLang MLA pool (Kimi K2, sglang PR #13466): one "KV size" figure, 0.53 GiB for 8,050 tokens', () => {
    const log = parsed('sglang-kimi-k2-mla-kv-size.log');
    expect(log.engine).toBe('sglang');
    expect(figure(log, 'kvCache')).toMatchObject({ value: 0.53 * GIB, line: 1 });
    expect(figure(log, 'kvTokens')?.value).toBe(8050);
    // Our MLA cost for Kimi K2: 61 layers × (512 + 64) × 2 B = 70,272 B/token; × 8,050 = 565,689,600 B
    // = 0.527 GiB, which SGLang prints as "0.53 GB" (its GB is 2³⁰ B).
    expect((61 * 576 * 2 * 8050) / GIB).toBeCloseTo(0.53, 2);
  });

  it('SGLang with the dtype in the pool line (sglang PR #29853): K + V still read', () => {
    const log = parsed('sglang-dtype-k-v-size.log');
    expect(figure(log, 'kvCache')?.value).toBeCloseTo(11.84 * GIB, 0);
    expect(figure(log, 'kvTokens')?.value).toBe(387_968);
    // TP10 and TP14 printed the pool line.
    expect(log.ranks).toBe(2);
  });

  it('vLLM V0 worker processes count as ranks (Llama-3.1-405B FP8 on 8× H100, vllm #6746)', () => {
    const log = parsed('vllm-v0-llama-3.1-405b-fp8-8x-h100.log');
    // Six "VllmWorkerProcess pid=…" workers and the driver, whose lines carry no prefix; the
    // thread's excerpt stops before the eighth rank.
    expect(log.ranks).toBe(7);
    expect(figure(log, 'weights')).toMatchObject({ value: 57.752 * GIB, line: 7 });
    // TP ranks of two pipeline stages are four ranks, not two.
    const pp = parseEngineLog(
      [
        '(Worker_PP0_TP0 pid=1) Available KV cache memory: 1.95 GiB',
        '(Worker_PP0_TP1 pid=2) Available KV cache memory: 1.95 GiB',
        '(Worker_PP1_TP0 pid=3) Available KV cache memory: 1.95 GiB',
        '(Worker_PP1_TP1 pid=4) Available KV cache memory: 1.95 GiB',
      ].join('\n'),
    );
    expect(pp.ok && pp.log.ranks).toBe(4);
  });

  it('refuses a figure too large to be memory instead of reading it as Infinity', () => {
    const huge = '9'.repeat(300);
    const r = parseEngineLog(`Model loading took ${huge} GiB\nAvailable KV cache memory: 5.16 GiB`);
    expect(r).toMatchObject({ ok: true, issues: [{ code: 'bad-number', line: 1, field: 'weights' }] });
    if (!r.ok) throw new Error('parse');
    expect(figure(r.log, 'weights')).toBeUndefined();
    for (const f of r.log.figures) expect(Number.isFinite(f.value)).toBe(true);
    // A token count past 2⁵³ is no count either.
    expect(parseEngineLog(`GPU KV cache size: ${huge} tokens`)).toMatchObject({ ok: false, issues: [{ code: 'bad-number', field: 'kvTokens' }] });
  });

  it('says what is wrong: no engine lines, an unreadable number with its line, a log too long', () => {
    expect(parseEngineLog('hello\nworld')).toEqual({ ok: false, issues: [{ code: 'no-engine-lines' }] });
    const r = parseEngineLog('x\nModel loading took 1.2.3 GiB');
    expect(r).toMatchObject({ ok: false, issues: [{ code: 'bad-number', line: 2, field: 'weights', text: 'Model loading took 1.2.3 GiB' }] });
    // One unreadable line does not cost the rest.
    const partly = parseEngineLog('Model loading took 1.2.3 GiB\nAvailable KV cache memory: 5.16 GiB');
    expect(partly).toMatchObject({ ok: true, issues: [{ code: 'bad-number', line: 1 }] });
    expect(parseEngineLog('a'.repeat(5_000_001))).toMatchObject({ ok: false, issues: [{ code: 'too-long' }] });
  });
});

describe("the engine's figures beside our estimate for the same setup", () => {
  it('gpt-oss-120b on one H100 at 131,072 tokens: the engine loads 65.97 GiB, we count 65.93 GiB with the Marlin layout', () => {
    const s = enteredScenario();
    Object.assign(s.selfHosted, { modelId: 'gpt-oss-120b', gpuId: 'h100-sxm', gpusPerReplica: 1 });
    Object.assign(s.hardware, { weightFormat: 'mxfp4', contextLength: 131_072, concurrentSequences: 1 });
    const r = buildHardwareReport(s);
    if (!r.ok) throw new Error('report');
    const setup = resolveSetup(s);
    if (!setup.ok) throw new Error('setup');
    const c = compareEngineLog(parsed('vllm-gpt-oss-120b-h100.log'), r.report, setup.input.model);
    const weights = c.rows.find((x) => x.key === 'weights');
    // Ours: the 65.28e9-byte checkpoint (60.797 GiB) + the Marlin kernel's padding, hidden 2,880 → 3,072
    // and intermediate 2,880 → 2,944: 1,195,264 B × 36 layers × 128 experts = 5,507,776,512 B → 70,787,776,512 B
    // = 65.926 GiB; the engine: 65.9651 GiB, 0.039 GiB more. The log names the same kernel (line 1).
    expect(weights?.ours).toBe(65.28e9 + 5_507_776_512);
    expect((weights?.difference ?? NaN) / GIB).toBeCloseTo(0.039, 3);
    expect(weights?.kernelPadding).toMatchObject({ kernel: 'marlin-mxfp4', line: 1, extraBytesPerGpu: 5_507_776_512, included: true });
    expect((weights?.kernelPadding?.unexplainedBytes ?? NaN) / GIB).toBeCloseTo(0.039, 3);
    // vLLM 0.14.1 on the Triton kernel (vllm #33155): "Model loading took 64.38 GiB memory", 1.55 GiB
    // under our Marlin figure; that kernel's swizzled layout is not modelled, and the card says so.
    const triton = parsed('vllm-gpt-oss-120b-h100-triton.log');
    expect(triton.kernels).toMatchObject([{ kernel: 'triton-mxfp4', line: 1 }]);
    const tw = compareEngineLog(triton, r.report, setup.input.model).rows.find((x) => x.key === 'weights');
    expect(tw).toMatchObject({ line: 2, kernelMismatch: { logKernel: 'triton-mxfp4', line: 1, modelled: 'marlin-mxfp4' } });
    expect((tw?.difference ?? NaN) / GIB).toBeCloseTo(64.38 - (65.28e9 + 5_507_776_512) / GIB, 6);
    // KV room: ours 78,679,145,185.28 − 70,787,776,512 − 7 GiB = 375,175,905.28 B (0.35 GiB); the engine had −2.14 GiB.
    const kv = c.rows.find((x) => x.key === 'kvCache');
    expect(kv?.ours).toBeCloseTo(78_679_145_185.28 - 70_787_776_512 - 7 * GIB, 0);
    expect(kv?.engine).toBe(-2.14 * GIB);
    // The engine did not start (line 8), and neither does our fit of this setup.
    expect(c.start).toEqual({ engine: { starts: false, line: 8 }, ours: { starts: false, reason: 'kv-exceeds-remaining' } });
    // This log gives no overheads to take over.
    expect(c.suggestion).toEqual({ runtimeOverheadGiB: null, activationGiB: null });
  });

  it('vllm #27508 at utilisation 0.95 and 1,024 batched tokens: 1.71 GiB left, 4.54 GiB needed — the engine and our fit both say it does not start', () => {
    const log = parsed('vllm-gpt-oss-120b-h100-095.log');
    expect(figure(log, 'kvCache')).toMatchObject({ value: 1.71 * GIB, line: 1 });
    expect(figure(log, 'kvNeeded')).toMatchObject({ value: 4.54 * GIB, contextTokens: 131_072, line: 3 });
    expect(log.startFailure).toEqual({ line: 2, text: expect.stringContaining('EngineCore failed to start') });
    // The page at the thread's command: --gpu-memory-utilization 0.95 --max-num-batched-tokens 1024.
    const s = defaultScenario();
    Object.assign(s.selfHosted, { modelId: 'gpt-oss-120b', gpuId: 'h100-sxm', gpusPerReplica: 1 });
    Object.assign(s.hardware, { weightFormat: 'mxfp4', contextLength: 131_072, concurrentSequences: 1, memoryUtilisation: 0.95, maxNumBatchedTokens: 1024 });
    const r = buildHardwareReport(s);
    if (!r.ok) throw new Error('report');
    const c = compareEngineLog(log, r.report);
    // One sequence as vLLM allocates it: 4,874,895,360 B = 4.540 GiB (kv-cache.test.ts), the log's "4.54 GiB".
    const needed = c.rows.find((x) => x.key === 'kvNeeded');
    expect(needed).toMatchObject({ ours: 4_874_895_360, line: 3 });
    expect(Math.abs((needed?.difference ?? NaN) / GIB)).toBeLessThan(0.005);
    // Room: 81,244,769,484.8 − 80,218,092,339.2 = 1,026,677,145.6 B (0.96 GiB); the engine had 1.71 GiB.
    expect(c.rows.find((x) => x.key === 'kvCache')?.ours).toBeCloseTo(1_026_677_145.6, 0);
    expect(c.start).toEqual({ engine: { starts: false, line: 2 }, ours: { starts: false, reason: 'kv-exceeds-remaining' } });
  });

  it('the gpu_worker summary offers its overheads: 1.63 + 0.14 = 1.77 → 1.8 GiB runtime, 3.75 → 3.8 GiB activations', () => {
    const r = buildHardwareReport(enteredScenario());
    if (!r.ok) throw new Error('report');
    const c = compareEngineLog(parsed('vllm-gpu-worker-b300-tp4.log'), r.report);
    expect(c.suggestion).toEqual({ runtimeOverheadGiB: 1.8, activationGiB: 3.8 });
    expect(c.rows.map((x) => x.key)).toEqual(['totalMemory', 'budget', 'utilisation', 'weights', 'activation', 'overheads', 'kvCache']);
    expect(c.rows.find((x) => x.key === 'overheads')?.engine).toBeCloseTo(1.77 * GIB, 0);
  });
});
