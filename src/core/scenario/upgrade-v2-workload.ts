import { isPlainObject } from './json';

/**
 * Version 1 → 2, workload and throughput part (a pure function of a full v1 document; the
 * input is never modified):
 * - The one `workload.retryRate` becomes a rate per side, `retryRateApi` and
 *   `retryRateSelfHosted`, both set to the old rate: v1 retried both sides alike, so every
 *   figure of an old link stays the same.
 * - `selfHosted.throughput` gains the request lengths it holds for and a prefill rate. v1
 *   figures held at the workload's own lengths and had no prefill rate: null, null, null,
 *   which is exactly how v1 sized capacity.
 * - An uncertainty range on `retryRate` becomes the same range on both new rates.
 */
export function upgradeWorkloadToV2(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...doc };
  if (isPlainObject(doc.workload)) {
    const { retryRate, ...rest } = doc.workload;
    const workload: Record<string, unknown> = { ...rest };
    if (retryRate !== undefined) {
      workload.retryRateApi = retryRate;
      workload.retryRateSelfHosted = retryRate;
    }
    out.workload = workload;
  }
  // An uncertainty range on the old retry rate now swings both sides' rates.
  if (isPlainObject(doc.uncertainty) && isPlainObject(doc.uncertainty.ranges) && Object.hasOwn(doc.uncertainty.ranges, 'retryRate')) {
    const { retryRate: range, ...ranges } = doc.uncertainty.ranges;
    out.uncertainty = { ...doc.uncertainty, ranges: { ...ranges, retryRateApi: range, retryRateSelfHosted: range } };
  }
  if (isPlainObject(doc.selfHosted) && isPlainObject(doc.selfHosted.throughput)) {
    const throughput = { ...doc.selfHosted.throughput };
    for (const key of ['atInputTokens', 'atOutputTokens', 'prefillTokensPerSecond'] as const) {
      if (!Object.hasOwn(throughput, key)) throughput[key] = null;
    }
    out.selfHosted = { ...doc.selfHosted, throughput };
  }
  return out;
}
