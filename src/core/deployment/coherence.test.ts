import { describe, expect, it } from 'vitest';
import { PUBLISHED_SERIES } from '../catalog/published-measurements.data';
import { seriesFromPublished } from '../capacity/series';
import { storeSeries } from '../capacity/stored';
import { buildHardwareReport } from '../hardware/report';
import { presetScenario } from '../presets/presets';
import { defaultScenario } from '../scenario/defaults';
import type { Scenario } from '../scenario/schema';
import { evaluateTco } from '../tco/evaluate';
import { applyFix, coherence, deploymentSummary, type CoherenceContext, type CoherenceFlag } from './coherence';

function flagsOf(s: Scenario, context?: CoherenceContext): CoherenceFlag[] {
  return coherence(s, { hardware: buildHardwareReport(s), tco: evaluateTco(s) }, context);
}

function only<C extends CoherenceFlag['code']>(flags: CoherenceFlag[], code: C): Extract<CoherenceFlag, { code: C }> {
  const found = flags.filter((f) => f.code === code);
  expect(found).toHaveLength(1);
  return found[0] as Extract<CoherenceFlag, { code: C }>;
}

const KIMI_B200 = PUBLISHED_SERIES.find((p) => p.id === 'amd-rocm-kimi-k2.5-nvfp4-b200-vllm-tp4-lmcache-agentic');

describe('one deployment, one story', () => {
  it('the example scenario tells one story: no flags, and the summary names each side', () => {
    const s = defaultScenario();
    expect(flagsOf(s)).toEqual([]);
    const summary = deploymentSummary(s, { hardware: buildHardwareReport(s) });
    expect(summary.model).toEqual({ id: 'kimi-k2.6', name: 'Kimi K2.6' });
    expect(summary.gpu).toEqual({ id: 'h200-sxm', name: 'NVIDIA H200 SXM' });
    expect([summary.gpusPerReplica, summary.replicas, summary.fits]).toEqual([8, 1, true]);
    expect(summary.api).toEqual({ provider: 'Moonshot AI', model: 'Kimi K2.6', offerId: 'moonshot-kimi-k2.6', modelId: 'kimi-k2.6' });
    expect(summary.throughput).toMatchObject({ kind: 'entered', fromSeries: false, modelId: 'kimi-k2.6', gpuId: 'h200-sxm', tokensPerSecond: 2_300 });
    // On demand it pays Crusoe's catalog rate and no reserved one.
    expect(summary.cost).toMatchObject({ mode: 'rent', usd: 4.29, reservedUsd: null, billing: 'on-demand', provider: 'Crusoe', custom: false });
  });

  it('reserved and mixed billing name the reserved rate they pay beside the on-demand one', () => {
    for (const mode of ['reserved', 'mixed'] as const) {
      const s = defaultScenario();
      s.selfHosted.billing = { ...s.selfHosted.billing, mode, reservedPrice: 2.8 };
      expect(deploymentSummary(s, { hardware: buildHardwareReport(s) }).cost).toMatchObject({ usd: 4.29, reservedUsd: 2.8, billing: mode });
    }
  });

  it('does-not-fit: Kimi K3 on 8× H200 would not start, and the fix is the next count that fits', () => {
    const s = defaultScenario();
    s.selfHosted.modelId = 'kimi-k3';
    s.api = { ...s.api, model: 'Kimi K3', offerId: 'moonshot-kimi-k3' };
    const flag = only(flagsOf(s), 'does-not-fit');
    expect(flag).toMatchObject({ severity: 'blocker', model: 'Kimi K3', gpu: 'NVIDIA H200 SXM', gpus: 8 });
    // 1.561 TB of weights over 8 GPUs is 195 GB each, more than a 141 GB H200 holds.
    expect(flag.shortPerGpuBytes).toBeGreaterThan(195e9 - 141e9 * 0.92);
    // The weights alone need 1,561 ÷ (141 × 0.92) = 12.03 GPUs; counts beyond one node step by
    // whole nodes of 8, so 16.
    expect(flag.fix).toEqual({ kind: 'gpus-per-replica', gpus: 16 });
    const fixed = applyFix(s, flag.fix ?? { kind: 'reasoning-none' });
    expect(fixed.selfHosted.gpusPerReplica).toBe(16);
    expect(flagsOf(fixed).map((f) => f.code)).not.toContain('does-not-fit');
    // The input is not changed.
    expect(s.selfHosted.gpusPerReplica).toBe(8);
  });

  it('kv-short: MiniMax M2 on 8× H100 starts but holds fewer than 48 sequences of 64K: a warning, not a blocker', () => {
    const s = presetScenario('a004-m27-gpt55');
    expect([s.selfHosted.modelId, s.selfHosted.gpuId, s.selfHosted.gpusPerReplica, s.hardware.contextLength, s.hardware.concurrentSequences]).toEqual([
      'minimax-m2',
      'h100-sxm',
      8,
      65_536,
      48,
    ]);
    const flags = flagsOf(s);
    expect(flags.map((f) => f.code)).not.toContain('does-not-fit');
    const flag = only(flags, 'kv-short');
    expect(flag).toMatchObject({ severity: 'warning', wanted: 48, context: 65_536, gpus: 8 });
    // Room per H100: 78,679,145,185.28 B budget − 16,795,161,290.32 B of weights − the estimated
    // overheads (sampler 1,024 × 200,064 × 38 = 7,784,890,368 B; 0.3 + 1.33 GiB non-torch and TP
    // buffers + 51 × 24 MiB graphs = 3,033,656,197.12 B) = 51,065,437,329.84 B. Our 65,536-token
    // sequence, 253,952 B × 65,536 ÷ 8 = 2,080,374,784 B per GPU → 24; MiniMax's own ~240 GB per 1M
    // tokens (1,966,080,000 B per GPU) would give 25.
    expect(flag.sequences).toBe(24);
    expect(Math.floor(51_065_437_329.84 / 1_966_080_000)).toBe(25);
    expect(flag.fix).toEqual({ kind: 'gpus-per-replica', gpus: 16 });
    // Article 004 compares it with GPT-5.5 at the same acceptance: the API serves another model.
    expect(only(flags, 'api-model').apiModel).toBe('GPT-5.5 (per article 004)');
  });

  it('throughput-model and throughput-gpu: a series published for Kimi K2.5 on 4× B200 sizing Kimi K2.6 on H200', () => {
    expect(KIMI_B200).toBeDefined();
    const s = defaultScenario();
    s.selfHosted.capacity = { ...s.selfHosted.capacity, series: storeSeries(seriesFromPublished(KIMI_B200 as NonNullable<typeof KIMI_B200>)) };
    const flags = flagsOf(s);
    expect(only(flags, 'throughput-model')).toMatchObject({ measured: 'Kimi-K2.5-NVFP4', model: 'Kimi K2.6' });
    // Each named as its source names it.
    const gpu = only(flags, 'throughput-gpu');
    expect(gpu).toMatchObject({ measured: 'NVIDIA B200', gpu: 'NVIDIA H200 SXM' });
    // The fix: the roofline estimate of this model on this GPU as the series.
    expect(gpu.fix?.kind).toBe('roofline-series');
    const fixed = applyFix(s, gpu.fix as NonNullable<typeof gpu.fix>);
    expect(fixed.selfHosted.capacity.series?.kind).toBe('estimated');
    expect(fixed.selfHosted.capacity.series?.label).toBe('Kimi K2.6 · 8× NVIDIA H200 SXM · roofline');
    expect(flagsOf(fixed).filter((f) => f.code.startsWith('throughput'))).toEqual([]);
  });

  it('a name the catalog does not know is another model or GPU unless it says ours', () => {
    const s = defaultScenario();
    s.selfHosted.modelId = 'kimi-k3';
    s.selfHosted.gpuId = 'gb300';
    const measured = storeSeries(seriesFromPublished(KIMI_B200 as NonNullable<typeof KIMI_B200>));
    s.selfHosted.capacity = {
      ...s.selfHosted.capacity,
      series: { ...measured, kind: 'measured', libraryId: null, publisher: null, model: 'meta-llama/Llama-3.1-8B-Instruct', hardware: 'TPU v5e' },
    };
    const flags = flagsOf(s);
    expect(only(flags, 'throughput-model')).toMatchObject({ measured: 'meta-llama/Llama-3.1-8B-Instruct', model: 'Kimi K3' });
    expect(only(flags, 'throughput-gpu')).toMatchObject({ measured: 'TPU v5e', gpu: 'NVIDIA GB300 (NVL72)' });
    // Names that say ours, in a form the catalog does not list, are ours.
    s.selfHosted.capacity = {
      ...s.selfHosted.capacity,
      series: { ...measured, kind: 'measured', libraryId: null, publisher: null, model: 'kimi-k3-int4-w4a16 (our build)', hardware: 'GB300 rack 4' },
    };
    expect(flagsOf(s).filter((f) => f.code.startsWith('throughput'))).toEqual([]);
  });

  it("rent-gpu: the GPU became a GB300 and the rent is still Crusoe's H200 rate; the fix is the GB300's median catalog rate", () => {
    const s = defaultScenario();
    s.selfHosted.modelId = 'kimi-k3';
    s.selfHosted.gpuId = 'gb300';
    s.api = { ...s.api, offerId: 'moonshot-kimi-k3', model: 'Kimi K3' };
    const flag = only(flagsOf(s), 'rent-gpu');
    expect(flag).toMatchObject({ provider: 'Crusoe', usd: 4.29, rateGpu: 'NVIDIA H200 SXM', gpu: 'NVIDIA GB300 (NVL72)' });
    // The catalog holds one GB300 rate (SemiAnalysis' neocloud TCO, $3.30 per GPU-hour).
    expect(flag.fix).toMatchObject({ kind: 'rent-rate', priceId: 'gb300-semianalysis-tco-neocloud', usdPerGpuHour: 3.3 });
    const fixed = applyFix(s, flag.fix as NonNullable<typeof flag.fix>);
    expect([fixed.selfHosted.rentPriceId, fixed.selfHosted.rentPrice]).toEqual(['gb300-semianalysis-tco-neocloud', 3.3]);
    expect(flagsOf(fixed).map((f) => f.code)).not.toContain('rent-gpu');
  });

  it('throughput-gpu: a figure entered for the H200 after the GPU became a B200', () => {
    const s = defaultScenario();
    s.selfHosted.gpuId = 'b200';
    const context: CoherenceContext = { throughputFor: { modelId: 'kimi-k2.6', gpuId: 'h200-sxm' } };
    expect(only(flagsOf(s, context), 'throughput-gpu')).toMatchObject({ measured: 'NVIDIA H200 SXM', gpu: 'NVIDIA B200 (HGX)' });
    // Without the tab's record the figure is taken as the scenario's own.
    expect(flagsOf(s).map((f) => f.code)).not.toContain('throughput-gpu');
  });

  it('api-model: DeepSeek V3 from the API against Kimi K2.6 self-hosted at the same acceptance', () => {
    const s = defaultScenario();
    s.api = { ...s.api, offerId: 'deepseek-v3', provider: 'DeepSeek', model: 'DeepSeek V3 (deepseek-chat)' };
    s.workload.acceptanceApi = 0.9;
    s.workload.acceptanceSelfHosted = 0.9;
    const flag = only(flagsOf(s), 'api-model');
    expect(flag).toMatchObject({ apiModel: 'DeepSeek V3 (deepseek-chat)', model: 'Kimi K2.6' });
    expect(flag.fix).toEqual({ kind: 'api-offer', offerId: 'moonshot-kimi-k2.6', provider: 'Moonshot AI', model: 'Kimi K2.6' });
    const fixed = applyFix(s, flag.fix as NonNullable<typeof flag.fix>);
    expect([fixed.api.offerId, fixed.api.priceInputPerM, fixed.api.priceOutputPerM]).toEqual(['moonshot-kimi-k2.6', 0.95, 4.0]);
    // An acceptance difference entered says the two models were compared: no flag.
    s.workload.acceptanceApi = 0.93;
    expect(flagsOf(s).map((f) => f.code)).not.toContain('api-model');
    // A custom offer whose model the catalog does not know is another model.
    const custom = defaultScenario();
    custom.api = { ...custom.api, offerId: null, model: 'gpt-4o' };
    custom.workload.acceptanceApi = custom.workload.acceptanceSelfHosted;
    expect(only(flagsOf(custom), 'api-model').apiModel).toBe('gpt-4o');
  });

  it('lengths-differ: a figure for 1,000 / 100 tokens cannot size 12,000 / 2,000 without a prefill rate', () => {
    const s = defaultScenario();
    s.selfHosted.throughput = { ...s.selfHosted.throughput, atInputTokens: 1_000, atOutputTokens: 100, prefillTokensPerSecond: null };
    // Workload: 12,000 in, 800 out + 1,200 reasoning = 2,000 out per request.
    expect(only(flagsOf(s), 'lengths-differ')).toMatchObject({
      severity: 'blocker',
      at: { input: 1_000, output: 100 },
      workload: { input: 12_000, output: 2_000 },
    });
    // Blockers come first.
    s.selfHosted.modelId = 'kimi-k3';
    expect(
      flagsOf(s)
        .slice(0, 2)
        .map((f) => f.code)
        .sort(),
    ).toEqual(['does-not-fit', 'lengths-differ']);
    // With a prefill rate the figure is carried over: no flag.
    const carried = defaultScenario();
    carried.selfHosted.throughput = { ...carried.selfHosted.throughput, atInputTokens: 1_000, atOutputTokens: 100, prefillTokensPerSecond: 25_000 };
    expect(flagsOf(carried).map((f) => f.code)).not.toContain('lengths-differ');
  });

  it('reasoning-twice: 1,200 reasoning tokens on top of an output read from usage files', () => {
    const s = defaultScenario();
    s.usage.source = { files: ['openai-usage.json'], firstDay: '2026-11-01', lastDay: '2026-11-28', timeZone: 'UTC', models: [], profile: 'median' };
    const flag = only(flagsOf(s), 'reasoning-twice');
    expect(flag).toMatchObject({ reasoningTokens: 1_200, files: 'openai-usage.json' });
    const fixed = applyFix(s, flag.fix);
    expect(fixed.workload.reasoningMode).toBe('none');
    expect(flagsOf(fixed).map((f) => f.code)).not.toContain('reasoning-twice');
    // A hand-entered workload adds reasoning to an output that does not hold it: no flag.
    expect(flagsOf(defaultScenario())).toEqual([]);
  });
});
