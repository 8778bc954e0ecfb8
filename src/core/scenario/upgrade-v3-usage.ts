import { isPlainObject } from './json';

/**
 * Version 2 → 3, usage part (a pure function of a full v2 document; the input is never
 * modified): the new `usage` section records where a workload taken from usage files came
 * from. Every v2 workload was entered by hand, so its source is null and no figure changes.
 */
export function upgradeUsageToV3(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...doc };
  if (!isPlainObject(doc.usage)) out.usage = { source: null };
  return out;
}
