/**
 * The IANA time zones this browser knows (`Intl.supportedValuesOf`), UTC and `current` first so
 * a zone from a file or a link stays selectable even where the runtime lists fewer.
 */
export function timeZoneNames(current: string | null): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return [...new Set(['UTC', ...(current === null ? [] : [current]), ...zones])];
}
