import type { WeightFormat } from '../scenario/model-spec';
import type { SourceRef } from './types';

/**
 * Published serving facts per model variant (model id + weight format), kept as claims: the
 * words are the publisher's, the verdict next to them is ours (`hardware/serving-claims.ts`).
 *
 * - `official-minimum`: an official recipe or deployment guide names the smallest setup
 *   ("at least 8× GB300").
 * - `fits`: a model card or recipe says the model runs on a setup ("fits on 1× A100 80GB",
 *   "8× H200 (verified)").
 * - `formula`: the vLLM recipes' `vram_minimum_gb`, which is a rule of thumb
 *   (parameters × bytes per parameter × 1.2), not a measurement; shown, never tested as a verdict.
 *
 * `setup` is the serving setup the statement refers to, read from the same page (its
 * `--max-model-len`, `--kv-cache-dtype`, `--gpu-memory-utilization`, else the engine's defaults:
 * the model's maximum context, BF16 KV, 0.92). One sequence: an engine starts when one request of
 * the full context fits.
 */
export interface ServingClaim {
  id: string;
  modelId: string;
  weightFormat: WeightFormat;
  kind: 'official-minimum' | 'fits' | 'formula';
  /** The statement, quoted (English) and rendered in German. */
  text: { en: string; de: string };
  source: SourceRef;
  /** official-minimum / fits: the GPU and count; formula: the total it gives. */
  gpuId?: string;
  count?: number;
  vramMinimumGB?: number;
  /** formula: how the figure comes about, as the recipe states it or as it reproduces. */
  formula?: string;
  setup: { contextLength: number; kvFormat: 'bf16' | 'fp8'; memoryUtilisation: number };
}

const K3_RECIPE: SourceRef = {
  title: 'vllm-project/recipes models/moonshotai/Kimi-K3.yaml',
  url: 'https://github.com/vllm-project/recipes/blob/2c22f3fe14583810bfc6c3ccd281cdeff64e508e/models/moonshotai/Kimi-K3.yaml',
  checked: '2026-12-01',
  kind: 'vendor',
  note: 'Recipe dated 2026-08-14 (pre-release). Blackwell profile: --max-model-len 1048576, --kv-cache-dtype fp8, --gpu-memory-utilization 0.95.',
};
const DSV3_RECIPE: SourceRef = {
  title: 'vllm-project/recipes models/deepseek-ai/DeepSeek-V3.yaml',
  url: 'https://github.com/vllm-project/recipes/blob/70a33530b794deea9f9bf668f3d6171d1006d5a5/models/deepseek-ai/DeepSeek-V3.yaml',
  checked: '2026-12-01',
  kind: 'vendor',
  note: 'Recipe dated 2026-04-17; the launch commands set no --max-model-len, so the model maximum of 163,840 tokens applies.',
};
const K2_RECIPE: SourceRef = {
  title: 'vllm-project/recipes models/moonshotai/Kimi-K2-Instruct.yaml',
  url: 'https://github.com/vllm-project/recipes/blob/6e1e1aa39e3abd5da0bfd6724473c319e2894611/models/moonshotai/Kimi-K2-Instruct.yaml',
  checked: '2026-12-01',
  kind: 'vendor',
  note: "Adapted from Moonshot's official Kimi-K2-Instruct deploy_guidance.md; H800 (80 GB) is not in the catalog, H200 is.",
};
const GPT_OSS_RECIPE: SourceRef = {
  title: 'vllm-project/recipes models/openai/gpt-oss-120b.yaml',
  url: 'https://github.com/vllm-project/recipes/blob/1f2cec1e1d9666d3bf5bab8e127d0a01b456ecda/models/openai/gpt-oss-120b.yaml',
  checked: '2026-12-01',
  kind: 'vendor',
  note: 'Recipe dated 2026-05-10; model context 131,072 tokens.',
};
const GPT_OSS_CARD: SourceRef = {
  title: 'openai/gpt-oss README.md',
  url: 'https://github.com/openai/gpt-oss',
  checked: '2026-08-15',
  kind: 'vendor',
  note: 'The README gives no engine overheads; checked at the full 131,072-token context with one sequence.',
};

const MINIMAX_M2_RECIPE: SourceRef = {
  title: 'vllm-project/recipes models/MiniMaxAI/MiniMax-M2.yaml',
  url: 'https://github.com/vllm-project/recipes/blob/5b3d25fca3b74485c5b92026c555430e5a9fda9e/models/MiniMaxAI/MiniMax-M2.yaml',
  checked: '2026-12-01',
  kind: 'vendor',
  note:
    'Recipe dated 2026-05-11 (hardware: h100 and h200 "verified"). The TP4 launch sets no --max-model-len, so the model maximum of ' +
    '196,608 tokens applies. Its guide: "~220 GB for weights + 240 GB per 1M context tokens" (240 KB/token; ours 253,952 B/token in BF16).',
};
const QWEN3_235B_RECIPE: SourceRef = {
  title: 'vllm-project/recipes models/Qwen/Qwen3-235B-A22B-Instruct-2507.yaml',
  url: 'https://github.com/vllm-project/recipes/blob/9254d5a82ddac4e206f0499fcf4f825c71fc05df/models/Qwen/Qwen3-235B-A22B-Instruct-2507.yaml',
  checked: '2026-12-01',
  kind: 'vendor',
  note:
    'Recipe dated 2026-04-17. Its MI300X launch serves Qwen/Qwen3-235B-A22B (the catalog model) with -tp 4, --max-model-len 32768 and ' +
    '--gpu-memory-utilization 0.8. The "4x H200" line is for the Instruct-2507 release (same geometry, 262,144-token context); it is ' +
    "checked at the catalog model's own maximum of 40,960 tokens.",
};

const GLM45_README: SourceRef = {
  title: 'zai-org/GLM-4.5 README.md, System Requirements › Inference',
  url: 'https://github.com/zai-org/GLM-4.5/blob/1a60535d99056ce9d99841796a617c00510ee6a2/README.md',
  checked: '2026-12-01',
  kind: 'vendor',
  note:
    'Tested with SGLang, MTP speculative decoding, batch size ≤ 8, "both weights and cache are in FP8 format". The table of ' +
    'configurations that "utilize their full 128K context length" is checked at 131,072 tokens with FP8 KV; the smaller table above ' +
    'it gives no context and is not held against our verdict.',
};

export const SERVING_CLAIMS: readonly ServingClaim[] = [
  {
    id: 'k3-recipe-8x-gb300',
    modelId: 'kimi-k3',
    weightFormat: 'mxfp4',
    kind: 'official-minimum',
    text: { en: 'vLLM recipe: “Hardware: At least 8x GB300.”', de: 'vLLM-Rezept: „Hardware: mindestens 8× GB300.“' },
    source: K3_RECIPE,
    gpuId: 'gb300',
    count: 8,
    setup: { contextLength: 1_048_576, kvFormat: 'fp8', memoryUtilisation: 0.95 },
  },
  {
    id: 'k3-recipe-8x-mi355x',
    modelId: 'kimi-k3',
    weightFormat: 'mxfp4',
    kind: 'official-minimum',
    text: { en: 'vLLM recipe (ROCm): “at least 8x MI355X/MI350X hardware.”', de: 'vLLM-Rezept (ROCm): „mindestens 8× MI355X/MI350X.“' },
    source: { ...K3_RECIPE, note: 'AMD profile: --gpu-memory-utilization 0.95, no --max-model-len (model maximum 1,048,576 tokens), BF16 KV.' },
    gpuId: 'mi355x',
    count: 8,
    setup: { contextLength: 1_048_576, kvFormat: 'bf16', memoryUtilisation: 0.95 },
  },
  {
    id: 'k3-recipe-vram-formula',
    modelId: 'kimi-k3',
    weightFormat: 'mxfp4',
    kind: 'formula',
    text: {
      en: 'vLLM recipe: vram_minimum_gb 1680 (“2.8T params × 0.5 byte/param × 1.2 headroom”).',
      de: 'vLLM-Rezept: vram_minimum_gb 1680 („2,8T Parameter × 0,5 Byte/Parameter × 1,2 Reserve“).',
    },
    source: K3_RECIPE,
    vramMinimumGB: 1680,
    formula: '2,800 × 0.5 × 1.2 = 1,680',
    setup: { contextLength: 1_048_576, kvFormat: 'fp8', memoryUtilisation: 0.95 },
  },
  {
    id: 'dsv3-recipe-8x-h200',
    modelId: 'deepseek-v3',
    weightFormat: 'fp8',
    kind: 'fits',
    text: { en: 'vLLM recipe: “Hardware (FP8): 8x H200 GPUs (verified).”', de: 'vLLM-Rezept: „Hardware (FP8): 8× H200 (verifiziert).“' },
    source: DSV3_RECIPE,
    gpuId: 'h200-sxm',
    count: 8,
    setup: { contextLength: 163_840, kvFormat: 'bf16', memoryUtilisation: 0.92 },
  },
  {
    id: 'dsv3-recipe-vram-formula',
    modelId: 'deepseek-v3',
    weightFormat: 'fp8',
    kind: 'formula',
    text: { en: 'vLLM recipe: vram_minimum_gb 805.', de: 'vLLM-Rezept: vram_minimum_gb 805.' },
    source: DSV3_RECIPE,
    vramMinimumGB: 805,
    formula: '671 × 1 × 1.2 = 805.2',
    setup: { contextLength: 163_840, kvFormat: 'bf16', memoryUtilisation: 0.92 },
  },
  {
    id: 'k2-guide-16x-h200',
    modelId: 'kimi-k2',
    weightFormat: 'fp8',
    kind: 'official-minimum',
    text: {
      en: 'Kimi-K2 deployment guidance (vLLM recipe): “Native FP8 weights on 16xH800 / 16xH200 (smallest deployment for 128k seqlen).”',
      de: 'Kimi-K2-Deployment-Anleitung (vLLM-Rezept): „Native FP8-Gewichte auf 16× H800 / 16× H200 (kleinste Bereitstellung für 128k Sequenzlänge).“',
    },
    source: K2_RECIPE,
    gpuId: 'h200-sxm',
    count: 16,
    setup: { contextLength: 131_072, kvFormat: 'bf16', memoryUtilisation: 0.92 },
  },
  {
    id: 'k2-recipe-vram-formula',
    modelId: 'kimi-k2',
    weightFormat: 'fp8',
    kind: 'formula',
    text: { en: 'vLLM recipe: vram_minimum_gb 1200.', de: 'vLLM-Rezept: vram_minimum_gb 1200.' },
    source: K2_RECIPE,
    vramMinimumGB: 1200,
    formula: '1,000 × 1 × 1.2 = 1,200',
    setup: { contextLength: 131_072, kvFormat: 'bf16', memoryUtilisation: 0.92 },
  },
  {
    id: 'gpt-oss-card-one-80gb',
    modelId: 'gpt-oss-120b',
    weightFormat: 'mxfp4',
    kind: 'fits',
    text: {
      en: 'OpenAI: gpt-oss-120b “fits into a single 80GB GPU (like NVIDIA H100 or AMD MI300X)”.',
      de: 'OpenAI: gpt-oss-120b „passt auf eine einzelne 80-GB-GPU (etwa NVIDIA H100 oder AMD MI300X)“.',
    },
    source: GPT_OSS_CARD,
    gpuId: 'h100-sxm',
    count: 1,
    setup: { contextLength: 131_072, kvFormat: 'bf16', memoryUtilisation: 0.92 },
  },
  {
    id: 'gpt-oss-recipe-1x-a100',
    modelId: 'gpt-oss-120b',
    weightFormat: 'mxfp4',
    kind: 'fits',
    text: { en: 'vLLM recipe: “gpt-oss-120b with MXFP4 MoE; fits on 1xA100 80GB.”', de: 'vLLM-Rezept: „gpt-oss-120b mit MXFP4-MoE; passt auf 1× A100 80GB.“' },
    source: GPT_OSS_RECIPE,
    gpuId: 'a100-80gb-sxm',
    count: 1,
    setup: { contextLength: 131_072, kvFormat: 'bf16', memoryUtilisation: 0.92 },
  },
  {
    id: 'gpt-oss-recipe-vram-formula',
    modelId: 'gpt-oss-120b',
    weightFormat: 'mxfp4',
    kind: 'formula',
    text: { en: 'vLLM recipe: vram_minimum_gb 96.', de: 'vLLM-Rezept: vram_minimum_gb 96.' },
    source: GPT_OSS_RECIPE,
    vramMinimumGB: 96,
    formula: '120 × 0.8 = 96 (the recipe does not state its factors)',
    setup: { contextLength: 131_072, kvFormat: 'bf16', memoryUtilisation: 0.92 },
  },
  {
    id: 'minimax-m2-recipe-4x-h100',
    modelId: 'minimax-m2',
    weightFormat: 'fp8',
    kind: 'fits',
    text: {
      en: 'vLLM recipe: “NVIDIA — TP4 (4x H200/H20/H100 or 4x A100/A800)” for the native FP8 checkpoint.',
      de: 'vLLM-Rezept: „NVIDIA — TP4 (4× H200/H20/H100 oder 4× A100/A800)“ für den nativen FP8-Checkpoint.',
    },
    source: MINIMAX_M2_RECIPE,
    gpuId: 'h100-sxm',
    count: 4,
    setup: { contextLength: 196_608, kvFormat: 'bf16', memoryUtilisation: 0.92 },
  },
  {
    id: 'minimax-m2-recipe-vram-formula',
    modelId: 'minimax-m2',
    weightFormat: 'fp8',
    kind: 'formula',
    text: { en: 'vLLM recipe: vram_minimum_gb 276.', de: 'vLLM-Rezept: vram_minimum_gb 276.' },
    source: MINIMAX_M2_RECIPE,
    vramMinimumGB: 276,
    formula: '230 × 1 × 1.2 = 276',
    setup: { contextLength: 196_608, kvFormat: 'bf16', memoryUtilisation: 0.92 },
  },
  {
    id: 'qwen3-235b-recipe-4x-mi300x',
    modelId: 'qwen3-235b-a22b',
    weightFormat: 'bf16',
    kind: 'fits',
    text: {
      en: 'vLLM recipe: “BF16 on MI300X/MI325X/MI355X (4 GPUs)”: Qwen/Qwen3-235B-A22B with -tp 4, --max-model-len 32768, --gpu-memory-utilization 0.8.',
      de: 'vLLM-Rezept: „BF16 auf MI300X/MI325X/MI355X (4 GPUs)“: Qwen/Qwen3-235B-A22B mit -tp 4, --max-model-len 32768, --gpu-memory-utilization 0.8.',
    },
    source: QWEN3_235B_RECIPE,
    gpuId: 'mi300x',
    count: 4,
    setup: { contextLength: 32_768, kvFormat: 'bf16', memoryUtilisation: 0.8 },
  },
  {
    id: 'qwen3-235b-recipe-4x-h200',
    modelId: 'qwen3-235b-a22b',
    weightFormat: 'bf16',
    kind: 'official-minimum',
    text: { en: 'vLLM recipe: “Full precision BF16 — requires 4x H200.”', de: 'vLLM-Rezept: „Volle Genauigkeit BF16 — braucht 4× H200.“' },
    source: QWEN3_235B_RECIPE,
    gpuId: 'h200-sxm',
    count: 4,
    setup: { contextLength: 40_960, kvFormat: 'bf16', memoryUtilisation: 0.92 },
  },
  {
    id: 'qwen3-235b-recipe-vram-formula',
    modelId: 'qwen3-235b-a22b',
    weightFormat: 'bf16',
    kind: 'formula',
    text: { en: 'vLLM recipe: vram_minimum_gb 564.', de: 'vLLM-Rezept: vram_minimum_gb 564.' },
    source: QWEN3_235B_RECIPE,
    vramMinimumGB: 564,
    formula: '235 × 2 × 1.2 = 564',
    setup: { contextLength: 40_960, kvFormat: 'bf16', memoryUtilisation: 0.92 },
  },
  {
    id: 'glm45-readme-fp8-8x-h200-128k',
    modelId: 'glm-4.5',
    weightFormat: 'fp8',
    kind: 'fits',
    text: {
      en: 'Z.ai README: with FP8 on “H100 x 16 / H200 x 8” the model “can utilize their full 128K context length”.',
      de: 'Z.ai-README: mit FP8 auf „H100 x 16 / H200 x 8“ kann das Modell „den vollen 128K-Kontext nutzen“.',
    },
    source: GLM45_README,
    gpuId: 'h200-sxm',
    count: 8,
    setup: { contextLength: 131_072, kvFormat: 'fp8', memoryUtilisation: 0.92 },
  },
  {
    id: 'glm45-readme-fp8-16x-h100-128k',
    modelId: 'glm-4.5',
    weightFormat: 'fp8',
    kind: 'fits',
    text: {
      en: 'Z.ai README: with FP8 on “H100 x 16 / H200 x 8” the model “can utilize their full 128K context length”.',
      de: 'Z.ai-README: mit FP8 auf „H100 x 16 / H200 x 8“ kann das Modell „den vollen 128K-Kontext nutzen“.',
    },
    source: GLM45_README,
    gpuId: 'h100-sxm',
    count: 16,
    setup: { contextLength: 131_072, kvFormat: 'fp8', memoryUtilisation: 0.92 },
  },
  {
    id: 'glm45-readme-bf16-16x-h200-128k',
    modelId: 'glm-4.5',
    weightFormat: 'bf16',
    kind: 'fits',
    text: {
      en: 'Z.ai README: with BF16 on “H100 x 32 / H200 x 16” the model “can utilize their full 128K context length”.',
      de: 'Z.ai-README: mit BF16 auf „H100 x 32 / H200 x 16“ kann das Modell „den vollen 128K-Kontext nutzen“.',
    },
    source: GLM45_README,
    gpuId: 'h200-sxm',
    count: 16,
    setup: { contextLength: 131_072, kvFormat: 'fp8', memoryUtilisation: 0.92 },
  },
];
