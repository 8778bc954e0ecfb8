import type { Currency, Scenario } from '../scenario/schema';

/**
 * Monthly token volume and the API bill for it (SPEC §3):
 * API monthly = (miss_in/1e6 × p_in + hit_in/1e6 × p_hit + (out + reasoning)/1e6 × p_out)
 *               × (1 + retry rate) × FX,
 * prices in the offer's list currency, FX = USD per list unit (`usdPerUnit`: list → invoice
 * at the market rate or a relay's peg, the invoice paid at the market rate).
 * Reasoning tokens are billed as output. Retried requests are billed again in full.
 *
 * Every TCO figure is linear in the number of tasks except the self-hosted replica count, so
 * the workload is reduced to one task's mix (`taskMix`) times the tasks per month. The
 * break-even search, the hybrid sizing and the Monte Carlo run scale that mix.
 */

/**
 * Tokens one task sends to the API, including the API's retries (retried requests are sent
 * and billed again), and what one self-hosted attempt sends with the self-hosted side's own
 * retry rate.
 */
export interface TaskMix {
  /** Tasks attempted per month, before retries: the unit of volume of every TCO figure. */
  tasksPerMonth: number;
  /**
   * False when tasks cannot be counted: token mode without tokens per request. Then one
   * "task" stands for the whole month as entered and per-task figures are not shown.
   */
  tasksCounted: boolean;
  /** 1 + the API side's retry rate: requests the API receives per task. */
  retryFactor: number;
  /** 1 + the self-hosted side's retry rate: requests the own replicas serve per attempt. */
  selfRetryFactor: number;
  /** One request before retries: input tokens, of them cached, and output incl. reasoning. */
  perRequest: { inputTokens: number; cachedInputTokens: number; billedOutputTokens: number };
  /**
   * False when reasoning is given in tokens per request but requests cannot be counted
   * (token mode without tokens per request): the reasoning tokens are then not in any figure,
   * and the page says so.
   */
  reasoningCounted: boolean;
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
  /** USD paid per unit of the API's list currency as used for this scenario. */
  usdPerApiCurrencyUnit: number;
  api: ApiBill;
  /** The month's API bill as listed and as invoiced. */
  apiInvoice: ApiInvoice;
}

export interface ApiBill {
  uncachedInputUsd: number;
  cachedInputUsd: number;
  outputUsd: number;
  totalUsd: number;
}

/** Units of `currency` per 1 USD at the scenario's market rate. */
export function marketUnitsPerUsd(fx: Scenario['fx'], currency: Currency): number {
  return currency === 'USD' ? 1 : fx[currency];
}

/**
 * Invoice currency units per 1 list currency unit: 1 when both are the same currency, the
 * relay's peg under a peg (¥1 per $1 → 1), else the market cross rate.
 */
export function invoicePerListUnit(scenario: Pick<Scenario, 'api' | 'fx'>): number {
  const { listCurrency, invoiceCurrency, invoiceFx, pegInvoicePerListUnit } = scenario.api;
  if (listCurrency === invoiceCurrency) return 1;
  if (invoiceFx === 'peg') return pegInvoicePerListUnit;
  return marketUnitsPerUsd(scenario.fx, invoiceCurrency) / marketUnitsPerUsd(scenario.fx, listCurrency);
}

/**
 * USD paid per 1 unit of the list currency: list → invoice (peg or market), then the invoice
 * paid at the market rate. Article 000's relay: $1 listed → ¥1 invoiced → 1 / 7.10 = $0.1408.
 */
export function usdPerUnit(scenario: Pick<Scenario, 'api' | 'fx'>): number {
  return invoicePerListUnit(scenario) / marketUnitsPerUsd(scenario.fx, scenario.api.invoiceCurrency);
}

/** An API cost in the offer's own currencies: what the price list says and what the invoice says. */
export interface ApiInvoice {
  listCurrency: Currency;
  /** The usage at list prices, in the list currency. */
  listAmount: number;
  invoiceCurrency: Currency;
  /** Invoice units per list unit (1 for the same currency). */
  invoicePerListUnit: number;
  /** The invoice, in the invoice currency. */
  invoiceAmount: number;
  /** Invoice currency units per USD at which the invoice is paid (market rate). */
  invoiceUnitsPerUsd: number;
  /** What the invoice costs in USD: invoiceAmount ÷ invoiceUnitsPerUsd. */
  usd: number;
}

/**
 * The list and invoice amounts behind an API cost of `usd` dollars (every API figure is
 * linear in the prices, so any USD API figure converts back: invoice = usd × market rate of
 * the invoice currency, list = invoice ÷ invoice units per list unit).
 * Worked example (article 000): $6.535 paid ↔ ¥46.40 invoiced ↔ $46.40 listed at 7.10 CNY/USD.
 */
export function apiInvoice(scenario: Pick<Scenario, 'api' | 'fx'>, usd: number): ApiInvoice {
  const perList = invoicePerListUnit(scenario);
  const unitsPerUsd = marketUnitsPerUsd(scenario.fx, scenario.api.invoiceCurrency);
  const invoiceAmount = usd * unitsPerUsd;
  return {
    listCurrency: scenario.api.listCurrency,
    listAmount: invoiceAmount / perList,
    invoiceCurrency: scenario.api.invoiceCurrency,
    invoicePerListUnit: perList,
    invoiceAmount,
    invoiceUnitsPerUsd: unitsPerUsd,
    usd,
  };
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
  const retryFactor = 1 + w.retryRateApi;
  const selfRetryFactor = 1 + w.retryRateSelfHosted;
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
  let reasoningCounted = true;
  // Reasoning per request needs requests to count: without them it cannot be added to a
  // month given in tokens, and the evaluation says so instead of dropping it silently.
  if (w.reasoningMode === 'tokens') {
    if (counted) reasoning = w.reasoningTokensPerRequest;
    else reasoningCounted = w.reasoningTokensPerRequest <= 0;
  } else if (w.reasoningMode === 'multiplier') reasoning = output * (w.reasoningMultiplier - 1);

  const inputSent = input * retryFactor;
  const cached = inputSent * w.cacheHitShare;
  const visibleSent = output * retryFactor;
  const reasoningSent = reasoning * retryFactor;
  const billedOutput = visibleSent + reasoningSent;
  return {
    tasksPerMonth: tasks,
    tasksCounted: counted,
    retryFactor,
    selfRetryFactor,
    perRequest: { inputTokens: input, cachedInputTokens: input * w.cacheHitShare, billedOutputTokens: output + reasoning },
    reasoningCounted,
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

export function summarizeWorkload(scenario: Pick<Scenario, 'workload' | 'api' | 'fx'>): WorkloadSummary {
  const mix = taskMix(scenario);
  const t = mix.tasksPerMonth;
  const bill = apiBill(mix, scenario, t);
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
    api: bill,
    apiInvoice: apiInvoice(scenario, bill.totalUsd),
  };
}

/**
 * A token-mode month scaled to `total` tokens, keeping its split between input and output
 * (half and half when it has none yet): the volume slider of token mode.
 */
export function tokenVolumeAt(
  workload: Pick<Scenario['workload'], 'inputTokensPerMonth' | 'outputTokensPerMonth'>,
  total: number,
): Pick<Scenario['workload'], 'inputTokensPerMonth' | 'outputTokensPerMonth'> {
  const sum = workload.inputTokensPerMonth + workload.outputTokensPerMonth;
  const inShare = sum > 0 ? workload.inputTokensPerMonth / sum : 0.5;
  return { inputTokensPerMonth: total * inShare, outputTokensPerMonth: total * (1 - inShare) };
}
