/**
 * Money on a chart's axis. The charts draw amounts in the display currency (the worker's USD
 * converted with `toDisplay`, so the scale, the ticks and the CSV are in what the reader sees),
 * while the app's money formatters take USD and convert once more. These turn a drawn amount
 * back into USD for them, in one place, so a tick, a table cell and a tooltip always say the
 * same figure in EUR, USD or CNY.
 */

/** What converts a USD amount into the display currency (`Fmt` of lib/format/fmt, or the pilot's). */
export interface DisplayCurrency {
  toDisplay(usd: number): number;
}

/** A drawn amount (in the display currency) back in USD; an unusable rate counts as 1. */
export function toUsd(currency: DisplayCurrency, shown: number): number {
  return shown / (currency.toDisplay(1) || 1);
}

/**
 * The tick (or cell) text of a drawn amount: `format` takes USD (`fmt.moneyCompact`,
 * `fmt.money`, `fmt.moneySmall`) and receives the amount converted back.
 */
export function moneyAxis(currency: DisplayCurrency, format: (usd: number) => string): (shown: number) => string {
  return (shown) => format(toUsd(currency, shown));
}
