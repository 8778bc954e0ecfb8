import { sameLength } from '../schemas/lengths';

/**
 * Request lengths (docs/capacity.md §3). A curve measured at 1k in / 1k out does not describe
 * an 8k / 1k workload. Lengths within ±10 % count as the same (as for single figures,
 * `tco/sizing.ts`). Otherwise the throughput is carried over with the prefill/decode model of
 * docs/tco.md §4, which needs the replica's prefill rate P (input tokens/s):
 *
 *   seconds per request at the curve's lengths  s = out_c ÷ T        (T = output tok/s)
 *   of which prefill                             in_c ÷ P
 *   decode seconds per output token              d = (s − in_c ÷ P) ÷ out_c
 *   at the workload's lengths                    s' = in_w ÷ P + out_w × d
 *   output tok/s there                           T' = out_w ÷ s'   →   factor = T' ÷ T
 *
 * Without a prefill rate the figure is refused, never silently used; so is a series that states
 * one length only, when that one differs. Latencies are shown as measured: the factor only
 * carries the throughput.
 */

export interface Lengths {
  input: number;
  output: number;
}

export type LengthFit =
  | { kind: 'match'; series: Lengths; workload: Lengths }
  /** The series does not say its lengths: used as given, and shown so. */
  | { kind: 'unknown'; workload: Lengths }
  | { kind: 'adjusted'; factor: number; prefillTokensPerS: number; series: Lengths; workload: Lengths }
  | { kind: 'refused'; reason: 'no-prefill-rate' | 'prefill-exceeds-figure' | 'no-output'; series: Lengths; workload: Lengths }
  /** One length is stated and differs from the workload's, the other is not: nothing to carry it over with. */
  | { kind: 'refused'; reason: 'length-unknown'; series: { input: number | null; output: number | null }; workload: Lengths };

/**
 * @param outputTokensPerS the chosen point's output tok/s at the series' lengths
 * @param prefillTokensPerS the replica's prefill rate, or null when unknown
 */
export function fitLengths(
  series: { input: number | null; output: number | null },
  workload: Lengths,
  outputTokensPerS: number,
  prefillTokensPerS: number | null,
): LengthFit {
  if (series.input === null && series.output === null) return { kind: 'unknown', workload };
  // One length known: used as given only where it matches (the other is the workload's own).
  if (series.input === null || series.output === null) {
    const known = series.input !== null ? sameLength(series.input, workload.input) : sameLength(series.output as number, workload.output);
    return known
      ? { kind: 'unknown', workload }
      : { kind: 'refused', reason: 'length-unknown', series: { input: series.input, output: series.output }, workload };
  }
  const s: Lengths = { input: series.input, output: series.output };
  if (sameLength(s.input, workload.input) && sameLength(s.output, workload.output)) return { kind: 'match', series: s, workload };
  if (!(s.output > 0) || !(workload.output > 0) || !(outputTokensPerS > 0)) return { kind: 'refused', reason: 'no-output', series: s, workload };
  if (prefillTokensPerS === null || !(prefillTokensPerS > 0)) return { kind: 'refused', reason: 'no-prefill-rate', series: s, workload };
  const seconds = s.output / outputTokensPerS;
  const decodePerToken = (seconds - s.input / prefillTokensPerS) / s.output;
  if (!(decodePerToken > 0)) return { kind: 'refused', reason: 'prefill-exceeds-figure', series: s, workload };
  const secondsThere = workload.input / prefillTokensPerS + workload.output * decodePerToken;
  const factor = workload.output / secondsThere / outputTokensPerS;
  return { kind: 'adjusted', factor, prefillTokensPerS, series: s, workload };
}
