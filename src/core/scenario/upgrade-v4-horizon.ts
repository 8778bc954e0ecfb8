import { isPlainObject } from './json';

/**
 * Version 3 → 4, the horizon a controller signs (a pure function of a full v3 document; the
 * input is never modified):
 * - `selfHosted.capital.rateConvention`: v3 took WACC ÷ 12 as the monthly rate ('nominal'),
 *   so every monthly figure and discount of a v3 document stays the same.
 * - `selfHosted.scheduleStartHour`: v3 schedules started at 08:00.
 * - `selfHosted.terminalValue`: bought hardware still inside its cycle at the end of the horizon
 *   counts at its straight-line book value. v3 counted the annuity paid so far, which put an
 *   undocumented resale price on the hardware (docs/tco.md §3d); no rule reproduces it, so a v3
 *   document whose horizon ends inside a cycle gets a different NPV (the monthly figures stay).
 * - `selfHosted.ramp`: no migration period (v3 served all the work from month 1).
 * - `selfHosted.tax`: none (v3 figures are before tax).
 * An object already present (a hand-written file) is completed, never replaced.
 */
export const V3_RATE_CONVENTION = 'nominal' as const;
export const V3_SCHEDULE_START_HOUR = 8;
export const V4_TERMINAL_VALUE = { rule: 'book', resaleShare: 0.2 } as const;
export const V3_RAMP = { parallelMonths: 0, rampMonths: 0 } as const;
export const V3_TAX = { rate: 0 } as const;

export function upgradeHorizonToV4(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...doc };
  if (isPlainObject(doc.selfHosted)) {
    const sh = doc.selfHosted;
    const given = (key: string) => (isPlainObject(sh[key]) ? sh[key] : {});
    out.selfHosted = {
      scheduleStartHour: V3_SCHEDULE_START_HOUR,
      ...sh,
      capital: { rateConvention: V3_RATE_CONVENTION, ...given('capital') },
      terminalValue: { ...V4_TERMINAL_VALUE, ...given('terminalValue') },
      ramp: { ...V3_RAMP, ...given('ramp') },
      tax: { ...V3_TAX, ...given('tax') },
    };
  }
  return out;
}
