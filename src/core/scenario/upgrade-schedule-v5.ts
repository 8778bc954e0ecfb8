import { isPlainObject } from './json';

/**
 * Version 4 → 5 (a pure function of a full v4 document; the input is never modified):
 * - `selfHosted.scheduleTimeZone`: v4 schedules started in the week profile's own hours (null).
 * A value already present (a hand-written file) is kept.
 */
export const V4_SCHEDULE_TIME_ZONE = null;

export function upgradeScheduleToV5(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...doc };
  if (isPlainObject(doc.selfHosted)) out.selfHosted = { scheduleTimeZone: V4_SCHEDULE_TIME_ZONE, ...doc.selfHosted };
  return out;
}
