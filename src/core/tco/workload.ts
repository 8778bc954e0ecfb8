import type { Scenario } from '../scenario/schema';

/**
 * Monthly token volume and the API bill for it (SPEC §3):
 * API monthly = (miss_in/1e6 × p_in + hit_in/1e6 × p_hit + (out + reasoning)/1e6 × p_out)
 *               × (1 + retry rate) × FX.
 * Reasoning tokens are billed as output. Retried requests are billed again in full.
 */
export interface WorkloadSummary {
  /** Requests per month before retries (the tasks the team wants done). */
  tasksPerMonth: number;
  /** Requests sent per month including retries. */
  requestsPerMonth: number;
  inputTokens: number;
  cachedInputTokens: number;
  uncachedInputTokens: number;
  visibleOutputTokens: number;
  reasoningTokens: number;
  /** Visible output + reasoning: what the API bills as output. */
  billedOutputTokens: number;
  totalTokens: number;
  /** USD per unit of the API's billing currency as used for this scenario. */
  usdPerApiCurrencyUnit: number;
  api: {
    uncachedInputUsd: number;
    cachedInputUsd: number;
    outputUsd: number;
    totalUsd: number;
  };
}

/** USD per unit of the offer currency: the relay's peg when one applies, else the market rate. */
export function usdPerUnit(scenario: Scenario): number {
  const { currency, fxMode, pegUsdPerUnit } = scenario.api;
  if (currency === 'USD') return 1;
  if (fxMode === 'peg') return pegUsdPerUnit;
  return 1 / scenario.fx[currency];
}

export function summarizeWorkload(scenario: Scenario): WorkloadSummary {
  const w = scenario.workload;
  const retryFactor = 1 + w.retryRate;
  let tasks: number;
  let input: number;
  let visibleOutput: number;
  if (w.mode === 'requests') {
    tasks = w.requestsPerDay * w.daysPerMonth;
    input = tasks * w.inputTokensPerRequest;
    visibleOutput = tasks * w.outputTokensPerRequest;
  } else {
    // Token mode has no request count of its own; derive tasks from the per-request sizes.
    input = w.inputTokensPerMonth;
    visibleOutput = w.outputTokensPerMonth;
    tasks = w.inputTokensPerRequest > 0 ? input / w.inputTokensPerRequest : 0;
  }
  let reasoning = 0;
  if (w.reasoningMode === 'tokens') reasoning = tasks * w.reasoningTokensPerRequest;
  else if (w.reasoningMode === 'multiplier') reasoning = visibleOutput * (w.reasoningMultiplier - 1);

  const inputSent = input * retryFactor;
  const cached = inputSent * w.cacheHitShare;
  const uncached = inputSent - cached;
  const visibleSent = visibleOutput * retryFactor;
  const reasoningSent = reasoning * retryFactor;
  const billedOutput = visibleSent + reasoningSent;

  const fx = usdPerUnit(scenario);
  const p = scenario.api;
  const uncachedInputUsd = (uncached / 1e6) * p.priceInputPerM * fx;
  const cachedInputUsd = (cached / 1e6) * p.priceCachedInputPerM * fx;
  const outputUsd = (billedOutput / 1e6) * p.priceOutputPerM * fx;
  return {
    tasksPerMonth: tasks,
    requestsPerMonth: tasks * retryFactor,
    inputTokens: inputSent,
    cachedInputTokens: cached,
    uncachedInputTokens: uncached,
    visibleOutputTokens: visibleSent,
    reasoningTokens: reasoningSent,
    billedOutputTokens: billedOutput,
    totalTokens: inputSent + billedOutput,
    usdPerApiCurrencyUnit: fx,
    api: {
      uncachedInputUsd,
      cachedInputUsd,
      outputUsd,
      totalUsd: uncachedInputUsd + cachedInputUsd + outputUsd,
    },
  };
}
