import { describe, expect, it } from 'vitest';
import { findModel } from '../catalog/catalog';
import { defaultScenario } from '../scenario/defaults';
import type { Scenario } from '../scenario/schema';
import { kvSizing, kvTerms, layoutOf, memoryBreakdown } from './fit';
import { maxConcurrency } from './frontier';
import { bytesPerSequence, growingBytesPerToken, linearStateBytes } from './model-math';
import { resolveSetup, type FitInput } from './setup';

const GiB = 2 ** 30;

function model(id: string) {
  const m = findModel(id);
  if (!m) throw new Error(id);
  return m;
}

/** A FitInput from the default scenario with overrides (throws on invalid setups). */
function input(selfHosted: Partial<Scenario['selfHosted']>, hardware: Partial<Scenario['hardware']>): FitInput {
  const s = defaultScenario();
  Object.assign(s.selfHosted, selfHosted);
  Object.assign(s.hardware, { overheadSource: 'entered' }, hardware);
  const r = resolveSetup(s);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.input;
}

describe('KV bytes per token and per sequence, per attention kind', () => {
  it('GQA (Llama-3.1-70B): 2 × 80 layers × 8 KV heads × 128 dims × 2 B = 327,680 B/token; 8K context = 2.68 GB', () => {
    const m = model('llama-3.1-70b');
    expect(growingBytesPerToken(m, 'bf16')).toBe(2 * 80 * 8 * 128 * 2);
    // Reference §5.4: "2.68 GB KV" for one 8K sequence: 327,680 × 8,192 = 2,684,354,560 B.
    expect(bytesPerSequence(m, 'bf16', 8192, null)).toBe(2_684_354_560);
    // FP8 halves it.
    expect(bytesPerSequence(m, 'fp8', 8192, null)).toBe(1_342_177_280);
  });

  it('GQA with explicit head_dim (Qwen3-235B): 2 × 94 × 4 × 128 × 2 = 192,512 B/token, not the hidden/heads = 64 a peer tool assumes', () => {
    const m = model('qwen3-235b-a22b');
    expect(growingBytesPerToken(m, 'bf16')).toBe(192_512);
    // hidden / heads = 4096 / 64 = 64 would halve it to 96,256.
    expect(growingBytesPerToken(m, 'bf16')).toBe(2 * 96_256);
  });

  it('MLA (DeepSeek-V3) at 128K in BF16 is 61 × (512 + 64) × 2 B × 131,072 = 8.58 GiB, not the ~213 GiB of the naive formula', () => {
    const m = model('deepseek-v3');
    const perSeq = bytesPerSequence(m, 'bf16', 131_072, null);
    expect(perSeq).toBe(61 * 576 * 2 * 131_072); // 9,211,740,160 B
    expect(perSeq / GiB).toBeCloseTo(8.58, 2);
    // Naive GQA formula with hidden / (heads / kv_heads) = 7168 / (128 / 128) as head width
    // (NyxKrage-style): 2 × 7168 × 61 × 2 B = 1,748,992 B/token → 229.2 GB = 213.5 GiB at 128K.
    const naive = 2 * 7168 * 61 * 2 * 131_072;
    expect(naive / GiB).toBeCloseTo(213.5, 1);
    expect(naive / perSeq).toBeCloseTo(24.9, 1);
  });

  it('sliding window (gpt-oss-120b): what a decode step reads stops at the 128-token window', () => {
    const m = model('gpt-oss-120b');
    // Growth: 2 × 18 × 8 × 64 × 2 B = 36,864 B/token.
    expect(growingBytesPerToken(m, 'bf16')).toBe(36_864);
    // At 128K: full 36,864 × 131,072 = 4,831,838,208 B (4.5 GiB); window 36,864 × 128 = 4,718,592 B.
    expect(bytesPerSequence(m, 'bf16', 131_072, null)).toBe(4_831_838_208 + 4_718_592);
    // Below the window both halves grow alike: 100 tokens × 2 × 36,864.
    expect(bytesPerSequence(m, 'bf16', 100, null)).toBe(100 * 2 * 36_864);
  });

  it('sliding window as vLLM allocates it: window − 1 + max_num_batched_tokens per sequence, in 16-token blocks plus one', () => {
    const m = model('gpt-oss-120b');
    // A window layer holds 2 × 8 × 64 × 2 B = 2,048 B per token; 18 of them.
    // vllm #27508 (--max-num-batched-tokens 1024, max_model_len 131,072): "(4.54 GiB KV cache is needed".
    // Window layers: min(127 + 1,024, 131,072) = 1,151 tokens → ⌈1,151 / 16⌉ + 1 = 73 blocks = 1,168
    // tokens × 2,048 B × 18 = 43,057,152 B; full layers 4,831,838,208 B → 4,874,895,360 B = 4.540 GiB.
    const needed = bytesPerSequence(m, 'bf16', 131_072, 1024);
    expect(needed).toBe(4_874_895_360);
    expect(needed / GiB).toBeCloseTo(4.54, 2);
    // At vLLM's default 8,192 batched tokens: 8,319 → 521 blocks = 8,336 tokens → 307,298,304 B;
    // 5,139,136,512 B in all. Sized to the window only (4,836,556,800 B) that is 5.9 % under.
    expect(bytesPerSequence(m, 'bf16', 131_072, 8192)).toBe(5_139_136_512);
    expect(1 - 4_836_556_800 / 5_139_136_512).toBeCloseTo(0.059, 3);
    // The window never holds more than the context: at 8K, min(8,319, 8,192) = 8,192 → 513 blocks.
    expect(bytesPerSequence(m, 'bf16', 8192, 8192)).toBe(18 * 2048 * 8192 + 18 * 2048 * 513 * 16);
  });

  it('gpt-oss-120b at 8K on one H100 with 4 + 3 GiB: 9 sequences of room, not 19', () => {
    const i = input(
      { modelId: 'gpt-oss-120b', gpuId: 'h100-sxm', gpusPerReplica: 1 },
      {
        weightFormat: 'mxfp4',
        contextLength: 8192,
        concurrentSequences: 1,
        overheadSource: 'entered',
        runtimeOverheadGiB: 4,
        activationGiB: 3,
        maxNumBatchedTokens: 8192,
      },
    );
    // Room as the fit had it, before the kernel's padding: 78,679,145,185.28 − 65.28e9 − 7,516,192,768 = 5,882,952,417 B.
    const room = 78_679_145_185.28 - 65.28e9 - 7 * GiB;
    // Window only: 36,864 × 8,192 + 36,864 × 128 = 306,708,480 B per sequence → ⌊19.2⌋ = 19.
    expect(Math.floor(room / (36_864 * 8192 + 36_864 * 128))).toBe(19);
    // As vLLM allocates: 301,989,888 + 18 × 2,048 × 8,208 = 604,569,600 B → ⌊9.73⌋ = 9.
    const layout = layoutOf(i);
    expect(maxConcurrency(i.model, kvSizing(i), layout, room, 8192)).toBe(9);
  });

  it('linear attention (Kimi K3 KDA): constant state 69 × 96 × 128 × 128 × 2 B = 207 MiB per sequence plus the short-conv state', () => {
    const m = model('kimi-k3');
    const kda = m.attention.find((g) => g.kind === 'linear');
    expect(kda).toBeDefined();
    // 69 × 96 × 128 × 128 × 2 = 217,055,232 B = 207 MiB; conv 69 × 110,592 × 2 = 15,261,696 B.
    expect(linearStateBytes(kda!)).toBe(217_055_232 + 15_261_696);
    // The whole-model sequence at 1K and at 1M differs only by the 24 MLA layers: 24 × 576 × 2 B per token.
    const d = bytesPerSequence(m, 'bf16', 1_048_576, null) - bytesPerSequence(m, 'bf16', 1024, null);
    expect(d).toBe(24 * 576 * 2 * (1_048_576 - 1024));
  });

  it('vendor anchor: MiniMax-M2 "240 GB per 1M context tokens" = 2 × 62 × 8 × 128 × 2 B × 1e6 = 254 GB (236.5 GiB)', () => {
    const m = model('minimax-m2');
    const perMillion = bytesPerSequence(m, 'bf16', 1_000_000, null);
    expect(perMillion).toBe(253_952 * 1e6);
    // The vendor's round figure sits between our GB and GiB figures (within 6 %).
    expect(perMillion / 1e9).toBeCloseTo(253.95, 2);
    expect(perMillion / GiB).toBeCloseTo(236.5, 1);
    expect(Math.abs(perMillion / 1e9 - 240) / 240).toBeLessThan(0.06);
  });
});

describe('distribution over GPUs', () => {
  it('GQA is split over min(TP, kv_heads): Llama-70B with 8 KV heads is ÷8 on TP 8 and still ÷8 on TP 16', () => {
    const tp8 = input(
      { modelId: 'llama-3.1-70b', gpusPerReplica: 8 },
      { weightFormat: 'bf16', tensorParallel: 8, concurrentSequences: 1, contextLength: 8192 },
    );
    const [g8] = kvTerms(tp8.model, { format: 'bf16', batchedTokens: 8192 }, layoutOf(tp8), 1, 8192);
    expect(g8?.rule).toBe('tp-heads');
    expect(g8?.perGpuBytes).toBe(2_684_354_560 / 8);
    // TP 16 > 8 KV heads: each head lives on two ranks, so a GPU still holds 1/8.
    const tp16 = input(
      { modelId: 'llama-3.1-70b', gpusPerReplica: 16, gpusPerNode: 16 },
      { weightFormat: 'bf16', tensorParallel: 16, concurrentSequences: 1, contextLength: 8192 },
    );
    const [g16] = kvTerms(tp16.model, { format: 'bf16', batchedTokens: 8192 }, layoutOf(tp16), 1, 8192);
    expect(g16?.perGpuBytes).toBe(2_684_354_560 / 8);
    // Qwen3 has 4 KV heads: TP 8 divides by 4 only.
    const qwen = input(
      { modelId: 'qwen3-235b-a22b', gpusPerReplica: 8 },
      { weightFormat: 'bf16', tensorParallel: 8, concurrentSequences: 1, contextLength: 1000 },
    );
    expect(memoryBreakdown(qwen).kv.perGpuBytes).toBe((192_512 * 1000) / 4);
  });

  it('pipeline stages divide the layers: 16 GPUs as TP 8 × 2 stages halve the per-GPU cache', () => {
    const pp = input(
      { modelId: 'llama-3.1-70b', gpusPerReplica: 16 },
      { weightFormat: 'bf16', tensorParallel: 8, concurrentSequences: 1, contextLength: 8192 },
    );
    const layout = layoutOf(pp);
    expect(layout.pp).toBe(2);
    expect(memoryBreakdown(pp).kv.perGpuBytes).toBe(2_684_354_560 / 16);
  });

  it('MLA under TP 8 is replicated on every rank; DP-attention holds ⌈B/8⌉ sequences per rank; DCP 8 splits tokens 8 ways', () => {
    const base = { modelId: 'deepseek-v3', gpuId: 'h200-sxm', gpusPerReplica: 8 } as const;
    const hw = { weightFormat: 'fp8', kvFormat: 'bf16', tensorParallel: 8, concurrentSequences: 10, contextLength: 131_072 } as const;
    const perSeq = 61 * 576 * 2 * 131_072;
    const replicated = memoryBreakdown(input(base, { ...hw, mlaKvMode: 'replicated' }));
    expect(replicated.kv.perGpuBytes).toBe(10 * perSeq);
    expect(replicated.kv.groups[0]?.rule).toBe('mla-replicated');
    // Held across the 8 GPUs: eight copies.
    expect(replicated.kv.heldBytes).toBe(8 * 10 * perSeq);
    const dp = memoryBreakdown(input(base, { ...hw, mlaKvMode: 'dp-attention' }));
    expect(dp.kv.perGpuBytes).toBe(Math.ceil(10 / 8) * perSeq); // busiest rank holds 2 sequences
    const dcp = memoryBreakdown(input(base, { ...hw, mlaKvMode: 'dcp', dcpSize: 8 }));
    expect(dcp.kv.perGpuBytes).toBe((10 * perSeq) / 8);
    const dcp2 = memoryBreakdown(input(base, { ...hw, mlaKvMode: 'dcp', dcpSize: 2 }));
    expect(dcp2.kv.perGpuBytes).toBe((10 * perSeq) / 2);
  });

  it('the MLA mode does not touch GQA models', () => {
    const hw = { weightFormat: 'fp8', tensorParallel: 8, concurrentSequences: 8, contextLength: 4096 } as const;
    const a = memoryBreakdown(input({ modelId: 'minimax-m2', gpuId: 'h100-sxm' }, { ...hw, mlaKvMode: 'replicated' }));
    const b = memoryBreakdown(input({ modelId: 'minimax-m2', gpuId: 'h100-sxm' }, { ...hw, mlaKvMode: 'dp-attention' }));
    expect(a.kv.perGpuBytes).toBe(b.kv.perGpuBytes);
    expect(a.weights.perGpuBytes).toBe(b.weights.perGpuBytes);
    // 253,952 × 4096 × 8 / 8 KV-head shards.
    expect(a.kv.perGpuBytes).toBe(253_952 * 4096);
  });

  it('hybrid Kimi K3 per group: MLA replicated, KDA state split over min(TP, 96 heads)', () => {
    const k3 = input(
      { modelId: 'kimi-k3', gpuId: 'gb300', gpusPerReplica: 8, gpusPerNode: 4 },
      { weightFormat: 'mxfp4', kvFormat: 'bf16', tensorParallel: 8, mlaKvMode: 'replicated', concurrentSequences: 4, contextLength: 100_000 },
    );
    const groups = memoryBreakdown(k3).kv.groups;
    const mla = groups.find((g) => g.kind === 'mla');
    const kda = groups.find((g) => g.kind === 'linear');
    expect(mla?.perGpuBytes).toBe(4 * 24 * 576 * 2 * 100_000);
    expect(kda?.rule).toBe('tp-state');
    expect(kda?.perGpuBytes).toBe((4 * (217_055_232 + 15_261_696)) / 8);
  });
});
