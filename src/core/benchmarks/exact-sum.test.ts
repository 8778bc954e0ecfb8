import { describe, expect, it } from 'vitest';
import { ExactSum, roundedSum } from './exact-sum';

/** Seeded values of very different sizes, so that a plain running sum rounds differently in every order. */
function values(n: number, seed: number): number[] {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: n }, () => rand() * 10 ** Math.floor(rand() * 12 - 6));
}

describe('an order-free sum', () => {
  it('rounds the exact sum once, as Python math.fsum does', () => {
    // Python's documentation of math.fsum: sum([.1] * 10) is 0.9999999999999999, fsum gives 1.0.
    expect(roundedSum(Array.from({ length: 10 }, () => 0.1))).toBe(1);
    // Also from Python's fsum tests: 1e100, 1, -1e100, 1e-100, 1e50, -1, -1e50 sum to exactly 1e-100.
    expect(roundedSum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50])).toBe(1e-100);
    const s = new ExactSum();
    for (let i = 0; i < 10; i++) s.add(0.1);
    expect(s.value()).toBe(1);
    // 2^53 + 1 is not a double: adding 1 twice to 2^53 gives 2^53 + 2 exactly, a plain sum 2^53.
    const big = new ExactSum();
    for (const v of [2 ** 53, 1, 1]) big.add(v);
    expect(big.value()).toBe(2 ** 53 + 2);
    expect(2 ** 53 + 1 + 1).toBe(2 ** 53);
  });

  it('gives the same bits in any order and when summed in parts', () => {
    const xs = values(50_000, 7);
    const forward = new ExactSum();
    for (const x of xs) forward.add(x);
    const backward = new ExactSum();
    for (let i = xs.length - 1; i >= 0; i--) backward.add(xs[i] as number);
    const a = new ExactSum();
    const b = new ExactSum();
    xs.forEach((x, i) => (i % 3 === 0 ? a : b).add(x));
    a.absorb(b.save());
    expect(backward.value()).toBe(forward.value());
    expect(a.value()).toBe(forward.value());
    expect(roundedSum(xs)).toBe(forward.value());
    // The plain running sums differ in the last bits, which is why the sum exists.
    let plain = 0;
    for (const x of xs) plain += x;
    let plainBack = 0;
    for (let i = xs.length - 1; i >= 0; i--) plainBack += xs[i] as number;
    expect(plain === plainBack && plain === forward.value()).toBe(false);
  });
});
