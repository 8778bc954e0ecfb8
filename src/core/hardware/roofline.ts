import type { AttentionGroup, ModelSpec } from '../scenario/model-spec';
import type { Scenario } from '../scenario/schema';
import { computePrecision, type ComputePrecision } from './formats';
import { kvPerGpu, type Layout, type WeightTerm } from './fit';
import { MLA_ASSUMED } from './model-math';
import type { FitInput } from './setup';

/**
 * Roofline throughput (hardware reference §5). A decode step reads the weights it touches once
 * and every cached token of every sequence once; it is memory-bound until the batch is large:
 *   t_step = max(bytes / (GPUs × BW × η_bw), FLOPs / (GPUs × peak × η_f)) + fixed overhead.
 * MoE layers read only the experts the batch touches: with uniform routing the expected number
 * of distinct experts per layer is E × (1 − (1 − k/E)^B): k at B = 1, nearly all E at large B.
 * Prefill is compute-bound: 2 × active params × T plus causal attention.
 * All bytes are summed over the GPUs that hold them (a replicated MLA cache is read by every
 * rank), which makes the aggregate form above equal to the per-GPU time on a balanced layout.
 */

export interface RooflineSettings {
  bandwidthEfficiency: number;
  computeEfficiency: number;
  stepOverheadMs: number;
}

/** Expected distinct experts touched per MoE layer by a batch of B tokens. */
export function expectedTouchedExperts(experts: number, activePerToken: number, batch: number): number {
  if (batch <= 0) return 0;
  const k = Math.min(activePerToken, experts);
  return experts * (1 - Math.pow(1 - k / experts, batch));
}

/** Attention FLOPs of one decode token at context c (QKᵀ and attention × V), per group. */
export function attentionDecodeFlops(model: Pick<ModelSpec, 'heads'>, g: AttentionGroup, context: number): number {
  const H = model.heads;
  switch (g.kind) {
    case 'gqa':
      return 4 * g.layers * H * g.headDim * context;
    case 'swa':
      return 4 * g.layers * H * g.headDim * Math.min(context, g.window);
    case 'mla':
      // Absorbed MLA decode: scores against the (latent + rope) key, values from the latent.
      return 2 * g.layers * H * context * (2 * g.kvLoraRank + g.ropeDim);
    case 'linear':
      // State read-out and update: ~4 × heads × d_k × d_v per token and layer.
      return 4 * g.layers * g.heads * g.keyDim * g.valueDim;
  }
}

/** Causal attention FLOPs of prefilling T tokens, per group. */
export function attentionPrefillFlops(model: Pick<ModelSpec, 'heads'>, g: AttentionGroup, tokens: number): number {
  const H = model.heads;
  const T = tokens;
  switch (g.kind) {
    case 'gqa':
      // Half of 4 × T² × H × d (causal mask).
      return 2 * g.layers * T * T * H * g.headDim;
    case 'swa': {
      const w = g.window;
      const pairs = T <= w ? (T * T) / 2 : T * w - (w * w) / 2;
      return 4 * g.layers * H * g.headDim * pairs;
    }
    case 'mla': {
      // Prefill runs MLA uncompressed: per head q·k over nope + rope dims and p·v over v dims.
      const dqk = MLA_ASSUMED.qkNopeHeadDim + g.ropeDim;
      const dv = MLA_ASSUMED.vHeadDim;
      return g.layers * T * T * H * (dqk + dv);
    }
    case 'linear':
      return 4 * g.layers * g.heads * g.keyDim * g.valueDim * T;
  }
}

export interface DecodeStep {
  batch: number;
  context: number;
  /** Distinct experts read per MoE layer (null for dense models). */
  touchedExperts: number | null;
  weightReadBytes: number;
  kvReadBytes: number;
  flops: number;
  memoryMs: number;
  computeMs: number;
  overheadMs: number;
  stepMs: number;
  bound: 'memory' | 'compute';
  aggregateTokensPerSecond: number;
  perUserTokensPerSecond: number;
}

export interface RooflineContext {
  input: FitInput;
  layout: Layout;
  weights: WeightTerm;
  settings: RooflineSettings;
  precision: ComputePrecision;
  peakTflops: number;
}

export function rooflineContext(input: FitInput, layout: Layout, weights: WeightTerm, settings: RooflineSettings): RooflineContext {
  const { precision, tflops } = computePrecision(input.weightFormat, input.gpu);
  return { input, layout, weights, settings, precision, peakTflops: tflops };
}

/** Weight bytes read in one forward pass over `tokens` tokens, summed over GPUs. */
function weightReads(rc: RooflineContext, tokens: number): { bytes: number; touched: number | null } {
  const { weights, layout } = rc;
  const model = rc.input.model;
  // Non-routed weights are read by every GPU that holds them; replicated attention counts per copy.
  const nonRouted = weights.bytes.nonRoutedBytes + (layout.mlaMode === 'dp-attention' ? weights.bytes.attentionBytes * (layout.tp - 1) : 0);
  if (!model.moe || weights.bytes.perExpertBytes === 0) return { bytes: nonRouted + weights.bytes.routedBytes, touched: null };
  const touched = expectedTouchedExperts(model.moe.experts, model.moe.activePerToken, tokens);
  return { bytes: nonRouted + model.moe.moeLayers * touched * weights.bytes.perExpertBytes, touched };
}

export function decodeStep(rc: RooflineContext, batch: number, context: number): DecodeStep {
  const { input, layout, settings } = rc;
  const model = input.model;
  const reads = weightReads(rc, batch);
  // What a decode step reads: a sliding-window layer its window, not what the engine allocates.
  const kvReadBytes = kvPerGpu(model, { format: input.kvFormat, batchedTokens: null }, layout, batch, context) * layout.gpus;
  const bytes = reads.bytes + kvReadBytes;
  const attention = model.attention.reduce((s, g) => s + attentionDecodeFlops(model, g, context), 0);
  const flops = batch * (2 * model.activeParamsB * 1e9 + attention);
  const memoryMs = (bytes / (layout.gpus * input.gpu.bandwidthTBps * 1e12 * settings.bandwidthEfficiency)) * 1e3;
  const computeMs = (flops / (layout.gpus * rc.peakTflops * 1e12 * settings.computeEfficiency)) * 1e3;
  const stepMs = Math.max(memoryMs, computeMs) + settings.stepOverheadMs;
  return {
    batch,
    context,
    touchedExperts: reads.touched,
    weightReadBytes: reads.bytes,
    kvReadBytes,
    flops,
    memoryMs,
    computeMs,
    overheadMs: settings.stepOverheadMs,
    stepMs,
    bound: computeMs > memoryMs ? 'compute' : 'memory',
    aggregateTokensPerSecond: stepMs > 0 ? (batch * 1e3) / stepMs : 0,
    perUserTokensPerSecond: stepMs > 0 ? 1e3 / stepMs : 0,
  };
}

export interface PrefillEstimate {
  tokens: number;
  flops: number;
  computeMs: number;
  memoryMs: number;
  /** Time to first token of one request on an idle replica: max(compute, memory) + step overhead. */
  ttftMs: number;
}

/** Prefill of `sequences` prompts of `tokens` tokens each, processed together. */
export function prefill(rc: RooflineContext, tokens: number, sequences = 1): PrefillEstimate {
  const { input, layout, settings } = rc;
  const model = input.model;
  const attention = model.attention.reduce((s, g) => s + attentionPrefillFlops(model, g, tokens), 0);
  const flops = sequences * (2 * model.activeParamsB * 1e9 * tokens + attention);
  const reads = weightReads(rc, sequences * tokens);
  const computeMs = (flops / (layout.gpus * rc.peakTflops * 1e12 * settings.computeEfficiency)) * 1e3;
  const memoryMs = (reads.bytes / (layout.gpus * input.gpu.bandwidthTBps * 1e12 * settings.bandwidthEfficiency)) * 1e3;
  return { tokens, flops, computeMs, memoryMs, ttftMs: Math.max(computeMs, memoryMs) + settings.stepOverheadMs };
}

/** Output tokens one request generates (visible + reasoning), from the workload section. */
export function outputTokensPerRequest(workload: Scenario['workload']): number {
  const visible = workload.outputTokensPerRequest;
  if (workload.reasoningMode === 'tokens') return visible + workload.reasoningTokensPerRequest;
  if (workload.reasoningMode === 'multiplier') return visible * workload.reasoningMultiplier;
  return visible;
}

/** Batch sizes to plot: powers of two up to `top`, plus the configured batch. */
export function batchGrid(top: number, configured: number): number[] {
  const set = new Set<number>();
  for (let b = 1; b <= top; b *= 2) set.add(b);
  set.add(configured);
  return [...set].filter((b) => b >= 1).sort((a, b) => a - b);
}
