/**
 * A sum of doubles that does not depend on the order of the additions: the value is the exact
 * sum, rounded once. A large log read in parts by several threads adds its costs, durations and
 * latencies in another order than a reading in one piece; with this sum both give the same
 * bits (a plain `+=` differs in the last digits).
 *
 * How: every value is split into two halves of at most 26 significant bits (Veltkamp's split),
 * and each half is added to a bin chosen by its binary exponent. All halves in one bin are
 * multiples of the same power of two and smaller than 2^26 of it, so a bin's sum stays exact for
 * 2^27 additions; before that the bins are folded back into fresh ones (exactly: a bin's value
 * is split again). The result is the bins' sum rounded once (`roundedSum`, the algorithm of
 * Python's `math.fsum`: Shewchuk, "Adaptive Precision Floating-Point Arithmetic", 1997).
 */
const BINS = 2048;
/** Folds the bins before any bin can have taken 2^27 halves. */
const FOLD_EVERY = 1 << 26;
const SPLIT = 134217729; // 2^27 + 1

const word = new Float64Array(1);
const high = new Uint32Array(word.buffer, 4, 1);
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const highWord = littleEndian ? high : new Uint32Array(word.buffer, 0, 1);

function binOf(x: number): number {
  word[0] = x;
  return ((highWord[0] as number) >>> 20) & 0x7ff;
}

export class ExactSum {
  private bins = new Float64Array(BINS);
  private adds = 0;

  /** Adds a finite value (others are ignored: the callers skip missing values before). */
  add(v: number): void {
    if (v === 0 || !Number.isFinite(v)) return;
    // Values past 2^996 would overflow the split; no latency, cost or count comes near.
    const c = SPLIT * v;
    const hi = c - (c - v);
    const lo = v - hi;
    const bins = this.bins;
    bins[binOf(hi)] = (bins[binOf(hi)] as number) + hi;
    if (lo !== 0) bins[binOf(lo)] = (bins[binOf(lo)] as number) + lo;
    if (++this.adds === FOLD_EVERY) this.fold();
  }

  private fold(): void {
    const old = this.bins;
    this.bins = new Float64Array(BINS);
    this.adds = 0;
    // A bin's value has up to 53 bits: `add` splits it into two halves again, exactly.
    for (let i = 0; i < BINS; i++) if (old[i] !== 0) this.add(old[i] as number);
  }

  /** Adds another sum (a part of the file read elsewhere). */
  absorb(other: ExactSumState): void {
    for (let i = 0; i < other.bins.length; i++) if (other.bins[i] !== 0) this.add(other.bins[i] as number);
  }

  /** The sum, rounded once. */
  value(): number {
    const values: number[] = [];
    for (let i = 0; i < BINS; i++) if (this.bins[i] !== 0) values.push(this.bins[i] as number);
    return roundedSum(values);
  }

  save(): ExactSumState {
    return { bins: this.bins.slice() };
  }

  static from(state: ExactSumState): ExactSum {
    const s = new ExactSum();
    s.absorb(state);
    return s;
  }
}

/** A sum as plain data, for a part of a file read in another thread. */
export interface ExactSumState {
  bins: Float64Array<ArrayBuffer>;
}

/** The exact sum of `values` rounded once to the nearest double (ties to even). */
export function roundedSum(values: readonly number[]): number {
  // Partials: non-overlapping, increasing magnitude; their exact sum is the sum so far.
  const partials: number[] = [];
  for (let x of values) {
    let j = 0;
    for (let p of partials) {
      if (Math.abs(x) < Math.abs(p)) [x, p] = [p, x];
      const hi = x + p;
      const lo = p - (hi - x);
      if (lo !== 0) partials[j++] = lo;
      x = hi;
    }
    partials.length = j;
    partials.push(x);
  }
  let n = partials.length;
  if (n === 0) return 0;
  let hi = partials[--n] as number;
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = partials[--n] as number;
    hi = x + y;
    const yr = hi - x;
    lo = y - yr;
    if (lo !== 0) break;
  }
  // Round half to even correctly when the rest lies exactly halfway.
  if (n > 0 && ((lo < 0 && (partials[n - 1] as number) < 0) || (lo > 0 && (partials[n - 1] as number) > 0))) {
    const y = lo * 2;
    const x = hi + y;
    const yr = x - hi;
    if (y === yr) hi = x;
  }
  return hi;
}
