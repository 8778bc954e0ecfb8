import { isPlainObject } from './json';

/**
 * Version 4 → 5 (a pure function of a full v4 document; the input is never modified):
 * - `selfHosted.scheduleTimeZone`: v4 schedules started in the week profile's own hours (null).
 * - `selfHosted.autoscaling` and `selfHosted.spot`: the inputs of the new billing modes
 *   "autoscaled" and "spot", which no v4 document uses; they get the v5 defaults.
 * - `hardware.overheadSource`: v4 sized the fit with the entered runtime overhead and activations
 *   (4 + 3 GiB in the example), so migrated documents keep them: 'entered'.
 * - `hardware.maxNumBatchedTokens`, `hardware.maxNumSeqs`: new, vLLM's defaults for the GPU (null).
 * A value already present (a hand-written file) is kept, an object completed.
 */
export const V4_SCHEDULE_TIME_ZONE = null;
export const V5_AUTOSCALING = { minReplicas: 0, maxReplicas: 8, targetUtilisation: 0.8, cooldownHours: 1, quantum: 1 } as const;
export const V5_SPOT = { spotPrice: 1.72, preemptionsPerReplicaHour: 0.02, replacementSeconds: 900, fallback: 'on-demand', baseReplicas: 0 } as const;
export const V4_OVERHEAD_SOURCE = 'entered';
export const V4_ENGINE_LIMITS = { maxNumBatchedTokens: null, maxNumSeqs: null } as const;

export function upgradeToV5(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...doc };
  if (isPlainObject(doc.selfHosted)) {
    const sh = doc.selfHosted;
    const given = (key: string) => (isPlainObject(sh[key]) ? sh[key] : {});
    out.selfHosted = {
      scheduleTimeZone: V4_SCHEDULE_TIME_ZONE,
      ...sh,
      autoscaling: { ...V5_AUTOSCALING, ...given('autoscaling') },
      spot: { ...V5_SPOT, ...given('spot') },
    };
  }
  if (isPlainObject(doc.hardware)) out.hardware = { overheadSource: V4_OVERHEAD_SOURCE, ...V4_ENGINE_LIMITS, ...doc.hardware };
  return out;
}
