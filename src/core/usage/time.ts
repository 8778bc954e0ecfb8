/**
 * Wall-clock time in an IANA time zone, through `Intl` (no time-zone data of our own).
 *
 * The week of the weekly profile runs Monday 00:00 … Sunday 23:59 local time. On a
 * daylight-saving day the local day has 23 or 25 hours: the hour that is skipped gets no
 * demand, the hour that repeats gets both (the demand the wall clock saw), and the day is still
 * one day. Offsets that are not whole hours (India +05:30, Nepal +05:45) are read exactly: the
 * look-up is cached per quarter hour, the smallest step any zone's offset takes.
 */
export interface LocalSlot {
  /** Days since 1970-01-01 of the local calendar date. */
  day: number;
  /** Local hour 0–23. */
  hour: number;
  /** Hour of the week, Monday 00:00 = 0 … Sunday 23:00 = 167. */
  hourOfWeek: number;
  /** Weeks since the Monday 1969-12-29 of the local calendar date. */
  week: number;
}

const QUARTER_S = 900;

/** Days since 1970-01-01 of a calendar date. */
export function dayNumber(year: number, month: number, day: number): number {
  return Math.round(Date.UTC(year, month - 1, day) / 86_400_000);
}

/** The ISO date (YYYY-MM-DD) of a day number. */
export function isoDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

export class ZoneClock {
  private readonly format: Intl.DateTimeFormat | null;
  private readonly cache = new Map<number, LocalSlot>();

  constructor(readonly zone: string) {
    this.format =
      zone === 'UTC'
        ? null
        : new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric' });
  }

  /** The local slot of an instant (epoch seconds). */
  at(epochS: number): LocalSlot {
    const q = Math.floor(epochS / QUARTER_S);
    const hit = this.cache.get(q);
    if (hit !== undefined) return hit;
    const slot = this.compute(q * QUARTER_S);
    if (this.cache.size > 200_000) this.cache.clear();
    this.cache.set(q, slot);
    return slot;
  }

  private compute(epochS: number): LocalSlot {
    let day: number;
    let hour: number;
    if (this.format === null) {
      day = Math.floor(epochS / 86_400);
      hour = Math.floor((epochS - day * 86_400) / 3_600);
    } else {
      let y = 1970;
      let m = 1;
      let d = 1;
      hour = 0;
      for (const part of this.format.formatToParts(new Date(epochS * 1000))) {
        if (part.type === 'year') y = Number(part.value);
        else if (part.type === 'month') m = Number(part.value);
        else if (part.type === 'day') d = Number(part.value);
        else if (part.type === 'hour') hour = Number(part.value) % 24;
      }
      day = dayNumber(y, m, d);
    }
    // 1970-01-01 was a Thursday: Monday-based weekday = (day + 3) mod 7.
    const weekday = (((day + 3) % 7) + 7) % 7;
    return { day, hour, hourOfWeek: weekday * 24 + hour, week: Math.floor((day + 3) / 7) };
  }
}
