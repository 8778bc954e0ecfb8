import type { GpuRecord } from '../catalog/types';
import { memoryBreakdown } from '../hardware/fit';
import { maxConcurrency } from '../hardware/frontier';
import { layoutKindsFor, layoutsAt, pickBest, type LayoutFit, type LayoutKind } from '../hardware/layouts';
import { crossesNodesWithoutNvlink, minGpusFor } from '../hardware/min-gpus';
import { weightBytes, type WeightBytes } from '../hardware/model-math';
import { rooflineReport } from '../hardware/report';
import type { FitInput, HardwareScenario } from '../hardware/setup';
import { seriesFromRoofline } from '../capacity/roofline-series';
import { storeSeries } from '../capacity/stored';
import type { StoredSeries } from '../schemas/stored-capacity';

/**
 * The replica shapes of the plan search (docs/plans.md §1): for every GPU type, the smallest
 * count at which each layout kind holds the model at the scenario's precision, context and
 * concurrency (the hardware fit's own search, `minGpusFor`), plus any count a series of
 * evidence was measured at, when the model fits there.
 */
export interface ReplicaShape {
  gpu: GpuRecord;
  gpusPerNode: number;
  fit: LayoutFit;
  /** The layout kind is the one the hardware fit picks at this count (so a plan keeps "best fit"). */
  bestAtCount: boolean;
  /** MoE all-to-all leaves the NVLink domain. */
  multiNodeMoe: boolean;
}

export interface ShapeSearch {
  shapes: ReplicaShape[];
  /** GPU types on which no count up to the search's limit holds the model. */
  noFit: { gpu: GpuRecord; checkedUpTo: number }[];
  /** A whole node that does not hold the model, with the smallest count that does (Kimi K3 at 128K on 8× H200). */
  nodeTooSmall: { gpu: GpuRecord; gpus: number; smallestFit: number }[];
}

function shapeOf(input: FitInput, gpu: GpuRecord, perNode: number, count: number, bytes: WeightBytes, kind: LayoutKind | null): ReplicaShape | null {
  const all = layoutsAt(input, gpu, count, perNode, bytes);
  const best = pickBest(all);
  const fit = kind === null ? best : (all.find((f) => f.kind === kind) ?? null);
  if (!fit?.fits) return null;
  return {
    gpu,
    gpusPerNode: perNode,
    fit,
    bestAtCount: best === fit,
    multiNodeMoe: crossesNodesWithoutNvlink(input.model.moe !== null, fit.layout.nodes, fit.layout.gpus, gpu),
  };
}

export function replicaShapes(input: FitInput, gpus: readonly GpuRecord[], extraCounts: (gpuId: string) => readonly number[]): ShapeSearch {
  const bytes = weightBytes(input.model, input.weightFormat);
  const shapes: ReplicaShape[] = [];
  const noFit: ShapeSearch['noFit'] = [];
  const nodeTooSmall: ShapeSearch['nodeTooSmall'] = [];
  const kinds = layoutKindsFor(input.model);
  for (const gpu of gpus) {
    const perNode = gpu.id === input.gpu.id ? input.gpusPerNode : gpu.gpusPerNode;
    const seen = new Set<string>();
    const add = (s: ReplicaShape | null) => {
      if (!s) return;
      const key = `${s.fit.kind}|${s.fit.layout.gpus}`;
      if (seen.has(key)) return;
      seen.add(key);
      shapes.push(s);
    };
    let smallest: number | null = null;
    for (const kind of kinds) {
      const min = minGpusFor(input, gpu, perNode, bytes, kind);
      if (min.kind !== 'fits') continue;
      smallest = smallest === null ? min.count : Math.min(smallest, min.count);
      add(shapeOf(input, gpu, perNode, min.count, bytes, kind));
    }
    for (const count of extraCounts(gpu.id)) add(shapeOf(input, gpu, perNode, count, bytes, null));
    if (smallest === null) noFit.push({ gpu, checkedUpTo: 1024 });
    else if (smallest > perNode) nodeTooSmall.push({ gpu, gpus: perNode, smallestFit: smallest });
  }
  return { shapes, noFit, nodeTooSmall };
}

/** The roofline curve of one replica shape, stored as the capacity panel stores a series; null when it has no point. */
export function rooflineSeriesOf(scenario: HardwareScenario, input: FitInput, shape: ReplicaShape): StoredSeries | null {
  const at: FitInput = { ...input, gpu: shape.gpu, gpuCount: shape.fit.layout.gpus, gpusPerNode: shape.gpusPerNode };
  const layout = shape.fit.layout;
  const memory = memoryBreakdown(at, layout);
  const room = maxConcurrency(at.model, memory.kv.sizing, layout, memory.kvAvailablePerGpu, at.contextLength);
  const roofline = rooflineReport(scenario, at, layout, memory, room);
  const series = seriesFromRoofline(
    { roofline, model: { id: input.modelId, name: input.model.name }, gpu: shape.gpu, setup: { weightFormat: at.weightFormat } },
    layout.gpus,
  );
  return series ? storeSeries(series) : null;
}
