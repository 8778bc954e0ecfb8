import { isPlainObject } from './json';

/**
 * Version 2 → 3, cost side (a pure function of a full v2 document; the input is never modified):
 * `selfHosted.billing` is new. v2 billed rented GPUs on demand, always or on the schedule, so a
 * v2 document gets `mode: 'on-demand'` and every monthly figure stays the same; the other
 * billing fields only matter in the other modes and take the values v3 was released with.
 * A `billing` object already present (a hand-written file) is completed, never replaced.
 */
export const V2_BILLING = { mode: 'on-demand', coldStartSeconds: 600, reservedPrice: 2.8, reservedTermMonths: 12, upfrontShare: 0 } as const;

export function upgradeFinanceToV3(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...doc };
  if (isPlainObject(doc.selfHosted)) {
    const given = isPlainObject(doc.selfHosted.billing) ? doc.selfHosted.billing : {};
    out.selfHosted = { ...doc.selfHosted, billing: { ...V2_BILLING, ...given } };
  }
  return out;
}
