import { isPlainObject } from './json';

/**
 * Version 2 → 3, cost side (a pure function of a full v2 document; the input is never modified):
 * - `selfHosted.billing`: v2 billed rented GPUs on demand, always or on the schedule, so a v2
 *   document gets `mode: 'on-demand'`; the other billing fields only matter in the other modes
 *   and take the values v3 was released with.
 * - `selfHosted.capital`: v2 amortised straight-line, so the cost of capital is 0.
 * - `selfHosted.scaling`: v2's staff FTE was the whole team at any size, with no on-call floor
 *   and no cost per node.
 * - `selfHosted.outlook`: flat volume and prices over the horizon.
 * - `selfHosted.powerDraw`: the rated draw in every running hour, as v2 computed power.
 * Every monthly figure of a v2 document stays the same. An object already present (a
 * hand-written file) is completed, never replaced.
 */
export const V2_BILLING = { mode: 'on-demand', coldStartSeconds: 600, reservedPrice: 2.8, reservedTermMonths: 12, upfrontShare: 0 } as const;
/** v2 amortised bought hardware straight-line: no cost of capital. */
export const V2_CAPITAL = { waccYearly: 0 } as const;
/** v2 drew the rated power in every running hour. */
export const V2_POWER_DRAW = { mode: 'rated', idleWattsPerGpu: 150, serverWattsPerNode: 2_000 } as const;
/** v2 had no outlook over the horizon: flat volume and prices (it changes no monthly figure). */
export const V2_OUTLOOK = { volumeGrowthMonthly: 0, apiPriceChangeYearly: 0, gpuPriceChangeYearly: 0 } as const;
/** v2 staff was one fixed team whatever the size, and other costs were per month only. */
export const V2_SCALING = { staffPer: 'deployment', minOnCallFte: 0, otherPerNodeMonthly: 0 } as const;

export function upgradeFinanceToV3(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...doc };
  if (isPlainObject(doc.selfHosted)) {
    const sh = doc.selfHosted;
    const given = (key: string) => (isPlainObject(sh[key]) ? sh[key] : {});
    out.selfHosted = {
      ...sh,
      billing: { ...V2_BILLING, ...given('billing') },
      capital: { ...V2_CAPITAL, ...given('capital') },
      scaling: { ...V2_SCALING, ...given('scaling') },
      outlook: { ...V2_OUTLOOK, ...given('outlook') },
      powerDraw: { ...V2_POWER_DRAW, ...given('powerDraw') },
    };
  }
  return out;
}
