import { isPlainObject } from './json';

/**
 * Version 5 → 6 (a pure function of a full v5 document; the input is never modified):
 * - `selfHosted.pools`: disaggregated prefill and decode pools are new; every v5 deployment is
 *   aggregated replicas (null). A value already present (a hand-written file) is kept.
 */
export const V5_POOLS = null;

export function upgradeToV6(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...doc };
  if (isPlainObject(doc.selfHosted)) out.selfHosted = { pools: V5_POOLS, ...doc.selfHosted };
  return out;
}
