/**
 * Bought hardware at its cost of capital (docs/tco.md §3b). The hardware is paid for at the
 * start and sold for its residual value after `months`; the monthly capital cost is the level
 * payment with the same present value at the monthly rate r:
 *
 *   PMT = (C − R ÷ (1 + r)^N) × r ÷ (1 − (1 + r)^−N)
 *
 * and straight-line (C − R) ÷ N when r = 0 (the limit of the same formula).
 *
 * Monthly-rate convention: r = WACC ÷ 12 (the nominal yearly rate compounded monthly, as loan
 * and lease quotes state it), not (1 + WACC)^(1/12) − 1. At 10 % a year that is 0.8333 % a
 * month; the effective-rate convention would give 0.7974 %.
 */

/** The monthly rate of a yearly cost of capital: WACC ÷ 12. */
export function monthlyRate(waccYearly: number): number {
  return waccYearly / 12;
}

/**
 * Monthly capital cost of hardware costing `capex` now and worth `residual` after `months`,
 * at a yearly cost of capital `waccYearly` (0 = straight-line). Never below 0.
 */
export function capitalMonthly(capex: number, residual: number, waccYearly: number, months: number): number {
  const r = monthlyRate(waccYearly);
  if (!(r > 0)) return Math.max(0, capex - residual) / months;
  const growth = Math.pow(1 + r, months);
  const pmt = ((capex - residual / growth) * r) / (1 - 1 / growth);
  return Math.max(0, pmt);
}
