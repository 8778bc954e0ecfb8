import { isPlainObject } from './json';

/**
 * Version 2 → 3, capacity part (a pure function of a full v2 document; the input is never
 * modified): `selfHosted.capacity` holds the latency target and the throughput–latency series
 * the throughput comes from (docs/capacity.md §4). A v2 document has one throughput figure;
 * it becomes the one-point series of its own kind — `series: null` means exactly that — with
 * no latency limit, so every figure of an old link stays the same. The failed-share rule
 * cannot bite a single figure: it states no failures.
 */
export function upgradeCapacityToV3(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...doc };
  if (isPlainObject(doc.selfHosted) && !Object.hasOwn(doc.selfHosted, 'capacity')) {
    out.selfHosted = {
      ...doc.selfHosted,
      capacity: {
        slo: { limits: [], minTokensPerSPerUser: null, maxFailedShare: 0.01, allowStricterPercentile: true },
        interpolate: false,
        series: null,
      },
    };
  }
  return out;
}
