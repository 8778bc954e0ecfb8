import { findGpu } from '../catalog/catalog';
import { SERVING_CLAIMS, type ServingClaim } from '../catalog/serving-claims';
import type { LayoutKind } from './layouts';
import { minGpusFor } from './min-gpus';
import { weightBytes } from './model-math';
import { buildHardwareReport } from './report';
import { resolveSetup, type HardwareScenario } from './setup';

/**
 * Our estimate against each published serving fact of a model variant, at the scenario's
 * overheads (runtime, activations) and best-fit layout, with the claim's own context, KV
 * precision and utilisation, one sequence:
 * - `agrees`: a "fits" statement we also say fits; a minimum equal to our minimum count.
 * - `we-say-not-fit`: the statement's setup does not fit by our estimate (or our minimum is larger).
 * - `we-need-fewer`: our minimum is below the official one (the publisher leaves more margin).
 * - `formula`: a rule of thumb; we show our own total beside it, no verdict.
 */
export type ServingClaimStatus = 'agrees' | 'we-say-not-fit' | 'we-need-fewer' | 'formula';

export interface ServingClaimCheck {
  claim: ServingClaim;
  status: ServingClaimStatus;
  /** Our verdict at the claim's GPU and count (null for formulas). */
  fits: boolean | null;
  headroomPerGpu: number | null;
  layout: { kind: LayoutKind; tp: number; pp: number; dcp: number; ep: number } | null;
  /** Our smallest count of the claim's GPU (null for formulas or when none fits). */
  ourMinimum: number | null;
  /** Formula claims: our weights and our weights + one sequence + overheads on one GPU's terms, in bytes. */
  ourWeightsBytes: number;
}

function claimScenario<S extends HardwareScenario>(base: S, c: ServingClaim, gpuId: string, count: number, gpusPerNode: number): S {
  return {
    ...base,
    selfHosted: { ...base.selfHosted, modelId: c.modelId, gpuId, gpusPerReplica: count, gpusPerNode },
    hardware: {
      ...base.hardware,
      customModel: null,
      weightFormat: c.weightFormat,
      kvFormat: c.setup.kvFormat,
      contextLength: c.setup.contextLength,
      concurrentSequences: 1,
      memoryUtilisation: c.setup.memoryUtilisation,
      layout: { choice: 'best-fit' },
    },
  };
}

export function checkServingClaim(base: HardwareScenario, c: ServingClaim): ServingClaimCheck | null {
  const gpu = findGpu(c.gpuId ?? base.selfHosted.gpuId);
  if (!gpu) return null;
  const perNode = gpu.gpusPerNode;
  const s = claimScenario(base, c, gpu.id, c.count ?? 1, perNode);
  const setup = resolveSetup(s);
  if (!setup.ok) return null;
  const bytes = weightBytes(setup.input.model, c.weightFormat);
  if (c.kind === 'formula' || c.count === undefined) {
    return { claim: c, status: 'formula', fits: null, headroomPerGpu: null, layout: null, ourMinimum: null, ourWeightsBytes: bytes.totalBytes };
  }
  const r = buildHardwareReport(s);
  if (!r.ok) return null;
  const chosen = r.report.layouts.chosen;
  const min = minGpusFor(setup.input, gpu, perNode, bytes);
  const ourMinimum = min.kind === 'fits' ? min.count : null;
  const fits = r.report.memory.verdict.fits;
  let status: ServingClaimStatus;
  if (c.kind === 'fits') status = fits ? 'agrees' : 'we-say-not-fit';
  else if (!fits || ourMinimum === null || ourMinimum > c.count) status = 'we-say-not-fit';
  else status = ourMinimum === c.count ? 'agrees' : 'we-need-fewer';
  return {
    claim: c,
    status,
    fits,
    headroomPerGpu: r.report.memory.verdict.headroomPerGpu,
    layout: { kind: chosen.kind, tp: chosen.layout.tp, pp: chosen.layout.pp, dcp: chosen.layout.dcp, ep: chosen.ep },
    ourMinimum,
    ourWeightsBytes: bytes.totalBytes,
  };
}

/** The published facts of the scenario's model (any format), checked at the scenario's overheads. */
export function checkServingClaims(base: HardwareScenario, claims: readonly ServingClaim[] = SERVING_CLAIMS): ServingClaimCheck[] {
  return claims
    .filter((c) => c.modelId === base.selfHosted.modelId)
    .map((c) => checkServingClaim(base, c))
    .filter((x): x is ServingClaimCheck => x !== null);
}
