/**
 * A small seeded pseudo-random generator for the Monte Carlo run: sfc32 (Chris Doty-Humphrey's
 * "small fast counting" generator, public domain, as used in PractRand), seeded through
 * splitmix32 so that nearby seeds give unrelated streams. The same seed gives the same
 * samples in the worker, under Node and in the CLI; core never touches Math.random.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createRandom(seed: number): Random {
  const init = splitmix32(seed);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  // Discard the first outputs, as the generator's author recommends, to mix the state.
  for (let i = 0; i < 12; i++) next();
  return { next };
}

/**
 * Triangular distribution on [low, high] with its mode at `mode` (clamped into the range),
 * by inverting its CDF. Degenerate ranges return the single value.
 */
export function triangular(u: number, low: number, mode: number, high: number): number {
  if (high <= low) return low;
  const m = Math.min(high, Math.max(low, mode));
  const split = (m - low) / (high - low);
  if (u < split) return low + Math.sqrt(u * (high - low) * (m - low));
  return high - Math.sqrt((1 - u) * (high - low) * (high - m));
}

/**
 * P(X ≤ x) for X triangular on [low, high] with its mode: the distribution `triangular` draws
 * from (its inverse). (x − low)² / ((high − low)(mode − low)) up to the mode,
 * 1 − (high − x)² / ((high − low)(high − mode)) above it.
 */
export function triangularCdf(x: number, low: number, mode: number, high: number): number {
  if (high <= low) return x >= low ? 1 : 0;
  if (x <= low) return 0;
  if (x >= high) return 1;
  const m = Math.min(high, Math.max(low, mode));
  if (x <= m) return m > low ? (x - low) ** 2 / ((high - low) * (m - low)) : 0;
  return high > m ? 1 - (high - x) ** 2 / ((high - low) * (high - m)) : 1;
}
