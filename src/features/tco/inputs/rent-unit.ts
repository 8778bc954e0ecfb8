import type { Scenario } from '../../../core/scenario/schema';

/**
 * Rented GPU prices come per GPU-hour (every catalog record) or per node-hour (what some
 * providers quote). The cost model bills ⌈GPUs per replica ÷ GPUs per node⌉ nodes at the
 * node price, so one node-hour is worth GPUs-per-node GPU-hours. Switching the unit converts
 * the price, so the cost stays what it was instead of changing by that factor; comparing
 * with a catalog record is done per GPU-hour.
 */
export type RentUnit = Scenario['selfHosted']['rentUnit'];

/** Prices are rounded to a millionth of a dollar so a round trip gives back the number entered. */
const round = (v: number) => Math.round(v * 1e6) / 1e6;

export function convertRentPrice(price: number, from: RentUnit, to: RentUnit, gpusPerNode: number): number {
  if (from === to) return price;
  return round(to === 'node-hour' ? price * gpusPerNode : price / gpusPerNode);
}

/** A catalog price (per GPU-hour) in the unit the field currently shows. */
export function catalogPriceInUnit(usdPerGpuHour: number, unit: RentUnit, gpusPerNode: number): number {
  return convertRentPrice(usdPerGpuHour, 'gpu-hour', unit, gpusPerNode);
}

/** Whether the price entered equals the catalog record's, compared per GPU-hour. */
export function matchesCatalogPrice(price: number, unit: RentUnit, gpusPerNode: number, usdPerGpuHour: number): boolean {
  const perGpu = unit === 'gpu-hour' ? price : price / gpusPerNode;
  return Math.abs(perGpu - usdPerGpuHour) <= 1e-6 * Math.max(1, usdPerGpuHour);
}
