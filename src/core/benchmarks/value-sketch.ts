import { ExactSum, type ExactSumState } from './exact-sum';
import type { MetricSummary } from './run-schema';
import { percentileKey, type SummarizeOptions } from './stats';

/**
 * A bounded summary of a latency column, for logs too large to keep every request: counts in
 * buckets spaced by a constant ratio (512 per power of two, each 2^-9 = 0.195 % wide, from
 * 2^-20 ms to 2^40 ms), with the exact count, minimum, maximum, sum and sum of squares.
 *
 * Error: a percentile (and the median) is read as the middle of the bucket that holds its rank
 * (kept within the minimum and maximum), so it is within 2^-10 = 0.098 % of the exact value of
 * the same rank; with linear interpolation the two neighbouring ranks are read that way and the
 * result is within 0.098 % too. The count, mean, standard deviation, minimum and maximum are
 * exact (the sums are order-free: `ExactSum`). Values below 2^-20 ms (about 1 ns, zeros
 * included) share one bucket read as the minimum. The buckets are fixed, so two sketches of
 * parts of a file add up to the sketch of the whole file, count for count.
 */
const SUB_BITS = 9;
const MIN_EXP = -20;
const MAX_EXP = 40;
const SPAN = (MAX_EXP - MIN_EXP) << SUB_BITS;
/** Bucket 0: below 2^MIN_EXP; 1 … SPAN: the spaced buckets; SPAN + 1: 2^MAX_EXP and above. */
const BUCKETS = SPAN + 2;
/** The largest relative error of a percentile read from a sketch (half a bucket's width). */
export const SKETCH_RELATIVE_ERROR = 2 ** -(SUB_BITS + 1);

const word = new Float64Array(1);
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const highWord = new Uint32Array(word.buffer, littleEndian ? 4 : 0, 1);

export function bucketOf(v: number): number {
  if (!(v > 0)) return 0;
  word[0] = v;
  const hi = highWord[0] as number;
  const e = ((hi >>> 20) & 0x7ff) - 1023;
  if (e < MIN_EXP) return 0;
  if (e >= MAX_EXP) return SPAN + 1;
  return 1 + (((e - MIN_EXP) << SUB_BITS) | ((hi >>> (20 - SUB_BITS)) & ((1 << SUB_BITS) - 1)));
}

/** The middle of a spaced bucket. */
function middleOf(bucket: number): number {
  const k = bucket - 1;
  const e = (k >>> SUB_BITS) + MIN_EXP;
  const m = k & ((1 << SUB_BITS) - 1);
  return 2 ** e * (1 + (m + 0.5) / (1 << SUB_BITS));
}

export interface ValueSketchState {
  counts: Float64Array<ArrayBuffer>;
  n: number;
  min: number;
  max: number;
  sum: ExactSumState;
  squares: ExactSumState;
}

export class ValueSketch {
  private counts = new Float64Array(BUCKETS);
  n = 0;
  private min = Number.POSITIVE_INFINITY;
  private max = Number.NEGATIVE_INFINITY;
  private readonly sum = new ExactSum();
  private readonly squares = new ExactSum();

  /** Adds a finite value (latencies are never negative here; a negative one counts as the lowest bucket). */
  add(v: number): void {
    (this.counts[bucketOf(v)] as number)++;
    this.n++;
    if (v < this.min) this.min = v;
    if (v > this.max) this.max = v;
    this.sum.add(v);
    this.squares.add(v * v);
  }

  save(): ValueSketchState {
    return { counts: this.counts, n: this.n, min: this.min, max: this.max, sum: this.sum.save(), squares: this.squares.save() };
  }

  absorb(s: ValueSketchState): void {
    for (let i = 0; i < BUCKETS; i++) if (s.counts[i] !== 0) this.counts[i] = (this.counts[i] as number) + (s.counts[i] as number);
    this.n += s.n;
    this.min = Math.min(this.min, s.min);
    this.max = Math.max(this.max, s.max);
    this.sum.absorb(s.sum);
    this.squares.absorb(s.squares);
  }

  /** The value of rank `r` (0-based, in sorted order), read from its bucket. */
  private atRank(r: number): number {
    let cum = 0;
    for (let b = 0; b < BUCKETS; b++) {
      cum += this.counts[b] as number;
      if (r < cum) {
        if (b === 0) return this.min;
        if (b === BUCKETS - 1) return this.max;
        return Math.min(this.max, Math.max(this.min, middleOf(b)));
      }
    }
    return this.max;
  }

  /** The summary `summarizeFinite` gives for the same values, with percentiles read from the buckets. */
  summary(options: SummarizeOptions): MetricSummary {
    const n = this.n;
    if (n === 0) return { count: 0, mean: null, median: null, std: null, min: null, max: null, percentiles: {} };
    const percentile = (p: number): number => {
      if (options.method === 'lower') return this.atRank(Math.min(n - 1, Math.max(0, Math.floor((p / 100) * n))));
      const pos = (p / 100) * (n - 1);
      const lo = Math.floor(pos);
      const a = this.atRank(lo);
      const c = this.atRank(Math.min(n - 1, lo + 1));
      return a + (c - a) * (pos - lo);
    };
    const sum = this.sum.value();
    const mean = sum / n;
    const denom = n - options.ddof;
    // Σ(x − mean)² = Σx² − (Σx)²/n, from the exact sums (never below 0 after rounding).
    const sq = Math.max(0, this.squares.value() - (sum * sum) / n);
    const percentiles: Record<string, number> = {};
    for (const p of options.percentiles) percentiles[percentileKey(p)] = percentile(p);
    return { count: n, mean, median: percentile(50), std: denom > 0 ? Math.sqrt(sq / denom) : null, min: this.min, max: this.max, percentiles };
  }
}
