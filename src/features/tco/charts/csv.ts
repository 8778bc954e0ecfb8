/**
 * Numbers for a chart's CSV download: plain numbers (the CSV writer prints them with a
 * decimal point and no grouping), rounded only to what the figure can mean, never formatted
 * text such as "$13,590" or "12.98B" that a spreadsheet cannot compute with.
 */

/** Money to the cent. */
export function csvMoney(v: number): number {
  return Math.round(v * 100) / 100;
}

/** Volumes (tokens, tasks, requests) to whole units; small ones to three decimals. */
export function csvNumber(v: number): number {
  return Math.abs(v) >= 1000 ? Math.round(v) : Math.round(v * 1000) / 1000;
}

/** Shares as fractions to six decimals (0.123456 = 12.3456 %). */
export function csvShare(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
