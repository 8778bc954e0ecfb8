import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findModel } from '../catalog/catalog';
import { defaultScenario } from '../scenario/defaults';
import { modelSpecSchema } from '../scenario/model-spec';
import { parseHfConfig } from './hf-config';
import { growingBytesPerToken, linearStateBytes } from './model-math';
import { buildHardwareReport } from './report';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', `${name}.config.json`), 'utf8');

function parsed(name: string) {
  const r = parseHfConfig(fixture(name));
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r;
}

function catalog(id: string) {
  const m = findModel(id);
  if (!m) throw new Error(id);
  return m;
}

const within = (actual: number, expected: number, share: number) => expect(Math.abs(actual / expected - 1)).toBeLessThan(share);

describe('config.json → ModelSpec for each target layout (parameter counts checked against the catalog)', () => {
  it('DeepSeek-V3: MLA 512 + 64, 256 experts top-8 + 1 shared, 3 dense layers, FP8', () => {
    const { spec } = parsed('deepseek-v3');
    expect(spec.attention).toEqual([{ kind: 'mla', layers: 61, kvLoraRank: 512, ropeDim: 64 }]);
    expect(spec.moe).toEqual({ experts: 256, activePerToken: 8, sharedExperts: 1, expertIntermediate: 2048, moeLayers: 58 });
    expect(spec.releasedFormat).toBe('fp8');
    expect(spec.maxContext).toBe(163_840);
    // 671B main model (README_WEIGHTS); active ≈ 37B (vendor's headline; 36.7 in the weights note).
    within(spec.totalParamsB, 671, 0.005);
    within(spec.activeParamsB, 37, 0.03);
    expect(growingBytesPerToken(spec, 'bf16')).toBe(70_272);
  });

  it('Kimi K2.5: text_config wrapper, INT4 compressed-tensors, 384 experts, 262K context', () => {
    const r = parsed('kimi-k2.5');
    expect(r.notes.map((n) => n.code)).toContain('text-config');
    expect(r.spec.releasedFormat).toBe('int4');
    expect(r.spec.maxContext).toBe(262_144);
    expect(r.spec.moe).toMatchObject({ experts: 384, activePerToken: 8, moeLayers: 60 });
    within(r.spec.totalParamsB, catalog('kimi-k2.5').totalParamsB, 0.005);
  });

  it('Kimi K3: 24 MLA + 69 KDA layers, latent MoE (3,584-wide experts), MXFP4', () => {
    const { spec } = parsed('kimi-k3');
    const kda = spec.attention.find((g) => g.kind === 'linear');
    expect(spec.attention.find((g) => g.kind === 'mla')).toEqual({ kind: 'mla', layers: 24, kvLoraRank: 512, ropeDim: 64 });
    expect(kda).toEqual({ kind: 'linear', layers: 69, heads: 96, keyDim: 128, valueDim: 128, extraStatePerLayer: 3 * 3 * 96 * 128 });
    expect(linearStateBytes(kda!)).toBe(linearStateBytes(catalog('kimi-k3').attention[1]!));
    expect(spec.moe).toEqual({ experts: 896, activePerToken: 16, sharedExperts: 2, expertIntermediate: 3072, moeLayers: 92 });
    expect(spec.releasedFormat).toBe('mxfp4');
    // Routed 92 × 896 × 3 × 3,584 × 3,072 = 2,722.8B; the catalog's 2.78T total is within 1 %.
    within(spec.totalParamsB, 2780, 0.01);
    within(spec.activeParamsB, 104, 0.1);
  });

  it('gpt-oss-120b: 18 sliding-window (128) + 18 full layers, 128 experts top-4, MXFP4', () => {
    const { spec } = parsed('gpt-oss-120b');
    expect(spec.attention).toEqual([
      { kind: 'swa', layers: 18, kvHeads: 8, headDim: 64, window: 128 },
      { kind: 'gqa', layers: 18, kvHeads: 8, headDim: 64 },
    ]);
    expect(spec.moe).toMatchObject({ experts: 128, activePerToken: 4, moeLayers: 36, expertIntermediate: 2880 });
    expect(spec.releasedFormat).toBe('mxfp4');
    within(spec.totalParamsB, 116.83, 0.005);
  });

  it('Llama-3.1-70B: dense GQA, head_dim from hidden / heads (noted), BF16', () => {
    const r = parsed('llama-3.1-70b');
    expect(r.spec.attention).toEqual([{ kind: 'gqa', layers: 80, kvHeads: 8, headDim: 128 }]);
    expect(r.spec.moe).toBeNull();
    expect(r.spec.releasedFormat).toBe('bf16');
    expect(r.notes).toContainEqual({ code: 'head-dim-default', params: { headDim: 128 } });
    within(r.spec.totalParamsB, 70.55, 0.001);
    expect(r.spec.activeParamsB).toBe(r.spec.totalParamsB);
  });

  it('Qwen3-235B-A22B: explicit head_dim 128, 4 KV heads, 128 experts top-8', () => {
    const { spec } = parsed('qwen3-235b-a22b');
    expect(spec.attention).toEqual([{ kind: 'gqa', layers: 94, kvHeads: 4, headDim: 128 }]);
    expect(spec.moe).toMatchObject({ experts: 128, activePerToken: 8, moeLayers: 94 });
    within(spec.totalParamsB, 235.1, 0.002);
    within(spec.activeParamsB, 22.2, 0.01);
  });

  it('MiniMax-M2: GQA 48/8 × 128, 256 experts top-8, FP8', () => {
    const { spec } = parsed('minimax-m2');
    expect(spec.attention).toEqual([{ kind: 'gqa', layers: 62, kvHeads: 8, headDim: 128 }]);
    expect(spec.releasedFormat).toBe('fp8');
    within(spec.totalParamsB, 228.7, 0.002);
    within(spec.activeParamsB, 11.0, 0.01);
    expect(growingBytesPerToken(spec, 'bf16')).toBe(253_952);
  });

  it('every parsed fixture is a valid ModelSpec and runs through the fit report as the custom model', () => {
    for (const name of ['deepseek-v3', 'kimi-k2.5', 'kimi-k3', 'gpt-oss-120b', 'llama-3.1-70b', 'qwen3-235b-a22b', 'minimax-m2']) {
      const { spec } = parsed(name);
      expect(modelSpecSchema.safeParse(spec).success, name).toBe(true);
      const s = defaultScenario();
      s.selfHosted.modelId = 'custom';
      s.hardware.customModel = spec;
      const r = buildHardwareReport(s);
      expect(r.ok, name).toBe(true);
      if (r.ok) expect(r.report.checkpoint.source.kind).toBe('estimate');
    }
  });
});

describe('clear messages for bad configs', () => {
  it('not JSON, not an object, too large', () => {
    expect(parseHfConfig('{ "a": ')).toMatchObject({ ok: false, issues: [{ path: '', code: 'not-json' }] });
    expect(parseHfConfig('[1, 2]')).toMatchObject({ ok: false, issues: [{ path: '', code: 'not-object' }] });
    expect(parseHfConfig(' '.repeat(2_000_001))).toMatchObject({ ok: false, issues: [{ code: 'too-large' }] });
  });

  it('names every missing core field', () => {
    const r = parseHfConfig(JSON.stringify({ model_type: 'llama', hidden_size: 4096 }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => i.path).sort()).toEqual(['max_position_embeddings', 'num_attention_heads', 'num_hidden_layers', 'vocab_size']);
    expect(r.issues.every((i) => i.code === 'missing' && i.neededFor === 'model')).toBe(true);
  });

  it('names the field MLA or MoE needs', () => {
    const ds = JSON.parse(fixture('deepseek-v3')) as Record<string, unknown>;
    delete ds.qk_rope_head_dim;
    delete ds.num_experts_per_tok;
    const r = parseHfConfig(JSON.stringify(ds));
    expect(r.ok ? [] : r.issues).toEqual([
      { path: 'num_experts_per_tok', code: 'missing', neededFor: 'moe' },
      { path: 'qk_rope_head_dim', code: 'missing', neededFor: 'mla' },
    ]);
  });

  it('names wrong types and negative numbers with their path, and the missing fields in the same pass', () => {
    const r = parseHfConfig(
      JSON.stringify({ num_hidden_layers: '61', hidden_size: -7168, num_attention_heads: 2.5, vocab_size: 1000, max_position_embeddings: 4096 }),
    );
    expect(r.ok ? [] : r.issues.map((i) => [i.path, i.code, i.expected ?? i.neededFor])).toEqual([
      ['num_hidden_layers', 'wrong-type', 'number'],
      ['hidden_size', 'wrong-type', 'positive'],
      ['num_attention_heads', 'wrong-type', 'whole-number'],
    ]);
    const both = parseHfConfig(JSON.stringify({ hidden_size: 'big', num_attention_heads: 8, vocab_size: 10, max_position_embeddings: 10 }));
    expect(both.ok ? [] : both.issues.map((i) => [i.path, i.code])).toEqual([
      ['hidden_size', 'wrong-type'],
      ['num_hidden_layers', 'missing'],
    ]);
    const k = JSON.parse(fixture('kimi-k2.5')) as { text_config: Record<string, unknown> };
    delete k.text_config.hidden_size;
    const nested = parseHfConfig(JSON.stringify(k));
    expect(nested.ok ? [] : nested.issues).toEqual([{ path: 'text_config.hidden_size', code: 'missing', neededFor: 'model' }]);
  });

  it('rejects inconsistent layer lists and top-k above the expert count', () => {
    const g = JSON.parse(fixture('gpt-oss-120b')) as Record<string, unknown>;
    g.layer_types = ['sliding_attention', 'full_attention'];
    const r = parseHfConfig(JSON.stringify(g));
    expect(r.ok ? [] : r.issues.map((i) => [i.path, i.code])).toEqual([['layer_types', 'inconsistent']]);
    const q = JSON.parse(fixture('qwen3-235b-a22b')) as Record<string, unknown>;
    q.num_experts_per_tok = 200;
    const r2 = parseHfConfig(JSON.stringify(q));
    expect(r2.ok ? [] : r2.issues.map((i) => [i.path, i.code])).toEqual([['num_experts_per_tok', 'inconsistent']]);
  });

  it('refuses more KV heads than attention heads, naming both', () => {
    const l = JSON.parse(fixture('llama-3.1-70b')) as Record<string, unknown>;
    l.num_key_value_heads = 128;
    const r = parseHfConfig(JSON.stringify(l));
    // Llama-3.1-70B has 64 attention heads; 128 KV heads cannot share them.
    expect(r.ok ? [] : r.issues).toEqual([
      {
        path: 'num_key_value_heads',
        code: 'inconsistent',
        rule: 'kv-heads-above-heads',
        values: { kvHeads: 128, heads: 64 },
        detail: '128 > 64 attention heads',
      },
    ]);
    l.num_key_value_heads = 64;
    expect(parseHfConfig(JSON.stringify(l)).ok).toBe(true);
  });

  it('uses the name hint, then _name_or_path, then the architecture', () => {
    expect(parseHfConfig(fixture('llama-3.1-70b'), 'My Llama')).toMatchObject({ ok: true, spec: { name: 'My Llama' } });
    expect(parseHfConfig(fixture('llama-3.1-70b'))).toMatchObject({ ok: true, spec: { name: 'LlamaForCausalLM' } });
  });
});
