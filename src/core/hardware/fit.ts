import type { GpuRecord } from '../catalog/types';
import type { AttentionGroup, KvFormat, ModelSpec } from '../scenario/model-spec';
import { engineWeightPadding, type KernelPadding } from './engine-padding';
import { engineLimits, overheadsFor, type Overheads } from './engine-profile';
import { physicalMemoryBytes } from './formats';
import { groupBytesPerSequence, hasMla, kvBytesPerToken, tokensHeld, weightBytes, type WeightBytes } from './model-math';
import type { FitInput, MlaKvMode } from './setup';

/**
 * The per-GPU memory model: weights + KV cache (per attention group, distributed by the
 * parallelism rules) + activations + runtime overhead, against a budget of
 * `GPU memory × utilisation` (vLLM's `gpu_memory_utilization`, default 0.92).
 *
 * Parallelism: TP ranks share every layer; GPUs beyond TP are pipeline stages, each holding
 * `layers / stages` layers. Distribution of one sequence's cache:
 * - GQA / sliding window: split over KV heads, so ÷ min(TP, kv_heads) (heads are replicated
 *   when TP > kv_heads).
 * - MLA: one latent "head", so every TP rank holds a full copy ("replicated"), unless
 *   DP-attention (each rank holds whole sequences: ⌈B / TP⌉ of them) or decode-context
 *   parallelism (tokens split over `dcp` ranks: ÷ dcp).
 * - Linear attention: constant state split over heads: ÷ min(TP, heads).
 * Under DP-attention the attention weights are replicated on every attention-DP rank (SGLang's
 * default layout); routed experts and dense layers stay sharded.
 */

export type KvRule = 'tp-heads' | 'mla-replicated' | 'dp-attention' | 'dcp' | 'tp-state';

/** The parallel layout the memory model applies. */
export interface Layout {
  gpus: number;
  tp: number;
  /** Pipeline stages (GPUs ÷ TP). */
  pp: number;
  nodes: number;
  /** How MLA caches are distributed; 'not-mla' for models without MLA. */
  mlaMode: MlaKvMode | 'not-mla';
  /** Attention data-parallel ranks per stage (= TP under DP-attention, else 1). */
  dp: number;
  dcp: number;
  /** Expert-parallel ranks per stage: TP for MoE layouts other than plain TP, else 1. */
  ep: number;
}

export function layoutOf(input: FitInput): Layout {
  const tp = input.tensorParallel;
  const mla = hasMla(input.model);
  const mlaMode: Layout['mlaMode'] = mla ? (tp === 1 ? 'replicated' : input.mlaKvMode) : 'not-mla';
  return {
    gpus: input.gpuCount,
    tp,
    pp: input.gpuCount / tp,
    nodes: Math.ceil(input.gpuCount / input.gpusPerNode),
    mlaMode,
    dp: mlaMode === 'dp-attention' ? tp : 1,
    dcp: mlaMode === 'dcp' ? input.dcpSize : 1,
    // A pinned layout of an MoE model runs with expert parallelism (as the official recipes do).
    ep: input.model.moe !== null ? tp : 1,
  };
}

/**
 * How a sequence's KV is sized: the cache format, and vLLM's `max_num_batched_tokens` for what
 * the engine allocates (null: what a decode step reads — a sliding window only its window).
 */
export interface KvSizing {
  format: KvFormat;
  batchedTokens: number | null;
}

/** The KV sizing of the memory model on a GPU: the scenario's format and batched tokens (or vLLM's default for that GPU). */
export function kvSizing(input: Pick<FitInput, 'kvFormat' | 'maxNumBatchedTokens' | 'maxNumSeqs' | 'gpu'>, gpu: GpuRecord = input.gpu): KvSizing {
  return { format: input.kvFormat, batchedTokens: engineLimits(input, gpu).maxNumBatchedTokens };
}

export interface KvGroupTerm {
  kind: AttentionGroup['kind'];
  layers: number;
  /** Growth per token of one sequence, whole model (0 for linear attention). */
  bytesPerToken: number;
  /** Tokens one sequence keeps in this group (for SWA what vLLM allocates: window − 1 + batched tokens in blocks; 0 for linear). */
  tokensHeld: number;
  /** One sequence, one copy. */
  bytesPerSequence: number;
  rule: KvRule;
  /** GPUs one copy of a sequence is split over (TP share × pipeline stages). */
  splitOver: number;
  /** Sequences whose cache a GPU holds (all of them, or ⌈B / DP⌉ under DP-attention). */
  sequencesPerGpu: number;
  perGpuBytes: number;
  /** Every sequence once (the size a single GPU would need). */
  uniqueBytes: number;
}

function groupRule(g: AttentionGroup, layout: Layout): { rule: KvRule; share: number } {
  if (layout.mlaMode === 'dp-attention') return { rule: 'dp-attention', share: 1 };
  switch (g.kind) {
    case 'gqa':
    case 'swa':
      return { rule: 'tp-heads', share: Math.min(layout.tp, g.kvHeads) };
    case 'linear':
      return { rule: 'tp-state', share: Math.min(layout.tp, g.heads) };
    case 'mla':
      return layout.mlaMode === 'dcp' ? { rule: 'dcp', share: layout.dcp } : { rule: 'mla-replicated', share: 1 };
  }
}

export function kvTerms(model: ModelSpec, sizing: KvSizing, layout: Layout, sequences: number, context: number): KvGroupTerm[] {
  const seqsPerRank = Math.ceil(sequences / layout.dp);
  const kv = sizing.format;
  return model.attention.map((g) => {
    const { rule, share } = groupRule(g, layout);
    const bytesPerSequence = groupBytesPerSequence(g, kv, context, sizing.batchedTokens);
    const splitOver = share * layout.pp;
    const sequencesPerGpu = rule === 'dp-attention' ? seqsPerRank : sequences;
    return {
      kind: g.kind,
      layers: g.layers,
      bytesPerToken: kvBytesPerToken(g, kv),
      tokensHeld: tokensHeld(g, context, sizing.batchedTokens),
      bytesPerSequence,
      rule,
      splitOver,
      sequencesPerGpu,
      perGpuBytes: (bytesPerSequence * sequencesPerGpu) / splitOver,
      uniqueBytes: bytesPerSequence * sequences,
    };
  });
}

/** KV bytes per GPU without building the terms (hot path of the frontier and the GPU table). */
export function kvPerGpu(model: ModelSpec, sizing: KvSizing, layout: Layout, sequences: number, context: number): number {
  const seqsPerRank = Math.ceil(sequences / layout.dp);
  let total = 0;
  for (const g of model.attention) {
    const { rule, share } = groupRule(g, layout);
    const seqs = rule === 'dp-attention' ? seqsPerRank : sequences;
    total += (groupBytesPerSequence(g, sizing.format, context, sizing.batchedTokens) * seqs) / (share * layout.pp);
  }
  return total;
}

export interface WeightTerm {
  bytes: WeightBytes;
  /** Evenly sharded part per GPU: (total − replicated attention) ÷ GPUs. */
  shardedPerGpu: number;
  /** Attention weights held per GPU under DP-attention (attention ÷ stages); 0 otherwise. */
  replicatedPerGpu: number;
  /** What the engine's kernel adds to the checkpoint by padding (vLLM's MXFP4 MoE layouts), per GPU; null when none is modelled. */
  kernelPadding: KernelPadding | null;
  /** Checkpoint share + kernel padding. */
  perGpuBytes: number;
}

export function weightTerm(
  input: Pick<FitInput, 'model' | 'weightFormat' | 'gpu'>,
  layout: Layout,
  bytes: WeightBytes = weightBytes(input.model, input.weightFormat),
): WeightTerm {
  // The padding is spread over the pipeline stages like the experts it pads.
  const pad = engineWeightPadding(input.model, input.weightFormat, input.gpu, layout);
  const padPerGpu = pad ? pad.extraBytesPerGpu / layout.pp : 0;
  const kernelPadding = pad ? { ...pad, extraBytesPerGpu: padPerGpu } : null;
  if (layout.mlaMode === 'dp-attention') {
    const shardedPerGpu = (bytes.totalBytes - bytes.attentionBytes) / layout.gpus;
    const replicatedPerGpu = bytes.attentionBytes / layout.pp;
    return { bytes, shardedPerGpu, replicatedPerGpu, kernelPadding, perGpuBytes: shardedPerGpu + replicatedPerGpu + padPerGpu };
  }
  const perGpu = bytes.totalBytes / layout.gpus;
  return { bytes, shardedPerGpu: perGpu, replicatedPerGpu: 0, kernelPadding, perGpuBytes: perGpu + padPerGpu };
}

export type NotFitReason = 'weights-exceed-physical' | 'weights-exceed-budget' | 'fixed-terms-exceed-budget' | 'kv-exceeds-remaining';

export interface FitVerdict {
  fits: boolean;
  /** Budget − used per GPU; negative means shortfall. */
  headroomPerGpu: number;
  headroomTotal: number;
  /** First reason it does not fit (null when it fits). */
  reason: NotFitReason | null;
  /** Used memory exceeds the physical memory, not only the budget. */
  overPhysical: boolean;
}

export interface MemoryBreakdown {
  layout: Layout;
  weights: WeightTerm;
  kv: { groups: KvGroupTerm[]; perGpuBytes: number; uniqueBytes: number; heldBytes: number; sizing: KvSizing };
  activationPerGpu: number;
  runtimePerGpu: number;
  /** Where the two come from: entered, or the engine profile's parts. */
  overheads: Overheads;
  usedPerGpu: number;
  budgetPerGpu: number;
  physicalPerGpu: number;
  /** max(0, budget − used). */
  freePerGpu: number;
  /** What remains for KV after weights, activations and runtime: budget − those (may be negative). */
  kvAvailablePerGpu: number;
  verdict: FitVerdict;
  /**
   * vLLM's start-up check: the engine refuses to start unless one sequence of the full context
   * (`max_model_len`) fits beside weights and overheads ("To serve at least one request with the
   * model's max seq len … KV cache is needed, which is larger than the available KV cache memory").
   */
  start: StartCheck;
}

export interface StartCheck {
  starts: boolean;
  /** Why not: the same reasons as the verdict, for one sequence. */
  reason: NotFitReason | null;
  /** KV of one sequence of the context per GPU, as the engine allocates it. */
  neededBytes: number;
  /** What is left for it (budget − weights − overheads; may be negative). */
  availableBytes: number;
}

function notFitReason(weights: number, fixed: number, budget: number, physical: number): NotFitReason {
  if (weights > physical) return 'weights-exceed-physical';
  if (weights > budget) return 'weights-exceed-budget';
  if (fixed > budget) return 'fixed-terms-exceed-budget';
  return 'kv-exceeds-remaining';
}

/** The budget: physical memory as the runtime reports it × memoryUtilisation (vLLM's gpu_memory_utilization applies to that total). */
export function budgetPerGpu(input: Pick<FitInput, 'gpu' | 'memoryUtilisation'>): number {
  return physicalMemoryBytes(input.gpu) * input.memoryUtilisation;
}

export function memoryBreakdown(input: FitInput, layout: Layout = layoutOf(input), bytes?: WeightBytes): MemoryBreakdown {
  const weights = weightTerm(input, layout, bytes);
  const sizing = kvSizing(input);
  const groups = kvTerms(input.model, sizing, layout, input.concurrentSequences, input.contextLength);
  const kvPerGpuBytes = groups.reduce((s, g) => s + g.perGpuBytes, 0);
  const overheads = overheadsFor(input, input.gpu, layout);
  const activationPerGpu = overheads.activationBytes;
  const runtimePerGpu = overheads.runtimeBytes;
  const fixed = weights.perGpuBytes + activationPerGpu + runtimePerGpu;
  const usedPerGpu = fixed + kvPerGpuBytes;
  const budget = budgetPerGpu(input);
  const physical = physicalMemoryBytes(input.gpu);
  const headroomPerGpu = budget - usedPerGpu;
  const fits = headroomPerGpu >= 0;
  const reason: NotFitReason | null = fits ? null : notFitReason(weights.perGpuBytes, fixed, budget, physical);
  const neededBytes = kvPerGpu(input.model, sizing, layout, 1, input.contextLength);
  const starts = fixed + neededBytes <= budget;
  const start: StartCheck = {
    starts,
    reason: starts ? null : notFitReason(weights.perGpuBytes, fixed, budget, physical),
    neededBytes,
    availableBytes: budget - fixed,
  };
  return {
    layout,
    weights,
    kv: {
      groups,
      perGpuBytes: kvPerGpuBytes,
      uniqueBytes: groups.reduce((s, g) => s + g.uniqueBytes, 0),
      heldBytes: kvPerGpuBytes * layout.gpus,
      sizing,
    },
    activationPerGpu,
    runtimePerGpu,
    overheads,
    usedPerGpu,
    budgetPerGpu: budget,
    physicalPerGpu: physical,
    freePerGpu: Math.max(0, headroomPerGpu),
    kvAvailablePerGpu: budget - fixed,
    verdict: { fits, headroomPerGpu, headroomTotal: headroomPerGpu * layout.gpus, reason, overPhysical: usedPerGpu > physical },
    start,
  };
}
