/**
 * A multiset of per-request token counts, held as how often each whole number occurs: a
 * million requests are a few thousand counters, and the median and p90 come from one walk over
 * them instead of keeping and sorting a million values. Values that are not whole numbers
 * below 2^21 (no request log writes them, but a mapped CSV might) are kept as they are, so
 * nothing is rounded: the distribution is then taken over both.
 */
const COUNTED_BELOW = 1 << 21;

export class Counts {
  counts = new Uint32Array(256);
  /** Values held in `counts`. */
  n = 0;
  /** Values that are not whole numbers in [0, 2^21). */
  readonly other: number[] = [];

  add(v: number): void {
    if (v >= 0 && v < COUNTED_BELOW && v === Math.floor(v)) {
      if (v >= this.counts.length) this.widen(v + 1);
      (this.counts[v] as number)++;
      this.n++;
    } else this.other.push(v);
  }

  get size(): number {
    return this.n + this.other.length;
  }

  private widen(atLeast: number): void {
    let len = this.counts.length;
    while (len < atLeast) len *= 2;
    const next = new Uint32Array(len);
    next.set(this.counts);
    this.counts = next;
  }

  /** Adds another multiset to this one. */
  merge(other: Counts): void {
    if (other.counts.length > this.counts.length) this.widen(other.counts.length);
    const c = this.counts;
    const o = other.counts;
    for (let i = 0; i < o.length; i++) if (o[i] !== 0) c[i] = (c[i] as number) + (o[i] as number);
    this.n += other.n;
    for (const v of other.other) this.other.push(v);
  }

  /**
   * Median and p90 with linear interpolation between the closest ranks (the benchmarks'
   * `linear` method); null when empty.
   */
  medianAndP90(): { median: number; p90: number } | null {
    const size = this.size;
    if (size === 0) return null;
    if (this.other.length > 0) {
      const all = new Float64Array(size);
      let j = 0;
      const c = this.counts;
      for (let v = 0; v < c.length; v++) for (let k = c[v] as number; k > 0; k--) all[j++] = v;
      for (const v of this.other) all[j++] = v;
      all.sort();
      return { median: lerpAt(size, 50, (r) => all[r] as number), p90: lerpAt(size, 90, (r) => all[r] as number) };
    }
    return { median: lerpAt(size, 50, (r) => this.valueAt(r)), p90: lerpAt(size, 90, (r) => this.valueAt(r)) };
  }

  /** The value at rank r (0-based) of the sorted counted values. */
  private valueAt(r: number): number {
    const c = this.counts;
    let below = 0;
    let v = 0;
    while (below + (c[v] as number) <= r) below += c[v++] as number;
    return v;
  }
}

/** Percentile p of n sorted values, `at(rank)` giving the value at a rank. */
function lerpAt(n: number, p: number, at: (rank: number) => number): number {
  const pos = (p / 100) * (n - 1);
  const lo = Math.floor(pos);
  const low = at(lo);
  if (lo + 1 >= n || pos === lo) return low;
  return low + (at(lo + 1) - low) * (pos - lo);
}
