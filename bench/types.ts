/** One measured figure. `budget` is the target from the issue; CI does not fail on misses. */
export interface BenchRow {
  suite: string;
  metric: string;
  value: number;
  unit: string;
  /** Target value; null when the figure is reported without a budget. */
  budget: number | null;
  /** 'max': value must be ≤ budget; 'min': value must be ≥ budget. */
  direction: 'max' | 'min';
  note?: string;
}

export interface BenchSuite {
  name: string;
  run: () => Promise<BenchRow[]>;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const idx = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[idx] as number;
}

/** Median wall time of `runs` calls of `fn`, in ms, after `warmup` untimed calls (JIT). */
export function medianTimeMs(fn: () => unknown, runs: number, warmup: number): number {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}
