import { findModel } from '../catalog/catalog';
import type { SourceRef } from '../catalog/types';
import { applyClaimSetup, type ClaimSetup } from './claim-setup';
import { memoryBreakdown } from './fit';
import { GIB } from './formats';
import { resolveSetup, type HardwareScenario } from './setup';

/**
 * A model vendor's own statement that the model fits a given GPU setup. Such statements count
 * the checkpoint and lean engine overheads; the page counts what vLLM does (its MXFP4 kernel
 * layout, its profile's activations and CUDA graphs), so the two can disagree (gpt-oss-120b at
 * 128K on one H100 leaves 2.56 GiB for overheads in vLLM, where the engine profile estimates
 * 8.8 GiB). For the chosen model we recompute the statement and say under which overheads it
 * holds, so the claim and our verdict do not look contradictory.
 */
export interface VendorFitStatement {
  id: string;
  modelId: string;
  /** The statement, quoted in both UI languages. */
  text: { en: string; de: string };
  /** Where the statement is made; the date is the catalog's check of that page. */
  source: SourceRef;
  /** The setup the statement describes (context and sequences where the vendor gives them). */
  setup: ClaimSetup;
  /** Lean overheads shown as an example of values under which it fits (GiB per GPU, entered). */
  example: { overheadSource: 'entered'; runtimeOverheadGiB: number; activationGiB: number };
}

export const VENDOR_FIT_STATEMENTS: readonly VendorFitStatement[] = [
  {
    id: 'gpt-oss-120b-one-80gb-gpu',
    modelId: 'gpt-oss-120b',
    text: {
      en: 'OpenAI: gpt-oss-120b “fits into a single 80GB GPU (like NVIDIA H100 or AMD MI300X)”.',
      de: 'OpenAI: gpt-oss-120b „passt auf eine einzelne 80-GB-GPU (etwa NVIDIA H100 oder AMD MI300X)“.',
    },
    source: {
      title: 'openai/gpt-oss README.md',
      url: 'https://github.com/openai/gpt-oss',
      checked: '2026-08-15',
      kind: 'vendor',
      note: 'The README gives no engine overheads; the statement is checked at the full 131,072-token context with one sequence.',
    },
    setup: {
      selfHosted: { modelId: 'gpt-oss-120b', gpuId: 'h100-sxm', gpusPerReplica: 1, gpusPerNode: 8 },
      hardware: {
        weightFormat: 'mxfp4',
        kvFormat: 'bf16',
        contextLength: 131_072,
        concurrentSequences: 1,
        tensorParallel: 1,
        mlaKvMode: 'replicated',
        dcpSize: 1,
        memoryUtilisation: 0.92,
      },
    },
    example: { overheadSource: 'entered', runtimeOverheadGiB: 1, activationGiB: 1 },
  },
];

export type VendorFitCheck =
  | {
      kind: 'checked';
      id: string;
      text: VendorFitStatement['text'];
      source: SourceRef;
      setup: ClaimSetup;
      gpuName: string;
      weightsPerGpu: number;
      kvPerGpu: number;
      budgetPerGpu: number;
      /** Budget − weights (with the kernel's padding) − KV per GPU: what activations + runtime overhead may take together (may be negative). */
      overheadRoomPerGpu: number;
      /** The scenario's own overheads (GiB per GPU, entered or estimated for this setup) and the result with them. */
      page: { runtimeOverheadGiB: number; activationGiB: number; usedPerGpu: number; headroomPerGpu: number; fits: boolean; source: 'estimated' | 'entered' };
      /** The example's lean overheads and the result with them. */
      example: { runtimeOverheadGiB: number; activationGiB: number; usedPerGpu: number; headroomPerGpu: number; fits: boolean };
    }
  | { kind: 'invalid'; id: string };

/** Vendor fit statements about the scenario's model, recomputed with its overheads and with lean ones. */
export function checkVendorStatements(scenario: HardwareScenario): VendorFitCheck[] {
  const modelId = scenario.selfHosted.modelId;
  if (!findModel(modelId)) return [];
  return VENDOR_FIT_STATEMENTS.filter((s) => s.modelId === modelId).map((statement) => {
    // The page's overheads: entered, or estimated for the statement's GPU and layout.
    const pageOverheads = {
      overheadSource: scenario.hardware.overheadSource,
      runtimeOverheadGiB: scenario.hardware.runtimeOverheadGiB,
      activationGiB: scenario.hardware.activationGiB,
      maxNumBatchedTokens: scenario.hardware.maxNumBatchedTokens,
      maxNumSeqs: scenario.hardware.maxNumSeqs,
    };
    const atPage = resolveSetup(applyClaimSetup(scenario, statement.setup, pageOverheads));
    const atExample = resolveSetup(applyClaimSetup(scenario, statement.setup, statement.example));
    if (!atPage.ok || !atExample.ok) return { kind: 'invalid', id: statement.id };
    const page = memoryBreakdown(atPage.input);
    const example = memoryBreakdown(atExample.input);
    const result = (m: typeof page) => ({
      runtimeOverheadGiB: m.runtimePerGpu / GIB,
      activationGiB: m.activationPerGpu / GIB,
      usedPerGpu: m.usedPerGpu,
      headroomPerGpu: m.verdict.headroomPerGpu,
      fits: m.verdict.fits,
    });
    return {
      kind: 'checked',
      id: statement.id,
      text: statement.text,
      source: statement.source,
      setup: statement.setup,
      gpuName: atPage.input.gpu.name,
      weightsPerGpu: page.weights.perGpuBytes,
      kvPerGpu: page.kv.perGpuBytes,
      budgetPerGpu: page.budgetPerGpu,
      overheadRoomPerGpu: page.budgetPerGpu - page.weights.perGpuBytes - page.kv.perGpuBytes,
      page: { ...result(page), source: page.overheads.source },
      example: result(example),
    };
  });
}
