import type { MetricSummary } from './run-schema';

/**
 * Summary statistics over per-request values, computed the way the tools do so the results
 * can be compared with the file's own numbers:
 * - 'linear': numpy.percentile / pandas.quantile default (linear interpolation between closest
 *   ranks): vLLM, SGLang, llmperf, AIPerf.
 * - 'lower': the value at rank floor(p/100 · n) of the sorted sample (no interpolation), which
 *   reproduces GuideLLM's percentiles exactly on the fixture files.
 */
export type PercentileMethod = 'linear' | 'lower';

/** Below this many values the built-in sort is faster than the radix passes' fixed cost. */
const RADIX_MIN = 1 << 12;
const DIGITS = 1 << 16;

/**
 * Sorts finite doubles ascending (-0 before +0, like the built-in typed-array sort) with an
 * LSD radix sort over four 16-bit digits of the IEEE 754 bits, calling `tick` after each pass
 * so that sorting a million latencies never runs for long without a chance to report progress.
 * Four linear passes instead of a comparison sort: on a 1M-value column this is several times
 * faster than `Float64Array.prototype.sort`, which dominated the statistics step of an import.
 * Passes whose digit is the same for every value are skipped. May return a different buffer.
 */
function sortFinite(a: Float64Array, tick: (() => void) | undefined): Float64Array {
  const n = a.length;
  if (n < RADIX_MIN) return a.sort();
  let src: Uint32Array = new Uint32Array(a.buffer, a.byteOffset, 2 * n);
  // Order-preserving key: negative doubles get all bits flipped, others only the sign bit.
  for (let i = 0; i < 2 * n; i += 2) {
    const hi = src[i + 1] as number;
    if (hi & 0x80000000) {
      src[i] = ~(src[i] as number) >>> 0;
      src[i + 1] = ~hi >>> 0;
    } else src[i + 1] = (hi ^ 0x80000000) >>> 0;
  }
  // One histogram per digit, all counted in one pass: [lo & 0xffff, lo >>> 16, hi & 0xffff, hi >>> 16].
  const counts = new Int32Array(4 * DIGITS);
  for (let i = 0; i < 2 * n; i += 2) {
    const lo = src[i] as number;
    const hi = src[i + 1] as number;
    (counts[lo & 0xffff] as number)++;
    (counts[DIGITS + (lo >>> 16)] as number)++;
    (counts[2 * DIGITS + (hi & 0xffff)] as number)++;
    (counts[3 * DIGITS + (hi >>> 16)] as number)++;
  }
  tick?.();
  let dst: Uint32Array = new Uint32Array(2 * n);
  for (let pass = 0; pass < 4; pass++) {
    const base = pass * DIGITS;
    const word = pass >> 1;
    const shift = (pass & 1) * 16;
    // A digit shared by every value does not change the order: skip the pass.
    const firstDigit = ((src[word] as number) >>> shift) & 0xffff;
    if (counts[base + firstDigit] === n) continue;
    let sum = 0;
    for (let d = 0; d < DIGITS; d++) {
      const c = counts[base + d] as number;
      counts[base + d] = sum;
      sum += c;
    }
    for (let i = 0; i < 2 * n; i += 2) {
      const lo = src[i] as number;
      const hi = src[i + 1] as number;
      const d = base + ((((word === 0 ? lo : hi) >>> shift) & 0xffff) as number);
      const at = 2 * (counts[d] as number);
      counts[d] = (counts[d] as number) + 1;
      dst[at] = lo;
      dst[at + 1] = hi;
    }
    [src, dst] = [dst, src];
    tick?.();
  }
  for (let i = 0; i < 2 * n; i += 2) {
    const hi = src[i + 1] as number;
    if (hi & 0x80000000) src[i + 1] = (hi ^ 0x80000000) >>> 0;
    else {
      src[i] = ~(src[i] as number) >>> 0;
      src[i + 1] = ~hi >>> 0;
    }
  }
  return new Float64Array(src.buffer, src.byteOffset, n);
}

export function sortedFinite(values: ArrayLike<number>, keep?: ArrayLike<number>, tick?: () => void): Float64Array {
  let n = 0;
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (keep && keep[i] !== 1) continue;
    if (Number.isFinite(v)) out[n++] = v;
  }
  return sortFinite(out.subarray(0, n), tick);
}

export function percentileOfSorted(sorted: Float64Array, p: number, method: PercentileMethod): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  if (method === 'lower') {
    const idx = Math.min(n - 1, Math.max(0, Math.floor((p / 100) * n)));
    return sorted[idx] as number;
  }
  const pos = (p / 100) * (n - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(n - 1, lo + 1);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

/** Key under which a percentile is stored: 99 → "99", 99.9 → "99.9". */
export function percentileKey(p: number): string {
  return String(Math.round(p * 1000) / 1000);
}

export interface SummarizeOptions {
  percentiles: readonly number[];
  method: PercentileMethod;
  /** 0 for population standard deviation (numpy default), 1 for sample (pandas default). */
  ddof: 0 | 1;
}

export function summarizeSorted(sorted: Float64Array, options: SummarizeOptions): MetricSummary {
  const n = sorted.length;
  if (n === 0) return { count: 0, mean: null, median: null, std: null, min: null, max: null, percentiles: {} };
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i] as number;
  const mean = sum / n;
  let sq = 0;
  for (let i = 0; i < n; i++) {
    const d = (sorted[i] as number) - mean;
    sq += d * d;
  }
  const denom = n - options.ddof;
  const percentiles: Record<string, number> = {};
  for (const p of options.percentiles) {
    const v = percentileOfSorted(sorted, p, options.method);
    if (v !== null) percentiles[percentileKey(p)] = v;
  }
  return {
    count: n,
    mean,
    median: percentileOfSorted(sorted, 50, options.method),
    std: denom > 0 ? Math.sqrt(sq / denom) : null,
    min: sorted[0] as number,
    max: sorted[n - 1] as number,
    percentiles,
  };
}

/** Buckets of the order key's top 20 bits (sign, exponent, 8 mantissa bits). */
const SELECT_BITS = 20;

/**
 * Order-preserving unsigned key of a finite double from its high 32-bit word (negative values:
 * every bit flipped, others: the sign bit set), as in sortFinite; -0 sorts before +0.
 */
function orderKey(hi: number): number {
  return hi & 0x80000000 ? ~hi >>> 0 : (hi | 0x80000000) >>> 0;
}

/**
 * The same summary as `summarizeSorted(sortedFinite(values, keep), options)` without sorting
 * the values: one pass counts them in 2^20 buckets of their order key (and sums them), the
 * ranks the percentiles read are located in the bucket counts, and only the values of those
 * few buckets are collected and sorted (`valuesAtRanks`). A million latencies take two passes
 * instead of a radix sort's seven, and no copy of the column. When the located buckets hold much
 * of the data (values on a coarse grid), the column is sorted as before. The mean and deviation are summed
 * in the file's order, which can differ from the sorted order's sum in the last bits.
 */
export function summarizeFinite(values: Float64Array, keep: ArrayLike<number> | undefined, options: SummarizeOptions, tick?: () => void): MetricSummary {
  return withCounts(values, (words, counts) => summarizeCounted(values, keep, options, tick, words, counts));
}

/**
 * The 4 MiB bucket counts, kept between calls and zeroed after each; all zero when taken. With a
 * new array per column, the end of a 1M-line import in the browser (two runs' tables and
 * statistics) took 220–440 ms, with this one 130–270 ms (six imports each, production build).
 */
let spareCounts: Int32Array | null = null;

function takeCounts(): Int32Array {
  const c = spareCounts ?? new Int32Array(1 << SELECT_BITS);
  spareCounts = null;
  return c;
}

function giveCounts(c: Int32Array): void {
  c.fill(0);
  spareCounts = c;
}

/** What one counting pass and one collecting pass give (`valuesAtRanks`). */
interface Located {
  /** Finite values kept. */
  n: number;
  sum: number;
  min: number;
  max: number;
  /** Sum of squared deviations from the mean (sum / n), in the file's order. */
  sq: number;
  /** The value at each asked rank of the sorted order. */
  at: Map<number, number>;
}

/**
 * The values at given ranks of the sorted finite values (those `keep` marks), without sorting
 * them: one pass counts them in 2^20 buckets of their order key (and sums them), the ranks are
 * located in the bucket counts, and only the values of those few buckets are collected and
 * sorted. `ranksFor` gives the ranks once the count is known. Null when the located buckets hold
 * much of the data (values on a coarse grid): sorting it all is then cheaper.
 */
function valuesAtRanks(
  values: Float64Array,
  keep: ArrayLike<number> | undefined,
  ranksFor: (n: number) => readonly number[],
  tick: (() => void) | undefined,
  words: Uint32Array,
  counts: Int32Array,
): Located | null {
  const counted = countBuckets(values, keep, words, counts);
  tick?.();
  const { n, sum, lowBucket } = counted;
  const at = new Map<number, number>();
  if (n === 0) return { n, sum, min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY, sq: 0, at };
  const ranks = [...new Set(ranksFor(n))].sort((a, b) => a - b);
  // The bucket of each rank, and where the bucket starts in the sorted order.
  const bucketOf = new Map<number, Candidates>();
  const rankBucket: number[] = [];
  let cum = 0;
  let b = lowBucket;
  let candidates = 0;
  for (const r of ranks) {
    while (cum + (counts[b] as number) <= r) cum += counts[b++] as number;
    rankBucket.push(b);
    if (!bucketOf.has(b)) {
      bucketOf.set(b, { start: cum, values: new Float64Array(counts[b] as number), filled: 0 });
      candidates += counts[b] as number;
    }
  }
  if (candidates > n / 4) return null;
  const found = collectBuckets(values, keep, words, sum / n, counted, bucketOf);
  for (const c of bucketOf.values()) c.values.sort();
  tick?.();
  ranks.forEach((r, j) => {
    const c = bucketOf.get(rankBucket[j] as number) as Candidates;
    at.set(r, c.values[r - c.start] as number);
  });
  return { n, sum, min: found.min, max: found.max, sq: found.sq, at };
}

/** The values of one bucket that a rank falls in, collected in the file's order. */
interface Candidates {
  start: number;
  values: Float64Array;
  filled: number;
}

/** A double's high word with every exponent bit set: an infinity or a NaN. */
const NOT_FINITE = 0x7ff00000;

/**
 * The counting pass: how many finite values `keep` marks, their sum, and their order keys' top
 * SELECT_BITS bits counted in `counts`. Finiteness is read from the high word's exponent bits,
 * so the loop reads each value's high word once and the value only to sum it.
 */
function countBuckets(values: Float64Array, keep: ArrayLike<number> | undefined, words: Uint32Array, counts: Int32Array) {
  const len = values.length;
  const shift = 32 - SELECT_BITS;
  let n = 0;
  let sum = 0;
  let lowBucket = counts.length;
  let highBucket = -1;
  for (let i = 0; i < len; i++) {
    if (keep !== undefined && keep[i] !== 1) continue;
    const hi = words[2 * i + 1] as number;
    if ((hi & NOT_FINITE) === NOT_FINITE) continue;
    n++;
    sum += values[i] as number;
    const b = orderKey(hi) >>> shift;
    (counts[b] as number)++;
    if (b < lowBucket) lowBucket = b;
    if (b > highBucket) highBucket = b;
  }
  return { n, sum, lowBucket, highBucket };
}

/**
 * The collecting pass: the squared deviations from `mean` (in the file's order), the values of
 * the buckets in `bucketOf`, and the smallest and largest value, looked for only in the lowest
 * and highest bucket (-0 before +0, as in the sorted order).
 */
function collectBuckets(
  values: Float64Array,
  keep: ArrayLike<number> | undefined,
  words: Uint32Array,
  mean: number,
  counted: { lowBucket: number; highBucket: number },
  bucketOf: Map<number, Candidates>,
): { sq: number; min: number; max: number } {
  const len = values.length;
  const shift = 32 - SELECT_BITS;
  const { lowBucket, highBucket } = counted;
  // Per bucket: 1 collect its values, 2 the lowest bucket, 4 the highest.
  const marks = new Uint8Array(highBucket + 1);
  for (const k of bucketOf.keys()) marks[k] = 1;
  marks[lowBucket] = (marks[lowBucket] as number) | 2;
  marks[highBucket] = (marks[highBucket] as number) | 4;
  let sq = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < len; i++) {
    if (keep !== undefined && keep[i] !== 1) continue;
    const hi = words[2 * i + 1] as number;
    if ((hi & NOT_FINITE) === NOT_FINITE) continue;
    const v = values[i] as number;
    const d = v - mean;
    sq += d * d;
    const k = orderKey(hi) >>> shift;
    const mark = marks[k] as number;
    if (mark === 0) continue;
    if (mark & 1) {
      const c = bucketOf.get(k) as Candidates;
      c.values[c.filled++] = v;
    }
    if (mark & 2 && (v < min || (v === min && 1 / v < 0))) min = v;
    if (mark & 4 && (v > max || (v === max && 1 / max < 0))) max = v;
  }
  return { sq, min, max };
}

/** Runs `f` with a word view of `values` and the spare bucket counts (given back zeroed). */
function withCounts<T>(values: Float64Array, f: (words: Uint32Array, counts: Int32Array) => T): T {
  const words = new Uint32Array(values.buffer, values.byteOffset, 2 * values.length);
  const counts = takeCounts();
  try {
    return f(words, counts);
  } finally {
    giveCounts(counts);
  }
}

function summarizeCounted(
  values: Float64Array,
  keep: ArrayLike<number> | undefined,
  options: SummarizeOptions,
  tick: (() => void) | undefined,
  words: Uint32Array,
  counts: Int32Array,
): MetricSummary {
  // The ranks every requested figure reads (the median is p50).
  const ranksFor = (n: number): number[] =>
    [50, ...options.percentiles].flatMap((p) => {
      if (options.method === 'lower') return [Math.min(n - 1, Math.max(0, Math.floor((p / 100) * n)))];
      const lo = Math.floor((p / 100) * (n - 1));
      return [lo, Math.min(n - 1, lo + 1)];
    });
  const located = valuesAtRanks(values, keep, ranksFor, tick, words, counts);
  if (located === null) return summarizeSorted(sortedFinite(values, keep, tick), options);
  const { n, at } = located;
  if (n === 0) return { count: 0, mean: null, median: null, std: null, min: null, max: null, percentiles: {} };
  const percentile = (p: number): number => {
    if (options.method === 'lower') return at.get(Math.min(n - 1, Math.max(0, Math.floor((p / 100) * n)))) as number;
    const pos = (p / 100) * (n - 1);
    const lo = Math.floor(pos);
    const a = at.get(lo) as number;
    const c = at.get(Math.min(n - 1, lo + 1)) as number;
    return a + (c - a) * (pos - lo);
  };
  const percentiles: Record<string, number> = {};
  for (const p of options.percentiles) percentiles[percentileKey(p)] = percentile(p);
  const denom = n - options.ddof;
  return {
    count: n,
    mean: located.sum / n,
    median: percentile(50),
    std: denom > 0 ? Math.sqrt(located.sq / denom) : null,
    min: located.min,
    max: located.max,
    percentiles,
  };
}

/**
 * The points of `cdfPoints(sortedFinite(values, keep), maxPoints)` through `valuesAtRanks`: a
 * chart's curve of a million requests without a sorted copy of the column (16 bytes a request
 * for the copy and the sort's second buffer).
 */
export function cdfOfColumn(values: Float64Array, keep: ArrayLike<number> | undefined, maxPoints = 200): CdfPoint[] {
  const located = withCounts(values, (words, counts) => valuesAtRanks(values, keep, (n) => cdfRanks(n, maxPoints), undefined, words, counts));
  if (located === null) return cdfPoints(sortedFinite(values, keep), maxPoints);
  const n = located.n;
  return n === 0 ? [] : cdfRanks(n, maxPoints).map((idx) => ({ value: located.at.get(idx) as number, share: (idx + 1) / n }));
}

/**
 * Token-weighted summary: each value counts `weight` times (GuideLLM's per-token
 * distributions repeat a request's TPOT once per output token). Same rank rule as 'lower'.
 */
export function summarizeWeighted(values: ArrayLike<number>, weights: ArrayLike<number>, options: SummarizeOptions): MetricSummary {
  const pairs: [number, number][] = [];
  let total = 0;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    const w = weights[i] as number;
    if (!Number.isFinite(v) || !Number.isFinite(w) || w <= 0) continue;
    pairs.push([v, w]);
    total += w;
    sum += v * w;
  }
  if (pairs.length === 0 || total <= 0) return { count: 0, mean: null, median: null, std: null, min: null, max: null, percentiles: {} };
  pairs.sort((a, b) => a[0] - b[0]);
  const mean = sum / total;
  let sq = 0;
  for (const [v, w] of pairs) sq += w * (v - mean) * (v - mean);
  const at = (p: number): number => {
    const rank = Math.min(total - 1, Math.floor((p / 100) * total));
    let cum = 0;
    for (const [v, w] of pairs) {
      cum += w;
      if (rank < cum) return v;
    }
    return (pairs[pairs.length - 1] as [number, number])[0];
  };
  const percentiles: Record<string, number> = {};
  for (const p of options.percentiles) percentiles[percentileKey(p)] = at(p);
  const denom = total - options.ddof;
  return {
    count: total,
    mean,
    median: at(50),
    std: denom > 0 ? Math.sqrt(sq / denom) : null,
    min: (pairs[0] as [number, number])[0],
    max: (pairs[pairs.length - 1] as [number, number])[0],
    percentiles,
  };
}

export interface CdfPoint {
  /** Value (ms for latencies). */
  value: number;
  /** Share of samples at or below the value, 0..1. */
  share: number;
}

/** Empirical CDF, thinned to at most `maxPoints` points (always keeping min and max). */
export function cdfPoints(sorted: Float64Array, maxPoints = 200): CdfPoint[] {
  const n = sorted.length;
  return n === 0 ? [] : cdfRanks(n, maxPoints).map((idx) => ({ value: sorted[idx] as number, share: (idx + 1) / n }));
}

/** The sorted positions a CDF of `n` values reads: at most `maxPoints` (at least 2), spread evenly, the first and the last included. */
function cdfRanks(n: number, maxPoints: number): number[] {
  const steps = Math.min(n, Math.max(2, maxPoints));
  return Array.from({ length: steps }, (_, k) => (steps === 1 ? n - 1 : Math.round((k * (n - 1)) / (steps - 1))));
}

/** Agreement rule between a file's figure and our recomputation: within 0.1 % or 0.001 units. */
export function agrees(file: number, recomputed: number): boolean {
  return Math.abs(recomputed - file) <= Math.max(1e-3, Math.abs(file) * 1e-3);
}
