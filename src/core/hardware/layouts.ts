import type { GpuRecord } from '../catalog/types';
import { budgetPerGpu, kvPerGpu, kvSizing, layoutOf, weightTerm, type Layout } from './fit';
import { overheadsFor } from './engine-profile';
import { maxConcurrency } from './frontier';
import { hasMla, type WeightBytes } from './model-math';
import type { FitInput } from './setup';

/**
 * The parallel layouts worth comparing for a model on a number of GPUs, and the one that fits
 * best. One layout rule decided the verdict before: DP-attention replicates the attention
 * weights on every rank (about 68 GB for Kimi K3), so K3 on 8× GB300 (the vLLM recipe's
 * minimum) "did not fit". Now every sensible layout is evaluated:
 *
 * - `tp`: tensor parallel over TP ranks; an MLA cache is replicated on every rank.
 * - `tp-ep`: the same with the routed experts spread whole over EP = TP ranks (MoE only). Per
 *   GPU it holds the same bytes as `tp` (both shard the experts evenly); it changes the
 *   all-to-all traffic, not the memory. Preferred over `tp` on a tie, as the official MoE recipes
 *   run with expert parallelism.
 * - `dp-attention` (MLA only): each of TP attention ranks holds whole sequences (⌈B / TP⌉),
 *   attention weights replicated, experts EP-sharded.
 * - `dcp` (MLA only): decode-context parallelism, every sequence's tokens split over
 *   DCP = TP ranks; no weight replication.
 * - `tp-pp`: pipeline stages inside the node, TP halved and PP doubled (TP4 × PP2 on 8 GPUs),
 *   for models with a GQA / sliding-window group of fewer KV heads than TP: TP8 over 4 KV heads
 *   holds every head twice, TP4 × PP2 holds each once and half the layers, so it keeps half the
 *   KV per GPU (Qwen3-235B: 4 KV heads). Plain TP (+ EP for MoE) otherwise; listed last, so it is
 *   used only where it gives more KV room.
 *
 * TP is the largest power of two ≤ 8 dividing the count and the remaining factor becomes
 * pipeline stages, so a count beyond one node is TP × PP across nodes (the same rule as the
 * minimum-GPU table, so the verdict and the table agree at every count).
 *
 * "KV room" is the number of sequences of the scenario's context that fit beside the weights,
 * activations and runtime; the best layout is the fitting one with the most room (ties: the
 * order of `LAYOUT_KINDS`). A user who pins a layout gets exactly the scenario's TP, MLA mode
 * and DCP size instead.
 */

export const LAYOUT_KINDS = ['tp-ep', 'dcp', 'dp-attention', 'tp', 'tp-pp'] as const;
export type LayoutKind = (typeof LAYOUT_KINDS)[number];

export const MAX_TP = 8;

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** A group whose KV heads are fewer than `tp`, so TP replicates them and pipeline stages do not. */
function fewKvHeads(model: FitInput['model'], tp: number): boolean {
  return model.attention.some((g) => (g.kind === 'gqa' || g.kind === 'swa') && g.kvHeads < tp);
}

/** The layout kinds that make sense for the model (MLA-specific ones only for MLA models). */
export function layoutKindsFor(model: FitInput['model']): LayoutKind[] {
  const mla = hasMla(model);
  const moe = model.moe !== null;
  return LAYOUT_KINDS.filter((k) => {
    if (k === 'tp-ep') return moe;
    if (k === 'dcp' || k === 'dp-attention') return mla;
    if (k === 'tp-pp') return fewKvHeads(model, MAX_TP);
    return true;
  });
}

/** The concrete layout of `kind` on `count` GPUs (TP = largest power of two ≤ 8 dividing the count). */
export function layoutFor(model: FitInput['model'], kind: LayoutKind, count: number, gpusPerNode: number): Layout {
  const full = gcd(count, MAX_TP);
  const tp = kind === 'tp-pp' ? Math.max(1, full / 2) : full;
  const mla = hasMla(model);
  let mlaMode: Layout['mlaMode'] = 'not-mla';
  if (mla) mlaMode = tp === 1 ? 'replicated' : kind === 'dp-attention' ? 'dp-attention' : kind === 'dcp' ? 'dcp' : 'replicated';
  return {
    gpus: count,
    tp,
    pp: count / tp,
    nodes: Math.ceil(count / gpusPerNode),
    mlaMode,
    dp: mlaMode === 'dp-attention' ? tp : 1,
    dcp: mlaMode === 'dcp' ? tp : 1,
    ep: model.moe !== null && kind !== 'tp' ? tp : 1,
  };
}

/** What a pinned layout is called: the scenario's MLA mode, or plain TP (+ EP for MoE). */
export function kindOfLayout(model: FitInput['model'], layout: Layout): LayoutKind {
  if (layout.mlaMode === 'dp-attention') return 'dp-attention';
  if (layout.mlaMode === 'dcp') return 'dcp';
  return model.moe !== null ? 'tp-ep' : 'tp';
}

export interface LayoutFit {
  kind: LayoutKind;
  layout: Layout;
  /** Expert-parallel ranks per stage (TP for MoE layouts other than plain TP, else 1). */
  ep: number;
  weightsPerGpu: number;
  /** KV per GPU at the scenario's context and concurrency. */
  kvPerGpu: number;
  usedPerGpu: number;
  budgetPerGpu: number;
  headroomPerGpu: number;
  fits: boolean;
  /** KV room: sequences of the scenario's context that fit (0 when the weights alone do not). */
  maxSequencesAtContext: number;
}

export function evaluateLayout(input: FitInput, gpu: GpuRecord, kind: LayoutKind, layout: Layout, bytes: WeightBytes): LayoutFit {
  const at = gpu === input.gpu ? input : { ...input, gpu };
  const budget = budgetPerGpu(at);
  const weights = weightTerm(at, layout, bytes).perGpuBytes;
  const overheads = overheadsFor(input, gpu, layout);
  const fixed = weights + overheads.activationBytes + overheads.runtimeBytes;
  const sizing = kvSizing(input, gpu);
  const kv = kvPerGpu(input.model, sizing, layout, input.concurrentSequences, input.contextLength);
  const used = fixed + kv;
  return {
    kind,
    layout,
    ep: layout.ep,
    weightsPerGpu: weights,
    kvPerGpu: kv,
    usedPerGpu: used,
    budgetPerGpu: budget,
    headroomPerGpu: budget - used,
    fits: used <= budget,
    maxSequencesAtContext: maxConcurrency(input.model, sizing, layout, budget - fixed, input.contextLength),
  };
}

/** The best of several evaluated layouts: fitting first, then most KV room, then most headroom, then kind order. */
export function pickBest(fits: readonly LayoutFit[]): LayoutFit | null {
  let best: LayoutFit | null = null;
  const rank = (f: LayoutFit) => LAYOUT_KINDS.indexOf(f.kind);
  for (const f of fits) {
    if (!best) {
      best = f;
      continue;
    }
    if (f.fits !== best.fits) {
      if (f.fits) best = f;
      continue;
    }
    if (f.fits && f.maxSequencesAtContext !== best.maxSequencesAtContext) {
      if (f.maxSequencesAtContext > best.maxSequencesAtContext) best = f;
      continue;
    }
    if (f.headroomPerGpu !== best.headroomPerGpu) {
      if (f.headroomPerGpu > best.headroomPerGpu) best = f;
      continue;
    }
    if (rank(f) < rank(best)) best = f;
  }
  return best;
}

/** Every sensible layout of the model on `count` GPUs of `gpu`, in `LAYOUT_KINDS` order. */
export function layoutsAt(input: FitInput, gpu: GpuRecord, count: number, gpusPerNode: number, bytes: WeightBytes): LayoutFit[] {
  // On one TP rank every layout is the same: plain TP1.
  const tp = gcd(count, MAX_TP);
  const kinds = tp === 1 ? (['tp'] as const) : layoutKindsFor(input.model);
  const out: LayoutFit[] = [];
  for (const kind of kinds) {
    // Halving TP pays only where this TP replicates KV heads, and only while the stages fit the layers.
    if (kind === 'tp-pp' && (!fewKvHeads(input.model, tp) || (count / tp) * 2 > input.model.layers)) continue;
    out.push(evaluateLayout(input, gpu, kind, layoutFor(input.model, kind, count, gpusPerNode), bytes));
  }
  return out;
}

/** The layout the scenario asks for at its own GPU count: the pinned one, or the best of `layoutsAt`. */
export function chosenLayout(input: FitInput, bytes: WeightBytes): LayoutFit {
  if (input.layoutChoice === 'pinned') {
    const layout = layoutOf(input);
    return evaluateLayout(input, input.gpu, kindOfLayout(input.model, layout), layout, bytes);
  }
  const best = pickBest(layoutsAt(input, input.gpu, input.gpuCount, input.gpusPerNode, bytes));
  // layoutKindsFor always yields at least 'tp', so there is a best.
  if (!best) throw new Error('no layout kind for the model');
  return best;
}
