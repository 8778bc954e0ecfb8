import { z } from 'zod';
import { modelSpecSchema, type AttentionGroup, type ModelSpec, type WeightFormat } from '../scenario/model-spec';

/**
 * Reads a Hugging Face `config.json` into a ModelSpec. Untrusted input: the JSON is parsed,
 * validated field by field with Zod (wrong types are named with their path), then mapped with
 * explicit messages for what is missing and explicit notes for every assumption.
 *
 * Understood layouts: dense and MoE GQA/MHA (Llama, Qwen3, GLM-4.x, MiniMax-M2, Mixtral), MLA
 * (DeepSeek-V3, Kimi K2.x: `kv_lora_rank`), sliding-window + full layers (gpt-oss:
 * `layer_types`), KDA linear attention + MLA (Kimi Linear / Kimi K3: `linear_attn_config`),
 * Gated-DeltaNet + full layers (Qwen3-Next: `layer_types` "linear_attention"), latent MoE
 * (`routed_expert_hidden_size`), multimodal wrappers (`text_config`).
 */

const MAX_CONFIG_CHARS = 2_000_000;

const posInt = z.number().int().positive();
const nonNegInt = z.number().int().nonnegative();

const linearAttnSchema = z.looseObject({
  kda_layers: z.array(nonNegInt).optional(),
  full_attn_layers: z.array(nonNegInt).optional(),
  num_heads: posInt.optional(),
  head_dim: posInt.optional(),
  short_conv_kernel_size: posInt.optional(),
});

const quantSchema = z.looseObject({
  quant_method: z.string().optional(),
  bits: z.number().optional(),
  weight_block_size: z.array(z.number()).optional(),
  config_groups: z.record(z.string(), z.unknown()).optional(),
});

export const hfTextConfigSchema = z.looseObject({
  _name_or_path: z.string().optional(),
  model_type: z.string().optional(),
  architectures: z.array(z.string()).optional(),
  num_hidden_layers: posInt.optional(),
  hidden_size: posInt.optional(),
  num_attention_heads: posInt.optional(),
  num_key_value_heads: posInt.optional(),
  head_dim: posInt.nullable().optional(),
  vocab_size: posInt.optional(),
  max_position_embeddings: posInt.optional(),
  intermediate_size: posInt.optional(),
  tie_word_embeddings: z.boolean().optional(),
  // MLA
  kv_lora_rank: posInt.nullable().optional(),
  q_lora_rank: posInt.nullable().optional(),
  qk_rope_head_dim: nonNegInt.optional(),
  qk_nope_head_dim: nonNegInt.optional(),
  v_head_dim: posInt.optional(),
  mla_use_output_gate: z.boolean().optional(),
  // MoE
  n_routed_experts: posInt.nullable().optional(),
  num_experts: posInt.nullable().optional(),
  num_local_experts: posInt.nullable().optional(),
  num_experts_per_tok: posInt.nullable().optional(),
  num_experts_per_token: posInt.nullable().optional(),
  n_shared_experts: nonNegInt.nullable().optional(),
  num_shared_experts: nonNegInt.nullable().optional(),
  moe_intermediate_size: posInt.optional(),
  shared_expert_intermediate_size: nonNegInt.optional(),
  routed_expert_hidden_size: posInt.optional(),
  first_k_dense_replace: nonNegInt.optional(),
  moe_layer_freq: posInt.optional(),
  decoder_sparse_step: posInt.optional(),
  mlp_only_layers: z.array(nonNegInt).optional(),
  // Attention layouts
  sliding_window: posInt.nullable().optional(),
  use_sliding_window: z.boolean().optional(),
  layer_types: z.array(z.string()).optional(),
  linear_attn_config: linearAttnSchema.nullable().optional(),
  linear_num_key_heads: posInt.optional(),
  linear_num_value_heads: posInt.optional(),
  linear_key_head_dim: posInt.optional(),
  linear_value_head_dim: posInt.optional(),
  linear_conv_kernel_dim: posInt.optional(),
  // Precision
  quantization_config: quantSchema.nullable().optional(),
  torch_dtype: z.string().optional(),
  dtype: z.string().optional(),
});
type HfTextConfig = z.infer<typeof hfTextConfigSchema>;

export type ConfigIssueCode = 'too-large' | 'not-json' | 'not-object' | 'wrong-type' | 'missing' | 'inconsistent' | 'invalid-result';

/** What the user must fix, with the JSON path of the field. */
export interface ConfigIssue {
  path: string;
  code: ConfigIssueCode;
  /** For 'inconsistent': which rule, with its numbers in `values`. */
  rule?: 'layer-count' | 'top-k-above-experts' | 'kv-heads-above-heads' | 'sliding-window-with-mla' | 'no-moe-layer';
  values?: Record<string, number>;
  /** For 'wrong-type': what the field must be. */
  expected?: 'number' | 'whole-number' | 'positive' | 'non-negative' | 'boolean' | 'text' | 'list' | 'object';
  /** Which part of the model needs the field (for 'missing'). */
  neededFor?: 'model' | 'mla' | 'moe' | 'linear' | 'sliding-window';
  detail?: string;
}

export type ConfigNoteCode =
  | 'kv-heads-default'
  | 'head-dim-default'
  | 'text-config'
  | 'format-from-dtype'
  | 'format-unknown'
  | 'mla-dims-default'
  | 'sliding-window-ignored'
  | 'params-computed'
  | 'checkpoint-unknown';

/** An assumption the mapping made; shown next to the parsed model. */
export interface ConfigNote {
  code: ConfigNoteCode;
  params?: Record<string, string | number>;
}

export type ConfigParseResult =
  | { ok: true; spec: ModelSpec; notes: ConfigNote[]; detected: { kinds: AttentionGroup['kind'][]; moe: boolean; totalParamsB: number; activeParamsB: number } }
  | { ok: false; issues: ConfigIssue[] };

function expectedOf(i: z.core.$ZodIssue): ConfigIssue['expected'] {
  if (i.code === 'too_small') return i.minimum === 0 && i.inclusive ? 'non-negative' : 'positive';
  if (i.code === 'invalid_type') {
    switch (i.expected) {
      case 'int':
        return 'whole-number';
      case 'boolean':
        return 'boolean';
      case 'string':
        return 'text';
      case 'array':
        return 'list';
      case 'object':
        return 'object';
      default:
        return 'number';
    }
  }
  return undefined;
}

function pathOf(prefix: string, path: readonly PropertyKey[]): string {
  return [prefix, ...path.map(String)].filter(Boolean).join('.');
}

function detectFormat(cfg: HfTextConfig, notes: ConfigNote[]): WeightFormat {
  const q = cfg.quantization_config;
  const method = q?.quant_method?.toLowerCase();
  if (method === 'fp8') return 'fp8';
  if (method === 'mxfp4') return 'mxfp4';
  if (method === 'awq' || method === 'gptq') return 'int4';
  if (method === 'compressed-tensors' && q?.config_groups) {
    for (const group of Object.values(q.config_groups)) {
      const weights = (group as { weights?: { num_bits?: unknown; type?: unknown } } | null)?.weights;
      if (weights?.num_bits === 4) return 'int4';
      if (weights?.num_bits === 8 && weights.type === 'float') return 'fp8';
    }
  }
  if (method) {
    notes.push({ code: 'format-unknown', params: { method } });
    return 'bf16';
  }
  const dtype = cfg.torch_dtype ?? cfg.dtype ?? 'bfloat16';
  if (dtype !== 'bfloat16') notes.push({ code: 'format-from-dtype', params: { dtype } });
  return 'bf16';
}

/**
 * Parses config.json text. `nameHint` names the model when the config has no name
 * (`_name_or_path` or the first architecture otherwise).
 */
export function parseHfConfig(text: string, nameHint?: string): ConfigParseResult {
  if (text.length > MAX_CONFIG_CHARS) return { ok: false, issues: [{ path: '', code: 'too-large', detail: String(text.length) }] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, issues: [{ path: '', code: 'not-json', detail: e instanceof Error ? e.message : String(e) }] };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, issues: [{ path: '', code: 'not-object' }] };
  const outer = raw as Record<string, unknown>;
  const notes: ConfigNote[] = [];
  let prefix = '';
  let body: Record<string, unknown> = outer;
  if (typeof outer.text_config === 'object' && outer.text_config !== null && !Array.isArray(outer.text_config)) {
    // Multimodal wrappers (Kimi K2.5, Kimi K3) keep the language model under text_config; the
    // quantisation block may sit at either level.
    prefix = 'text_config';
    const inner = outer.text_config as Record<string, unknown>;
    body = {
      ...inner,
      quantization_config: inner.quantization_config ?? outer.quantization_config,
      torch_dtype: inner.torch_dtype ?? outer.torch_dtype,
      dtype: inner.dtype ?? outer.dtype,
      architectures: inner.architectures ?? outer.architectures,
      _name_or_path: inner._name_or_path ?? outer._name_or_path,
    };
    notes.push({ code: 'text-config' });
  }

  // Wrongly typed fields are reported and then treated as absent, so one pass names every
  // problem (a wrong type here and a missing field there), not only the first.
  const issues: ConfigIssue[] = [];
  let parsed = hfTextConfigSchema.safeParse(body);
  if (!parsed.success) {
    const bad = new Set<string>();
    for (const i of parsed.error.issues) {
      issues.push({ path: pathOf(prefix, i.path), code: 'wrong-type', expected: expectedOf(i), detail: i.message });
      if (i.path.length > 0) bad.add(String(i.path[0]));
    }
    const rest = Object.fromEntries(Object.entries(body).filter(([k]) => !bad.has(k)));
    parsed = hfTextConfigSchema.safeParse(rest);
    if (!parsed.success) return { ok: false, issues };
  }
  const cfg = parsed.data;
  const need = <T>(value: T | null | undefined, field: string, neededFor: ConfigIssue['neededFor']): T | undefined => {
    const path = pathOf(prefix, [field]);
    // A field already reported with the wrong type is not reported again as missing.
    if ((value === undefined || value === null) && !issues.some((i) => i.path === path)) issues.push({ path, code: 'missing', neededFor });
    return value ?? undefined;
  };

  const L = need(cfg.num_hidden_layers, 'num_hidden_layers', 'model');
  const hidden = need(cfg.hidden_size, 'hidden_size', 'model');
  const heads = need(cfg.num_attention_heads, 'num_attention_heads', 'model');
  const vocab = need(cfg.vocab_size, 'vocab_size', 'model');
  const maxContext = need(cfg.max_position_embeddings, 'max_position_embeddings', 'model');

  // ── MoE ──
  const experts = cfg.n_routed_experts ?? cfg.num_experts ?? cfg.num_local_experts ?? null;
  const isMoe = experts !== null && experts > 1;
  let topK: number | undefined;
  let expertInter: number | undefined;
  if (isMoe) {
    topK = cfg.num_experts_per_tok ?? cfg.num_experts_per_token ?? undefined;
    if (topK === undefined) issues.push({ path: pathOf(prefix, ['num_experts_per_tok']), code: 'missing', neededFor: 'moe' });
    expertInter = cfg.moe_intermediate_size ?? cfg.intermediate_size;
    if (expertInter === undefined) issues.push({ path: pathOf(prefix, ['moe_intermediate_size']), code: 'missing', neededFor: 'moe' });
    if (topK !== undefined && topK > experts) {
      issues.push({
        path: pathOf(prefix, ['num_experts_per_tok']),
        code: 'inconsistent',
        rule: 'top-k-above-experts',
        values: { topK, experts },
        detail: `${topK} > ${experts} experts`,
      });
    }
  }

  // ── Attention layout ──
  const mla = cfg.kv_lora_rank !== undefined && cfg.kv_lora_rank !== null;
  const ropeDim = mla ? need(cfg.qk_rope_head_dim, 'qk_rope_head_dim', 'mla') : undefined;
  const lin = cfg.linear_attn_config ?? null;
  if (lin) {
    need(lin.kda_layers, 'linear_attn_config.kda_layers', 'linear');
    need(lin.num_heads, 'linear_attn_config.num_heads', 'linear');
    need(lin.head_dim, 'linear_attn_config.head_dim', 'linear');
  }
  const layerTypes = cfg.layer_types;
  if (layerTypes?.includes('sliding_attention')) need(cfg.sliding_window, 'sliding_window', 'sliding-window');
  if (layerTypes?.includes('linear_attention')) {
    need(cfg.linear_num_value_heads, 'linear_num_value_heads', 'linear');
    need(cfg.linear_key_head_dim, 'linear_key_head_dim', 'linear');
    need(cfg.linear_value_head_dim, 'linear_value_head_dim', 'linear');
  }
  if (L !== undefined && layerTypes && layerTypes.length !== L) {
    issues.push({
      path: pathOf(prefix, ['layer_types']),
      code: 'inconsistent',
      rule: 'layer-count',
      values: { entries: layerTypes.length, layers: L },
      detail: `${layerTypes.length} entries for ${L} layers`,
    });
  }
  if (issues.length > 0 || L === undefined || hidden === undefined || heads === undefined || vocab === undefined || maxContext === undefined) {
    return { ok: false, issues };
  }

  let kvHeads = cfg.num_key_value_heads;
  // Grouped-query attention shares each KV head among heads / kv_heads query heads; more KV
  // heads than query heads is no geometry a checkpoint has (a typo, or the two fields swapped).
  if (kvHeads !== undefined && !mla && kvHeads > heads) {
    return {
      ok: false,
      issues: [
        {
          path: pathOf(prefix, ['num_key_value_heads']),
          code: 'inconsistent',
          rule: 'kv-heads-above-heads',
          values: { kvHeads, heads },
          detail: `${kvHeads} > ${heads} attention heads`,
        },
      ],
    };
  }
  if (kvHeads === undefined && !mla) {
    kvHeads = heads;
    notes.push({ code: 'kv-heads-default', params: { heads } });
  }
  let headDim = cfg.head_dim ?? undefined;
  if (headDim === undefined && !mla) {
    headDim = Math.floor(hidden / heads);
    notes.push({ code: 'head-dim-default', params: { headDim } });
  }
  const qLora = cfg.q_lora_rank ?? null;
  const nope = cfg.qk_nope_head_dim ?? 128;
  const vDim = cfg.v_head_dim ?? 128;
  if (mla && (cfg.qk_nope_head_dim === undefined || cfg.v_head_dim === undefined)) notes.push({ code: 'mla-dims-default' });

  const fullAttention = (layers: number): AttentionGroup =>
    mla
      ? { kind: 'mla', layers, kvLoraRank: cfg.kv_lora_rank as number, ropeDim: ropeDim as number }
      : { kind: 'gqa', layers, kvHeads: kvHeads as number, headDim: headDim as number };

  const groups: AttentionGroup[] = [];
  if (lin && lin.kda_layers && lin.num_heads && lin.head_dim) {
    const kda = lin.kda_layers.length;
    const conv = Math.max(0, (lin.short_conv_kernel_size ?? 4) - 1);
    groups.push({
      kind: 'linear',
      layers: kda,
      heads: lin.num_heads,
      keyDim: lin.head_dim,
      valueDim: lin.head_dim,
      // Short convolution over q, k and v keeps (kernel − 1) past inputs per channel.
      extraStatePerLayer: conv * 3 * lin.num_heads * lin.head_dim,
    });
    if (L - kda > 0) groups.unshift(fullAttention(L - kda));
  } else if (layerTypes && layerTypes.includes('linear_attention')) {
    const linear = layerTypes.filter((t) => t === 'linear_attention').length;
    const vHeads = cfg.linear_num_value_heads as number;
    const kHeads = cfg.linear_num_key_heads ?? vHeads;
    const kd = cfg.linear_key_head_dim as number;
    const vd = cfg.linear_value_head_dim as number;
    const conv = Math.max(0, (cfg.linear_conv_kernel_dim ?? 4) - 1);
    groups.push({ kind: 'linear', layers: linear, heads: vHeads, keyDim: kd, valueDim: vd, extraStatePerLayer: conv * (2 * kHeads * kd + vHeads * vd) });
    if (L - linear > 0) groups.unshift(fullAttention(L - linear));
  } else if (layerTypes && layerTypes.includes('sliding_attention')) {
    const swa = layerTypes.filter((t) => t === 'sliding_attention').length;
    if (mla)
      issues.push({
        path: pathOf(prefix, ['layer_types']),
        code: 'inconsistent',
        rule: 'sliding-window-with-mla',
        detail: 'sliding window with MLA is not modelled',
      });
    else {
      groups.push({ kind: 'swa', layers: swa, kvHeads: kvHeads as number, headDim: headDim as number, window: cfg.sliding_window as number });
      if (L - swa > 0) groups.push(fullAttention(L - swa));
    }
  } else if (!mla && cfg.sliding_window && (cfg.use_sliding_window === true || cfg.model_type === 'mistral')) {
    groups.push({ kind: 'swa', layers: L, kvHeads: kvHeads as number, headDim: headDim as number, window: cfg.sliding_window });
  } else {
    if (cfg.sliding_window && cfg.use_sliding_window !== false) notes.push({ code: 'sliding-window-ignored', params: { window: cfg.sliding_window } });
    groups.push(fullAttention(L));
  }
  if (issues.length > 0) return { ok: false, issues };

  // ── Parameter count from the geometry ──
  const attnParams = groups.reduce((sum, g) => {
    switch (g.kind) {
      case 'gqa':
      case 'swa':
        return sum + g.layers * (2 * hidden * heads * g.headDim + 2 * hidden * g.kvHeads * g.headDim);
      case 'mla': {
        const q = qLora === null ? hidden * heads * (nope + g.ropeDim) : hidden * qLora + qLora * heads * (nope + g.ropeDim);
        const kv = hidden * (g.kvLoraRank + g.ropeDim) + g.kvLoraRank * heads * (nope + vDim);
        const o = heads * vDim * hidden * (cfg.mla_use_output_gate ? 2 : 1);
        return sum + g.layers * (q + kv + o);
      }
      case 'linear':
        return sum + g.layers * hidden * g.heads * (3 * g.keyDim + 2 * g.valueDim);
    }
  }, 0);
  const embed = vocab * hidden * (cfg.tie_word_embeddings ? 1 : 2);

  let moeLayers = 0;
  if (isMoe) {
    const k0 = cfg.first_k_dense_replace ?? 0;
    const freq = cfg.moe_layer_freq ?? 1;
    const step = cfg.decoder_sparse_step ?? 1;
    const mlpOnly = new Set(cfg.mlp_only_layers ?? []);
    for (let l = 0; l < L; l++) {
      if (l < k0 || mlpOnly.has(l)) continue;
      if (l % freq !== 0) continue;
      if ((l + 1) % step !== 0) continue;
      moeLayers++;
    }
    if (moeLayers === 0)
      issues.push({ path: pathOf(prefix, ['first_k_dense_replace']), code: 'inconsistent', rule: 'no-moe-layer', detail: 'no MoE layer left' });
  }
  if (issues.length > 0) return { ok: false, issues };
  const denseLayers = L - moeLayers;
  const denseInter = cfg.intermediate_size ?? 0;
  const denseParams = denseLayers * 3 * hidden * denseInter;
  let routedParams = 0;
  let activeRouted = 0;
  let moeFixed = 0;
  const sharedCount = cfg.n_shared_experts ?? cfg.num_shared_experts ?? 0;
  if (isMoe && topK !== undefined && expertInter !== undefined) {
    const dExp = cfg.routed_expert_hidden_size ?? hidden;
    const perExpert = 3 * dExp * expertInter;
    const latent = dExp !== hidden ? 2 * hidden * dExp : 0;
    const sharedInter = cfg.shared_expert_intermediate_size ?? sharedCount * expertInter;
    const shared = 3 * hidden * sharedInter;
    const router = hidden * (experts as number);
    routedParams = moeLayers * (experts as number) * perExpert;
    activeRouted = moeLayers * topK * perExpert;
    moeFixed = moeLayers * (latent + shared + router);
  }
  const total = embed + attnParams + denseParams + routedParams + moeFixed;
  const active = embed + attnParams + denseParams + activeRouted + moeFixed;
  notes.push({ code: 'params-computed', params: { totalB: total / 1e9, activeB: active / 1e9 } });
  notes.push({ code: 'checkpoint-unknown' });

  const releasedFormat = detectFormat(cfg, notes);
  const name = (nameHint?.trim() || cfg._name_or_path || cfg.architectures?.[0] || cfg.model_type || 'Custom model').slice(0, 120);
  const candidate: ModelSpec = {
    name,
    totalParamsB: round6(total / 1e9),
    activeParamsB: round6(active / 1e9),
    layers: L,
    hidden,
    heads,
    vocab,
    maxContext,
    attention: groups,
    moe:
      isMoe && topK !== undefined && expertInter !== undefined
        ? { experts: experts as number, activePerToken: topK, sharedExperts: sharedCount, expertIntermediate: expertInter, moeLayers }
        : null,
    releasedFormat,
    checkpointBytes: null,
  };
  const check = modelSpecSchema.safeParse(candidate);
  if (!check.success) {
    return { ok: false, issues: check.error.issues.map((i) => ({ path: i.path.map(String).join('.'), code: 'invalid-result', detail: i.message })) };
  }
  return {
    ok: true,
    spec: check.data,
    notes,
    detected: { kinds: groups.map((g) => g.kind), moe: candidate.moe !== null, totalParamsB: candidate.totalParamsB, activeParamsB: candidate.activeParamsB },
  };
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
