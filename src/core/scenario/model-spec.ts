import { z } from 'zod';

/**
 * Architecture of a model as far as memory and throughput need it. Catalog models and custom
 * models (typed in, or pasted as a Hugging Face config.json) share this shape.
 *
 * Attention is described per layer group because our target models mix kinds: Kimi K3 has
 * 24 MLA layers next to 69 linear-attention (KDA) layers, gpt-oss alternates sliding-window
 * and full layers. One formula for all of them is the classic peer-tool bug.
 */
const positiveInt = z.number().int().positive();
const nonNegativeInt = z.number().int().nonnegative();

export const gqaGroupSchema = z.strictObject({
  kind: z.literal('gqa').describe('Grouped-query or multi-head attention: K and V per KV head'),
  layers: positiveInt,
  kvHeads: positiveInt,
  headDim: positiveInt,
});

export const mlaGroupSchema = z.strictObject({
  kind: z.literal('mla').describe('Multi-head latent attention: one compressed latent per token'),
  layers: positiveInt,
  kvLoraRank: positiveInt,
  ropeDim: nonNegativeInt,
});

export const swaGroupSchema = z.strictObject({
  kind: z.literal('swa').describe('Sliding-window attention: KV capped at the window'),
  layers: positiveInt,
  kvHeads: positiveInt,
  headDim: positiveInt,
  window: positiveInt,
});

export const linearGroupSchema = z.strictObject({
  kind: z.literal('linear').describe('Linear attention / state-space layers: constant state per sequence'),
  layers: positiveInt,
  heads: positiveInt,
  keyDim: positiveInt,
  valueDim: positiveInt,
  /** Extra per-sequence state per layer (e.g. short convolution), in elements. */
  extraStatePerLayer: nonNegativeInt.default(0),
});

export const attentionGroupSchema = z.discriminatedUnion('kind', [gqaGroupSchema, mlaGroupSchema, swaGroupSchema, linearGroupSchema]);
export type AttentionGroup = z.infer<typeof attentionGroupSchema>;

export const weightFormats = ['bf16', 'fp8', 'int4', 'mxfp4'] as const;
export const weightFormatSchema = z.enum(weightFormats);
export type WeightFormat = z.infer<typeof weightFormatSchema>;

export const kvFormats = ['bf16', 'fp8'] as const;
export const kvFormatSchema = z.enum(kvFormats);
export type KvFormat = z.infer<typeof kvFormatSchema>;

export const moeSchema = z.strictObject({
  experts: positiveInt.describe('Routed experts per MoE layer'),
  activePerToken: positiveInt.describe('Routed experts chosen per token (top-k)'),
  sharedExperts: nonNegativeInt,
  expertIntermediate: positiveInt.describe('moe_intermediate_size'),
  moeLayers: positiveInt.describe('Layers that carry routed experts'),
});

export const modelSpecSchema = z
  .strictObject({
    name: z.string().min(1).max(120),
    totalParamsB: z.number().positive().max(100_000).describe('Total parameters, billions'),
    activeParamsB: z.number().positive().max(100_000).describe('Parameters active per token, billions'),
    layers: positiveInt.max(1000),
    hidden: positiveInt,
    heads: positiveInt,
    vocab: positiveInt,
    maxContext: positiveInt.describe('Maximum context the model supports, tokens'),
    attention: z.array(attentionGroupSchema).min(1).max(16),
    moe: moeSchema.nullable(),
    /** Format the checkpoint is released in. */
    releasedFormat: weightFormatSchema,
    /** Real checkpoint size in bytes where known; null means estimate from parameters. */
    checkpointBytes: z.number().positive().nullable(),
  })
  .refine((m) => m.activeParamsB <= m.totalParamsB, {
    message: 'Active parameters cannot exceed total parameters',
    path: ['activeParamsB'],
  });
export type ModelSpec = z.infer<typeof modelSpecSchema>;
