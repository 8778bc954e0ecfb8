import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import type { Scenario } from '../scenario/schema';
import { layoutOf, weightTerm } from './fit';
import { buildHardwareReport } from './report';
import { decodeStep, expectedTouchedExperts, outputTokensPerRequest, prefill, rooflineContext, type RooflineSettings } from './roofline';
import { resolveSetup } from './setup';

/** The example scenario with its overheads entered (4 + 3 GiB), which the hand arithmetic below uses. */
function enteredScenario() {
  const s = defaultScenario();
  s.hardware.overheadSource = 'entered';
  return s;
}

const IDEAL: RooflineSettings = { bandwidthEfficiency: 1, computeEfficiency: 1, stepOverheadMs: 0 };

function ctx(selfHosted: Partial<Scenario['selfHosted']>, hardware: Partial<Scenario['hardware']>, settings = IDEAL) {
  const s = enteredScenario();
  Object.assign(s.selfHosted, selfHosted);
  Object.assign(s.hardware, hardware);
  const r = resolveSetup(s);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  const layout = layoutOf(r.input);
  return rooflineContext(r.input, layout, weightTerm(r.input, layout), settings);
}

describe('expected touched experts E·(1 − (1 − k/E)^B) (hardware reference §5.3)', () => {
  it.each([
    // [E, k, B, reference value]
    [384, 8, 1, 8],
    [384, 8, 8, 59.5],
    [384, 8, 32, 188],
    [384, 8, 64, 284],
    [384, 8, 256, 382],
    [256, 8, 8, 57.4],
    [256, 8, 32, 163],
    [256, 8, 64, 222],
    [256, 8, 256, 256],
    [896, 16, 8, 120],
    [896, 16, 32, 393],
    [896, 16, 64, 613],
    [896, 16, 256, 887],
    [128, 4, 8, 28.7],
    [128, 4, 32, 82],
    [128, 4, 64, 111],
    [128, 4, 256, 128],
  ])('E=%i, k=%i, B=%i → %f', (E, k, B, expected) => {
    // The reference prints whole experts, or one decimal below 100: compare at that rounding.
    expect(Math.abs(expectedTouchedExperts(E, k, B) - expected)).toBeLessThanOrEqual(Number.isInteger(expected) ? 0.5 : 0.05);
  });

  it('is never more than E and never less than k for B ≥ 1', () => {
    expect(expectedTouchedExperts(384, 8, 1e6)).toBeCloseTo(384, 6);
    expect(expectedTouchedExperts(384, 8, 0)).toBe(0);
  });
});

describe('decode step, worked example of the reference §5.4 (ideal efficiency, no overhead)', () => {
  const rc = ctx(
    { modelId: 'llama-3.1-70b', gpuId: 'h100-sxm', gpusPerReplica: 2 },
    { weightFormat: 'bf16', kvFormat: 'bf16', tensorParallel: 2, contextLength: 8192, concurrentSequences: 1 },
  );

  it('Llama-3.1-70B BF16 on 2× H100, 8K, B = 1: 143.8 GB / 6.7 TB/s = 21.5 ms → 46.6 tokens/s', () => {
    const s = decodeStep(rc, 1, 8192);
    // 141.1e9 + 2,684,354,560 = 143,784,354,560 B; / (2 × 3.35e12) = 21.46 ms.
    expect(s.weightReadBytes + s.kvReadBytes).toBe(141.1e9 + 2_684_354_560);
    expect(s.memoryMs).toBeCloseTo((143_784_354_560 / 6.7e12) * 1e3, 9);
    expect(s.stepMs).toBeCloseTo(21.46, 2);
    expect(s.perUserTokensPerSecond).toBeCloseTo(46.6, 1);
    expect(s.bound).toBe('memory');
    // FLOPs 2 × 70.55e9 + 4 × 80 × 64 × 128 × 8192 = 162.57e9 → 0.08 ms.
    expect(s.flops).toBe(2 * 70.55e9 + 4 * 80 * 64 * 128 * 8192);
    expect(s.computeMs).toBeCloseTo(0.082, 3);
  });

  it('B = 32: 227.0 GB → 33.9 ms → 944 tokens/s aggregate, 29.5 per user; compute 2.6 ms', () => {
    const s = decodeStep(rc, 32, 8192);
    expect((s.weightReadBytes + s.kvReadBytes) / 1e9).toBeCloseTo(226.999, 2);
    expect(s.stepMs).toBeCloseTo(33.88, 2);
    expect(s.aggregateTokensPerSecond).toBeCloseTo(944.6, 0);
    expect(s.perUserTokensPerSecond).toBeCloseTo(29.5, 1);
    expect(s.flops / 1e12).toBeCloseTo(5.2, 1);
    expect(s.computeMs).toBeCloseTo(2.63, 2);
  });

  it('turns compute-bound at a large batch of short sequences', () => {
    // B = 512, 128 tokens: bytes 141.1e9 + 512 × 128 × 327,680 = 162.6 GB → 24.3 ms;
    // FLOPs 512 × (141.1e9 + 4 × 80 × 8192 × 128) = 72.4e12 → 36.6 ms.
    const s = decodeStep(rc, 512, 128);
    expect(s.memoryMs).toBeCloseTo(((141.1e9 + 512 * 128 * 327_680) / 6.7e12) * 1e3, 6);
    expect(s.computeMs).toBeCloseTo(((512 * (141.1e9 + 4 * 80 * 8192 * 128)) / (2 * 989e12)) * 1e3, 6);
    expect(s.bound).toBe('compute');
  });

  it('efficiency and the fixed overhead enter as stated', () => {
    const slow = ctx(
      { modelId: 'llama-3.1-70b', gpuId: 'h100-sxm', gpusPerReplica: 2 },
      { weightFormat: 'bf16', tensorParallel: 2, contextLength: 8192, concurrentSequences: 1 },
      { bandwidthEfficiency: 0.8, computeEfficiency: 0.5, stepOverheadMs: 2 },
    );
    const s = decodeStep(slow, 1, 8192);
    // 21.46 / 0.8 + 2 = 28.83 ms → ~34.7 tokens/s (reference: "At η_bw 0.8: ~37 tok/s" without overhead).
    expect(s.stepMs).toBeCloseTo((143_784_354_560 / (6.7e12 * 0.8)) * 1e3 + 2, 9);
    expect(1e3 / (s.stepMs - 2)).toBeCloseTo(37.3, 1);
  });
});

describe('MoE decode reads the touched experts', () => {
  it('Kimi K2 FP8 on 8× H200, B = 64, 32K: ≈ 836 GB → 21.8 ms (reference MoE example)', () => {
    // Decode-context parallelism keeps one copy of the latent cache, as the reference example assumes.
    const rc = ctx(
      { modelId: 'kimi-k2', gpuId: 'h200-sxm', gpusPerReplica: 8 },
      { weightFormat: 'fp8', kvFormat: 'fp8', tensorParallel: 8, mlaKvMode: 'dcp', dcpSize: 8, contextLength: 32_768, concurrentSequences: 64 },
    );
    const s = decodeStep(rc, 64, 32_768);
    // KV: 64 × 32,768 × 61 × 576 × 1 B = 73.69 GB.
    expect(s.kvReadBytes).toBe(64 * 32_768 * 35_136);
    expect(s.touchedExperts).toBeCloseTo(284.2, 1);
    // Routed 60 × 284 × ~44 MB = 751 GB + ~12–13 GB non-routed + 73.7 GB KV ≈ 836 GB.
    const total = s.weightReadBytes + s.kvReadBytes;
    expect(Math.abs(total / 836e9 - 1)).toBeLessThan(0.01);
    expect(Math.abs(s.stepMs / 21.8 - 1)).toBeLessThan(0.01);
  });

  it('at batch 1 only k experts per layer are read, far less than the whole checkpoint', () => {
    const rc = ctx(
      { modelId: 'kimi-k2', gpuId: 'h200-sxm', gpusPerReplica: 8 },
      { weightFormat: 'fp8', kvFormat: 'fp8', tensorParallel: 8, mlaKvMode: 'dcp', dcpSize: 8, contextLength: 4096, concurrentSequences: 1 },
    );
    const s = decodeStep(rc, 1, 1);
    expect(s.touchedExperts).toBeCloseTo(8, 9);
    // 60 layers × 8 experts × ~44 MB = 21.2 GB + ~13 GB non-routed ≈ 34 GB, vs 1,030 GB in total.
    expect(s.weightReadBytes / 1e9).toBeGreaterThan(30);
    expect(s.weightReadBytes / 1e9).toBeLessThan(40);
  });

  it('a replicated MLA cache is read by every rank: 8× the KV traffic of DP-attention', () => {
    const hw = { weightFormat: 'fp8', kvFormat: 'bf16', tensorParallel: 8, contextLength: 65_536, concurrentSequences: 8 } as const;
    const rep = decodeStep(ctx({ modelId: 'deepseek-v3', gpuId: 'h200-sxm', gpusPerReplica: 8 }, { ...hw, mlaKvMode: 'replicated' }), 8, 65_536);
    const dp = decodeStep(ctx({ modelId: 'deepseek-v3', gpuId: 'h200-sxm', gpusPerReplica: 8 }, { ...hw, mlaKvMode: 'dp-attention' }), 8, 65_536);
    expect(rep.kvReadBytes).toBe(8 * dp.kvReadBytes);
  });
});

describe('prefill', () => {
  it('Llama-3.1-70B, 8,192-token prompt on 2× H100: (2 × 70.55e9 × 8192 + 2 × 80 × 8192² × 64 × 128) / 1,978 TFLOP/s = 628.8 ms', () => {
    const rc = ctx(
      { modelId: 'llama-3.1-70b', gpuId: 'h100-sxm', gpusPerReplica: 2 },
      { weightFormat: 'bf16', tensorParallel: 2, contextLength: 8192, concurrentSequences: 1 },
    );
    const p = prefill(rc, 8192);
    const flops = 2 * 70.55e9 * 8192 + 2 * 80 * 8192 * 8192 * 64 * 128;
    expect(p.flops).toBe(flops);
    expect(p.computeMs).toBeCloseTo((flops / (2 * 989e12)) * 1e3, 9);
    expect(p.ttftMs).toBeCloseTo(628.8, 1);
  });

  it('FP8 weights on Hopper use the FP8 rate; INT4 weight-only kernels the BF16 rate', () => {
    const fp8 = ctx({ modelId: 'minimax-m2', gpuId: 'h100-sxm', gpusPerReplica: 8 }, { weightFormat: 'fp8', tensorParallel: 8 });
    expect(fp8.peakTflops).toBe(1979);
    const int4 = ctx({ modelId: 'kimi-k2.6', gpuId: 'h200-sxm', gpusPerReplica: 8 }, {});
    expect(int4.peakTflops).toBe(989);
    const a100 = ctx({ modelId: 'minimax-m2', gpuId: 'a100-80gb-sxm', gpusPerReplica: 8 }, { weightFormat: 'fp8', tensorParallel: 8 });
    expect(a100.peakTflops).toBe(312);
  });
});

describe('throughput estimate for the TCO page', () => {
  it('counts visible plus reasoning output tokens', () => {
    const w = defaultScenario().workload;
    expect(outputTokensPerRequest(w)).toBe(800 + 1200);
    expect(outputTokensPerRequest({ ...w, reasoningMode: 'multiplier', reasoningMultiplier: 3 })).toBe(2400);
    expect(outputTokensPerRequest({ ...w, reasoningMode: 'none' })).toBe(800);
  });

  it('with every prompt cached it equals the decode aggregate; prefill time lowers it', () => {
    const s = defaultScenario();
    s.workload.cacheHitShare = 1;
    const all = buildHardwareReport(s);
    if (!all.ok || all.report.roofline.estimate.kind !== 'ok') throw new Error('expected an estimate');
    expect(all.report.roofline.estimate.outputTokensPerSecond).toBeCloseTo(all.report.roofline.atConcurrency.aggregateTokensPerSecond, 9);
    const half = buildHardwareReport(defaultScenario());
    if (!half.ok || half.report.roofline.estimate.kind !== 'ok') throw new Error('expected an estimate');
    const e = half.report.roofline.estimate;
    // Cycle = prefill of 48 × 6,000 uncached tokens + 2,000 decode steps.
    expect(e.outputTokensPerSecond).toBeCloseTo((48 * 2000 * 1e3) / (e.prefillMsPerCycle + e.decodeMsPerCycle), 9);
    expect(e.outputTokensPerSecond).toBeLessThan(e.decodeOnlyTokensPerSecond);
    expect(half.report.roofline.uncachedPromptTokens).toBe(6000);
  });

  it('is not applicable when the setup does not fit', () => {
    const s = defaultScenario();
    s.selfHosted.gpusPerReplica = 4;
    s.hardware.tensorParallel = 4;
    const r = buildHardwareReport(s);
    expect(r.ok && r.report.roofline.estimate).toEqual({ kind: 'not-applicable', reason: 'does-not-fit' });
  });
});
