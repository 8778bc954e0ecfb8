import { describe, expect, it } from 'vitest';
import { findGpu } from '../catalog/catalog';
import { GPUS } from '../catalog/gpus';
import { defaultScenario } from '../scenario/defaults';
import type { Scenario } from '../scenario/schema';
import { weightBytes } from './model-math';
import { candidateCounts, crossesNodesWithoutNvlink, minGpusFor, minGpuTable, searchLayout } from './min-gpus';
import { resolveSetup } from './setup';

/** The example scenario with its overheads entered (4 + 3 GiB), which the hand arithmetic below uses. */
function enteredScenario() {
  const s = defaultScenario();
  s.hardware.overheadSource = 'entered';
  return s;
}

function input(selfHosted: Partial<Scenario['selfHosted']>, hardware: Partial<Scenario['hardware']>) {
  const s = enteredScenario();
  Object.assign(s.selfHosted, selfHosted);
  Object.assign(s.hardware, hardware);
  const r = resolveSetup(s);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.input;
}

const gpu = (id: string) => {
  const g = findGpu(id);
  if (!g) throw new Error(id);
  return g;
};

describe('search layout', () => {
  it('tries 1, 2, 4 and then whole nodes', () => {
    expect(candidateCounts(8).slice(0, 6)).toEqual([1, 2, 4, 8, 16, 24]);
    expect(candidateCounts(4).slice(0, 5)).toEqual([1, 2, 4, 8, 12]);
    expect(candidateCounts(1).slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(candidateCounts(8).at(-1)).toBe(1024);
  });

  it('TP is the largest power of two ≤ 8 dividing the count; the rest are pipeline stages', () => {
    const i = input({}, {});
    expect(searchLayout(i, 16, 8)).toMatchObject({ tp: 8, pp: 2, nodes: 2 });
    expect(searchLayout(i, 12, 4)).toMatchObject({ tp: 4, pp: 3, nodes: 3 });
    expect(searchLayout(i, 6, 8)).toMatchObject({ tp: 2, pp: 3, nodes: 1 });
    expect(searchLayout(i, 1, 8)).toMatchObject({ tp: 1, pp: 1, mlaMode: 'replicated' });
  });
});

describe('minimum GPUs', () => {
  // Llama-3.1-70B BF16 (141.1 GB), one 8K sequence (2.684 GB), 2 + 2 GiB overheads (4.295 GB).
  const llama = input(
    { modelId: 'llama-3.1-70b', gpuId: 'h100-sxm', gpusPerReplica: 1 },
    { weightFormat: 'bf16', tensorParallel: 1, contextLength: 8192, concurrentSequences: 1, activationGiB: 2, runtimeOverheadGiB: 2 },
  );
  const bytes = weightBytes(llama.model, 'bf16');

  it('H100 (81,559 MiB × 1,048,576 × 0.92 = 78.68 GB budget): 1 GPU needs 148.1 GB, 2 need 70.55 + 1.342 + 4.295 = 76.19 GB each → 2', () => {
    const r = minGpusFor(llama, gpu('h100-sxm'), 8, bytes);
    expect(r).toMatchObject({ kind: 'fits', count: 2, nodes: 1, tp: 2, pp: 1, multiNodeMoe: false });
    if (r.kind === 'fits') {
      expect(r.usedPerGpu).toBeCloseTo(141.1e9 / 2 + 2_684_354_560 / 2 + 4 * 2 ** 30, 0);
      expect(r.budgetPerGpu).toBeCloseTo(78_679_145_185.28, 0);
    }
    // H100 PCIe has no runtime reading: marketed 80 × 10⁹ × 0.92 = 73.6 GB < 76.19 → 4.
    expect(minGpusFor(llama, gpu('h100-pcie'), 8, bytes)).toMatchObject({ kind: 'fits', count: 4 });
  });

  it('H200 (143,771 MiB → 138.69 GB budget): 1 GPU needs 148.1 GB, 2 need 76.19 GB → 2; B200 (183,359 MiB → 176.88 GB) → 1', () => {
    expect(minGpusFor(llama, gpu('h200-sxm'), 8, bytes)).toMatchObject({ kind: 'fits', count: 2 });
    expect(minGpusFor(llama, gpu('b200'), 8, bytes)).toMatchObject({ kind: 'fits', count: 1 });
  });

  it('RTX 4090 (24,564 MiB → 23.70 GB budget, one per node): 143.78 GB / n + 4.295 ≤ 23.70 → n ≥ 7.41 → 8 GPUs in 8 nodes', () => {
    // 24,564 × 1,048,576 × 0.92 = 23,696,643,194.88 B; at 7 GPUs 20.54 + 4.30 = 24.84 GB does not fit.
    expect(minGpusFor(llama, gpu('rtx-4090'), 1, bytes)).toMatchObject({ kind: 'fits', count: 8, nodes: 8, tp: 8, pp: 1 });
  });

  it('stops at 16 pipeline stages: no TP1 × PP51 on single-GPU nodes (Kimi K2.6 INT4 on RTX 5090)', () => {
    // The example scenario (594 GB, 48 × 64K sequences, 4 + 3 GiB) on 32 GB cards that sit one per
    // node (budget 32e9 × 0.92 = 29.44e9 B). Without the stage limit the first count that holds it
    // is 51 = TP1 × PP51; counts with more than 16 stages are skipped: 40 = TP8 + DCP8 × PP5 holds 594e9 / 40 =
    // 14.85e9 + 7,516,192,768 + KV 48 × 65,536 × 70,272 B / (8 × 5) = 5,526,429,696 → 27.89e9 B;
    // 36 = TP4 × PP9 needs 16.5e9 + 7.52e9 + 6.14e9 = 30.16e9 B, 32 = TP8 × PP4 32.99e9 B.
    const k = input({ gpuId: 'rtx-5090', gpusPerReplica: 1, gpusPerNode: 1 }, { runtimeOverheadGiB: 4, activationGiB: 3 });
    const r = minGpusFor(k, gpu('rtx-5090'), 1, weightBytes(k.model, k.weightFormat));
    expect(r).toMatchObject({ kind: 'fits', count: 40, tp: 8, pp: 5, layout: 'dcp', tpSpansNodes: true, multiNodeMoe: true });
    if (r.kind === 'fits') expect(r.usedPerGpu).toBeCloseTo(594e9 / 40 + 7 * 2 ** 30 + (48 * 65_536 * 70_272) / 40, 0);
  });

  it('marks MoE setups that span nodes', () => {
    // Kimi K2 FP8: 1,030 GB / 16 = 64.4 GB per H100 — two 8-GPU nodes.
    const k2 = input(
      { modelId: 'kimi-k2', gpuId: 'h100-sxm', gpusPerReplica: 8 },
      { weightFormat: 'fp8', kvFormat: 'fp8', mlaKvMode: 'dp-attention', contextLength: 4096, concurrentSequences: 8, activationGiB: 1, runtimeOverheadGiB: 1 },
    );
    const r = minGpusFor(k2, gpu('h100-sxm'), 8, weightBytes(k2.model, 'fp8'));
    expect(r.kind === 'fits' && r.count >= 16 && r.multiNodeMoe).toBe(true);
  });

  it("reports 'none' past 16 pipeline stages: every count above 16 × 8 = 128 GPUs has more", () => {
    const huge = input({ modelId: 'kimi-k2' }, { weightFormat: 'bf16', mlaKvMode: 'replicated', contextLength: 100_000_000, concurrentSequences: 10_000 });
    expect(minGpusFor(huge, gpu('h200-sxm'), 8, weightBytes(huge.model, 'bf16'))).toEqual({ kind: 'none', checkedUpTo: 128, limit: 'pipeline-stages' });
  });

  it('covers every GPU of the catalog and marks the selected one', () => {
    const rows = minGpuTable(llama);
    expect(rows.map((r) => r.gpuId)).toEqual(GPUS.map((g) => g.id));
    expect(rows.filter((r) => r.selected).map((r) => r.gpuId)).toEqual(['h100-sxm']);
    for (const r of rows) expect(r.source.title.length).toBeGreaterThan(0);
    // Bigger memory never needs more GPUs for the same model (same node size).
    const count = (id: string) => {
      const row = rows.find((r) => r.gpuId === id);
      return row?.result.kind === 'fits' ? row.result.count : Infinity;
    };
    expect(count('b300')).toBeLessThanOrEqual(count('b200'));
    expect(count('b200')).toBeLessThanOrEqual(count('h200-sxm'));
    expect(count('h200-sxm')).toBeLessThanOrEqual(count('h100-sxm'));
  });
});

describe('interconnect', () => {
  it('an MoE replica over several nodes needs RDMA, unless one NVL72 domain holds it', () => {
    const gb200 = gpu('gb200');
    // 8 GB200 GPUs = 2 trays of 4, inside the 72-GPU NVLink domain.
    expect(crossesNodesWithoutNvlink(true, 2, 8, gb200)).toBe(false);
    // 80 GPUs exceed the domain.
    expect(crossesNodesWithoutNvlink(true, 20, 80, gb200)).toBe(true);
    // Two HGX H100 nodes: the NVLink domain is 8.
    expect(crossesNodesWithoutNvlink(true, 2, 16, gpu('h100-sxm'))).toBe(true);
    // Dense models and single nodes never.
    expect(crossesNodesWithoutNvlink(false, 2, 16, gpu('h100-sxm'))).toBe(false);
    expect(crossesNodesWithoutNvlink(true, 1, 8, gpu('h100-sxm'))).toBe(false);
  });
});
