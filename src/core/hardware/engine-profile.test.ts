import { describe, expect, it } from 'vitest';
import { findGpu, findModel } from '../catalog/catalog';
import type { GpuRecord } from '../catalog/types';
import { defaultScenario } from '../scenario/defaults';
import type { ModelSpec } from '../scenario/model-spec';
import { activeIntermediate, captureSizes, engineLimits, overheadsFor, vllmTier, type OverheadInput } from './engine-profile';
import { buildHardwareReport } from './report';

const GiB = 2 ** 30;
const MiB = 2 ** 20;

function gpu(id: string): GpuRecord {
  const g = findGpu(id);
  if (!g) throw new Error(id);
  return g;
}

function model(id: string): ModelSpec {
  const m = findModel(id);
  if (!m) throw new Error(id);
  return m;
}

const estimated = (m: ModelSpec, limits: Partial<Pick<OverheadInput, 'maxNumBatchedTokens' | 'maxNumSeqs'>> = {}): OverheadInput => ({
  model: m,
  overheadSource: 'estimated',
  runtimeOverheadGiB: 4,
  activationGiB: 3,
  maxNumBatchedTokens: null,
  maxNumSeqs: null,
  ...limits,
});

describe("vLLM's scheduler defaults by GPU", () => {
  it('≥ 70 GiB and not an A100: 8,192 tokens, 1,024 sequences, graphs to 512; L40S 4,096 / 512 / 256; A100 and RTX 2,048 / 256 / 128', () => {
    expect(vllmTier(gpu('h100-sxm'))).toBe('large'); // 81,559 MiB = 79.6 GiB
    expect(vllmTier(gpu('mi300x'))).toBe('large');
    expect(vllmTier(gpu('l40s'))).toBe('balanced'); // 46,068 MiB = 45.0 GiB
    expect(vllmTier(gpu('a100-80gb-sxm'))).toBe('compact'); // "a100" in the name, whatever its memory
    expect(vllmTier(gpu('rtx-4090'))).toBe('compact');
    expect(engineLimits({ maxNumBatchedTokens: null, maxNumSeqs: null }, gpu('h100-sxm'))).toMatchObject({
      maxNumBatchedTokens: 8192,
      maxNumSeqs: 1024,
      maxCaptureSize: 512,
    });
    // Entered limits win; the capture cap follows 2 × max_num_seqs: 2 × 16 = 32.
    expect(engineLimits({ maxNumBatchedTokens: 1024, maxNumSeqs: 16 }, gpu('h100-sxm'))).toMatchObject({
      maxNumBatchedTokens: 1024,
      maxNumSeqs: 16,
      maxCaptureSize: 32,
      entered: { maxNumBatchedTokens: true, maxNumSeqs: true },
    });
  });

  it("capture sizes: 1, 2, 4, every 8 to 248, every 16 from 256 — 51 at 512 (vLLM's printed list), 19 at 128", () => {
    const at512 = captureSizes(512);
    expect(at512).toHaveLength(3 + 31 + 17);
    expect(at512.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 24]);
    expect(at512.slice(-3)).toEqual([480, 496, 512]);
    expect(captureSizes(128)).toHaveLength(3 + 16);
    expect(captureSizes(256)).toHaveLength(3 + 31 + 1);
    expect(captureSizes(32)).toEqual([1, 2, 4, 8, 16, 24, 32]);
  });
});

describe('overheads from the engine profile, against published logs', () => {
  it("the MLP width a token passes: Llama-3.1-8B's intermediate_size 14,336 from its parameter counts", () => {
    // (8.03 − 32 × 41,943,040 attention − 2 × 128,256 × 4,096 embeddings) / (3 × 4,096 × 32).
    expect(activeIntermediate(model('llama-3.1-8b'))).toBeCloseTo(14_336, -1);
  });

  it('forward pass: Llama-3.1-8B at 20,000 and 29,000 tokens per step — 2.06 and 2.99 GiB, the V0 RTX 3090 log (vllm #10517) 2.07 and 2.99', () => {
    // The log (fixtures/engine-logs/vllm-v0-llama-3.1-8b-rtx3090.log and the thread's 29k block):
    // peak_torch_memory 17.06 / 17.98 GiB less 14.9888 GiB of weights = 2.07 / 2.99 GiB, profiled
    // with one batch of max_model_len tokens. Ours: T × 2 B × (3 × 4,096 + 3 × 14,336) = T × 110,592 B.
    const m = model('llama-3.1-8b');
    const at = (t: number) => overheadsFor(estimated(m, { maxNumBatchedTokens: t, maxNumSeqs: 1 }), gpu('rtx-4090'), { tp: 1 });
    const a = at(20_000);
    const b = at(29_000);
    if (a.source !== 'estimated' || b.source !== 'estimated') throw new Error('estimated');
    expect(a.parts.forwardBytes / GiB).toBeCloseTo(2.06, 1);
    expect(Math.abs(a.parts.forwardBytes / GiB - 2.07)).toBeLessThan(0.03);
    expect(Math.abs(b.parts.forwardBytes / GiB - 2.99)).toBeLessThan(0.03);
  });

  it('sampler: gpt-oss-120b on one H100 — 1,024 × 201,088 × 38 B = 7.29 GiB; the two failing logs had 7.47–7.58 GiB besides weights and KV', () => {
    // vllm #23278: budget 0.9 × 79.22 GiB (CUDA's total) = 71.30 − 65.97 weights − (−2.14) KV = 7.47 GiB;
    // vllm #27508: 0.95 × 79.22 = 75.26 − 65.97 − 1.71 = 7.58 GiB (neither version counted CUDA graphs).
    const o = overheadsFor(estimated(model('gpt-oss-120b')), gpu('h100-sxm'), { tp: 1 });
    if (o.source !== 'estimated') throw new Error('estimated');
    expect(o.parts.samplerBytes).toBe(1024 * 201_088 * 38);
    expect(o.activationBytes).toBe(o.parts.samplerBytes);
    const withoutGraphs = (o.activationBytes + o.parts.nonTorchBytes) / GiB; // 7.29 + 0.30 = 7.59
    expect(withoutGraphs).toBeGreaterThan(7.47 - 0.2);
    expect(withoutGraphs).toBeLessThan(7.58 + 0.2);
    // Runtime: 0.3 GiB + 51 graphs × 24 MiB = 1.495 GiB.
    expect(o.runtimeBytes).toBeCloseTo(0.3 * GiB + 51 * 24 * MiB, 0);
    // With --max-num-batched-tokens 1024 the sampler still samples min(1,024, 1,024) sequences: the same.
    const small = overheadsFor(estimated(model('gpt-oss-120b'), { maxNumBatchedTokens: 1024 }), gpu('h100-sxm'), { tp: 1 });
    expect(small.activationBytes).toBe(o.activationBytes);
  });

  it('sampler: Llama-3 8B on an H100 with 256 sequences — 1.16 GiB; vllm PR #10511 logged a 1.26 GiB peak at TP 1 and TP 2 alike', () => {
    const o = overheadsFor(estimated(model('llama-3.1-8b'), { maxNumSeqs: 256, maxNumBatchedTokens: 8192 }), gpu('h100-sxm'), { tp: 1 });
    if (o.source !== 'estimated') throw new Error('estimated');
    // 256 × 128,256 × 38 = 1,247,674,368 B = 1.162 GiB; the forward pass at 8,192 tokens is 0.84 GiB.
    expect(o.parts.samplerBytes).toBe(1_247_674_368);
    expect(o.activationBytes / GiB).toBeCloseTo(1.162, 3);
    expect(Math.abs(o.activationBytes / GiB / 1.26 - 1)).toBeLessThan(0.1);
    const tp2 = overheadsFor(estimated(model('llama-3.1-8b'), { maxNumSeqs: 256, maxNumBatchedTokens: 8192 }), gpu('h100-sxm'), { tp: 2 });
    expect(tp2.activationBytes).toBe(o.activationBytes);
  });

  it('TP buffers: 0.3 GiB on one GPU or over PCIe, 1.63 GiB with TP over NVLink (the InferenceX B300 TP4 summary: 1.63 GiB non-torch)', () => {
    const k = model('kimi-k2.6');
    const one = overheadsFor(estimated(k), gpu('b300'), { tp: 1 });
    const four = overheadsFor(estimated(k), gpu('b300'), { tp: 4 });
    const pcie = overheadsFor(estimated(k), gpu('rtx-4090'), { tp: 2 });
    if (one.source !== 'estimated' || four.source !== 'estimated' || pcie.source !== 'estimated') throw new Error('estimated');
    expect(one.parts.nonTorchBytes / GiB).toBeCloseTo(0.3, 6);
    expect(four.parts.nonTorchBytes / GiB).toBeCloseTo(1.63, 6);
    expect(pcie.parts.nonTorchBytes / GiB).toBeCloseTo(0.3, 6);
  });

  it('entered overheads are taken as given', () => {
    expect(overheadsFor({ ...estimated(model('llama-3.1-8b')), overheadSource: 'entered' }, gpu('h100-sxm'), { tp: 1 })).toEqual({
      source: 'entered',
      activationBytes: 3 * GiB,
      runtimeBytes: 4 * GiB,
    });
  });
});

describe('on a small GPU the estimate leaves room where 4 + 3 GiB left none', () => {
  it('Llama-3.1-8B BF16 on one RTX 4090 at 8K: 0 sequences with 4 + 3 GiB, 5 with the estimate', () => {
    // Budget 24,564 MiB × 1,048,576 × 0.92 = 23,696,643,194.88 B; weights 16.06e9 B; one 8K sequence
    // 131,072 × 8,192 = 1,073,741,824 B.
    // 4 + 3 GiB: 23,696,643,194.88 − 16.06e9 − 7,516,192,768 = 120,450,427 B → 0 sequences.
    // Estimate (compact tier: 2,048 tokens, 256 sequences, graphs to 128): activations = the sampler's
    // 256 × 128,256 × 38 = 1,247,674,368 B (the forward pass 2,048 × 110,592 = 226,492,416 B is smaller);
    // runtime 0.3 GiB + 19 × 24 MiB = 322,122,547.2 + 478,150,656 = 800,273,203.2 B; together 1.91 GiB.
    // Room 23,696,643,194.88 − 16.06e9 − 2,047,947,571.2 = 5,588,695,623.68 B → 5 sequences.
    const s = defaultScenario();
    Object.assign(s.selfHosted, { modelId: 'llama-3.1-8b', gpuId: 'rtx-4090', gpusPerReplica: 1, gpusPerNode: 1 });
    Object.assign(s.hardware, { weightFormat: 'bf16', contextLength: 8192, concurrentSequences: 1 });
    const est = buildHardwareReport(s);
    if (!est.ok) throw new Error('report');
    expect(est.report.memory.activationPerGpu + est.report.memory.runtimePerGpu).toBeCloseTo(1_247_674_368 + 800_273_203.2, 0);
    expect(est.report.memory.kvAvailablePerGpu).toBeCloseTo(5_588_695_623.68, 0);
    expect(est.report.fixes.maxConcurrencyAtContext).toBe(5);
    s.hardware.overheadSource = 'entered';
    const old = buildHardwareReport(s);
    if (!old.ok) throw new Error('report');
    expect(old.report.memory.kvAvailablePerGpu).toBeCloseTo(120_450_426.88, 0);
    expect(old.report.fixes.maxConcurrencyAtContext).toBe(0);
  });
});
