/**
 * Values of a function of a load and a count, remembered: the break-even, hybrid and horizon
 * searches ask for the same week many times. Emptied once it holds 4,096 loads (a Monte Carlo
 * run asks for new loads without end).
 */
export class PairCache<V> {
  private readonly byLoad = new Map<number, Map<number, V>>();

  get(load: number, count: number, compute: () => V): V {
    let byCount = this.byLoad.get(load);
    const hit = byCount?.get(count);
    if (hit !== undefined) return hit;
    const value = compute();
    if (this.byLoad.size > 4096) this.byLoad.clear();
    byCount = this.byLoad.get(load);
    if (byCount === undefined) {
      byCount = new Map();
      this.byLoad.set(load, byCount);
    }
    byCount.set(count, value);
    return value;
  }
}
