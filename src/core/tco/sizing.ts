import { sameLength } from '../schemas/lengths';
import type { Scenario } from '../scenario/schema';
import type { TaskMix } from './workload';

/**
 * How long one request of the workload keeps a replica busy, from a throughput figure
 * (docs/tco.md §4). A throughput figure holds for the request lengths it was measured or
 * estimated at; a replica's time per request is prefill (uncached input) plus decode (output
 * incl. reasoning):
 *
 *   seconds per request = uncached input ÷ prefill rate + output × decode seconds per token
 *
 * - Without a prefill rate the figure can only be used at its own lengths: tokens of its
 *   basis ÷ tokens/s (output tokens, or input + output). Lengths within ±10 % count as the
 *   same. A workload with input but no output cannot be sized by an output-token figure
 *   (its prefill would be free), nor can one at other lengths: both are refused with a
 *   reason the user can act on (enter the prefill rate, or a figure at these lengths).
 * - At the figure's own lengths (±10 %) the figure is used as given, with or without a prefill
 *   rate: the rate is only needed to carry a figure to other lengths, so entering one never
 *   refuses a figure that holds without it (docs/capacity.md §3).
 * - At other lengths, with a prefill rate P the figure's own request is split: its time is
 *   basis tokens ÷ T, of which its uncached input ÷ P is prefill; the rest, per output token, is
 *   the decode time. The workload's request then takes its uncached input ÷ P plus its output ×
 *   that decode time per token. A rate below what the figure itself prefilled (its input × its
 *   requests per second, `minPrefillTokensPerSecond`) contradicts the figure and is refused.
 *
 * Cached input (prefix-cache hits) is not prefilled again and costs no replica time here. A
 * figure's own input (`atInputTokens`) counts as uncached: load generators send fresh prompts.
 */

export type SizingFailure =
  /** Output-token throughput, a workload with input but no output, and no prefill rate. */
  | 'no-output-to-size'
  /** The figure holds for other request lengths and there is no prefill rate to carry it over. */
  | 'lengths-differ'
  /** With the prefill rate given, prefilling the figure's own input takes longer than its rate allows. */
  | 'prefill-exceeds-figure'
  /** The figure's own request has no output, so its decode speed is unknown. */
  | 'figure-without-output';

export interface SizingLengths {
  /** Input tokens per request (all of it; the figure's as given). */
  input: number;
  /** Of those, not served from the prefix cache (what prefill works on). */
  uncachedInput: number;
  /** Output tokens per request incl. reasoning. */
  output: number;
}

export type Sizing =
  | {
      ok: true;
      /** The figure's tokens/s on its basis (the operating point's, when a series sizes the replicas). */
      tokensPerSecond: number;
      method: 'as-given' | 'prefill-decode';
      /** Replica-seconds of one request (before retries) at full speed; 0 when it has no tokens. */
      secondsPerRequest: number;
      /** Its prefill and decode parts (prefill-decode only). */
      prefillSeconds: number | null;
      decodeSeconds: number | null;
      /** The lengths the figure holds for, and the workload's. */
      at: SizingLengths;
      workload: SizingLengths;
    }
  | {
      ok: false;
      reason: SizingFailure;
      tokensPerSecond: number;
      /**
       * The lowest prefill rate the figure allows: its own uncached input × its requests per
       * second (prefill-exceeds-figure only, else null). 1,000-token prompts at 2,845 output
       * tok/s of 100-token answers are 28.45 requests/s, so 28,450 input tokens/s were prefilled.
       */
      minPrefillTokensPerSecond: number | null;
      at: SizingLengths;
      workload: SizingLengths;
    };

/**
 * @param tps the figure's tokens/s (must be > 0; no throughput is handled by the caller)
 */
export function sizeRequest(throughput: Scenario['selfHosted']['throughput'], tps: number, mix: Pick<TaskMix, 'perRequest'>): Sizing {
  const r = mix.perRequest;
  const workload: SizingLengths = { input: r.inputTokens, uncachedInput: r.inputTokens - r.cachedInputTokens, output: r.billedOutputTokens };
  const atInput = throughput.atInputTokens;
  const atOutput = throughput.atOutputTokens;
  const at: SizingLengths = {
    input: atInput ?? workload.input,
    uncachedInput: atInput ?? workload.uncachedInput,
    output: atOutput ?? workload.output,
  };
  const basisTokens = (l: SizingLengths) => (throughput.basis === 'output' ? l.output : l.input + l.output);
  const prefill = throughput.prefillTokensPerSecond !== null && throughput.prefillTokensPerSecond > 0 ? throughput.prefillTokensPerSecond : null;

  const refuse = (reason: SizingFailure, minPrefillTokensPerSecond: number | null = null): Sizing => ({
    ok: false,
    reason,
    tokensPerSecond: tps,
    minPrefillTokensPerSecond,
    at,
    workload,
  });
  const lengthsMatch = (atInput === null || sameLength(atInput, workload.input)) && (atOutput === null || sameLength(atOutput, workload.output));
  // Without a prefill rate a figure with input but no output to count cannot size the input;
  // with one it can (prefill-decode below).
  const asGiven = lengthsMatch && (prefill === null || basisTokens(workload) > 0 || workload.input <= 0);
  if (asGiven) {
    const tokens = basisTokens(workload);
    if (tokens <= 0 && workload.input > 0) return refuse('no-output-to-size');
    return { ok: true, tokensPerSecond: tps, method: 'as-given', secondsPerRequest: tokens / tps, prefillSeconds: null, decodeSeconds: null, at, workload };
  }
  if (prefill === null) return refuse('lengths-differ');

  const referenceSeconds = basisTokens(at) / tps;
  const referencePrefill = at.uncachedInput / prefill;
  const prefillSeconds = workload.uncachedInput / prefill;
  let decodeSeconds = 0;
  if (workload.output > 0) {
    if (at.output <= 0) return refuse('figure-without-output');
    const referenceDecode = referenceSeconds - referencePrefill;
    // A tolerance so that a figure exactly at its prefill limit is not refused by rounding.
    if (!(referenceDecode > 1e-12 * Math.max(1, referenceSeconds))) {
      const min = at.uncachedInput / referenceSeconds;
      return refuse('prefill-exceeds-figure', Number.isFinite(min) ? min : null);
    }
    decodeSeconds = (workload.output * referenceDecode) / at.output;
  }
  return {
    ok: true,
    tokensPerSecond: tps,
    method: 'prefill-decode',
    secondsPerRequest: prefillSeconds + decodeSeconds,
    prefillSeconds,
    decodeSeconds,
    at,
    workload,
  };
}
