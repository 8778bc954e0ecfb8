import { HOURS_PER_WEEK } from '../scenario/schema';

/**
 * Each weekly hour's load relative to the busiest hour the deployment runs (1), in hour order:
 * demand ÷ availability ÷ its largest value, 0 in hours without demand or outside the schedule.
 * The billing modes that follow the week (mixed, autoscaled, spot) size each hour from it.
 */
export function relativeLoads(shape: { weights: ArrayLike<number>; availability: ArrayLike<number> }): Float64Array {
  const w = shape.weights;
  const a = shape.availability;
  const loads = new Float64Array(HOURS_PER_WEEK);
  let top = 0;
  for (let h = 0; h < HOURS_PER_WEEK; h++) {
    const wh = w[h] as number;
    const ah = a[h] as number;
    if (wh > 0 && ah > 0) {
      loads[h] = wh / ah;
      top = Math.max(top, wh / ah);
    }
  }
  if (top > 0) for (let h = 0; h < HOURS_PER_WEEK; h++) loads[h] = (loads[h] as number) / top;
  return loads;
}
