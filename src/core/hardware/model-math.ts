import type { AttentionGroup, ModelSpec, WeightFormat } from '../scenario/model-spec';
import type { ModelRecord } from '../catalog/types';
import { EFFECTIVE_BITS, KV_BYTES, LINEAR_STATE_BYTES } from './formats';
import type { KvFormat } from '../scenario/model-spec';

/**
 * Architecture arithmetic shared by the memory model and the roofline: how the parameters split
 * into routed experts and the rest, what a checkpoint weighs in a format, and how many bytes of
 * KV cache (or recurrent state) each attention group holds for one sequence.
 */

/** DeepSeek-family MLA projection sizes, used only to estimate attention weight size (not KV). */
export const MLA_ASSUMED = { qLoraRank: 1536, qkNopeHeadDim: 128, vHeadDim: 128 } as const;

export interface ParamSplit {
  /** All parameters, billions. */
  totalB: number;
  /** Parameters of all routed experts together (0 for dense models), billions. */
  routedB: number;
  /** Everything else: attention, dense and shared MLPs, embeddings, norms, router. */
  nonRoutedB: number;
  /** Input embedding + output head, billions (untied, as in every catalog model). */
  embeddingB: number;
  /** Attention projections of all layers, billions (estimate from the geometry). */
  attentionB: number;
  /** One routed expert of one layer, billions (0 for dense models). */
  perExpertB: number;
  /** How routedB was obtained. */
  routedFrom: 'total-and-active' | 'geometry' | 'dense';
}

/** Attention projection parameters of one group (Q, K, V, O and gates), estimated from its geometry. */
export function attentionParams(model: Pick<ModelSpec, 'hidden' | 'heads'>, g: AttentionGroup): number {
  const h = model.hidden;
  const H = model.heads;
  switch (g.kind) {
    case 'gqa':
    case 'swa':
      // q and o: h × H·d each; k and v: h × kv·d each.
      return g.layers * (2 * h * H * g.headDim + 2 * h * g.kvHeads * g.headDim);
    case 'mla': {
      const { qLoraRank: q, qkNopeHeadDim: nope, vHeadDim: v } = MLA_ASSUMED;
      const perLayer = h * q + q * H * (nope + g.ropeDim) + h * (g.kvLoraRank + g.ropeDim) + g.kvLoraRank * H * (nope + v) + H * v * h;
      return g.layers * perLayer;
    }
    case 'linear':
      // q, k, gate (key width) and v, o (value width).
      return g.layers * h * g.heads * (3 * g.keyDim + 2 * g.valueDim);
  }
}

/**
 * Splits the parameters. Routed-expert parameters follow from the model's own total and active
 * counts: every token uses all non-routed weights and k of E experts, so
 * total − active = routed × (1 − k/E). This holds for latent MoE (Kimi K3, whose experts work
 * in a 3,584-wide latent, not the 7,168 hidden size) where the plain geometry
 * `moeLayers × E × 3 × hidden × moe_intermediate` would double-count.
 * Checks: Kimi K2 (1,026.4 − 32) / (1 − 8/384) = 1,015.6B vs 1,014.7B from geometry;
 * DeepSeek-V3 (671 − 36.7) / (1 − 8/256) = 654.8B vs 653.9B.
 */
export function paramSplit(model: ModelSpec): ParamSplit {
  const totalB = model.totalParamsB;
  const embeddingB = Math.min(totalB, (2 * model.vocab * model.hidden) / 1e9);
  let routedB = 0;
  let routedFrom: ParamSplit['routedFrom'] = 'dense';
  if (model.moe) {
    const { experts: E, activePerToken: k, expertIntermediate, moeLayers } = model.moe;
    const unused = 1 - Math.min(k, E) / E;
    if (unused > 1e-6 && model.activeParamsB < totalB) {
      routedB = (totalB - model.activeParamsB) / unused;
      routedFrom = 'total-and-active';
    } else {
      routedB = (moeLayers * E * 3 * model.hidden * expertIntermediate) / 1e9;
      routedFrom = 'geometry';
    }
    routedB = Math.min(Math.max(routedB, 0), Math.max(0, totalB - embeddingB));
  }
  const nonRoutedB = totalB - routedB;
  const attentionRaw = model.attention.reduce((sum, g) => sum + attentionParams(model, g), 0) / 1e9;
  const attentionB = Math.min(attentionRaw, Math.max(0, nonRoutedB - embeddingB));
  const perExpertB = model.moe && routedB > 0 ? routedB / (model.moe.moeLayers * model.moe.experts) : 0;
  return { totalB, routedB, nonRoutedB, embeddingB, attentionB, perExpertB, routedFrom };
}

/** Where the weight bytes came from. */
export type WeightSource =
  { kind: 'checkpoint'; format: WeightFormat } | { kind: 'variant'; format: WeightFormat; label: string } | { kind: 'estimate'; format: WeightFormat };

export interface WeightBytes {
  source: WeightSource;
  totalBytes: number;
  routedBytes: number;
  nonRoutedBytes: number;
  /** Attention projections (part of nonRoutedBytes). */
  attentionBytes: number;
  /** One routed expert of one layer. */
  perExpertBytes: number;
  /** The parameter-based estimate, kept to show next to a real checkpoint size. */
  estimateBytes: number;
  /** Bits per parameter of the quantised part and of the part kept in BF16. */
  quantisedBits: number;
  /** Billions of parameters stored at quantisedBits; the rest is BF16. */
  quantisedParamsB: number;
  split: ParamSplit;
}

/**
 * Weight bytes in a format. Real releases quantise only part of the model: INT4 and MXFP4 MoE
 * checkpoints quantise the routed experts and keep attention, shared experts, dense layers and
 * the embeddings in BF16 (Kimi K2.x, Kimi K3, gpt-oss); FP8 releases quantise every linear layer
 * but keep embeddings and head in BF16 (DeepSeek-V3, Kimi K2); dense INT4/MXFP4 quantise all but
 * the embeddings. Check: Kimi K3 MXFP4 = 2,724.6B × 4.25/8 + 55.4B × 2 = 1,447.5 + 110.8 =
 * 1,558 GB vs the real 1,561 GB; Kimi K2 INT4 = 1,015.6B × 4.5/8 + 10.8B × 2 = 592.9 GB vs ≈594 GB.
 *
 * Where the catalog knows the real checkpoint size for the format, that total is used and the
 * parts are scaled to it in proportion.
 */
export function weightBytes(model: ModelSpec & Partial<Pick<ModelRecord, 'variants'>>, format: WeightFormat): WeightBytes {
  const split = paramSplit(model);
  const bits = EFFECTIVE_BITS[format];
  const bf16 = EFFECTIVE_BITS.bf16;
  // Routed experts always carry the chosen format; the rest stays BF16 in INT4/MXFP4 MoE releases.
  const routedBits = bits;
  const keepBf16 = (format === 'int4' || format === 'mxfp4') && model.moe !== null;
  const attentionBits = keepBf16 ? bf16 : bits;
  const otherBits = keepBf16 ? bf16 : bits;
  const embeddingBits = bf16;
  const otherB = Math.max(0, split.nonRoutedB - split.attentionB - split.embeddingB);
  const routedEst = (split.routedB * routedBits) / 8;
  const attentionEst = (split.attentionB * attentionBits) / 8;
  const otherEst = (otherB * otherBits) / 8 + (split.embeddingB * embeddingBits) / 8;
  const estimateGB = routedEst + attentionEst + otherEst;
  const quantisedParamsB = format === 'bf16' ? split.totalB : split.routedB + (keepBf16 ? 0 : split.attentionB + otherB);

  let source: WeightSource = { kind: 'estimate', format };
  let known: number | null = null;
  if (model.releasedFormat === format && model.checkpointBytes !== null) {
    source = { kind: 'checkpoint', format };
    known = model.checkpointBytes;
  } else {
    const variant = model.variants?.find((v) => v.format === format && (v.checkpointBytes !== null || v.bf16ParamsB !== undefined));
    if (variant && variant.checkpointBytes !== null) {
      source = { kind: 'variant', format, label: variant.label };
      known = variant.checkpointBytes;
    } else if (variant?.bf16ParamsB !== undefined) {
      // The checkpoint's own split: its BF16 parameters at 2 B, the rest at the format's bits.
      const bf16B = Math.min(variant.bf16ParamsB, split.totalB);
      source = { kind: 'variant', format, label: variant.label };
      known = (bf16B * 2 + ((split.totalB - bf16B) * bits) / 8) * 1e9;
    }
  }
  const estimateBytes = estimateGB * 1e9;
  const scale = known !== null && estimateBytes > 0 ? known / estimateBytes : 1;
  const routedBytes = routedEst * 1e9 * scale;
  const attentionBytes = attentionEst * 1e9 * scale;
  const nonRoutedBytes = (attentionEst + otherEst) * 1e9 * scale;
  const totalBytes = known ?? estimateBytes;
  const perExpertBytes = model.moe && split.routedB > 0 ? routedBytes / (model.moe.moeLayers * model.moe.experts) : 0;
  return {
    source,
    totalBytes,
    routedBytes,
    nonRoutedBytes,
    attentionBytes,
    perExpertBytes,
    estimateBytes,
    quantisedBits: bits,
    quantisedParamsB,
    split,
  };
}

// ── KV cache ────────────────────────────────────────────────────────────────────────────

/** Bytes one token adds per sequence in a group (0 for linear attention: its state is constant). */
export function kvBytesPerToken(g: AttentionGroup, kv: KvFormat): number {
  const b = KV_BYTES[kv];
  switch (g.kind) {
    case 'gqa':
    case 'swa':
      return 2 * g.layers * g.kvHeads * g.headDim * b;
    case 'mla':
      // One compressed latent plus the decoupled RoPE key per token and layer; no K/V pair.
      return g.layers * (g.kvLoraRank + g.ropeDim) * b;
    case 'linear':
      return 0;
  }
}

/** vLLM's KV block size in tokens (the default `--block-size` for attention layers). */
export const VLLM_BLOCK_TOKENS = 16;

/**
 * Tokens a group keeps per sequence at a context length.
 *
 * `batchedTokens` null: what attention reads in a decode step — a sliding-window layer the last
 * `window` tokens. With `batchedTokens` (vLLM's `max_num_batched_tokens`): what the engine
 * allocates, which is more for a sliding window. vLLM's `SlidingWindowSpec.max_memory_usage_bytes`
 * (vllm/v1/kv_cache_interface.py): during chunked prefill a request holds the last `window − 1`
 * computed tokens plus the newly scheduled ones, never more than `max_model_len`, in blocks of 16,
 * plus one block because the window may start inside a block:
 * `(⌈min(window − 1 + max_num_batched_tokens, max_model_len) / 16⌉ + 1) × 16`.
 * gpt-oss-120b at 131,072 with 1,024 batched tokens: 18 × 1,168 × 2,048 B + 4,831,838,208 B =
 * 4.540 GiB, the "4.54 GiB KV cache is needed" of vllm #27508.
 */
export function tokensHeld(g: AttentionGroup, context: number, batchedTokens: number | null = null): number {
  if (g.kind === 'linear') return 0;
  if (g.kind !== 'swa') return context;
  if (batchedTokens === null) return Math.min(context, g.window);
  const tokens = Math.min(g.window - 1 + batchedTokens, context);
  return (Math.ceil(tokens / VLLM_BLOCK_TOKENS) + 1) * VLLM_BLOCK_TOKENS;
}

/** Constant per-sequence state of a linear-attention group: L × (heads × d_k × d_v + extra) × bytes. */
export function linearStateBytes(g: AttentionGroup): number {
  if (g.kind !== 'linear') return 0;
  return g.layers * (g.heads * g.keyDim * g.valueDim + g.extraStatePerLayer) * LINEAR_STATE_BYTES;
}

/**
 * Bytes one sequence holds in a group at a context length (one copy, before any TP split).
 * `batchedTokens`: as for `tokensHeld` (null = what a decode step reads; a number = what vLLM allocates).
 */
export function groupBytesPerSequence(g: AttentionGroup, kv: KvFormat, context: number, batchedTokens: number | null): number {
  if (g.kind === 'linear') return linearStateBytes(g);
  return kvBytesPerToken(g, kv) * tokensHeld(g, context, batchedTokens);
}

/** Whole-model bytes per sequence at a context length (`batchedTokens` as for `tokensHeld`). */
export function bytesPerSequence(model: ModelSpec, kv: KvFormat, context: number, batchedTokens: number | null): number {
  return model.attention.reduce((sum, g) => sum + groupBytesPerSequence(g, kv, context, batchedTokens), 0);
}

/** KV bytes per token of the context-growing layers only (what "per token" figures quote). */
export function growingBytesPerToken(model: ModelSpec, kv: KvFormat): number {
  return model.attention.reduce((sum, g) => sum + (g.kind === 'swa' ? 0 : kvBytesPerToken(g, kv)), 0);
}

export function hasMla(model: ModelSpec): boolean {
  return model.attention.some((g) => g.kind === 'mla');
}
