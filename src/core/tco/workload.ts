import type { Scenario } from '../scenario/schema';

/**
 * Monthly token volume and the API bill for it (SPEC §3):
 * API monthly = (miss_in/1e6 × p_in + hit_in/1e6 × p_hit + (out + reasoning)/1e6 × p_out)
 *               × (1 + retry rate) × FX.
 * Reasoning tokens are billed as output. Retried requests are billed again in full.
 *
 * Every TCO figure is linear in the number of tasks except the self-hosted replica count, so
 * the workload is reduced to one task's mix (`taskMix`) times the tasks per month. The
 * break-even search, the hybrid sizing and the Monte Carlo run scale that mix.
 */

/** Tokens one task sends, including its retries (retried requests are sent and billed again). */
export interface TaskMix {
  /** Tasks attempted per month, before retries: the unit of volume of every TCO figure. */
  tasksPerMonth: number;
  /**
   * False when tasks cannot be counted: token mode without tokens per request. Then one
   * "task" stands for the whole month as entered and per-task figures are not shown.
   */
  tasksCounted: boolean;
  retryFactor: number;
  inputTokens: number;
  cachedInputTokens: number;
  uncachedInputTokens: number;
  visibleOutputTokens: number;
  reasoningTokens: number;
  /** Visible output + reasoning: what the API bills as output. */
  billedOutputTokens: number;
  totalTokens: number;
}

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
  api: ApiBill;
}

export interface ApiBill {
  uncachedInputUsd: number;
  cachedInputUsd: number;
  outputUsd: number;
  totalUsd: number;
}

/** USD per unit of the offer currency: the relay's peg when one applies, else the market rate. */
export function usdPerUnit(scenario: Pick<Scenario, 'api' | 'fx'>): number {
  const { currency, fxMode, pegUsdPerUnit } = scenario.api;
  if (currency === 'USD') return 1;
  if (fxMode === 'peg') return pegUsdPerUnit;
  return 1 / scenario.fx[currency];
}

/** Per-task sizes above this stand for a nonsensical volume (e.g. 1e-300 tokens a month). */
const MAX_TOKENS_PER_TASK = 1e250;

/**
 * One task's tokens and the tasks per month.
 * - Requests mode: tasks = requests/day × days/month; sizes per request as entered.
 * - Tokens mode: tasks = input tokens ÷ input tokens per request (or output ÷ output per
 *   request when there is no input); the monthly totals divided by the tasks give the mix.
 *   With a zero volume the per-request sizes still define the mix, so the break-even (which
 *   does not depend on the current volume) can be computed.
 */
export function taskMix(scenario: Pick<Scenario, 'workload'>): TaskMix {
  const w = scenario.workload;
  const retryFactor = 1 + w.retryRate;
  let tasks: number;
  let input: number;
  let output: number;
  let counted = true;
  if (w.mode === 'requests') {
    tasks = w.requestsPerDay * w.daysPerMonth;
    input = w.inputTokensPerRequest;
    output = w.outputTokensPerRequest;
  } else {
    const inMonth = w.inputTokensPerMonth;
    const outMonth = w.outputTokensPerMonth;
    // A request of less than one token is not a request: such sizes count as not given.
    if (inMonth > 0 && w.inputTokensPerRequest >= 1) tasks = inMonth / w.inputTokensPerRequest;
    else if (outMonth > 0 && w.outputTokensPerRequest >= 1) tasks = outMonth / w.outputTokensPerRequest;
    else if (inMonth > 0 || outMonth > 0) {
      tasks = 1;
      counted = false;
    } else tasks = 0;
    // Absurd combinations (a billion input tokens against 1e-300 output) would overflow the
    // per-task sizes (and their products: × 100 reasoning, × 11 with retries); then the month
    // as entered is the unit.
    if (tasks > 0 && !(inMonth / tasks <= MAX_TOKENS_PER_TASK && outMonth / tasks <= MAX_TOKENS_PER_TASK)) {
      tasks = 1;
      counted = false;
    }
    if (tasks > 0) {
      input = inMonth / tasks;
      output = outMonth / tasks;
    } else {
      input = w.inputTokensPerRequest;
      output = w.outputTokensPerRequest;
      counted = input > 0 || output > 0;
    }
  }
  let reasoning = 0;
  if (w.reasoningMode === 'tokens') reasoning = counted ? w.reasoningTokensPerRequest : 0;
  else if (w.reasoningMode === 'multiplier') reasoning = output * (w.reasoningMultiplier - 1);

  const inputSent = input * retryFactor;
  const cached = inputSent * w.cacheHitShare;
  const visibleSent = output * retryFactor;
  const reasoningSent = reasoning * retryFactor;
  const billedOutput = visibleSent + reasoningSent;
  return {
    tasksPerMonth: tasks,
    tasksCounted: counted,
    retryFactor,
    inputTokens: inputSent,
    cachedInputTokens: cached,
    uncachedInputTokens: inputSent - cached,
    visibleOutputTokens: visibleSent,
    reasoningTokens: reasoningSent,
    billedOutputTokens: billedOutput,
    totalTokens: inputSent + billedOutput,
  };
}

/** The API bill for `tasks` tasks of the given mix, in USD. */
export function apiBill(mix: TaskMix, scenario: Pick<Scenario, 'api' | 'fx'>, tasks: number): ApiBill {
  const fx = usdPerUnit(scenario);
  const p = scenario.api;
  const uncachedInputUsd = ((mix.uncachedInputTokens * tasks) / 1e6) * p.priceInputPerM * fx;
  const cachedInputUsd = ((mix.cachedInputTokens * tasks) / 1e6) * p.priceCachedInputPerM * fx;
  const outputUsd = ((mix.billedOutputTokens * tasks) / 1e6) * p.priceOutputPerM * fx;
  return { uncachedInputUsd, cachedInputUsd, outputUsd, totalUsd: uncachedInputUsd + cachedInputUsd + outputUsd };
}

export function summarizeWorkload(scenario: Scenario): WorkloadSummary {
  const mix = taskMix(scenario);
  const t = mix.tasksPerMonth;
  return {
    tasksPerMonth: mix.tasksCounted ? t : 0,
    requestsPerMonth: mix.tasksCounted ? t * mix.retryFactor : 0,
    inputTokens: mix.inputTokens * t,
    cachedInputTokens: mix.cachedInputTokens * t,
    uncachedInputTokens: mix.uncachedInputTokens * t,
    visibleOutputTokens: mix.visibleOutputTokens * t,
    reasoningTokens: mix.reasoningTokens * t,
    billedOutputTokens: mix.billedOutputTokens * t,
    totalTokens: mix.totalTokens * t,
    usdPerApiCurrencyUnit: usdPerUnit(scenario),
    api: apiBill(mix, scenario, t),
  };
}
