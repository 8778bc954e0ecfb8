import type { ModelSpec } from '../scenario/model-spec';
import { kvPerGpu, type KvSizing, type Layout } from './fit';
import { MAX_CONTEXT } from './setup';

/**
 * The fit frontier at a fixed setup: what is left for the cache after weights, activations and
 * runtime (`available` per GPU) bounds the number of sequences at a context and the context at a
 * number of sequences. KV per GPU grows with both, so both searches are exact.
 */

/** Upper bound reported for concurrency; beyond it the model is not memory-limited in practice. */
export const CONCURRENCY_CAP = 1_000_000_000;

/**
 * Largest number of sequences of `context` tokens that fit in `available` bytes per GPU.
 * One "unit" is one sequence per attention-DP rank (one sequence without DP-attention); the
 * busiest GPU holds ⌈B / DP⌉ sequences, so B_max = DP × ⌊available / unit⌋.
 */
export function maxConcurrency(model: ModelSpec, kv: KvSizing, layout: Layout, available: number, context: number): number {
  if (!(available > 0)) return 0;
  const unit = kvPerGpu(model, kv, layout, layout.dp, context);
  if (!(unit > 0)) return CONCURRENCY_CAP;
  return Math.min(CONCURRENCY_CAP, layout.dp * Math.floor(available / unit));
}

export type MaxContext = { kind: 'tokens'; tokens: number } | { kind: 'none' } | { kind: 'unbounded'; checkedUpTo: number };

/**
 * Largest context (tokens) at which `sequences` sequences fit: binary search over the
 * monotone KV-per-GPU function. 'none' when not even one token fits; 'unbounded' when memory
 * does not limit the context up to the search cap (only sliding-window and linear layers).
 */
export function maxContext(model: ModelSpec, kv: KvSizing, layout: Layout, available: number, sequences: number): MaxContext {
  const need = (c: number) => kvPerGpu(model, kv, layout, sequences, c);
  if (!(available > 0) || need(1) > available) return { kind: 'none' };
  if (need(MAX_CONTEXT) <= available) return { kind: 'unbounded', checkedUpTo: MAX_CONTEXT };
  let lo = 1; // fits
  let hi = MAX_CONTEXT; // does not fit
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (need(mid) <= available) lo = mid;
    else hi = mid;
  }
  return { kind: 'tokens', tokens: lo };
}

export interface FrontierPoint {
  context: number;
  maxConcurrency: number;
}

/** Context lengths to plot: powers of two from 1K up to twice the larger of the model maximum and the configured context. */
export function frontierContexts(modelMax: number, configured: number): number[] {
  const top = Math.min(MAX_CONTEXT, 2 * Math.max(modelMax, configured));
  const set = new Set<number>();
  for (let c = 1024; c <= top; c *= 2) set.add(c);
  set.add(Math.min(modelMax, MAX_CONTEXT));
  set.add(configured);
  return [...set].sort((a, b) => a - b);
}

export function frontierSeries(model: ModelSpec, kv: KvSizing, layout: Layout, available: number, configured: number): FrontierPoint[] {
  return frontierContexts(model.maxContext, configured).map((context) => ({
    context,
    maxConcurrency: maxConcurrency(model, kv, layout, available, context),
  }));
}
