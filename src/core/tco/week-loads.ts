import { HOURS_PER_WEEK } from '../scenario/schema';

/**
 * Each weekly hour's load relative to the busiest hour the deployment runs (1), in hour order:
 * demand ÷ availability ÷ its largest value, 0 in hours without demand or outside the schedule.
 * The billing modes that follow the week (mixed, autoscaled, spot) size each hour from it.
 */
export function relativeLoads(shape: WeekShape): Float64Array {
  // One shape is priced many times (the plan search passes one to all its candidates): the
  // loads are computed once per shape object and shared, so no caller may write to them.
  const known = loadsOf.get(shape);
  if (known) return known;
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
  loadsOf.set(shape, loads);
  return loads;
}

type WeekShape = { weights: ArrayLike<number>; availability: ArrayLike<number> };
const loadsOf = new WeakMap<WeekShape, Float64Array>();
const ascendingOf = new WeakMap<WeekShape, Float64Array>();

/** The relative loads of the hours with demand, ascending (shared per shape object like relativeLoads). */
export function ascendingLoads(shape: WeekShape): Float64Array {
  const known = ascendingOf.get(shape);
  if (known) return known;
  const out = relativeLoads(shape)
    .filter((x) => x > 0)
    .sort();
  ascendingOf.set(shape, out);
  return out;
}
