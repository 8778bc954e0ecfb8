import { describe, expect, it } from 'vitest';
import { findModel } from '../catalog/catalog';
import { defaultScenario } from '../scenario/defaults';
import type { Scenario } from '../scenario/schema';
import { memoryBreakdown } from './fit';
import { weightBytes } from './model-math';
import { buildHardwareReport } from './report';
import { resolveSetup } from './setup';

const GiB = 2 ** 30;

/** A TP, MLA mode or DCP size named by a test pins the layout (as the CLI's flags do). */
function scenario(selfHosted: Partial<Scenario['selfHosted']>, hardware: Partial<Scenario['hardware']>): Scenario {
  const s = defaultScenario();
  Object.assign(s.selfHosted, selfHosted);
  const pins = 'tensorParallel' in hardware || 'mlaKvMode' in hardware || 'dcpSize' in hardware;
  // Entered 4 + 3 GiB unless a test names its overheads, so the hand arithmetic below holds.
  Object.assign(s.hardware, { overheadSource: 'entered' }, pins ? { layout: { choice: 'pinned' } } : {}, hardware);
  return s;
}

function report(selfHosted: Partial<Scenario['selfHosted']>, hardware: Partial<Scenario['hardware']>) {
  const r = buildHardwareReport(scenario(selfHosted, hardware));
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.report;
}

function model(id: string) {
  const m = findModel(id);
  if (!m) throw new Error(id);
  return m;
}

describe('weights from checkpoint bytes or from parameters × effective bits', () => {
  it('uses the real checkpoint when the catalog has one for the format', () => {
    const k3 = weightBytes(model('kimi-k3'), 'mxfp4');
    expect(k3.source.kind).toBe('checkpoint');
    expect(k3.totalBytes).toBe(1_560_936_091_448);
    const k2int4 = weightBytes(model('kimi-k2'), 'int4');
    expect(k2int4.source.kind).toBe('variant');
    expect(k2int4.totalBytes).toBe(594e9);
  });

  it('the estimate reproduces real checkpoints: experts quantised, the rest BF16', () => {
    // Kimi K3: routed (2,780 − 104) / (1 − 16/896) = 2,724.6B × 4.25 / 8 = 1,447.4 GB; rest 55.4B × 2 = 110.8 GB → 1,558.3 GB vs 1,560.9 GB.
    const k3 = weightBytes(model('kimi-k3'), 'mxfp4');
    expect(k3.estimateBytes / 1e9).toBeCloseTo(1558.3, 0);
    expect(Math.abs(k3.estimateBytes / 1_560_936_091_448 - 1)).toBeLessThan(0.005);
    // Kimi K2.6 INT4: (1,026.4 − 32) / (1 − 8/384) = 1,015.56B × 4.5 / 8 = 571.25 GB; 10.84B × 2 = 21.68 GB → 592.9 GB vs ≈594 GB.
    const k26 = weightBytes(model('kimi-k2.6'), 'int4');
    expect(k26.estimateBytes / 1e9).toBeCloseTo(592.9, 0);
    // Llama-3.1-70B BF16: 70.55B × 2 = 141.1 GB.
    const llama = weightBytes(model('llama-3.1-70b'), 'bf16');
    expect(llama.estimateBytes).toBeCloseTo(141.1e9, -6);
  });

  it('Llama-3.1-405B FP8: the real checkpoint keeps attention, embeddings and the first and last MLPs in BF16 (vLLM loads 57.75 GiB per GPU at TP8)', () => {
    // Per layer: attention q, o 2 × 16,384² + k, v 2 × 16,384 × 1,024 = 570,425,344 → × 126 = 71.874B;
    // MLP 3 × 16,384 × 53,248 = 2,617,245,696. Embedding and head 2 × 128,256 × 16,384 = 4.203B.
    // BF16: 71.874 + 4.203 + 2 × 2.617 = 81.311B → 162.62 GB; FP8: 405.85 − 81.311 = 324.54B × 8.002 / 8 = 324.62 GB.
    const bf16B = (126 * 570_425_344 + 2 * 128_256 * 16_384 + 2 * 2_617_245_696) / 1e9;
    const expected = bf16B * 2e9 + ((405.85 - bf16B) * 1e9 * (8 + 32 / 16_384)) / 8;
    const fp8 = weightBytes(model('llama-3.1-405b'), 'fp8');
    expect(fp8.source).toMatchObject({ kind: 'variant', format: 'fp8' });
    expect(fp8.totalBytes).toBeCloseTo(expected, -3);
    // vllm #6746, every TP8 rank: "Loading model weights took 57.7520 GB" (2³⁰-byte GB). Ours per GPU:
    // 487.24e9 / 8 = 60.905e9 B = 56.72 GiB, 1.8 % under; all-FP8 would be 47.7 GiB, 17 % under.
    const perGpuGiB = fp8.totalBytes / 8 / GiB;
    expect(perGpuGiB).toBeCloseTo(56.72, 1);
    expect(Math.abs(perGpuGiB / 57.752 - 1)).toBeLessThan(0.02);
  });

  it('estimates formats the catalog has no checkpoint for', () => {
    // Llama-3.1-70B FP8: (70.55 − 2.101 embeddings)B × (8 + 32/16,384) / 8 + 2.101B × 2 = 68.466 + 4.203 = 72.67 GB.
    const emb = (2 * 128_256 * 8192) / 1e9;
    const expected = ((70.55 - emb) * (8 + 32 / 16_384)) / 8 + emb * 2;
    const fp8 = weightBytes(model('llama-3.1-70b'), 'fp8');
    expect(fp8.source.kind).toBe('estimate');
    expect(fp8.totalBytes / 1e9).toBeCloseTo(expected, 6);
    // Dense INT4: everything but the embeddings at 4.5 bits: 68.449B × 0.5625 + 4.203 = 42.71 GB.
    expect(weightBytes(model('llama-3.1-70b'), 'int4').totalBytes / 1e9).toBeCloseTo(((70.55 - emb) * 4.5) / 8 + emb * 2, 6);
  });
});

describe('vendor-anchored checks', () => {
  it('physical memory is what the runtime reports: H100 81,559 MiB, not 80 × 10⁹ bytes', () => {
    // nvidia-smi memory.total for an H100 80GB HBM3 is 81,559 MiB (modal-labs/modal-client PR #2797):
    // 81,559 × 1,048,576 = 81,559,000,000 + 81,559 × 48,576 (3,961,809,984) = 85,520,809,984 B = 85.52 GB.
    // Budget at vLLM's gpu_memory_utilization 0.92 applied to that total: 78,679,145,185.28 B.
    const r = report({ modelId: 'gpt-oss-120b', gpuId: 'h100-sxm', gpusPerReplica: 1 }, { weightFormat: 'mxfp4', tensorParallel: 1 });
    expect(r.memory.physicalPerGpu).toBe(85_520_809_984);
    expect(r.memory.budgetPerGpu).toBeCloseTo(78_679_145_185.28, 0);
    expect(r.gpu.memoryGB).toBe(80);
    expect(r.gpu.reportedMemory?.mib).toBe(81_559);
  });

  it('gpt-oss-120b on one H100 at 128K does not start in vLLM: the Marlin layout adds 5.13 GiB to the 65.28 GB checkpoint', () => {
    // vLLM runs MXFP4 on an H100 with the Marlin kernel, which pads every expert to hidden 3,072 ×
    // intermediate 2,944: 1,195,264 B × 36 × 128 = 5,507,776,512 B (engine-padding.test.ts).
    const gptOss = { modelId: 'gpt-oss-120b', gpuId: 'h100-sxm', gpusPerReplica: 1 };
    const setup = { weightFormat: 'mxfp4', kvFormat: 'bf16', tensorParallel: 1, contextLength: 131_072, concurrentSequences: 1 } as const;
    const budget = 78_679_145_185.28; // 81,559 MiB × 1,048,576 × 0.92
    // Page defaults (estimated overheads): the sampler's 1,024 × 201,088 × 38 B = 7,824,736,256 B of
    // activations; runtime 0.3 GiB + 51 CUDA graphs × 24 MiB = 1,605,579,571.2 B. Weights with the
    // padding 70,787,776,512 B: fixed terms 80,218,092,339.2 B are above the budget.
    const r = report(gptOss, { ...setup, overheadSource: 'estimated' });
    const m = r.memory;
    expect(m.weights.perGpuBytes).toBe(65.28e9 + 5_507_776_512);
    expect(m.weights.kernelPadding).toMatchObject({ kernel: 'marlin-mxfp4', extraBytesPerGpu: 5_507_776_512 });
    expect(m.activationPerGpu).toBe(7_824_736_256);
    expect(m.runtimePerGpu).toBeCloseTo(0.3 * GiB + 51 * 24 * 2 ** 20, 0);
    expect(m.verdict).toMatchObject({ fits: false, reason: 'fixed-terms-exceed-budget' });
    expect(m.start).toMatchObject({ starts: false, reason: 'fixed-terms-exceed-budget' });
    // With the entered 4 + 3 GiB of a v4 link the weights and overheads fit (78,303,969,280 B), but one
    // 128K sequence as vLLM allocates it (5,139,136,512 B, kv-cache.test.ts) does not: it does not start.
    const entered = report(gptOss, { ...setup, overheadSource: 'entered' }).memory;
    expect(entered.kvAvailablePerGpu).toBeCloseTo(budget - 65.28e9 - 5_507_776_512 - 7 * GiB, 0);
    expect(entered.kv.perGpuBytes).toBe(5_139_136_512);
    expect(entered.verdict.headroomPerGpu).toBeCloseTo(budget - 78_303_969_280 - 5_139_136_512, 0);
    expect(entered.start).toMatchObject({ starts: false, reason: 'kv-exceeds-remaining', neededBytes: 5_139_136_512 });
    // A B200 has FP4 units; vLLM runs FlashInfer there (both sizes to 256), and it starts.
    const b200 = report({ ...gptOss, gpuId: 'b200' }, { ...setup, overheadSource: 'estimated' }).memory;
    expect(b200.weights.kernelPadding?.kernel).toBe('flashinfer-mxfp4');
    expect(b200.start.starts).toBe(true);
  });

  it('the two public logs of gpt-oss-120b on one H100 that did not start: our fit says the same, with the reason', () => {
    const gptOss = { modelId: 'gpt-oss-120b', gpuId: 'h100-sxm', gpusPerReplica: 1 };
    const setup = {
      weightFormat: 'mxfp4',
      kvFormat: 'bf16',
      tensorParallel: 1,
      contextLength: 131_072,
      concurrentSequences: 1,
      overheadSource: 'estimated',
    } as const;
    // vllm #23278 (vLLM 0.10.1 defaults: utilisation 0.9, 8,192 batched tokens; "Available KV cache
    // memory: -2.14 GiB"): budget 85,520,809,984 × 0.9 = 76,968,728,985.6 B < fixed 80,218,092,339.2 B.
    const a = report(gptOss, { ...setup, memoryUtilisation: 0.9, maxNumBatchedTokens: 8192 }).memory;
    expect(a.start).toMatchObject({ starts: false, reason: 'fixed-terms-exceed-budget' });
    expect(a.kvAvailablePerGpu / GiB).toBeCloseTo((76_968_728_985.6 - 80_218_092_339.2) / GiB, 6); // −3.03 GiB
    // vllm #27508 (--gpu-memory-utilization 0.95 --max-num-batched-tokens 1024; 1.71 GiB available,
    // "4.54 GiB KV cache is needed"): budget 81,244,769,484.8 B leaves 1,026,677,145.6 B (0.96 GiB)
    // after the same fixed terms (1,024 sequences sampled still), under the 4,874,895,360 B one
    // sequence needs.
    const b = report(gptOss, { ...setup, memoryUtilisation: 0.95, maxNumBatchedTokens: 1024 }).memory;
    expect(b.kvAvailablePerGpu).toBeCloseTo(81_244_769_484.8 - 80_218_092_339.2, 0);
    expect(b.start).toMatchObject({ starts: false, reason: 'kv-exceeds-remaining', neededBytes: 4_874_895_360 });
  });

  it("Kimi K3's 1.561 TB checkpoint needs more than 8× H200", () => {
    // 1,560.9 GB / 8 = 195.1 GB per GPU > 141 GB physical.
    const r = report(
      { modelId: 'kimi-k3', gpuId: 'h200-sxm', gpusPerReplica: 8 },
      { weightFormat: 'mxfp4', tensorParallel: 8, mlaKvMode: 'dcp', dcpSize: 8, contextLength: 8192, concurrentSequences: 1 },
    );
    expect(r.memory.weights.perGpuBytes).toBeCloseTo(1_560_936_091_448 / 8, 0);
    expect(r.memory.verdict.fits).toBe(false);
    expect(r.memory.verdict.reason).toBe('weights-exceed-physical');
    expect(r.fixes.minGpus.kind).toBe('fits');
    if (r.fixes.minGpus.kind === 'fits') expect(r.fixes.minGpus.count).toBeGreaterThan(8);
    const h200 = r.minGpuTable.find((row) => row.gpuId === 'h200-sxm');
    expect(h200?.result.kind === 'fits' && h200.result.count > 8).toBe(true);
  });

  it('DeepSeek-V3 MLA KV at 128K ≈ 8.6 GiB per sequence in BF16', () => {
    const r = report(
      { modelId: 'deepseek-v3', gpuId: 'h200-sxm', gpusPerReplica: 8 },
      { weightFormat: 'fp8', kvFormat: 'bf16', tensorParallel: 8, mlaKvMode: 'replicated', contextLength: 131_072, concurrentSequences: 1 },
    );
    expect(r.memory.kv.uniqueBytes / GiB).toBeCloseTo(8.58, 2);
    // Replicated on 8 ranks: every GPU holds the full 8.58 GiB.
    expect(r.memory.kv.perGpuBytes / GiB).toBeCloseTo(8.58, 2);
  });

  it('article 000 "Kimi K2 FP8 on 8× H100" does not fit: weights alone exceed the physical memory', () => {
    // 1.03 TB / 8 = 128.75 GB per GPU > 85.52 GB physical (81,559 MiB) > 78.68 GB budget.
    const r = report(
      { modelId: 'kimi-k2', gpuId: 'h100-sxm', gpusPerReplica: 8 },
      { weightFormat: 'fp8', kvFormat: 'fp8', tensorParallel: 8, mlaKvMode: 'replicated', contextLength: 32_768, concurrentSequences: 64 },
    );
    expect(r.memory.weights.perGpuBytes).toBe(128.75e9);
    expect(r.memory.verdict.fits).toBe(false);
    expect(r.memory.verdict.reason).toBe('weights-exceed-physical');
    expect(r.memory.verdict.overPhysical).toBe(true);
    // It needs 16 H100 just to hold the weights (64.4 GB each) and more for a replicated cache.
    expect(r.fixes.minGpus.kind === 'fits' && r.fixes.minGpus.count >= 16).toBe(true);
    expect(r.warnings.some((w) => w.code === 'mla-replicated')).toBe(true);
  });
});

describe('the default scenario', () => {
  it('Kimi K2.6 INT4 on 8× H200, 48 × 64K with DP-attention fits', () => {
    const r = buildHardwareReport(scenario({}, { mlaKvMode: 'dp-attention' }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const m = r.report.memory;
    // KV: 6 sequences per rank × 61 × 576 × 2 B × 65,536 = 27.63 GB.
    expect(m.kv.perGpuBytes).toBe(6 * 70_272 * 65_536);
    // Weights: routed + rest sharded ÷ 8, attention replicated on each of the 8 ranks.
    const w = m.weights;
    expect(w.perGpuBytes).toBeCloseTo((594e9 - w.bytes.attentionBytes) / 8 + w.bytes.attentionBytes, 0);
    expect(w.bytes.attentionBytes / 1e9).toBeGreaterThan(10);
    expect(w.bytes.attentionBytes / 1e9).toBeLessThan(15);
    // Budget: nvidia-smi reports 143,771 MiB for an H200 (public output, driver 570):
    // 143,771 × 1,048,576 = 150,754,820,096 B = 150.75 GB; × 0.92 = 138,694,434,488.32 B (not the marketed 141 GB × 0.92 = 129.72 GB).
    expect(m.physicalPerGpu).toBe(150_754_820_096);
    expect(m.budgetPerGpu).toBeCloseTo(138_694_434_488.32, 0);
    expect(m.verdict.fits).toBe(true);
    expect(m.verdict.headroomPerGpu).toBeGreaterThan(5e9);
  });
});

describe('verdict, reasons and fixes', () => {
  const base = { modelId: 'llama-3.1-70b', gpuId: 'h100-sxm', gpusPerReplica: 2 } as const;
  const hw = {
    weightFormat: 'bf16',
    kvFormat: 'bf16',
    tensorParallel: 2,
    contextLength: 8192,
    concurrentSequences: 4,
    activationGiB: 2,
    runtimeOverheadGiB: 2,
  } as const;

  it('reports headroom per GPU and in total', () => {
    // H100 budget 81,559 MiB × 1,048,576 × 0.92 = 78.68 GB.
    // Per GPU: 70.55 GB + 4 × 2.684 GB / 2 + 4 GiB = 70.55 + 5.369 + 4.295 = 80.21 GB > 78.68 budget;
    // the fixed terms alone (70.55 + 4.295 = 74.85 GB) fit, so the KV cache is what does not.
    const r = report(base, hw);
    expect(r.memory.usedPerGpu / 1e9).toBeCloseTo(70.55 + (4 * 2.68435456) / 2 + (4 * GiB) / 1e9, 3);
    expect(r.memory.verdict.fits).toBe(false);
    expect(r.memory.verdict.reason).toBe('kv-exceeds-remaining');
    expect(r.memory.verdict.headroomPerGpu / 1e9).toBeCloseTo(78.679145 - 80.213, 2);
    expect(r.memory.verdict.headroomTotal).toBeCloseTo(2 * r.memory.verdict.headroomPerGpu, 0);
    // With 6 GiB activations the fixed terms are 70.55 + 8 GiB (8.590) = 79.14 GB > 78.68 budget.
    const fixed = report(base, { ...hw, activationGiB: 6 });
    expect(fixed.memory.verdict.reason).toBe('fixed-terms-exceed-budget');
    expect(r.memory.verdict.headroomTotal).toBeCloseTo(2 * r.memory.verdict.headroomPerGpu, 0);
  });

  it('changing the GPU count changes the verdict', () => {
    // 4 GPUs: 35.275 + 4 × 2.684 / 4 + 4.295 = 42.25 GB ≤ 78.68 (81,559 MiB × 1,048,576 × 0.92).
    const r = report({ ...base, gpusPerReplica: 4 }, { ...hw, tensorParallel: 4 });
    expect(r.memory.verdict.fits).toBe(true);
    expect(r.memory.usedPerGpu / 1e9).toBeCloseTo(35.275 + 2.68435456 + (4 * GiB) / 1e9, 3);
  });

  it('names the KV cache when only the cache does not fit, and offers the maximum concurrency and context', () => {
    // 4× H100, TP 4: available for KV per GPU = 78.679 − 141.1 / 4 − 4.295 = 39.109 GB (budget 81,559 MiB × 1,048,576 × 0.92);
    // one 8K sequence costs 2.684 / 4 = 0.671 GB per GPU → ⌊39,109,177,889 / 671,088,640⌋ = ⌊58.28⌋ = 58 sequences.
    const r = report({ ...base, gpusPerReplica: 4 }, { ...hw, tensorParallel: 4, concurrentSequences: 200 });
    expect(r.memory.verdict.reason).toBe('kv-exceeds-remaining');
    const available = 85_520_809_984 * 0.92 - 141.1e9 / 4 - 4 * GiB;
    expect(r.fixes.maxConcurrencyAtContext).toBe(Math.floor(available / (2_684_354_560 / 4)));
    expect(r.fixes.maxConcurrencyAtContext).toBe(58);
    // Max context for 200 sequences: 200 × c × 327,680 / 4 ≤ available → c = ⌊available × 4 / (200 × 327,680)⌋ = ⌊2,387.03⌋.
    expect(r.fixes.maxContextAtConcurrency).toEqual({ kind: 'tokens', tokens: Math.floor((available * 4) / (200 * 327_680)) });
    expect(r.fixes.maxContextAtConcurrency).toEqual({ kind: 'tokens', tokens: 2387 });
    expect(r.fixes.fitsWithFp8Kv).toBe(false);
  });

  it('flags memory used beyond the physical line separately from the budget', () => {
    // 10 sequences: 70.55 + 10 × 2.684 / 2 + 4.295 = 88.27 GB per GPU > 85.52 GB physical (81,559 MiB).
    const r = report(base, { ...hw, concurrentSequences: 10 });
    expect(r.memory.verdict.overPhysical).toBe(true);
    expect(r.warnings.some((w) => w.code === 'over-physical')).toBe(true);
  });

  it('DP-attention fix for a replicated MLA cache', () => {
    const r = report(
      { modelId: 'kimi-k2.6', gpuId: 'h200-sxm', gpusPerReplica: 8 },
      { weightFormat: 'int4', tensorParallel: 8, mlaKvMode: 'replicated', contextLength: 65_536, concurrentSequences: 48 },
    );
    // Replicated: 48 × 70,272 × 65,536 = 221.1 GB per GPU — cannot fit 141 GB.
    expect(r.memory.kv.perGpuBytes).toBe(48 * 70_272 * 65_536);
    expect(r.memory.verdict.fits).toBe(false);
    expect(r.fixes.dpAttention).toEqual({ fits: true, kvPerGpu: 6 * 70_272 * 65_536 });
    const warning = r.warnings.find((w) => w.code === 'mla-replicated');
    expect(warning?.params).toMatchObject({ tp: 8, kvPerGpu: 48 * 70_272 * 65_536, kvPerGpuDpAttention: 6 * 70_272 * 65_536 });
  });
});

describe('warnings', () => {
  it('multi-node MoE needs NVLink/RDMA-class interconnect', () => {
    const r = report(
      { modelId: 'kimi-k2', gpuId: 'h100-sxm', gpusPerReplica: 16, gpusPerNode: 8 },
      { weightFormat: 'fp8', tensorParallel: 8, concurrentSequences: 1, contextLength: 4096 },
    );
    expect(r.memory.layout.nodes).toBe(2);
    expect(r.warnings.find((w) => w.code === 'multi-node-moe')?.params).toMatchObject({ nodes: 2 });
    // A dense model on two nodes gets no MoE warning.
    const dense = report(
      { modelId: 'llama-3.1-405b', gpuId: 'h100-sxm', gpusPerReplica: 16, gpusPerNode: 8 },
      { weightFormat: 'bf16', tensorParallel: 8, concurrentSequences: 1, contextLength: 4096 },
    );
    expect(dense.warnings.some((w) => w.code === 'multi-node-moe')).toBe(false);
  });

  it('configured context versus the model maximum', () => {
    const over = report(
      { modelId: 'llama-3.1-70b', gpuId: 'h200-sxm', gpusPerReplica: 8 },
      { weightFormat: 'bf16', contextLength: 10_000_000, concurrentSequences: 1 },
    );
    expect(over.warnings.find((w) => w.code === 'context-exceeds-max')?.params).toEqual({ context: 10_000_000, max: 131_072 });
    const at = report(
      { modelId: 'llama-3.1-70b', gpuId: 'h200-sxm', gpusPerReplica: 8 },
      { weightFormat: 'bf16', contextLength: 131_072, concurrentSequences: 1 },
    );
    expect(at.warnings.some((w) => w.code === 'context-at-max')).toBe(true);
    const below = report(
      { modelId: 'llama-3.1-70b', gpuId: 'h200-sxm', gpusPerReplica: 8 },
      { weightFormat: 'bf16', contextLength: 32_768, concurrentSequences: 1 },
    );
    expect(below.warnings.some((w) => w.code === 'context-below-max')).toBe(true);
  });

  it('context 10M: finite numbers everywhere, not a fit', () => {
    const r = report({ modelId: 'kimi-k2.6' }, { contextLength: 10_000_000 });
    expect(r.memory.verdict.fits).toBe(false);
    const numbers: number[] = [];
    JSON.stringify(r, (_k, v: unknown) => {
      if (typeof v === 'number') numbers.push(v);
      return v;
    });
    expect(numbers.length).toBeGreaterThan(100);
    expect(numbers.every(Number.isFinite)).toBe(true);
  });
});

describe('input problems are reported at the field', () => {
  it('0 GPUs, negative overheads, TP larger than the count, DCP not dividing TP', () => {
    const r = resolveSetup(scenario({ gpusPerReplica: 0 }, { runtimeOverheadGiB: -1, contextLength: -5 }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const fields = r.issues.map((i) => i.field);
    expect(fields).toContain('selfHosted.gpusPerReplica');
    expect(fields).toContain('hardware.runtimeOverheadGiB');
    expect(fields).toContain('hardware.contextLength');
    const tp = resolveSetup(scenario({ gpusPerReplica: 4 }, { tensorParallel: 8 }));
    expect(tp.ok ? [] : tp.issues).toEqual([{ field: 'hardware.tensorParallel', code: 'tp-exceeds-gpus', params: { tp: 8, gpus: 4 } }]);
    const mult = resolveSetup(scenario({ gpusPerReplica: 12 }, { tensorParallel: 8 }));
    expect(mult.ok ? [] : mult.issues.map((i) => i.code)).toEqual(['gpus-not-multiple-of-tp']);
    const dcp = resolveSetup(scenario({}, { mlaKvMode: 'dcp', dcpSize: 3 }));
    expect(dcp.ok ? [] : dcp.issues.map((i) => i.field)).toEqual(['hardware.dcpSize']);
  });

  it('unknown ids and a missing custom model', () => {
    const r = resolveSetup(scenario({ modelId: 'nope', gpuId: 'nada' }, {}));
    expect(r.ok ? [] : r.issues.map((i) => i.code)).toEqual(['unknown-model', 'unknown-gpu']);
    const c = resolveSetup(scenario({ modelId: 'custom' }, { customModel: null }));
    expect(c.ok ? [] : c.issues).toEqual([{ field: 'hardware.customModel', code: 'custom-model-missing' }]);
  });

  it('a custom model is used as given', () => {
    const { id: _id, vendor: _v, source: _s, variants: _variants, ...spec } = model('llama-3.1-70b');
    const r = report(
      { modelId: 'custom', gpuId: 'h100-sxm', gpusPerReplica: 2 },
      { customModel: { ...spec, name: 'My Llama' }, weightFormat: 'bf16', tensorParallel: 2, concurrentSequences: 1, contextLength: 8192 },
    );
    expect(r.model.name).toBe('My Llama');
    expect(r.memory.weights.perGpuBytes).toBe(141.1e9 / 2);
  });
});

describe('checkpoint download', () => {
  it('Kimi K3 at 10 Gbit/s: 1,560,936,091,448 B × 8 / 10e9 = 1,248.7 s', () => {
    const r = report(
      { modelId: 'kimi-k3', gpuId: 'gb300', gpusPerReplica: 8, gpusPerNode: 4 },
      { weightFormat: 'mxfp4', downloadGbps: 10, mlaKvMode: 'dcp', dcpSize: 8 },
    );
    expect(r.checkpoint.bytes).toBe(1_560_936_091_448);
    expect(r.checkpoint.downloadSeconds).toBeCloseTo(1248.75, 2);
    expect(r.checkpoint.source).toEqual({ kind: 'checkpoint', format: 'mxfp4' });
  });

  it('an invalid custom model is reported at its field', () => {
    const { id: _id, vendor: _v, source: _s, variants: _variants, ...spec } = model('llama-3.1-70b');
    const r = resolveSetup(scenario({ modelId: 'custom' }, { customModel: { ...spec, activeParamsB: 500 } }));
    expect(r.ok ? [] : r.issues).toEqual([
      { field: 'hardware.customModel.activeParamsB', code: 'custom-model-invalid', params: { problem: 'Active parameters cannot exceed total parameters' } },
    ]);
  });
});

describe('memoryBreakdown is consistent', () => {
  it('used = weights + KV + activations + runtime; free = max(0, budget − used)', () => {
    const r = resolveSetup(defaultScenario());
    if (!r.ok) throw new Error('default');
    const m = memoryBreakdown(r.input);
    expect(m.usedPerGpu).toBeCloseTo(m.weights.perGpuBytes + m.kv.perGpuBytes + m.activationPerGpu + m.runtimePerGpu, 0);
    expect(m.freePerGpu).toBeCloseTo(m.budgetPerGpu - m.usedPerGpu, 0);
    // The example estimates its overheads: the parts add up to the two terms.
    expect(m.overheads.source).toBe('estimated');
    if (m.overheads.source === 'estimated') {
      const p = m.overheads.parts;
      expect(m.activationPerGpu).toBe(Math.max(p.forwardBytes, p.samplerBytes));
      expect(m.runtimePerGpu).toBeCloseTo(p.nonTorchBytes + p.cudaGraphBytes, 0);
    }
  });
});
