import type { Currency, FxRates, Language } from '../../core/scenario/schema';
import { formatCompact, formatMoney, formatNumber, formatPercent } from './format';

/**
 * Formatting at the edge for the TCO page: numbers become text only here, with their unit,
 * in the user's locale and display currency.
 */
export interface Fmt {
  language: Language;
  money: (usd: number | null | undefined, digits?: number) => string;
  moneyCompact: (usd: number | null | undefined) => string;
  /** Per-token money needs more digits: $0.0168. */
  moneySmall: (usd: number | null | undefined) => string;
  compact: (n: number | null | undefined) => string;
  number: (n: number | null | undefined, digits?: number) => string;
  percent: (share: number | null | undefined, digits?: number) => string;
  /** Display value of a USD amount (for chart axes). */
  toDisplay: (usd: number) => number;
  currency: Currency;
}

export function makeFmt(language: Language, currency: Currency, fx: FxRates): Fmt {
  const toDisplay = (usd: number) => (currency === 'USD' ? usd : usd * fx[currency]);
  return {
    language,
    currency,
    toDisplay,
    money: (usd, digits) => formatMoney(language, currency, fx, usd, digits === undefined ? {} : { digits }),
    moneyCompact: (usd) => formatMoney(language, currency, fx, usd, { compact: true, digits: 1 }),
    moneySmall: (usd) => {
      if (usd === null || usd === undefined || !Number.isFinite(usd)) return formatMoney(language, currency, fx, usd);
      const shown = Math.abs(toDisplay(usd));
      const digits = shown >= 100 ? 0 : shown >= 1 ? 2 : shown >= 0.01 ? 4 : 6;
      return formatMoney(language, currency, fx, usd, { digits });
    },
    // Below a million the full number reads better (German compact notation has no thousands).
    compact: (n) =>
      n !== null && n !== undefined && Number.isFinite(n) && Math.abs(n) < 1e6
        ? formatNumber(language, n, Math.abs(n) < 100 ? 1 : 0)
        : formatCompact(language, n),
    number: (n, digits = 1) => formatNumber(language, n, digits),
    percent: (share, digits = 1) => formatPercent(language, share, digits),
  };
}
