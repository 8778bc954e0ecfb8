/** Lengths within this share of each other count as the same. */
const SAME_LENGTH_TOLERANCE = 0.1;

/**
 * Whether two request lengths (tokens) count as the same: within ±10 % of the larger. One rule
 * for grouping runs into a series (benchmarks/run-groups.ts), carrying a series over to the
 * workload's lengths (capacity/lengths.ts) and sizing a request from a figure (tco/sizing.ts).
 */
export function sameLength(a: number, b: number): boolean {
  return Math.abs(a - b) <= SAME_LENGTH_TOLERANCE * Math.max(a, b);
}
