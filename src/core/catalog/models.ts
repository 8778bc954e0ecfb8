import type { ModelRecord, SourceRef } from './types';

/**
 * Open-weight model architectures as far as memory and throughput need them.
 *
 * Parameter counts: where the hardware reference computed a count from config.json ("calc"),
 * that figure is used because it matches the checkpoint; the vendor's rounded headline figure is
 * given in the note. Checkpoint bytes are the real download size where a source gives it,
 * otherwise the reference's arithmetic (source kind 'derived'). All of it was collected in the
 * hardware reference compiled on 2026-08-15.
 */
const COMPILED = '2026-08-15';

const KIMI_K2_README: SourceRef = {
  title: 'MoonshotAI/Kimi-K2 README.md (model summary)',
  url: 'https://github.com/MoonshotAI/Kimi-K2',
  checked: COMPILED,
  kind: 'vendor',
};

const KIMI_K2X_NOTE =
  'Same text geometry as Kimi K2 (61 layers, MLA 512+64, 384 experts top-8 + 1 shared). ' +
  'Routed experts released in INT4 (compressed-tensors, group 32); attention, shared expert and lm_head BF16. ' +
  "Checkpoint ≈594 GB is the hardware reference's calculation assuming BF16 group scales; total ≈1.03T parameters calculated, ~32B active.";

/** K2.5 / K2.6 / K2-Thinking share the K2 text geometry; values from HF config.json as reproduced in public fixtures. */
const kimiK2xSource = (model: string, extraNote = ''): SourceRef => ({
  title: `HF config.json values for ${model} reproduced in public test fixtures`,
  checked: COMPILED,
  kind: 'derived',
  note: extraNote ? `${KIMI_K2X_NOTE} ${extraNote}` : KIMI_K2X_NOTE,
});

export const MODELS: readonly ModelRecord[] = [
  {
    id: 'kimi-k2',
    name: 'Kimi K2 Instruct',
    vendor: 'Moonshot AI',
    totalParamsB: 1026.4,
    activeParamsB: 32,
    layers: 61,
    hidden: 7168,
    heads: 64,
    vocab: 163840,
    maxContext: 131072,
    attention: [{ kind: 'mla', layers: 61, kvLoraRank: 512, ropeDim: 64 }],
    moe: { experts: 384, activePerToken: 8, sharedExperts: 1, expertIntermediate: 2048, moeLayers: 60 },
    releasedFormat: 'fp8',
    checkpointBytes: 1.03e12,
    variants: [
      { format: 'fp8', checkpointBytes: 1.03e12, label: 'FP8 e4m3, block 128×128 (official release, ≈1.03 TB calc, 62 shards)' },
      { format: 'int4', checkpointBytes: 594e9, label: 'INT4 routed experts, as released for K2-Thinking / K2.5 (≈594 GB calc)' },
    ],
    source: {
      ...KIMI_K2_README,
      note:
        'Vendor states 1T total / 32B active; 1,026.4B total is calculated from config.json. ' +
        'Checkpoint ≈1.03 TB is calculated (1T params × 1 byte FP8 plus block scales and BF16 leftovers), not a listed size. ' +
        'Article 000 claims "~580 GB for FP8 weights" and a minimum of 8× H100 80GB or 4× H200: the FP8 checkpoint is ≈1.03 TB, ' +
        'larger than 640 GB or 564 GB; ~580–594 GB is the size of the INT4 variants.',
    },
  },
  {
    id: 'kimi-k2.5',
    name: 'Kimi K2.5',
    vendor: 'Moonshot AI',
    totalParamsB: 1026.4,
    activeParamsB: 32,
    layers: 61,
    hidden: 7168,
    heads: 64,
    vocab: 163840,
    maxContext: 262144,
    attention: [{ kind: 'mla', layers: 61, kvLoraRank: 512, ropeDim: 64 }],
    moe: { experts: 384, activePerToken: 8, sharedExperts: 1, expertIntermediate: 2048, moeLayers: 60 },
    releasedFormat: 'int4',
    checkpointBytes: 594e9,
    source: kimiK2xSource('moonshotai/Kimi-K2.5', 'K2.5 adds a vision encoder, which is not counted here.'),
  },
  {
    id: 'kimi-k2.6',
    name: 'Kimi K2.6',
    vendor: 'Moonshot AI',
    totalParamsB: 1026.4,
    activeParamsB: 32,
    layers: 61,
    hidden: 7168,
    heads: 64,
    vocab: 163840,
    maxContext: 262144,
    attention: [{ kind: 'mla', layers: 61, kvLoraRank: 512, ropeDim: 64 }],
    moe: { experts: 384, activePerToken: 8, sharedExperts: 1, expertIntermediate: 2048, moeLayers: 60 },
    releasedFormat: 'int4',
    checkpointBytes: 594e9,
    source: kimiK2xSource('moonshotai/Kimi-K2.6'),
  },
  {
    id: 'kimi-k3',
    name: 'Kimi K3',
    vendor: 'Moonshot AI',
    totalParamsB: 2780,
    activeParamsB: 104,
    layers: 93,
    hidden: 7168,
    heads: 96,
    vocab: 163840,
    maxContext: 1048576,
    attention: [
      { kind: 'mla', layers: 24, kvLoraRank: 512, ropeDim: 64 },
      { kind: 'linear', layers: 69, heads: 96, keyDim: 128, valueDim: 128, extraStatePerLayer: 110592 },
    ],
    moe: { experts: 896, activePerToken: 16, sharedExperts: 2, expertIntermediate: 3072, moeLayers: 92 },
    releasedFormat: 'mxfp4',
    checkpointBytes: 1_560_936_091_448,
    source: {
      title: 'Public reproduction of huggingface.co/moonshotai/Kimi-K3 config.json and safetensors tensor table',
      url: 'https://huggingface.co/moonshotai/Kimi-K3',
      checked: COMPILED,
      kind: 'community',
      note:
        'Checkpoint 1,560,936,091,448 bytes (96 shards, 1,453.7 GiB) from the tensor table; hosting repo of the reproduction not recorded. ' +
        '24 MLA layers + 69 KDA linear-attention layers (96 heads, key/value dim 128). Routed experts MXFP4 (group 32, uint8 scale), rest BF16. ' +
        '2.78T total (2.723T routed) and ≈104B active are calculated (vendor headline 2.8T; active count not official). ' +
        'Latent MoE: expert dim 3584→3072. extraStatePerLayer 110,592 elements is derived, assuming a short-convolution kernel of 4 ' +
        "(3 cached steps × q/k/v × 96 × 128); it reproduces the reference's ~15 MiB per sequence in BF16, but the kernel size is unverified. " +
        'Released 2026-07-16 (weights complete by 2026-07-27 per article 003). 2.8T × 4 bit = 1.4 TB is only the theoretical floor. ' +
        'A community claim of an 8× H100 minimum (~700 GB aggregate, article 002) cannot hold these weights.',
    },
  },
  {
    id: 'deepseek-v3',
    name: 'DeepSeek-V3',
    vendor: 'DeepSeek',
    totalParamsB: 671,
    activeParamsB: 36.7,
    layers: 61,
    hidden: 7168,
    heads: 128,
    vocab: 129280,
    maxContext: 163840,
    attention: [{ kind: 'mla', layers: 61, kvLoraRank: 512, ropeDim: 64 }],
    moe: { experts: 256, activePerToken: 8, sharedExperts: 1, expertIntermediate: 2048, moeLayers: 58 },
    releasedFormat: 'fp8',
    checkpointBytes: 685e9,
    source: {
      title: 'deepseek-ai/DeepSeek-V3 README_WEIGHTS.md',
      url: 'https://github.com/deepseek-ai/DeepSeek-V3/blob/main/README_WEIGHTS.md',
      checked: COMPILED,
      kind: 'vendor',
      note:
        '671B main model + 11.5B multi-token-prediction module (685B); 36.7B active incl. 0.9B embedding + 0.9B head. ' +
        'FP8 e4m3, 128×128 blocks, FP32 scale_inv. Checkpoint ≈685 GB is calculated (incl. MTP), not a listed size. ' +
        'DeepSeek-V3.2 has the same dimensions but sparse attention (vLLM fp8_ds_mla, 656 B per token per layer).',
    },
  },
  {
    id: 'minimax-m2',
    name: 'MiniMax-M2',
    vendor: 'MiniMax',
    totalParamsB: 228.7,
    activeParamsB: 11.0,
    layers: 62,
    hidden: 3072,
    heads: 48,
    vocab: 200064,
    maxContext: 196608,
    attention: [{ kind: 'gqa', layers: 62, kvHeads: 8, headDim: 128 }],
    moe: { experts: 256, activePerToken: 8, sharedExperts: 0, expertIntermediate: 1536, moeLayers: 62 },
    releasedFormat: 'fp8',
    checkpointBytes: 220e9,
    source: {
      title: 'MiniMax-AI/MiniMax-M2 docs/vllm_deploy_guide.md',
      url: 'https://github.com/MiniMax-AI/MiniMax-M2/blob/main/docs/vllm_deploy_guide.md',
      checked: COMPILED,
      kind: 'vendor',
      note:
        'Vendor guide: "220 GB for weights, 240 GB per 1M context tokens". Parameters 228.70B total / 11.0B active calculated from config.json ' +
        '(InferenceX lists ~230B / ~10B). M2.1 and M2.5 share these dimensions. MiniMax-M2.7 has no public config.json and is not in the catalog.',
    },
  },
  {
    id: 'llama-3.1-8b',
    name: 'Llama-3.1-8B',
    vendor: 'Meta',
    totalParamsB: 8.03,
    activeParamsB: 8.03,
    layers: 32,
    hidden: 4096,
    heads: 32,
    vocab: 128256,
    maxContext: 131072,
    attention: [{ kind: 'gqa', layers: 32, kvHeads: 8, headDim: 128 }],
    moe: null,
    releasedFormat: 'bf16',
    checkpointBytes: 16.06e9,
    source: {
      title: 'meta-llama/Llama-3.1-8B-Instruct config.json (Hugging Face)',
      url: 'https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/blob/main/config.json',
      checked: COMPILED,
      kind: 'derived',
      note:
        'Dense. hidden_size 4096, intermediate_size 14336, 32 layers, 32 attention heads, 8 KV heads (head dim 128), vocab 128256, ' +
        'max_position_embeddings 131072. 8.03B parameters calculated: embeddings 2 × 128256 × 4096 = 1.051B; per layer attention ' +
        '2 × 4096² + 2 × 4096 × 1024 = 41.9M and MLP 3 × 4096 × 14336 = 176.2M, × 32 = 6.979B. Checkpoint 16.06 GB = 8.03B × 2 bytes (BF16), calculated.',
    },
  },
  {
    id: 'llama-3.1-70b',
    name: 'Llama-3.1-70B',
    vendor: 'Meta',
    totalParamsB: 70.55,
    activeParamsB: 70.55,
    layers: 80,
    hidden: 8192,
    heads: 64,
    vocab: 128256,
    maxContext: 131072,
    attention: [{ kind: 'gqa', layers: 80, kvHeads: 8, headDim: 128 }],
    moe: null,
    releasedFormat: 'bf16',
    checkpointBytes: 141.1e9,
    source: {
      title: 'SemiAnalysisAI/InferenceX-app model-architectures.ts (HF config.json)',
      url: 'https://github.com/SemiAnalysisAI/InferenceX-app/blob/main/packages/app/src/lib/model-architectures.ts',
      checked: COMPILED,
      kind: 'derived',
      note: 'Dense. 70.55B parameters calculated from config.json; checkpoint 141.1 GB = 70.55B × 2 bytes (BF16), calculated.',
    },
  },
  {
    id: 'llama-3.1-405b',
    name: 'Llama-3.1-405B',
    vendor: 'Meta',
    totalParamsB: 405.85,
    activeParamsB: 405.85,
    layers: 126,
    hidden: 16384,
    heads: 128,
    vocab: 128256,
    maxContext: 131072,
    attention: [{ kind: 'gqa', layers: 126, kvHeads: 8, headDim: 128 }],
    moe: null,
    releasedFormat: 'bf16',
    checkpointBytes: 811.7e9,
    variants: [
      {
        format: 'fp8',
        checkpointBytes: null,
        // Per layer: attention 2 × 16,384² + 2 × 16,384 × 1,024 = 570,425,344 (× 126 = 71.874B);
        // MLP 3 × 16,384 × 53,248 = 2,617,245,696. BF16: attention + embedding and head
        // 2 × 128,256 × 16,384 = 4.203B + the MLPs of layers 0 and 125 = 81.311B.
        bf16ParamsB: (126 * 570_425_344 + 2 * 128_256 * 16_384 + 2 * 2_617_245_696) / 1e9,
        label: "FP8 (Meta's FP8 checkpoint: FP8 MLPs, BF16 attention, embeddings and first and last layers)",
        source: {
          title: 'meta-llama/Llama-3.1-405B-Instruct-FP8 config.json (quantization_config.modules_to_not_convert)',
          url: 'https://huggingface.co/meta-llama/Llama-3.1-405B-Instruct-FP8',
          checked: '2026-12-01',
          kind: 'vendor',
          note:
            'fbgemm_fp8: the MLP projections of layers 1–124 in FP8 with per-row scales; every attention projection and the MLPs of ' +
            'the first and last layer are listed in modules_to_not_convert and stay BF16, as do embedding and head. vLLM loads ' +
            '57.752 GiB per GPU at TP8 (vllm-project/vllm issue #6746, "Loading model weights took 57.7520 GB"); this split gives 56.72 GiB.',
        },
      },
    ],
    source: {
      title: 'HF config.json values reproduced in public test fixtures',
      checked: COMPILED,
      kind: 'derived',
      note: 'Dense. 405.85B parameters calculated from config.json; checkpoint 811.7 GB = 405.85B × 2 bytes (BF16), calculated.',
    },
  },
  {
    id: 'qwen3-235b-a22b',
    name: 'Qwen3-235B-A22B',
    vendor: 'Alibaba Qwen',
    totalParamsB: 235.1,
    activeParamsB: 22.2,
    layers: 94,
    hidden: 4096,
    heads: 64,
    vocab: 151936,
    maxContext: 40960,
    attention: [{ kind: 'gqa', layers: 94, kvHeads: 4, headDim: 128 }],
    moe: { experts: 128, activePerToken: 8, sharedExperts: 0, expertIntermediate: 1536, moeLayers: 94 },
    releasedFormat: 'bf16',
    checkpointBytes: 470e9,
    source: {
      title: 'HF config.json values reproduced in public test fixtures',
      checked: COMPILED,
      kind: 'derived',
      note:
        'head_dim 128 is explicit in the config (not hidden/heads = 64). 235.1B total / 22.2B active calculated; ' +
        'checkpoint ≈470 GB = 235.1B × 2 bytes (BF16), calculated. max_position_embeddings 40,960.',
    },
  },
  {
    id: 'gpt-oss-120b',
    name: 'gpt-oss-120b',
    vendor: 'OpenAI',
    totalParamsB: 116.83,
    activeParamsB: 5.1,
    layers: 36,
    hidden: 2880,
    heads: 64,
    vocab: 201088,
    maxContext: 131072,
    attention: [
      { kind: 'swa', layers: 18, kvHeads: 8, headDim: 64, window: 128 },
      { kind: 'gqa', layers: 18, kvHeads: 8, headDim: 64 },
    ],
    moe: { experts: 128, activePerToken: 4, sharedExperts: 0, expertIntermediate: 2880, moeLayers: 36 },
    releasedFormat: 'mxfp4',
    checkpointBytes: 65.28e9,
    source: {
      title: 'openai/gpt-oss README.md; checkpoint size from the model card (via fitmygpu.com)',
      url: 'https://github.com/openai/gpt-oss',
      checked: COMPILED,
      kind: 'vendor',
      note:
        'Vendor: 117B total / 5.1B active; 116.83B calculated. Alternating sliding-window (128 tokens) and full attention layers. ' +
        'MoE weights MXFP4 (4.25 bits/param incl. scales), rest BF16. Checkpoint 60.8 GiB per model card = 65.28e9 bytes ' +
        "(the reference's own calculation gives 65.3 GB). Vendor-anchored check: fits a single 80 GB GPU.",
    },
  },
  {
    id: 'glm-4.5',
    name: 'GLM-4.5',
    vendor: 'Zhipu AI (Z.ai)',
    totalParamsB: 355,
    activeParamsB: 32,
    layers: 92,
    hidden: 5120,
    heads: 96,
    vocab: 151552,
    maxContext: 131072,
    attention: [{ kind: 'gqa', layers: 92, kvHeads: 8, headDim: 128 }],
    moe: { experts: 160, activePerToken: 8, sharedExperts: 1, expertIntermediate: 1536, moeLayers: 89 },
    releasedFormat: 'bf16',
    checkpointBytes: 710e9,
    variants: [{ format: 'fp8', checkpointBytes: null, label: 'FP8 variant (exists; size not recorded)' }],
    source: {
      title: 'HF config.json values reproduced in GLM-4.6/4.7 converter fixtures',
      checked: COMPILED,
      kind: 'derived',
      note:
        '355B total is the official figure (352.8B calculated without the MTP layer); active ~32–34B calculated, 32B used. ' +
        'Partial rotary 0.5. Checkpoint ≈710 GB = 355B × 2 bytes (BF16), calculated. GLM-4.6 has the same layout with 202,752 context.',
    },
  },
];
