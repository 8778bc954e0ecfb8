import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import type { ModelSpec } from '../scenario/model-spec';
import type { Scenario } from '../scenario/schema';
import { kvPerGpu, layoutOf, memoryBreakdown, type KvSizing } from './fit';
import { frontierContexts, frontierSeries, maxConcurrency, maxContext } from './frontier';
import { resolveSetup } from './setup';

/** BF16 cache as vLLM allocates it at its default 8,192 batched tokens (H100/H200 class). */
const BF16: KvSizing = { format: 'bf16', batchedTokens: 8192 };

/** Entered overheads unless a test names others, so the hand arithmetic below holds its 4 + 3 GiB. */
function input(selfHosted: Partial<Scenario['selfHosted']>, hardware: Partial<Scenario['hardware']>) {
  const s = defaultScenario();
  Object.assign(s.selfHosted, selfHosted);
  Object.assign(s.hardware, { overheadSource: 'entered' }, hardware);
  const r = resolveSetup(s);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.input;
}

describe('maximum concurrency at a context', () => {
  it('without DP-attention: ⌊available / per-sequence share⌋', () => {
    // Llama-70B BF16 on 4× H100 (TP 4), 4 GiB overheads: budget 81,559 MiB × 1,048,576 × 0.92 = 78.679 GB;
    // available 78.679 − 35.275 − 4.295 = 39.109 GB; one 32K sequence = 327,680 × 32,768 / 4 = 2.684 GB per GPU → ⌊14.57⌋ = 14.
    const i = input(
      { modelId: 'llama-3.1-70b', gpuId: 'h100-sxm', gpusPerReplica: 4 },
      { weightFormat: 'bf16', tensorParallel: 4, activationGiB: 2, runtimeOverheadGiB: 2 },
    );
    const m = memoryBreakdown(i);
    const available = 81_559 * 2 ** 20 * 0.92 - 141.1e9 / 4 - 4 * 2 ** 30;
    expect(m.kvAvailablePerGpu).toBeCloseTo(available, 0);
    expect(maxConcurrency(i.model, BF16, m.layout, available, 32_768)).toBe(Math.floor(available / ((327_680 * 32_768) / 4)));
    expect(maxConcurrency(i.model, BF16, m.layout, available, 32_768)).toBe(14);
  });

  it('with DP-attention: TP × ⌊available / one sequence⌋ because each rank holds whole sequences', () => {
    const i = input({}, {}); // default: Kimi K2.6 on 8× H200, DP-attention
    const m = memoryBreakdown(i);
    const perSeq = 70_272 * 65_536; // 4.6 GB
    expect(maxConcurrency(i.model, BF16, m.layout, m.kvAvailablePerGpu, 65_536)).toBe(8 * Math.floor(m.kvAvailablePerGpu / perSeq));
  });

  it('is 0 when nothing is left for the cache', () => {
    const i = input({}, {});
    expect(maxConcurrency(i.model, BF16, layoutOf(i), -1e9, 4096)).toBe(0);
    expect(maxConcurrency(i.model, BF16, layoutOf(i), 0, 4096)).toBe(0);
  });
});

describe('maximum context at a concurrency', () => {
  it('is the exact largest context that fits', () => {
    const i = input(
      { modelId: 'llama-3.1-70b', gpuId: 'h100-sxm', gpusPerReplica: 4 },
      { weightFormat: 'bf16', tensorParallel: 4, activationGiB: 2, runtimeOverheadGiB: 2 },
    );
    const m = memoryBreakdown(i);
    const r = maxContext(i.model, BF16, m.layout, m.kvAvailablePerGpu, 10);
    // 10 × c × 327,680 / 4 ≤ available → c = ⌊available × 4 / 3,276,800⌋.
    expect(r).toEqual({ kind: 'tokens', tokens: Math.floor((m.kvAvailablePerGpu * 4) / 3_276_800) });
    if (r.kind !== 'tokens') return;
    expect(kvPerGpu(i.model, BF16, m.layout, 10, r.tokens)).toBeLessThanOrEqual(m.kvAvailablePerGpu);
    expect(kvPerGpu(i.model, BF16, m.layout, 10, r.tokens + 1)).toBeGreaterThan(m.kvAvailablePerGpu);
  });

  it('handles the window cap of sliding layers (gpt-oss) exactly', () => {
    const i = input(
      { modelId: 'gpt-oss-120b', gpuId: 'h100-sxm', gpusPerReplica: 1 },
      { weightFormat: 'mxfp4', tensorParallel: 1, activationGiB: 1, runtimeOverheadGiB: 1 },
    );
    const m = memoryBreakdown(i);
    const r = maxContext(i.model, BF16, m.layout, m.kvAvailablePerGpu, 1);
    // Past 127 + 8,192 tokens the window layers stay at (⌈8,319 / 16⌉ + 1) × 16 = 8,336 tokens:
    // 36,864 × (c + 8,336) ≤ available → c = ⌊available / 36,864⌋ − 8,336.
    expect(r).toEqual({ kind: 'tokens', tokens: Math.floor(m.kvAvailablePerGpu / 36_864) - 8336 });
    // What a decode step reads stops at the 128-token window: ⌊available / 36,864⌋ − 128.
    expect(maxContext(i.model, { format: 'bf16', batchedTokens: null }, m.layout, m.kvAvailablePerGpu, 1)).toEqual({
      kind: 'tokens',
      tokens: Math.floor(m.kvAvailablePerGpu / 36_864) - 128,
    });
  });

  it("is 'unbounded' when no layer grows with context and 'none' when nothing fits", () => {
    const windowOnly: ModelSpec = {
      name: 'window only',
      totalParamsB: 7,
      activeParamsB: 7,
      layers: 32,
      hidden: 4096,
      heads: 32,
      vocab: 32_000,
      maxContext: 32_768,
      attention: [{ kind: 'swa', layers: 32, kvHeads: 8, headDim: 128, window: 4096 }],
      moe: null,
      releasedFormat: 'bf16',
      checkpointBytes: null,
    };
    const layout = { gpus: 1, tp: 1, pp: 1, nodes: 1, mlaMode: 'not-mla', dp: 1, dcp: 1, ep: 1 } as const;
    expect(maxContext(windowOnly, BF16, layout, 50e9, 4)).toEqual({ kind: 'unbounded', checkedUpTo: 100_000_000 });
    expect(maxContext(windowOnly, BF16, layout, 1, 4)).toEqual({ kind: 'none' });
    expect(maxContext(windowOnly, BF16, layout, -5, 4)).toEqual({ kind: 'none' });
  });
});

describe('frontier series', () => {
  it('covers 1K to twice the model maximum in powers of two, plus the configured context', () => {
    expect(frontierContexts(131_072, 50_000)).toEqual([1024, 2048, 4096, 8192, 16_384, 32_768, 50_000, 65_536, 131_072, 262_144]);
    const huge = frontierContexts(1_048_576, 10_000_000);
    expect(huge.at(-1)).toBe(16_777_216);
    expect(huge).toContain(10_000_000);
  });

  it('falls as the context grows', () => {
    const i = input({}, {});
    const m = memoryBreakdown(i);
    const points = frontierSeries(i.model, BF16, m.layout, m.kvAvailablePerGpu, 65_536);
    for (let k = 1; k < points.length; k++) expect(points[k]!.maxConcurrency).toBeLessThanOrEqual(points[k - 1]!.maxConcurrency);
    expect(points.find((p) => p.context === 65_536)?.maxConcurrency).toBeGreaterThanOrEqual(48);
  });
});
