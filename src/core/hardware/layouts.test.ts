import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import type { Scenario } from '../scenario/schema';
import { layoutFor, layoutKindsFor, pickBest, type LayoutFit } from './layouts';
import { buildHardwareReport } from './report';
import { resolveSetup } from './setup';

/** The example scenario with its overheads entered (4 + 3 GiB), which the hand arithmetic below uses. */
function enteredScenario() {
  const s = defaultScenario();
  s.hardware.overheadSource = 'entered';
  return s;
}

function scenario(selfHosted: Partial<Scenario['selfHosted']>, hardware: Partial<Scenario['hardware']>): Scenario {
  const s = enteredScenario();
  Object.assign(s.selfHosted, selfHosted);
  Object.assign(s.hardware, hardware);
  return s;
}

function report(s: Scenario) {
  const r = buildHardwareReport(s);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.report;
}

describe('which layouts are compared', () => {
  it('MLA MoE: TP + EP, DCP, DP-attention, TP; GQA MoE: TP + EP, TP; dense GQA: TP', () => {
    const model = (id: string) => {
      const r = resolveSetup(scenario({ modelId: id }, {}));
      if (!r.ok) throw new Error(id);
      return r.input.model;
    };
    expect(layoutKindsFor(model('kimi-k3'))).toEqual(['tp-ep', 'dcp', 'dp-attention', 'tp']);
    expect(layoutKindsFor(model('gpt-oss-120b'))).toEqual(['tp-ep', 'tp']);
    expect(layoutKindsFor(model('llama-3.1-70b'))).toEqual(['tp']);
  });

  it('TP is the largest power of two ≤ 8 dividing the count; the rest are pipeline stages across nodes', () => {
    const r = resolveSetup(scenario({ modelId: 'kimi-k3' }, {}));
    if (!r.ok) throw new Error('setup');
    expect(layoutFor(r.input.model, 'dcp', 16, 8)).toMatchObject({ tp: 8, pp: 2, nodes: 2, dcp: 8, dp: 1, mlaMode: 'dcp' });
    expect(layoutFor(r.input.model, 'dp-attention', 12, 4)).toMatchObject({ tp: 4, pp: 3, nodes: 3, dp: 4, dcp: 1 });
    expect(layoutFor(r.input.model, 'tp-ep', 8, 4)).toMatchObject({ tp: 8, pp: 1, nodes: 2, mlaMode: 'replicated' });
  });
});

describe('the best fitting layout', () => {
  const f = (kind: LayoutFit['kind'], fits: boolean, maxSequencesAtContext: number, headroomPerGpu: number) =>
    ({ kind, fits, maxSequencesAtContext, headroomPerGpu }) as LayoutFit;

  it('fitting beats not fitting, then more KV room, then more headroom, then the kind order', () => {
    expect(pickBest([f('tp', false, 0, 9e9), f('dp-attention', true, 1, 1)])?.kind).toBe('dp-attention');
    expect(pickBest([f('dp-attention', true, 80, 2e10), f('dcp', true, 98, 1e10)])?.kind).toBe('dcp');
    expect(pickBest([f('tp', false, 0, -5e9), f('dcp', false, 0, -1e9)])?.kind).toBe('dcp');
    // TP and TP + EP hold the same bytes: the recipes' expert parallelism wins the tie.
    expect(pickBest([f('tp', true, 4, 1e9), f('tp-ep', true, 4, 1e9)])?.kind).toBe('tp-ep');
    expect(pickBest([])).toBeNull();
  });

  it("the example (Kimi K2.6 INT4, 8× H200, 48 × 64K) uses TP8 + DCP8: 98 sequences of room against DP-attention's 80", () => {
    const r = report(enteredScenario());
    expect(r.layouts.choice).toBe('best-fit');
    expect(r.layouts.chosen).toMatchObject({ kind: 'dcp', fits: true, maxSequencesAtContext: 98 });
    expect(r.memory.layout).toMatchObject({ tp: 8, dcp: 8, dp: 1, mlaMode: 'dcp' });
    // Budget 143,771 MiB × 1,048,576 × 0.92 = 138,694,434,488 B; weights 594e9 / 8 = 74,250,000,000 B;
    // overheads 7 GiB = 7,516,192,768 B → 56,928,241,720 B for KV. One 64K sequence under DCP8:
    // 61 × 576 × 2 B × 65,536 / 8 = 575,668,224 B → ⌊98.9⌋ = 98. 48 of them: 27,632,074,752 B.
    expect(r.memory.weights.perGpuBytes).toBe(74_250_000_000);
    expect(r.memory.kv.perGpuBytes).toBe(48 * 575_668_224);
    expect(r.memory.verdict.headroomPerGpu).toBeCloseTo(138_694_434_488.32 - 74_250_000_000 - 7_516_192_768 - 48 * 575_668_224, 0);
    const dp = r.layouts.options.find((o) => o.kind === 'dp-attention');
    // DP-attention: same KV per GPU (6 sequences per rank), but ~10.8 GB of replicated attention
    // weights: one sequence per rank is 4,605,345,792 B; room 46.1 GB → 10 per rank × 8 = 80.
    expect(dp).toMatchObject({ fits: true, maxSequencesAtContext: 80, kvPerGpu: 48 * 575_668_224 });
    // Replicated MLA holds all 48 × 4.6 GB on every rank: it needs 24 GPUs.
    expect(r.layouts.options.find((o) => o.kind === 'tp-ep')).toMatchObject({ fits: false, maxSequencesAtContext: 12, minGpus: { kind: 'fits', count: 24 } });
    // The roofline uses the same layout: each cached token is read once over the 8 GPUs, at the
    // mean decode context 12,000 prompt + (800 + 1,200 reasoning) / 2 = 13,000 tokens:
    // 48 × 70,272 B × 13,000 = 43,849,728,000 B (a replicated cache would be read 8 times).
    expect(r.roofline.decodeContext).toBe(13_000);
    expect(r.roofline.atConcurrency.kvReadBytes).toBe(48 * 70_272 * 13_000);
  });

  it('a pinned layout is used as given, and the table keeps to its MLA mode', () => {
    const r = report(scenario({}, { layout: { choice: 'pinned' }, mlaKvMode: 'replicated' }));
    expect(r.layouts.chosen).toMatchObject({ kind: 'tp-ep', fits: false });
    expect(r.memory.layout.mlaMode).toBe('replicated');
    const own = r.minGpuTable.find((row) => row.selected)?.result;
    expect(own).toMatchObject({ kind: 'fits', count: 24, layout: 'tp-ep' });
    // The comparison still lists every layout at 8 GPUs.
    expect(r.layouts.options.map((o) => [o.kind, o.fits])).toEqual([
      ['tp-ep', false],
      ['dcp', true],
      ['dp-attention', true],
      ['tp', false],
    ]);
  });
});

describe('pipeline stages inside the node for models with few KV heads', () => {
  it('Qwen3-235B-A22B (4 KV heads) on 8× H200: TP4 + EP4 × PP2 holds each head once and keeps 73 sequences of room where TP8 keeps 36', () => {
    const s = scenario(
      { modelId: 'qwen3-235b-a22b', gpuId: 'h200-sxm', gpusPerReplica: 8, gpusPerNode: 8 },
      {
        weightFormat: 'bf16',
        kvFormat: 'bf16',
        contextLength: 40_960,
        concurrentSequences: 32,
        memoryUtilisation: 0.92,
        runtimeOverheadGiB: 4,
        activationGiB: 3,
        layout: { choice: 'best-fit' },
      },
    );
    const r = report(s);
    const r0 = resolveSetup(s);
    if (!r0.ok) throw new Error('setup');
    expect(layoutKindsFor(r0.input.model)).toEqual(['tp-ep', 'tp', 'tp-pp']);
    // One sequence: 94 layers × 4 KV heads × 128 × 2 (K, V) × 2 B = 192,512 B/token × 40,960 = 7,885,291,520 B.
    // TP8 over 4 heads: each head on two ranks → ÷ 4 = 1,971,322,880 B per GPU; TP4 × PP2: ÷ (4 × 2) = 985,661,440 B.
    // Budget 143,771 MiB × 1,048,576 × 0.92 = 138,694,434,488.32 B; weights 470e9 ÷ 8 = 58,750,000,000 B (either layout);
    // overheads 7 GiB = 7,516,192,768 B → 72,428,241,720.32 B left for KV: 36.7 → 36 sequences vs 73.5 → 73.
    const tp8 = r.layouts.options.find((o) => o.kind === 'tp-ep');
    const tp4pp2 = r.layouts.options.find((o) => o.kind === 'tp-pp');
    expect(tp8).toMatchObject({ layout: { tp: 8, pp: 1 }, weightsPerGpu: 58_750_000_000, maxSequencesAtContext: 36 });
    expect(tp8?.kvPerGpu).toBeCloseTo(32 * 1_971_322_880, 0);
    expect(tp4pp2).toMatchObject({ layout: { tp: 4, pp: 2, nodes: 1 }, ep: 4, weightsPerGpu: 58_750_000_000, maxSequencesAtContext: 73 });
    expect(tp4pp2?.kvPerGpu).toBeCloseTo(32 * 985_661_440, 0);
    expect(r.layouts.chosen).toMatchObject({ kind: 'tp-pp', layout: { tp: 4, pp: 2 } });
  });

  it('not offered where TP does not replicate KV heads (gpt-oss-120b: 8 KV heads on TP8), nor past the layer count', () => {
    const oss = report(scenario({ modelId: 'gpt-oss-120b', gpuId: 'h100-sxm', gpusPerReplica: 8 }, { weightFormat: 'mxfp4', layout: { choice: 'best-fit' } }));
    expect(oss.layouts.options.map((o) => o.kind)).toEqual(['tp-ep', 'tp']);
    // Qwen3-235B on 2 GPUs: TP2 does not replicate 4 KV heads, so no TP1 × PP2.
    const two = report(scenario({ modelId: 'qwen3-235b-a22b', gpuId: 'b300', gpusPerReplica: 2 }, { weightFormat: 'bf16', layout: { choice: 'best-fit' } }));
    expect(two.layouts.options.map((o) => o.kind)).toEqual(['tp-ep', 'tp']);
  });
});
