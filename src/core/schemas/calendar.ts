/**
 * The checks the scenario schema's dates and time zones are refined with (and the command line's
 * --time-zone): below every area, so that the schema needs nothing of the usage readers.
 * Time zones through `Intl`, no time-zone data of our own.
 */

/** Whether `zone` is an IANA zone name this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `text` is a date of the calendar written YYYY-MM-DD: month 01–12 and a day the month
 * has (29 February only in leap years). "2026-99-99" has the form but is no date.
 */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  return day <= days;
}
