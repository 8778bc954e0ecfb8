import { isPlainObject } from './json';

/**
 * Version 2 → 3, layout part (a pure function of a full v2 document; the input is never
 * modified): `hardware.layout.choice` is new. Version 3 compares the sensible parallel layouts
 * and uses the best fitting one by default ('best-fit'); a v2 document always meant exactly its
 * `tensorParallel`, `mlaKvMode` and `dcpSize`, so it becomes 'pinned' and every hardware figure
 * of an old link stays the same.
 */
export function upgradeLayoutsToV3(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...doc };
  const hardware = isPlainObject(doc.hardware) ? doc.hardware : {};
  out.hardware = { ...hardware, layout: { choice: 'pinned' } };
  return out;
}
