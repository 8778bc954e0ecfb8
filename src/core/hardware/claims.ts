import { ARTICLE_SOURCES } from '../catalog/api-offers';
import type { SourceRef } from '../catalog/types';
import type { NotFitReason } from './fit';
import { applyClaimSetup, type ClaimSetup } from './claim-setup';
import { buildHardwareReport } from './report';
import type { HardwareScenario } from './setup';

/**
 * Hardware statements from the source articles, recomputed. Each claim carries the setup it
 * implies (the article's own launch flags where it gives them) so the UI can load it and show
 * the same memory breakdown as for any other scenario. Claims are shown as claims: the verdict
 * is ours, the words are the article's.
 */
export interface HardwareClaim {
  id: string;
  /** The statement, paraphrased in both UI languages (the articles are German). */
  text: { en: string; de: string };
  /** How the setup below was read from the article. */
  setupNote: { en: string; de: string };
  source: SourceRef;
  setup: ClaimSetup;
  /** Sizes the article states, where it gives any (bytes). */
  stated?: { weightsBytes?: number; kvBytes?: number };
}

const VLLM_RECIPE: SourceRef = {
  ...ARTICLE_SOURCES.a003,
  note: 'Article 003 quotes the official Kimi K3 vLLM recipe: at least 8× NVIDIA GB300 or 8× AMD MI355X/MI350X, multi-node for production.',
};

const COMMUNITY_K3: SourceRef = {
  ...ARTICLE_SOURCES.a002,
  note: 'Article 002 cites a community post: ~700 GB aggregate GPU memory minimum, 8× H100 80 GB as the minimum, 8× H200 as a recommended configuration, 131,072 tokens as the example context.',
};

const K2_SCRIPT = {
  en: "From the article's launch script: FP8 weights, --kv-cache-dtype fp8, --max-model-len 32768, --max-num-seqs 64, --gpu-memory-utilization 0.92; TP across all GPUs (vLLM default: MLA cache replicated).",
  de: 'Aus dem Startskript des Artikels: FP8-Gewichte, --kv-cache-dtype fp8, --max-model-len 32768, --max-num-seqs 64, --gpu-memory-utilization 0.92; TP über alle GPUs (vLLM-Standard: MLA-Cache repliziert).',
};

export const HARDWARE_CLAIMS: readonly HardwareClaim[] = [
  {
    id: 'a000-kimi-k2-fp8-8x-h100',
    text: {
      en: 'Kimi K2 minimum hardware: 8× H100 80GB with FP8 quantisation; ~580 GB for FP8 weights + ~120 GB KV cache at mid context.',
      de: 'Kimi K2 Mindestanforderung: 8× H100 80GB mit FP8-Quantisierung; ~580 GB für FP8-Gewichte + ~120 GB KV-Cache bei mittlerer Kontextlänge.',
    },
    setupNote: K2_SCRIPT,
    source: ARTICLE_SOURCES.a000,
    setup: {
      selfHosted: { modelId: 'kimi-k2', gpuId: 'h100-sxm', gpusPerReplica: 8, gpusPerNode: 8 },
      hardware: {
        weightFormat: 'fp8',
        kvFormat: 'fp8',
        contextLength: 32_768,
        concurrentSequences: 64,
        tensorParallel: 8,
        mlaKvMode: 'replicated',
        dcpSize: 8,
        memoryUtilisation: 0.92,
      },
    },
    stated: { weightsBytes: 580e9, kvBytes: 120e9 },
  },
  {
    id: 'a000-kimi-k2-fp8-4x-h200',
    text: {
      en: 'Kimi K2 alternatively on 4× H200 for full FP8 performance.',
      de: 'Kimi K2 alternativ auf 4× H200 für volle FP8-Performance.',
    },
    setupNote: K2_SCRIPT,
    source: ARTICLE_SOURCES.a000,
    setup: {
      selfHosted: { modelId: 'kimi-k2', gpuId: 'h200-sxm', gpusPerReplica: 4, gpusPerNode: 8 },
      hardware: {
        weightFormat: 'fp8',
        kvFormat: 'fp8',
        contextLength: 32_768,
        concurrentSequences: 64,
        tensorParallel: 4,
        mlaKvMode: 'replicated',
        dcpSize: 8,
        memoryUtilisation: 0.92,
      },
    },
  },
  {
    id: 'a002-kimi-k3-8x-h100',
    text: {
      en: 'Community post: Kimi K3 minimum 8× H100 80 GB (~700 GB aggregate GPU memory).',
      de: 'Community-Beitrag: Kimi K3 mindestens 8× H100 80 GB (~700 GB aggregierter GPU-Speicher).',
    },
    setupNote: {
      en: "Released MXFP4 checkpoint, the post's example context of 131,072 tokens, a single sequence, TP 8 with decode-context parallelism 8.",
      de: 'Veröffentlichter MXFP4-Checkpoint, Beispielkontext des Beitrags 131.072 Token, eine einzige Sequenz, TP 8 mit Decode-Context-Parallelität 8.',
    },
    source: COMMUNITY_K3,
    setup: {
      selfHosted: { modelId: 'kimi-k3', gpuId: 'h100-sxm', gpusPerReplica: 8, gpusPerNode: 8 },
      hardware: {
        weightFormat: 'mxfp4',
        kvFormat: 'bf16',
        contextLength: 131_072,
        concurrentSequences: 1,
        tensorParallel: 8,
        mlaKvMode: 'dcp',
        dcpSize: 8,
        memoryUtilisation: 0.92,
      },
    },
    stated: { weightsBytes: 700e9 },
  },
  {
    id: 'a002-kimi-k3-8x-h200',
    text: {
      en: 'Community post: 8× H200 as a recommended Kimi K3 configuration.',
      de: 'Community-Beitrag: 8× H200 als empfohlene Kimi-K3-Konfiguration.',
    },
    setupNote: {
      en: 'Released MXFP4 checkpoint, 131,072-token context, a single sequence, TP 8 with decode-context parallelism 8.',
      de: 'Veröffentlichter MXFP4-Checkpoint, 131.072 Token Kontext, eine einzige Sequenz, TP 8 mit Decode-Context-Parallelität 8.',
    },
    source: COMMUNITY_K3,
    setup: {
      selfHosted: { modelId: 'kimi-k3', gpuId: 'h200-sxm', gpusPerReplica: 8, gpusPerNode: 8 },
      hardware: {
        weightFormat: 'mxfp4',
        kvFormat: 'bf16',
        contextLength: 131_072,
        concurrentSequences: 1,
        tensorParallel: 8,
        mlaKvMode: 'dcp',
        dcpSize: 8,
        memoryUtilisation: 0.92,
      },
    },
  },
  {
    id: 'a003-kimi-k3-8x-gb300',
    text: {
      en: 'Official vLLM recipe: Kimi K3 starts at 8× NVIDIA GB300.',
      de: 'Offizielles vLLM-Rezept: Kimi K3 ab 8× NVIDIA GB300.',
    },
    setupNote: {
      en: 'Released MXFP4 checkpoint, 131,072-token context, 16 sequences, TP 8 with decode-context parallelism 8 (DP-attention would replicate ~68 GB of attention weights on every GPU).',
      de: 'Veröffentlichter MXFP4-Checkpoint, 131.072 Token Kontext, 16 Sequenzen, TP 8 mit Decode-Context-Parallelität 8 (DP-Attention würde ~68 GB Attention-Gewichte auf jeder GPU replizieren).',
    },
    source: VLLM_RECIPE,
    setup: {
      selfHosted: { modelId: 'kimi-k3', gpuId: 'gb300', gpusPerReplica: 8, gpusPerNode: 4 },
      hardware: {
        weightFormat: 'mxfp4',
        kvFormat: 'bf16',
        contextLength: 131_072,
        concurrentSequences: 16,
        tensorParallel: 8,
        mlaKvMode: 'dcp',
        dcpSize: 8,
        memoryUtilisation: 0.92,
      },
    },
  },
  {
    id: 'a003-kimi-k3-8x-mi355x',
    text: {
      en: 'Official vLLM recipe: Kimi K3 on 8× AMD MI355X.',
      de: 'Offizielles vLLM-Rezept: Kimi K3 auf 8× AMD MI355X.',
    },
    setupNote: {
      en: 'Released MXFP4 checkpoint, 131,072-token context, 16 sequences, TP 8 with decode-context parallelism 8 (DP-attention would replicate ~68 GB of attention weights on every GPU).',
      de: 'Veröffentlichter MXFP4-Checkpoint, 131.072 Token Kontext, 16 Sequenzen, TP 8 mit Decode-Context-Parallelität 8 (DP-Attention würde ~68 GB Attention-Gewichte auf jeder GPU replizieren).',
    },
    source: VLLM_RECIPE,
    setup: {
      selfHosted: { modelId: 'kimi-k3', gpuId: 'mi355x', gpusPerReplica: 8, gpusPerNode: 8 },
      hardware: {
        weightFormat: 'mxfp4',
        kvFormat: 'bf16',
        contextLength: 131_072,
        concurrentSequences: 16,
        tensorParallel: 8,
        mlaKvMode: 'dcp',
        dcpSize: 8,
        memoryUtilisation: 0.92,
      },
    },
  },
  {
    id: 'a004-minimax-8x-h100-64-streams',
    text: {
      en: 'MiniMax M2.7 (229B) on 8× H100 with --max-model-len 32768: 1,247 tokens/s at 64 parallel streams.',
      de: 'MiniMax M2.7 (229B) auf 8× H100 mit --max-model-len 32768: 1.247 Token/s bei 64 parallelen Streams.',
    },
    setupNote: {
      en: 'M2.7 has no public config.json; the MiniMax-M2 geometry (same 229B) is used with its FP8 checkpoint and BF16 KV, 64 sequences at the full 32,768 tokens, TP 8, utilisation 0.92.',
      de: 'Für M2.7 gibt es keine öffentliche config.json; die MiniMax-M2-Geometrie (ebenfalls 229B) wird mit FP8-Checkpoint und BF16-KV verwendet, 64 Sequenzen mit vollen 32.768 Token, TP 8, Auslastung 0,92.',
    },
    source: ARTICLE_SOURCES.a004,
    setup: {
      selfHosted: { modelId: 'minimax-m2', gpuId: 'h100-sxm', gpusPerReplica: 8, gpusPerNode: 8 },
      hardware: {
        weightFormat: 'fp8',
        kvFormat: 'bf16',
        contextLength: 32_768,
        concurrentSequences: 64,
        tensorParallel: 8,
        mlaKvMode: 'replicated',
        dcpSize: 8,
        memoryUtilisation: 0.92,
      },
    },
  },
];

export interface ClaimCheck {
  id: string;
  text: HardwareClaim['text'];
  setupNote: HardwareClaim['setupNote'];
  source: SourceRef;
  setup: ClaimSetup;
  stated: HardwareClaim['stated'] | null;
  result:
    | {
        kind: 'checked';
        fits: boolean;
        reason: NotFitReason | null;
        weightsTotalBytes: number;
        weightsPerGpu: number;
        kvPerGpu: number;
        usedPerGpu: number;
        budgetPerGpu: number;
        physicalPerGpu: number;
        /** Budget ÷ physical memory per GPU (the memory utilisation the budget rests on). */
        budgetShare: number;
        /** Used memory per GPU that is neither weights nor KV cache (runtime, activations). */
        overheadPerGpu: number;
        /** Memory per GPU left for the KV cache once weights and overheads are in (never below 0). */
        kvRoomPerGpu: number;
        maxConcurrencyAtContext: number;
      }
    | { kind: 'invalid' };
}

/** Recomputes every claim with the base scenario's overheads and efficiencies. */
export function checkClaims(base: HardwareScenario): ClaimCheck[] {
  return HARDWARE_CLAIMS.map((claim) => {
    const result = buildHardwareReport(applyClaimSetup(base, claim.setup));
    const common = { id: claim.id, text: claim.text, setupNote: claim.setupNote, source: claim.source, setup: claim.setup, stated: claim.stated ?? null };
    if (!result.ok) return { ...common, result: { kind: 'invalid' } };
    const m = result.report.memory;
    return {
      ...common,
      result: {
        kind: 'checked',
        fits: m.verdict.fits,
        reason: m.verdict.reason,
        weightsTotalBytes: m.weights.bytes.totalBytes,
        weightsPerGpu: m.weights.perGpuBytes,
        kvPerGpu: m.kv.perGpuBytes,
        usedPerGpu: m.usedPerGpu,
        budgetPerGpu: m.budgetPerGpu,
        physicalPerGpu: m.physicalPerGpu,
        budgetShare: m.physicalPerGpu > 0 ? m.budgetPerGpu / m.physicalPerGpu : 0,
        overheadPerGpu: m.usedPerGpu - m.weights.perGpuBytes - m.kv.perGpuBytes,
        kvRoomPerGpu: Math.max(0, m.budgetPerGpu - (m.usedPerGpu - m.kv.perGpuBytes)),
        maxConcurrencyAtContext: result.report.fixes.maxConcurrencyAtContext,
      },
    };
  });
}
