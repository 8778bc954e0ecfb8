import type { AttentionGroup, ModelSpec } from '../scenario/model-spec';
import { GIB, physicalMemoryBytes } from './formats';
import {
  groupBytesPerSequence,
  hasMla,
  kvBytesPerToken,
  tokensHeld,
  weightBytes,
  type WeightBytes,
} from './model-math';
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
  };
}

export interface KvGroupTerm {
  kind: AttentionGroup['kind'];
  layers: number;
  /** Growth per token of one sequence, whole model (0 for linear attention). */
  bytesPerToken: number;
  /** Tokens one sequence keeps in this group (window cap for SWA, 0 for linear). */
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

export function kvTerms(model: ModelSpec, kv: FitInput['kvFormat'], layout: Layout, sequences: number, context: number): KvGroupTerm[] {
  const seqsPerRank = Math.ceil(sequences / layout.dp);
  return model.attention.map((g) => {
    const { rule, share } = groupRule(g, layout);
    const bytesPerSequence = groupBytesPerSequence(g, kv, context);
    const splitOver = share * layout.pp;
    const sequencesPerGpu = rule === 'dp-attention' ? seqsPerRank : sequences;
    return {
      kind: g.kind,
      layers: g.layers,
      bytesPerToken: kvBytesPerToken(g, kv),
      tokensHeld: tokensHeld(g, context),
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
export function kvPerGpu(model: ModelSpec, kv: FitInput['kvFormat'], layout: Layout, sequences: number, context: number): number {
  const seqsPerRank = Math.ceil(sequences / layout.dp);
  let total = 0;
  for (const g of model.attention) {
    const { rule, share } = groupRule(g, layout);
    const seqs = rule === 'dp-attention' ? seqsPerRank : sequences;
    total += (groupBytesPerSequence(g, kv, context) * seqs) / (share * layout.pp);
  }
  return total;
}

export interface WeightTerm {
  bytes: WeightBytes;
  /** Evenly sharded part per GPU: (total − replicated attention) ÷ GPUs. */
  shardedPerGpu: number;
  /** Attention weights held per GPU under DP-attention (attention ÷ stages); 0 otherwise. */
  replicatedPerGpu: number;
  perGpuBytes: number;
}

export function weightTerm(input: FitInput, layout: Layout, bytes: WeightBytes = weightBytes(input.model, input.weightFormat)): WeightTerm {
  if (layout.mlaMode === 'dp-attention') {
    const shardedPerGpu = (bytes.totalBytes - bytes.attentionBytes) / layout.gpus;
    const replicatedPerGpu = bytes.attentionBytes / layout.pp;
    return { bytes, shardedPerGpu, replicatedPerGpu, perGpuBytes: shardedPerGpu + replicatedPerGpu };
  }
  const perGpu = bytes.totalBytes / layout.gpus;
  return { bytes, shardedPerGpu: perGpu, replicatedPerGpu: 0, perGpuBytes: perGpu };
}

export type NotFitReason =
  | 'weights-exceed-physical'
  | 'weights-exceed-budget'
  | 'fixed-terms-exceed-budget'
  | 'kv-exceeds-remaining';

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
  kv: { groups: KvGroupTerm[]; perGpuBytes: number; uniqueBytes: number; heldBytes: number };
  activationPerGpu: number;
  runtimePerGpu: number;
  usedPerGpu: number;
  budgetPerGpu: number;
  physicalPerGpu: number;
  /** max(0, budget − used). */
  freePerGpu: number;
  /** What remains for KV after weights, activations and runtime: budget − those (may be negative). */
  kvAvailablePerGpu: number;
  verdict: FitVerdict;
}

/** The budget: physical memory as the runtime reports it × memoryUtilisation (vLLM's gpu_memory_utilization applies to that total). */
export function budgetPerGpu(input: Pick<FitInput, 'gpu' | 'memoryUtilisation'>): number {
  return physicalMemoryBytes(input.gpu) * input.memoryUtilisation;
}

export function memoryBreakdown(input: FitInput, layout: Layout = layoutOf(input), bytes?: WeightBytes): MemoryBreakdown {
  const weights = weightTerm(input, layout, bytes);
  const groups = kvTerms(input.model, input.kvFormat, layout, input.concurrentSequences, input.contextLength);
  const kvPerGpuBytes = groups.reduce((s, g) => s + g.perGpuBytes, 0);
  const activationPerGpu = input.activationGiB * GIB;
  const runtimePerGpu = input.runtimeOverheadGiB * GIB;
  const fixed = weights.perGpuBytes + activationPerGpu + runtimePerGpu;
  const usedPerGpu = fixed + kvPerGpuBytes;
  const budget = budgetPerGpu(input);
  const physical = physicalMemoryBytes(input.gpu);
  const headroomPerGpu = budget - usedPerGpu;
  const fits = headroomPerGpu >= 0;
  let reason: NotFitReason | null = null;
  if (!fits) {
    if (weights.perGpuBytes > physical) reason = 'weights-exceed-physical';
    else if (weights.perGpuBytes > budget) reason = 'weights-exceed-budget';
    else if (fixed > budget) reason = 'fixed-terms-exceed-budget';
    else reason = 'kv-exceeds-remaining';
  }
  return {
    layout,
    weights,
    kv: {
      groups,
      perGpuBytes: kvPerGpuBytes,
      uniqueBytes: groups.reduce((s, g) => s + g.uniqueBytes, 0),
      heldBytes: kvPerGpuBytes * layout.gpus,
    },
    activationPerGpu,
    runtimePerGpu,
    usedPerGpu,
    budgetPerGpu: budget,
    physicalPerGpu: physical,
    freePerGpu: Math.max(0, headroomPerGpu),
    kvAvailablePerGpu: budget - fixed,
    verdict: { fits, headroomPerGpu, headroomTotal: headroomPerGpu * layout.gpus, reason, overPhysical: usedPerGpu > physical },
  };
}
