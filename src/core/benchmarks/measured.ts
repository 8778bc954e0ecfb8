import type { GoodputResult } from './goodput';
import type { BenchRun, SloLimits } from './run-schema';

/**
 * "Use as measured throughput": what a run may hand to the TCO scenario, and what the user must
 * be told first. A run only describes the self-hosted deployment when it measured that model on
 * a self-hosted endpoint; a client log of an API model or a run of a toy model is a real
 * measurement of something else. Those are not refused (the user may know better, e.g. a
 * quantised variant under another name) but named with both models before anything is written.
 * A run without throughput is refused with the reason. The latency target stored with the
 * figure is one the throughput was actually achieved under: a limit is only stored when the
 * run's per-request data shows every completed request met it.
 */

/** The self-hosted deployment of the scenario: the model's id and the names it goes by. */
export interface Deployment {
  modelId: string;
  /** Catalog id and display name, or the custom model's name. */
  names: readonly string[];
}

export type MeasuredWarning =
  | { code: 'api-endpoint'; provider: string | null }
  | { code: 'model-mismatch'; runModel: string; deployment: string }
  | { code: 'model-not-stated'; deployment: string };

export type RefuseReason = 'no-successful-requests' | 'no-duration' | 'no-token-counts' | 'no-throughput' | 'partial-throughput';

/** Why no latency target is stored (or which one is). */
export type LatencyNote =
  | { kind: 'applies'; limit: 'e2el' | 'ttft'; ms: number }
  | { kind: 'none'; reason: 'no-limit' | 'only-tpot' | 'no-requests' | 'sampled' | 'not-all-met' | 'not-computed'; share?: number };

export interface MeasuredSummary {
  source: 'measured';
  tokensPerSecond: number;
  basis: 'output' | 'total';
  latencyTargetMs: number | null;
  /** Mean input and output tokens per successful request of the run; null when the file has no counts. */
  atInputTokens: number | null;
  atOutputTokens: number | null;
  /** A run measures prefill and decode together: no separate prefill rate. */
  prefillTokensPerSecond: null;
  measuredRun: {
    label: string;
    tool: string;
    fileHash: string;
    outputTokensPerSecond: number;
    totalTokensPerSecond: number;
    concurrency: number | null;
  };
}

export type MeasuredPlan =
  | { kind: 'refuse'; reason: RefuseReason; missing?: 'output' | 'total' }
  | { kind: 'ok'; throughput: MeasuredSummary; warnings: MeasuredWarning[]; latency: LatencyNote };

/** Lower case, every run of other characters than letters, digits and dots as one "-". */
function normalise(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Does a run's model name refer to the deployment's model? The deployment's id or name must
 * appear as whole "-"-separated parts of the run's name (after any organisation or path):
 * "moonshotai/Kimi-K2.6-Instruct" is Kimi K2.6, "/models/Kimi-K2.5-NVFP4" is Kimi K2.5, but
 * "Kimi-K2.6" is not Kimi K2 and "MiniMax-M2.5" is not MiniMax-M2.
 */
export function modelMatches(runModel: string, deployment: Deployment): boolean {
  const run = `-${normalise(runModel)}-`;
  return deployment.names.some((n) => {
    const key = normalise(n);
    return key.length > 0 && run.includes(`-${key}-`);
  });
}

function positive(v: number | null): v is number {
  return v !== null && Number.isFinite(v) && v > 0;
}

function latencyNote(run: BenchRun, limits: SloLimits, goodput: GoodputResult | undefined): LatencyNote {
  const limit =
    limits.e2elMs !== null ? { limit: 'e2el' as const, ms: limits.e2elMs } : limits.ttftMs !== null ? { limit: 'ttft' as const, ms: limits.ttftMs } : null;
  if (!limit) return { kind: 'none', reason: limits.tpotMs !== null ? 'only-tpot' : 'no-limit' };
  if (!run.perRequest) return { kind: 'none', reason: 'no-requests' };
  // A sample (the file's own, or the table's of a large log) cannot show that every request met the limit.
  if (run.perRequest.sampled || run.perRequest.kept !== undefined) return { kind: 'none', reason: 'sampled' };
  if (!goodput) return { kind: 'none', reason: 'not-computed' };
  if (goodput.status !== 'ok') return { kind: 'none', reason: goodput.reason === 'metric-missing' ? 'no-requests' : 'not-computed' };
  // The throughput counts completed requests; it was achieved under the limit only if all of them met it.
  if (goodput.goodRequests < run.perRequest.ok) {
    return { kind: 'none', reason: 'not-all-met', share: run.perRequest.ok > 0 ? goodput.goodRequests / run.perRequest.ok : 0 };
  }
  return { kind: 'applies', ...limit };
}

/**
 * The summary a run hands to the scenario (never the raw file), or why it cannot. `basis` is
 * the scenario's current basis; the other figure is used when the run lacks that one.
 */
export function planMeasuredThroughput(
  run: BenchRun,
  opts: { basis: 'output' | 'total'; deployment: Deployment; limits: SloLimits; goodput: GoodputResult | undefined; label: string },
): MeasuredPlan {
  let out = positive(run.throughput.outputTokensPerS) ? run.throughput.outputTokensPerS : null;
  let total = positive(run.throughput.totalTokensPerS) ? run.throughput.totalTokensPerS : null;
  if (out === null && total === null) {
    if (run.requests.ok === 0) return { kind: 'refuse', reason: 'no-successful-requests' };
    if (!positive(run.durationS)) return { kind: 'refuse', reason: 'no-duration' };
    if (!positive(run.tokens.output)) return { kind: 'refuse', reason: 'no-token-counts' };
    return { kind: 'refuse', reason: 'no-throughput' };
  }
  // One figure without the other: split by the run's token counts when it has them.
  const inTok = run.tokens.input;
  const outTok = run.tokens.output;
  const split = inTok !== null && outTok !== null && Number.isFinite(inTok) && inTok >= 0 && positive(outTok) ? outTok / (inTok + outTok) : null;
  if (out === null && total !== null && split !== null) out = total * split;
  if (total === null && out !== null && split !== null) total = out / split;
  if (out === null || total === null) return { kind: 'refuse', reason: 'partial-throughput', missing: out === null ? 'output' : 'total' };

  const basis = opts.basis;
  const warnings: MeasuredWarning[] = [];
  const deploymentName = opts.deployment.names[opts.deployment.names.length - 1] ?? opts.deployment.modelId;
  if (run.endpoint.kind === 'api') warnings.push({ code: 'api-endpoint', provider: run.endpoint.provider });
  if (run.model === null || run.model.trim() === '') warnings.push({ code: 'model-not-stated', deployment: deploymentName });
  else if (!modelMatches(run.model, opts.deployment)) warnings.push({ code: 'model-mismatch', runModel: run.model, deployment: deploymentName });

  const latency = latencyNote(run, opts.limits, opts.goodput);
  // The request lengths the figure holds for: the run's token counts per successful request.
  const okRequests = run.requests.ok;
  const perRequest = (tokens: number | null) =>
    tokens !== null && okRequests !== null && okRequests > 0 && Number.isFinite(tokens / okRequests) ? tokens / okRequests : null;
  return {
    kind: 'ok',
    warnings,
    latency,
    throughput: {
      source: 'measured',
      tokensPerSecond: basis === 'output' ? out : total,
      basis,
      latencyTargetMs: latency.kind === 'applies' ? latency.ms : null,
      atInputTokens: perRequest(inTok),
      atOutputTokens: perRequest(outTok),
      prefillTokensPerSecond: null,
      measuredRun: {
        label: opts.label.slice(0, 200),
        tool: run.tool,
        fileHash: run.source.fileHash,
        outputTokensPerSecond: out,
        totalTokensPerSecond: total,
        concurrency: run.load.concurrency ?? run.load.measuredConcurrency,
      },
    },
  };
}
