import type { GpuRecord, SourceRef } from '../catalog/types';
import type { ModelSpec } from '../scenario/model-spec';
import { GIB, MIB, physicalMemoryBytes } from './formats';
import { paramSplit } from './model-math';

/**
 * What the serving engine (vLLM) takes from the budget besides weights and KV cache, estimated
 * from the GPU and the model instead of one fixed 4 + 3 GiB for every setup. docs/hardware.md §3b.
 *
 * vLLM's start-up profile runs one forward pass of `max_num_batched_tokens` tokens and one
 * sampler pass over `max_num_seqs` sequences, then takes the peak as "peak activation"; CUDA
 * graphs are captured for a list of batch sizes, and NCCL, cuBLAS and the CUDA context hold
 * "non-torch" memory. Each part here is a formula with its source; the figures it was checked
 * against are in engine-profile.test.ts.
 */

export type VllmTier = 'large' | 'balanced' | 'compact';

/**
 * vLLM's scheduler defaults by GPU (vllm-project/vllm, `HardwareSchedulingDefaults`, the API
 * server's values; earlier releases had the large and compact rows only, in
 * `engine/arg_utils.py` `get_batch_defaults`): at least 70 GiB and not an A100 → 8,192 tokens,
 * 1,024 sequences, CUDA graphs up to batch 512; at least 40 GiB → 4,096 / 512 / 256; otherwise
 * 2,048 / 256 / 128. The A100 is kept small on purpose ("Setting large max_num_batched_tokens for
 * A100 reduces throughput", PR #17885).
 */
export const VLLM_TIERS: Readonly<Record<VllmTier, { maxNumBatchedTokens: number; maxNumSeqs: number; maxCaptureSize: number }>> = {
  large: { maxNumBatchedTokens: 8192, maxNumSeqs: 1024, maxCaptureSize: 512 },
  balanced: { maxNumBatchedTokens: 4096, maxNumSeqs: 512, maxCaptureSize: 256 },
  compact: { maxNumBatchedTokens: 2048, maxNumSeqs: 256, maxCaptureSize: 128 },
};

export const VLLM_DEFAULTS_SOURCE: SourceRef = {
  title: 'vllm-project/vllm scheduler defaults per GPU (HardwareSchedulingDefaults; engine/arg_utils.py get_batch_defaults)',
  url: 'https://github.com/vllm-project/vllm',
  checked: '2026-12-01',
  kind: 'vendor',
  note: '≥ 70 GiB and not A100: 8,192 batched tokens, 1,024 sequences, graphs up to 512; ≥ 40 GiB: 4,096 / 512 / 256; else 2,048 / 256 / 128.',
};

export function vllmTier(gpu: Pick<GpuRecord, 'id' | 'memoryGB' | 'reportedMemory'>): VllmTier {
  const memory = physicalMemoryBytes(gpu);
  const a100 = gpu.id.includes('a100');
  if (memory >= 70 * GIB && !a100) return 'large';
  if (memory >= 40 * GIB && !a100) return 'balanced';
  return 'compact';
}

export interface EngineLimits {
  tier: VllmTier;
  maxNumBatchedTokens: number;
  maxNumSeqs: number;
  /** Largest batch captured as a CUDA graph: min(2 × max_num_seqs, the tier's cap). */
  maxCaptureSize: number;
  /** Which limits the scenario set (the others are vLLM's defaults for the GPU). */
  entered: { maxNumBatchedTokens: boolean; maxNumSeqs: boolean };
}

export function engineLimits(
  settings: { maxNumBatchedTokens: number | null; maxNumSeqs: number | null },
  gpu: Pick<GpuRecord, 'id' | 'memoryGB' | 'reportedMemory'>,
): EngineLimits {
  const tier = vllmTier(gpu);
  const d = VLLM_TIERS[tier];
  const maxNumSeqs = settings.maxNumSeqs ?? d.maxNumSeqs;
  return {
    tier,
    maxNumBatchedTokens: settings.maxNumBatchedTokens ?? d.maxNumBatchedTokens,
    maxNumSeqs,
    maxCaptureSize: Math.max(1, Math.min(2 * maxNumSeqs, d.maxCaptureSize)),
    entered: { maxNumBatchedTokens: settings.maxNumBatchedTokens !== null, maxNumSeqs: settings.maxNumSeqs !== null },
  };
}

/**
 * vLLM's default CUDA-graph batch sizes up to `max`: 1, 2, 4, then every 8 up to 248, then every
 * 16 from 256 (the list its logs print: `'cudagraph_capture_sizes': [1, 2, 4, 8, 16, 24, …, 496, 512]`,
 * 51 sizes at 512).
 */
export function captureSizes(max: number): number[] {
  const out = [1, 2, 4];
  for (let b = 8; b < 256; b += 8) out.push(b);
  for (let b = 256; b <= max; b += 16) out.push(b);
  return out.filter((b) => b <= max);
}

/**
 * Bytes the sampler holds per sequence and vocabulary entry at its peak. vLLM's profile samples
 * `max_num_seqs` sequences with top-k and top-p on, which keeps FP32 logits, probabilities, the
 * sorted values and their int64 indices of the whole vocabulary at once. Fitted to two logs where
 * the sampler is the peak: gpt-oss-120b on one H100 (1,024 sequences × 201,088 entries; the engine
 * had 7.47–7.58 GiB besides weights and KV, vllm #23278 and #27508: 7.29 GiB at 38 B + 0.3 GiB
 * non-torch) and Llama-3-8B on an H100 (256 × 128,256, "PyTorch activation peak memory 1.26GiB" at
 * TP 1 and TP 2 alike, vllm PR #10511: 1.16 GiB at 38 B).
 */
export const SAMPLER_BYTES_PER_LOGIT = 38;

/**
 * One captured CUDA graph's memory. vllm #50780 measured "the real FULL graphs cost ~24 MiB each";
 * a Qwen TP4 log on RTX 3090s printed "Estimated CUDA graph memory: 0.17 GiB total" for 7 graphs
 * (24.9 MiB each). Published totals range from 2.8 MiB (an InferenceX B300 summary, 0.14 GiB) to
 * 31 MiB per graph (Llama-3.1-8B INT8, 2.02 GiB for 67 sizes, vllm #14286).
 */
export const CUDA_GRAPH_BYTES = 24 * MIB;

/** CUDA context, cuBLAS workspace and allocator slack outside torch on one GPU: 0.20–0.35 GiB in the V0 logs (4090 TP2 0.25, 3090 0.35, 5090 0.33). */
export const NON_TORCH_BYTES = 0.3 * GIB;

/**
 * NCCL and custom all-reduce buffers when TP > 1 over NVLink or Infinity Fabric: the InferenceX
 * B300 TP4 summary prints "1.63 GiB for non-torch memory" (0.3 + 1.33). Over PCIe (RTX cards,
 * no custom all-reduce) a 4090 TP2 log shows 0.25 GiB in all (vllm #13061).
 */
export const TP_BUFFER_BYTES = 1.33 * GIB;

export interface OverheadParts {
  batchedTokens: number;
  /** Sequences the profile samples: min(max_num_seqs, max_num_batched_tokens). */
  sampledSequences: number;
  /** Dense-equivalent MLP width per token and rank. */
  intermediatePerRank: number;
  forwardBytes: number;
  samplerBytes: number;
  nonTorchBytes: number;
  cudaGraphs: number;
  cudaGraphBytes: number;
}

export type Overheads =
  | { source: 'entered'; activationBytes: number; runtimeBytes: number }
  | { source: 'estimated'; activationBytes: number; runtimeBytes: number; limits: EngineLimits; parts: OverheadParts };

/**
 * The MLP width a token goes through, per layer: the active parameters less attention and
 * embeddings, over 3 × hidden (gate, up, down) × layers. Llama-3.1-8B: (8.03 − 1.342 − 1.051)B /
 * (3 × 4,096 × 32) = 14,336, its `intermediate_size`; for MoE models top-k experts plus shared
 * ones, which is what the fused MoE kernel materialises per token.
 */
export function activeIntermediate(model: ModelSpec): number {
  const split = paramSplit(model);
  const mlpB = Math.max(0, model.activeParamsB - split.attentionB - split.embeddingB);
  return (mlpB * 1e9) / (3 * model.hidden * model.layers);
}

export interface OverheadInput {
  model: ModelSpec;
  overheadSource: 'estimated' | 'entered';
  runtimeOverheadGiB: number;
  activationGiB: number;
  maxNumBatchedTokens: number | null;
  maxNumSeqs: number | null;
}

/**
 * Activations and runtime overhead per GPU for a layout on a GPU.
 * - forward = T × 2 B × (3 × hidden + 3 × intermediate ÷ TP): the residual stream, its norm and
 *   attention input, and gate/up and activated MLP outputs of the widest layer (checked against a
 *   V0 RTX 3090 log of Llama-3.1-8B: 20,000 tokens → 2.06 GiB, the log's peak less weights 2.07).
 * - sampler = S × vocabulary × 38 B, S = min(max_num_seqs, T).
 * - activations = the larger of the two (the forward pass's buffers are freed before sampling).
 * - runtime = non-torch 0.3 GiB (+ 1.33 GiB of TP buffers over NVLink / Infinity Fabric) +
 *   CUDA graphs × 24 MiB.
 */
export function overheadsFor(input: OverheadInput, gpu: GpuRecord, layout: { tp: number }): Overheads {
  if (input.overheadSource === 'entered') {
    return { source: 'entered', activationBytes: input.activationGiB * GIB, runtimeBytes: input.runtimeOverheadGiB * GIB };
  }
  const limits = engineLimits(input, gpu);
  const T = limits.maxNumBatchedTokens;
  const S = Math.min(limits.maxNumSeqs, T);
  const intermediatePerRank = activeIntermediate(input.model) / Math.max(1, layout.tp);
  const forwardBytes = T * 2 * (3 * input.model.hidden + 3 * intermediatePerRank);
  const samplerBytes = S * input.model.vocab * SAMPLER_BYTES_PER_LOGIT;
  const nonTorchBytes = NON_TORCH_BYTES + (layout.tp > 1 && gpu.interconnect.kind !== 'pcie' ? TP_BUFFER_BYTES : 0);
  const cudaGraphs = captureSizes(limits.maxCaptureSize).length;
  const cudaGraphBytes = cudaGraphs * CUDA_GRAPH_BYTES;
  return {
    source: 'estimated',
    activationBytes: Math.max(forwardBytes, samplerBytes),
    runtimeBytes: nonTorchBytes + cudaGraphBytes,
    limits,
    parts: { batchedTokens: T, sampledSequences: S, intermediatePerRank, forwardBytes, samplerBytes, nonTorchBytes, cudaGraphs, cudaGraphBytes },
  };
}
