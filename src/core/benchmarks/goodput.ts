import type { RequestTable } from './request-table';
import type { SloLimits } from './run-schema';

/**
 * Goodput under latency limits (SPEC §5; vLLM's `--goodput`, vllm-project/vllm PR #9338, and
 * the "good token throughput" asked for in vllm-project/vllm#24555): a request is good when it
 * succeeded and meets every limit that is set. Failed requests are never good. A request with
 * fewer than two output tokens has no decode phase, so a TPOT limit does not apply to it (as in
 * vLLM, which counts its TPOT as 0).
 */
export type GoodputResult =
  | {
      status: 'ok';
      goodRequests: number;
      totalRequests: number;
      /** Good requests / all requests (failed ones included), 0..1. */
      requestShare: number;
      /** Output tokens of good requests / output tokens of all successful requests, 0..1; null without token counts. */
      outputTokenShare: number | null;
      /** Good requests per second of run time; null without a duration. */
      goodputRps: number | null;
      /** Output tokens per second from good requests; null without a duration or token counts. */
      goodOutputTokensPerS: number | null;
      /**
       * Rows of the uniform sample the figures were estimated from, when the run's table keeps a
       * sample of a large log (request-table.ts); the counts are then scaled to all requests.
       */
      sampleRows?: number;
    }
  | { status: 'not-applicable'; reason: 'no-limits' | 'no-requests' | 'metric-missing'; missing: ('ttft' | 'tpot' | 'e2el')[] };

function hasAny(values: Float64Array, ok: Uint8Array): boolean {
  for (let i = 0; i < values.length; i++) if (ok[i] === 1 && Number.isFinite(values[i] as number)) return true;
  return false;
}

export function computeGoodput(table: RequestTable, limits: SloLimits, durationS: number | null): GoodputResult {
  const active = {
    ttft: limits.ttftMs,
    tpot: limits.tpotMs,
    e2el: limits.e2elMs,
  };
  if (active.ttft === null && active.tpot === null && active.e2el === null) return { status: 'not-applicable', reason: 'no-limits', missing: [] };
  if (table.count === 0) return { status: 'not-applicable', reason: 'no-requests', missing: [] };
  const missing: ('ttft' | 'tpot' | 'e2el')[] = [];
  if (active.ttft !== null && !hasAny(table.ttftMs, table.ok)) missing.push('ttft');
  if (active.tpot !== null && !hasAny(table.tpotMs, table.ok)) missing.push('tpot');
  if (active.e2el !== null && !hasAny(table.e2elMs, table.ok)) missing.push('e2el');
  if (missing.length > 0) return { status: 'not-applicable', reason: 'metric-missing', missing };

  let good = 0;
  let goodTokens = 0;
  let allTokens = 0;
  let haveTokens = false;
  for (let i = 0; i < table.count; i++) {
    if (table.ok[i] !== 1) continue;
    const out = table.outputTokens[i] as number;
    if (Number.isFinite(out)) {
      allTokens += out;
      haveTokens = true;
    }
    const ttft = table.ttftMs[i] as number;
    const e2el = table.e2elMs[i] as number;
    const tpot = table.tpotMs[i] as number;
    // A missing value cannot show that the limit was met.
    if (active.ttft !== null && !(ttft <= active.ttft)) continue;
    if (active.e2el !== null && !(e2el <= active.e2el)) continue;
    if (active.tpot !== null && Number.isFinite(out) && out > 1 && !(tpot <= active.tpot)) continue;
    if (active.tpot !== null && !Number.isFinite(out) && !(tpot <= active.tpot)) continue;
    good += 1;
    if (Number.isFinite(out)) goodTokens += out;
  }
  const d = durationS !== null && durationS > 0 ? durationS : null;
  // A sampled table: each kept request stands for 1 / rate requests of the log.
  const scale = table.sample ? table.sample.requests / table.count : 1;
  const result: GoodputResult = {
    status: 'ok',
    goodRequests: table.sample ? Math.round(good * scale) : good,
    totalRequests: table.sample ? table.sample.requests : table.count,
    requestShare: good / table.count,
    outputTokenShare: haveTokens && allTokens > 0 ? goodTokens / allTokens : null,
    goodputRps: d === null ? null : (good * scale) / d,
    goodOutputTokensPerS: d === null || !haveTokens ? null : (goodTokens * scale) / d,
  };
  if (table.sample) result.sampleRows = table.count;
  return result;
}
