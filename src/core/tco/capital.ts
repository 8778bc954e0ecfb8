import type { Scenario } from '../scenario/schema';

/**
 * Bought hardware at its cost of capital (docs/tco.md §3b). The hardware is paid for at the
 * start and sold for its residual value after `months`; the monthly capital cost is the level
 * payment with the same present value at the monthly rate r:
 *
 *   PMT = (C − R ÷ (1 + r)^N) × r ÷ (1 − (1 + r)^−N)
 *
 * and straight-line (C − R) ÷ N when r = 0 (the limit of the same formula).
 *
 * Monthly-rate convention (`capital.rateConvention`): 'nominal' takes r = WACC ÷ 12 (the
 * nominal yearly rate compounded monthly, as loan and lease quotes state it), 'effective' takes
 * r = (1 + WACC)^(1/12) − 1 (twelve months compound to the WACC). At 10 % a year that is
 * 0.8333 % against 0.7974 % a month. 'nominal' is the default, so the worked examples keep their
 * figures; the UI shows the convention beside the rate.
 */
/** The cost of capital as the scenario states it: the yearly rate and how it becomes a monthly one. */
export type Capital = Scenario['selfHosted']['capital'];

/** The monthly rate of a yearly cost of capital under its convention. */
export function monthlyRate(capital: Capital): number {
  const w = capital.waccYearly;
  return capital.rateConvention === 'effective' ? Math.pow(1 + w, 1 / 12) - 1 : w / 12;
}

/**
 * Monthly capital cost of hardware costing `capex` now and worth `residual` after `months`,
 * at the cost of capital `capital` (WACC 0 = straight-line). Never below 0.
 */
export function capitalMonthly(capex: number, residual: number, capital: Capital, months: number): number {
  const r = monthlyRate(capital);
  if (!(r > 0)) return Math.max(0, capex - residual) / months;
  const growth = Math.pow(1 + r, months);
  const pmt = ((capex - residual / growth) * r) / (1 - 1 / growth);
  return Math.max(0, pmt);
}
