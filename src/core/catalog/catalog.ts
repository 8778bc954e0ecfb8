import { API_OFFERS } from './api-offers';
import { GPU_PRICES } from './gpu-prices';
import { GPUS } from './gpus';
import { MODELS } from './models';
import { GPU_PURCHASES } from './purchases';
import type { ApiOfferRecord, GpuPriceRecord, GpuPurchaseRecord, GpuRecord, ModelRecord } from './types';

/** Lookups over the catalog lists, and the date arithmetic behind the staleness badge. */

function indexById<T extends { id: string }>(records: readonly T[]): ReadonlyMap<string, T> {
  return new Map(records.map((r) => [r.id, r]));
}

const gpusById = indexById(GPUS);
const modelsById = indexById(MODELS);
const offersById = indexById(API_OFFERS);
const gpuPricesById = indexById(GPU_PRICES);

export function findGpu(id: string): GpuRecord | undefined {
  return gpusById.get(id);
}

export function findModel(id: string): ModelRecord | undefined {
  return modelsById.get(id);
}

export function findApiOffer(id: string): ApiOfferRecord | undefined {
  return offersById.get(id);
}

export function findGpuPrice(id: string): GpuPriceRecord | undefined {
  return gpuPricesById.get(id);
}

/** Every rate recorded for a GPU (all tiers and providers), in catalog order. */
export function pricesForGpu(gpuId: string): readonly GpuPriceRecord[] {
  return GPU_PRICES.filter((p) => p.gpuId === gpuId);
}

/**
 * The rate a GPU starts with when it is chosen: the median of its on-demand rates (the lower
 * of the two middle ones for an even count), so no one provider's listing order decides the
 * cost. Falls back to the median of all its rates; undefined when the catalog has none.
 */
export function defaultRentFor(gpuId: string): GpuPriceRecord | undefined {
  const all = pricesForGpu(gpuId);
  const onDemand = all.filter((p) => p.tier === 'on-demand');
  const pool = [...(onDemand.length > 0 ? onDemand : all)].sort((a, b) => a.usdPerGpuHour - b.usdPerGpuHour || a.id.localeCompare(b.id));
  return pool[Math.floor((pool.length - 1) / 2)];
}

/** Every purchase quote recorded for a GPU, in catalog order. */
export function purchasesForGpu(gpuId: string): readonly GpuPurchaseRecord[] {
  return GPU_PURCHASES.filter((p) => p.gpuId === gpuId);
}

// ── Dates ────────────────────────────────────────────────────────────────────────────

interface YearMonthDay {
  y: number;
  m: number; // 1–12
  d: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Parses a calendar date `YYYY-MM-DD`; undefined for anything else (incl. 2026-02-30). */
export function parseIsoDate(text: string): YearMonthDay | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return undefined;
  return { y, m, d };
}

export function isIsoDate(text: string): boolean {
  return parseIsoDate(text) !== undefined;
}

function requireDate(text: string, label: string): YearMonthDay {
  const date = parseIsoDate(text);
  if (!date) throw new RangeError(`${label} is not a calendar date like 2026-11-30: "${text}"`);
  return date;
}

function dayNumber({ y, m, d }: YearMonthDay): number {
  return Date.UTC(y, m - 1, d) / MS_PER_DAY;
}

/** Same day n months later; the day is clamped to the month's end (Jan 31 + 1 month = Feb 28/29). */
function addMonths({ y, m, d }: YearMonthDay, n: number): YearMonthDay {
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { y: year, m: month, d: Math.min(d, daysInMonth(year, month)) };
}

/**
 * Age of a figure in calendar months: whole months from `checked` to `today`, plus the
 * fraction of the following month elapsed. 2026-05-30 → 2026-11-30 is exactly 6.
 * Negative when `checked` lies after `today`. Pure: `today` is passed in, never read.
 */
export function ageInMonths(checked: string, today: string): number {
  const from = requireDate(checked, 'checked');
  const to = requireDate(today, 'today');
  const toDay = dayNumber(to);
  if (toDay < dayNumber(from)) return -ageInMonths(today, checked);

  let whole = (to.y - from.y) * 12 + (to.m - from.m);
  if (dayNumber(addMonths(from, whole)) > toDay) whole -= 1;
  const start = dayNumber(addMonths(from, whole));
  const end = dayNumber(addMonths(from, whole + 1));
  return whole + (toDay - start) / (end - start);
}

/** True when the figure is older than `months` (exactly `months` old is not yet stale). */
export function isStale(checked: string, today: string, months = 6): boolean {
  return ageInMonths(checked, today) > months;
}
