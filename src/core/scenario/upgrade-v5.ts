import { isPlainObject } from './json';

/**
 * Version 4 → 5 (a pure function of a full v4 document; the input is never modified):
 * - `selfHosted.scheduleTimeZone`: v4 schedules started in the week profile's own hours (null).
 * - `hardware.overheadSource`: v4 sized the fit with the entered runtime overhead and activations
 *   (4 + 3 GiB in the example), so migrated documents keep them: 'entered'.
 * - `hardware.maxNumBatchedTokens`, `hardware.maxNumSeqs`: new, vLLM's defaults for the GPU (null).
 * A value already present (a hand-written file) is kept.
 */
export const V4_SCHEDULE_TIME_ZONE = null;
export const V4_OVERHEAD_SOURCE = 'entered';
export const V4_ENGINE_LIMITS = { maxNumBatchedTokens: null, maxNumSeqs: null } as const;

export function upgradeToV5(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...doc };
  if (isPlainObject(doc.selfHosted)) out.selfHosted = { scheduleTimeZone: V4_SCHEDULE_TIME_ZONE, ...doc.selfHosted };
  if (isPlainObject(doc.hardware)) out.hardware = { overheadSource: V4_OVERHEAD_SOURCE, ...V4_ENGINE_LIMITS, ...doc.hardware };
  return out;
}
