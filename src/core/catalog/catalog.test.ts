import { describe, it, expect } from 'vitest';
import { API_OFFERS, ARTICLE_SOURCES } from './api-offers';
import { ageInMonths, defaultRentFor, findApiOffer, findGpu, findGpuPrice, findModel, isIsoDate, isStale, pricesForGpu, purchasesForGpu } from './catalog';
import { GPU_PRICES } from './gpu-prices';
import { GPUS } from './gpus';
import { MODELS } from './models';
import { GPU_PURCHASES } from './purchases';
import type { AttentionGroup } from '../scenario/model-spec';
import { modelSpecSchema } from '../scenario/model-spec';
import type { SourceRef } from './types';

/** The catalog is reviewed against this date; nothing may claim to be checked later. */
const REVIEW_DATE = '2026-12-01';

const LISTS = {
  GPUS,
  MODELS,
  API_OFFERS,
  GPU_PRICES,
  GPU_PURCHASES,
} as const;

function allSources(): { id: string; source: SourceRef }[] {
  const out: { id: string; source: SourceRef }[] = [];
  for (const list of Object.values(LISTS)) for (const r of list) out.push({ id: r.id, source: r.source });
  for (const g of GPUS) if (g.tdpSource) out.push({ id: `${g.id} (tdp)`, source: g.tdpSource });
  for (const g of GPUS) if (g.reportedMemory) out.push({ id: `${g.id} (memory)`, source: g.reportedMemory.source });
  return out;
}

/** Independent arithmetic for KV bytes per token (context-growing layers only), per hardware.md §2.1. */
function kvBytesPerToken(groups: readonly AttentionGroup[], bytesPerElement: number): number {
  let total = 0;
  for (const g of groups) {
    if (g.kind === 'mla') total += g.layers * (g.kvLoraRank + g.ropeDim) * bytesPerElement;
    if (g.kind === 'gqa') total += 2 * g.layers * g.kvHeads * g.headDim * bytesPerElement;
  }
  return total;
}

function model(id: string) {
  const m = findModel(id);
  if (!m) throw new Error(`missing model ${id}`);
  return m;
}

function gpu(id: string) {
  const g = findGpu(id);
  if (!g) throw new Error(`missing gpu ${id}`);
  return g;
}

describe('catalog integrity', () => {
  it.each(Object.entries(LISTS))('%s has unique, kebab-case ids', (_name, list) => {
    const ids = list.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/);
  });

  it('every source has a title and a valid ISO checked date not after the review date', () => {
    for (const { id, source } of allSources()) {
      expect(source.title.length, id).toBeGreaterThan(0);
      expect(isIsoDate(source.checked), `${id}: ${source.checked}`).toBe(true);
      expect(source.checked <= REVIEW_DATE, `${id}: ${source.checked}`).toBe(true);
      expect(ageInMonths(source.checked, REVIEW_DATE), id).toBeGreaterThanOrEqual(0);
    }
  });

  it('article sources are dated and of kind article', () => {
    for (const source of Object.values(ARTICLE_SOURCES)) {
      expect(source.kind).toBe('article');
      expect(isIsoDate(source.checked)).toBe(true);
    }
  });

  it('GPU figures are finite and positive', () => {
    for (const g of GPUS) {
      for (const v of [g.memoryGB, g.bandwidthTBps, g.tflops.bf16, g.gpusPerNode, g.interconnect.domainSize]) {
        expect(Number.isFinite(v) && v > 0, `${g.id}: ${v}`).toBe(true);
      }
      for (const v of [g.tflops.fp8, g.tflops.fp4, g.tdpW, g.interconnect.scaleUpGBps]) {
        if (v !== null) expect(Number.isFinite(v) && v > 0, `${g.id}: ${v}`).toBe(true);
      }
      // Lower precisions are never slower than higher ones.
      if (g.tflops.fp8 !== null) expect(g.tflops.fp8).toBeGreaterThanOrEqual(g.tflops.bf16);
      if (g.tflops.fp4 !== null) expect(g.tflops.fp4).toBeGreaterThanOrEqual(g.tflops.fp8 ?? g.tflops.bf16);
    }
  });

  it('every model satisfies the ModelSpec schema and its own layer count', () => {
    for (const m of MODELS) {
      const { id: _id, vendor: _vendor, variants, source: _source, ...spec } = m;
      const parsed = modelSpecSchema.safeParse(spec);
      expect(parsed.success, `${m.id}: ${parsed.error?.message ?? ''}`).toBe(true);
      expect(
        m.attention.reduce((n, g) => n + g.layers, 0),
        m.id,
      ).toBe(m.layers);
      if (m.moe) expect(m.moe.moeLayers).toBeLessThanOrEqual(m.layers);
      if (m.checkpointBytes !== null) expect(Number.isFinite(m.checkpointBytes) && m.checkpointBytes > 0).toBe(true);
      for (const v of variants ?? []) {
        if (v.checkpointBytes !== null) expect(Number.isFinite(v.checkpointBytes) && v.checkpointBytes > 0).toBe(true);
      }
    }
  });

  it('prices and purchases are finite and positive, ranges ordered', () => {
    for (const o of API_OFFERS) {
      for (const v of [o.priceInputPerM, o.priceOutputPerM]) expect(Number.isFinite(v) && v > 0, o.id).toBe(true);
      if (o.priceCachedInputPerM !== null) {
        expect(Number.isFinite(o.priceCachedInputPerM) && o.priceCachedInputPerM > 0, o.id).toBe(true);
        expect(o.priceCachedInputPerM, o.id).toBeLessThanOrEqual(o.priceInputPerM);
      }
      if (o.invoice !== undefined) {
        expect(o.invoice.perListUnit, o.id).toBeGreaterThan(0);
        expect(o.invoice.currency, `${o.id} invoices in its list currency: no peg needed`).not.toBe(o.listCurrency);
      }
    }
    for (const p of GPU_PRICES) expect(Number.isFinite(p.usdPerGpuHour) && p.usdPerGpuHour > 0, p.id).toBe(true);
    for (const p of GPU_PURCHASES) {
      expect(Number.isFinite(p.usdLow) && p.usdLow > 0, p.id).toBe(true);
      expect(p.usdHigh, p.id).toBeGreaterThanOrEqual(p.usdLow);
      if (p.powerW !== null) expect(Number.isFinite(p.powerW) && p.powerW > 0, p.id).toBe(true);
    }
  });

  it('every referenced gpuId and modelId exists', () => {
    for (const p of GPU_PRICES) expect(findGpu(p.gpuId), p.id).toBeDefined();
    for (const p of GPU_PURCHASES) expect(findGpu(p.gpuId), p.id).toBeDefined();
    for (const o of API_OFFERS) if (o.modelId !== null) expect(findModel(o.modelId), o.id).toBeDefined();
  });
});

describe('lookups', () => {
  it('find records by id and return undefined when missing', () => {
    expect(findGpu('h200-sxm')?.name).toContain('H200');
    expect(findModel('kimi-k3')?.name).toBe('Kimi K3');
    expect(findApiOffer('moonshot-kimi-k2.6')?.priceOutputPerM).toBe(4);
    expect(findGpuPrice('h200-crusoe-on-demand')?.usdPerGpuHour).toBe(4.29);
    expect(findGpu('nope')).toBeUndefined();
    expect(findModel('nope')).toBeUndefined();
    expect(findApiOffer('nope')).toBeUndefined();
    expect(findGpuPrice('nope')).toBeUndefined();
  });

  it('lists prices and purchases per GPU', () => {
    const h100 = pricesForGpu('h100-sxm');
    expect(h100.length).toBeGreaterThan(5);
    expect(h100.every((p) => p.gpuId === 'h100-sxm')).toBe(true);
    expect(new Set(pricesForGpu('mi355x').map((p) => p.tier))).toEqual(new Set(['tco-hyperscaler', 'tco-neocloud', 'rental-3yr']));
    expect(purchasesForGpu('gb200')).toHaveLength(1);
    expect(pricesForGpu('nope')).toEqual([]);
    expect(purchasesForGpu('nope')).toEqual([]);
  });
});

describe('facts from the references, checked by independent arithmetic', () => {
  it('Kimi K2 MLA KV cache is 61 × (512 + 64) × 2 = 70,272 B/token in BF16', () => {
    expect(kvBytesPerToken(model('kimi-k2').attention, 2)).toBe(61 * (512 + 64) * 2);
    expect(kvBytesPerToken(model('kimi-k2').attention, 2)).toBe(70_272);
    expect(kvBytesPerToken(model('deepseek-v3').attention, 1)).toBe(35_136);
  });

  it('MiniMax-M2 GQA KV cache is 2 × 62 × 8 × 128 × 2 = 253,952 B/token, ≈ vendor "240 GB per 1M tokens"', () => {
    const perToken = kvBytesPerToken(model('minimax-m2').attention, 2);
    expect(perToken).toBe(253_952);
    expect((perToken * 1e6) / 2 ** 30).toBeCloseTo(236.5, 1);
    expect(model('minimax-m2').checkpointBytes).toBe(220e9);
  });

  it('other KV figures of hardware.md §2.1', () => {
    expect(kvBytesPerToken(model('llama-3.1-70b').attention, 2)).toBe(327_680);
    expect(kvBytesPerToken(model('llama-3.1-405b').attention, 2)).toBe(516_096);
    expect(kvBytesPerToken(model('qwen3-235b-a22b').attention, 2)).toBe(192_512);
    expect(kvBytesPerToken(model('glm-4.5').attention, 2)).toBe(376_832);
    // gpt-oss: only the 18 full-attention layers grow with context.
    expect(kvBytesPerToken(model('gpt-oss-120b').attention, 2)).toBe(36_864);
    // Kimi K3: MLA part 24 × 576 × 2; KDA state 69 × 96 × 128 × 128 × 2 B = 207 MiB per sequence.
    const k3 = model('kimi-k3');
    expect(kvBytesPerToken(k3.attention, 2)).toBe(27_648);
    const kda = k3.attention.find((g) => g.kind === 'linear');
    expect(kda && kda.kind === 'linear' ? (kda.layers * kda.heads * kda.keyDim * kda.valueDim * 2) / 2 ** 20 : 0).toBe(207);
  });

  it('checkpoint sizes', () => {
    expect(model('kimi-k3').checkpointBytes).toBe(1_560_936_091_448);
    expect(model('kimi-k3').checkpointBytes! / 2 ** 30).toBeCloseTo(1453.7, 1);
    expect(model('gpt-oss-120b').checkpointBytes! / 2 ** 30).toBeCloseTo(60.8, 2);
    expect(model('kimi-k2.6').checkpointBytes).toBe(594e9);
    expect(model('kimi-k2.6').maxContext).toBe(262_144);
    // Llama 70B BF16 = params × 2 bytes.
    expect(model('llama-3.1-70b').checkpointBytes).toBeCloseTo(model('llama-3.1-70b').totalParamsB * 2e9, -6);
  });

  it('MoE layer counts follow first_k_dense_replace', () => {
    expect(model('kimi-k2').moe?.moeLayers).toBe(61 - 1);
    expect(model('deepseek-v3').moe?.moeLayers).toBe(61 - 3);
    expect(model('glm-4.5').moe?.moeLayers).toBe(92 - 3);
    expect(model('kimi-k3').moe?.moeLayers).toBe(93 - 1);
  });

  it('GPU facts', () => {
    expect(gpu('h200-sxm').memoryGB).toBe(141);
    expect(gpu('h100-sxm').bandwidthTBps).toBe(3.35);
    expect(gpu('gb200').interconnect.domainSize).toBe(72);
    expect(gpu('gb300').gpusPerNode).toBe(4);
    expect(gpu('a100-80gb-sxm').tflops.fp8).toBeNull();
    // Memory as nvidia-smi memory.total reports it (anchors reference 2026-12, "GPU memory as the
    // runtime reports it"): H100 81,559 MiB (modal-labs/modal-client PR #2797), H200 143,771 MiB.
    expect(gpu('h100-sxm').reportedMemory?.mib).toBe(81_559);
    expect(gpu('h200-sxm').reportedMemory?.mib).toBe(143_771);
    expect(gpu('h100-pcie').reportedMemory).toBeNull();
    // RTX 4090: nvidia-smi prints "24564MiB" (thamada/nvidia-smi package/RTX4090_smi.py, driver
    // 550.127.05; vllm-project/vllm #7553 "23859MiB / 24564MiB"), not 24 × 10⁹ B: 25.76 GB.
    expect(gpu('rtx-4090').reportedMemory?.mib).toBe(24_564);
    expect(24_564 * 2 ** 20).toBe(25_757_220_864);
    // MI300X: the cited deviceQuery prints "[GPU 0] 196592: Total Global Memory (MB)" (HIP
    // totalGlobalMem); 196,608 MiB is the 192 GiB of HBM, which no reading on record shows.
    expect(gpu('mi300x').reportedMemory?.mib).toBe(196_592);
    expect(gpu('mi300x').reportedMemory?.source.note).toMatch(/HIP totalGlobalMem 196,592 MiB/);
    expect(gpu('mi300x').reportedMemory?.source.note).not.toMatch(/reports 196,608/);
    // Every reading is at least the marketed label (the label is rounded down, never up):
    // L40S 46,068 MiB = 48.31 GB ≥ 48 GB is the closest.
    for (const g of GPUS) if (g.reportedMemory) expect(g.reportedMemory.mib * 2 ** 20, g.id).toBeGreaterThanOrEqual(g.memoryGB * 1e9);
    // The article-000 claim "8× H100 80GB holds Kimi K2 FP8" fails even on the reported memory:
    // 8 × 85,520,809,984 B = 684.2 GB < 1.03 TB; 4 × 150,754,820,096 B = 603.0 GB < 1.03 TB.
    expect(8 * gpu('h100-sxm').reportedMemory!.mib * 2 ** 20).toBeLessThan(model('kimi-k2').checkpointBytes!);
    expect(4 * gpu('h200-sxm').reportedMemory!.mib * 2 ** 20).toBeLessThan(model('kimi-k2').checkpointBytes!);
  });

  it('prices the brief pins down', () => {
    expect(findApiOffer('moonshot-kimi-k3')).toMatchObject({ priceInputPerM: 3, priceCachedInputPerM: 0.3, priceOutputPerM: 15 });
    expect(findApiOffer('openai-gpt-5.5')).toMatchObject({ priceInputPerM: 5, priceCachedInputPerM: 0.5, priceOutputPerM: 30 });
    // Article 000's relay: USD list prices, invoiced ¥1 per $1 listed.
    expect(findApiOffer('holysheep-kimi-k2-article-000')).toMatchObject({
      listCurrency: 'USD',
      invoice: { currency: 'CNY', perListUnit: 1 },
      channel: 'relay',
    });
    expect(findGpuPrice('h100-article-000')?.usdPerGpuHour).toBe(32 / 8);
    expect(findGpuPrice('h100-article-004')?.usdPerGpuHour).toBeCloseTo(4.82 / 8, 10);
    // Kimi K3 worked example of SPEC §8: 300k input + 30k output.
    const k3 = findApiOffer('moonshot-kimi-k3')!;
    expect(0.3 * k3.priceInputPerM + 0.03 * k3.priceOutputPerM).toBeCloseTo(1.35, 10);
    expect(0.3 * k3.priceCachedInputPerM! + 0.03 * k3.priceOutputPerM).toBeCloseTo(0.54, 10);
  });
});

describe('ageInMonths and isStale', () => {
  it('counts calendar months', () => {
    expect(ageInMonths('2026-05-30', '2026-11-30')).toBe(6);
    expect(ageInMonths('2026-11-30', '2026-11-30')).toBe(0);
    expect(ageInMonths('2025-11-30', '2026-11-30')).toBe(12);
    expect(ageInMonths('2026-01-31', '2026-02-28')).toBe(1);
    expect(ageInMonths('2026-08-01', '2026-11-30')).toBeCloseTo(3 + 29 / 30, 10);
    expect(ageInMonths('2026-12-30', '2026-11-30')).toBe(-1);
  });

  it('flags figures older than six months', () => {
    expect(isStale('2026-05-22', '2026-11-30')).toBe(true);
    expect(isStale('2026-08-01', '2026-11-30')).toBe(false);
  });

  it('has its boundary at exactly six months', () => {
    expect(isStale('2026-05-30', '2026-11-30')).toBe(false);
    expect(isStale('2026-05-29', '2026-11-30')).toBe(true);
    expect(isStale('2026-05-31', '2026-11-30')).toBe(false);
    expect(isStale('2026-08-30', '2026-11-30', 3)).toBe(false);
    expect(isStale('2026-08-29', '2026-11-30', 3)).toBe(true);
  });

  it('rejects dates that are not calendar dates', () => {
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(() => ageInMonths('yesterday', '2026-11-30')).toThrow(RangeError);
  });

  it('a GPU starts at the median of its on-demand rates, not at the first one listed', () => {
    // H200 on demand, 22 rates from $1.99 to $13.09: the 11th of them sorted is Crusoe's $4.29.
    expect(defaultRentFor('h200-sxm')?.id).toBe('h200-crusoe-on-demand');
    // B200: 5.50, 5.89, 6.69, 6.69, 8.19, 8.60, 14.24 → the 4th, $6.69 (AWS $14.24 is listed first).
    expect(defaultRentFor('b200')?.usdPerGpuHour).toBe(6.69);
    expect(defaultRentFor('no-such-gpu')).toBeUndefined();
  });
});
