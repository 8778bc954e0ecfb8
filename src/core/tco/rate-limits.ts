import { HOURS_PER_MONTH } from '../scenario/schema';
import { MAX_REPLICAS, type TcoModel } from './model';
import { peakOverflowWeight } from './hybrid';

/**
 * Can the API tier carry the workload's peak? Providers cap requests per minute (RPM) and
 * tokens per minute (TPM) per account tier; a workload whose busiest hour needs more is
 * throttled (HTTP 429) unless the account moves to a higher tier.
 *
 * - Requests sent = tasks × (1 + retry rate): retried requests count against the limit too.
 * - Tokens = input (cached and uncached) + output incl. reasoning, retries included. Providers
 *   differ here (OpenAI counts every input token; Anthropic leaves cached reads out of its input
 *   limit), so counting all of them is the conservative reading of a single TPM figure.
 * - Per minute in the busiest hour = monthly figure ÷ (730 h × 60 min) × that hour's demand
 *   weight (peak hour ÷ average hour). That is the hour's average minute: bursts within the
 *   hour go higher, so a peak just under the limit is not safe either.
 * - Hybrid: only the overflow reaches the API, so its busiest minute is the busiest hour's
 *   overflow weight × the monthly average.
 */

export interface RateFigure {
  /** Per minute in the busiest hour; null when it cannot be counted (requests in token mode without request sizes). */
  peakPerMinute: number | null;
  /** Limit of the tier; null when none is entered. */
  limit: number | null;
  exceeds: boolean;
}

export interface RateSide {
  requests: RateFigure;
  tokens: RateFigure;
  /** Either limit is exceeded. */
  exceeds: boolean;
}

export interface RateLimitCheck {
  /** At least one limit is entered. */
  limited: boolean;
  /** The API serving the whole workload. */
  api: RateSide;
  /** The API part of the chosen hybrid (its overflow). */
  hybrid: RateSide;
  /**
   * Fewest owned replicas whose overflow stays within the limits (0 when the API alone does);
   * null when no limit is entered or not even MAX_REPLICAS keep within them.
   */
  hybridReplicasWithinLimits: number | null;
}

const MINUTES_PER_MONTH = HOURS_PER_MONTH * 60;

function figure(average: number | null, weight: number, limit: number | null): RateFigure {
  const peak = average === null ? null : average * weight;
  return { peakPerMinute: peak, limit, exceeds: limit !== null && peak !== null && peak > limit * (1 + 1e-12) };
}

function side(requestsAverage: number | null, tokensAverage: number, weight: number, rpm: number | null, tpm: number | null): RateSide {
  const requests = figure(requestsAverage, weight, rpm);
  const tokens = figure(tokensAverage, weight, tpm);
  return { requests, tokens, exceeds: requests.exceeds || tokens.exceeds };
}

export function checkRateLimits(model: TcoModel, tasks: number, hybridReplicas: number, limits: { rpm: number | null; tpm: number | null }): RateLimitCheck {
  const mix = model.mix;
  const requestsAverage = mix.tasksCounted ? (tasks * mix.retryFactor) / MINUTES_PER_MONTH : null;
  const tokensAverage = (tasks * mix.totalTokens) / MINUTES_PER_MONTH;
  const { rpm, tpm } = limits;
  const api = side(requestsAverage, tokensAverage, model.shape.maxWeight, rpm, tpm);
  const hybrid = side(requestsAverage, tokensAverage, peakOverflowWeight(model, tasks, hybridReplicas), rpm, tpm);

  let within: number | null = null;
  if (rpm !== null || tpm !== null) {
    // Largest weight of an hour the API may take; monotone in K, so the first K that fits is the fewest.
    const allowed = Math.min(
      rpm === null || requestsAverage === null ? Number.POSITIVE_INFINITY : requestsAverage > 0 ? rpm / requestsAverage : Number.POSITIVE_INFINITY,
      tpm === null ? Number.POSITIVE_INFINITY : tokensAverage > 0 ? tpm / tokensAverage : Number.POSITIVE_INFINITY,
    );
    for (let k = 0; k <= MAX_REPLICAS; k++) {
      if (peakOverflowWeight(model, tasks, k) <= allowed * (1 + 1e-12)) {
        within = k;
        break;
      }
    }
  }
  return { limited: rpm !== null || tpm !== null, api, hybrid, hybridReplicasWithinLimits: within };
}
