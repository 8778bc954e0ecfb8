import { GPUS } from '../catalog/gpus';
import type { GpuRecord, SourceRef } from '../catalog/types';
import { overheadsFor } from './engine-profile';
import { budgetPerGpu, kvPerGpu, kvSizing, weightTerm, type Layout } from './fit';
import { evaluateLayout, kindOfLayout, layoutsAt, pickBest, type LayoutFit, type LayoutKind } from './layouts';
import { hasMla, weightBytes, type WeightBytes } from './model-math';
import type { FitInput } from './setup';

/**
 * For every GPU in the catalog, the smallest count (and nodes) that holds the model at the
 * scenario's precision, context and concurrency, with the layout that fits there.
 *
 * Layout rule for the search (one rule for every GPU so rows are comparable): TP is the largest
 * power of two ≤ 8 that divides the count (TP stays inside a typical 8-GPU board), the remaining
 * factor becomes pipeline stages. At each count the sensible layouts are compared (layouts.ts)
 * and the best fitting one is used; with a pinned layout only the scenario's MLA mode is tried.
 * Counts tried: 1, 2, 4, then whole nodes.
 */
export const MAX_SEARCH_GPUS = 1024;
const MAX_TP = 8;
/**
 * The search stops at 16 pipeline stages. On GPUs that sit one per node (RTX 4090/5090 in the
 * catalog) every count is TP1 × PP(count), and a model of 594 GB would otherwise be "found" at
 * TP1 × PP51: 51 machines in a chain, each stage a network hop and a pipeline bubble, which no
 * public deployment runs (vLLM's and SGLang's multi-node examples use 2–4 stages). 16 leaves room
 * for the largest of those (PP 2–4 nodes × TP8 is only 2–4 stages) and says "none" past it.
 */
export const MAX_PIPELINE_STAGES = 16;

export type MinGpuResult =
  | {
      kind: 'fits';
      count: number;
      nodes: number;
      tp: number;
      pp: number;
      usedPerGpu: number;
      budgetPerGpu: number;
      headroomPerGpu: number;
      /** The layout used at this count. */
      layout: LayoutKind;
      dcp: number;
      ep: number;
      /** KV room: sequences of the scenario's context that fit at this count and layout. */
      maxSequencesAtContext: number;
      /** MoE spread over more than one node: expert all-to-all crosses the node boundary. */
      multiNodeMoe: boolean;
      /** TP is wider than a node (single-GPU nodes): every layer's all-reduce crosses the network. */
      tpSpansNodes: boolean;
    }
  /** `limit`: the search ran out of GPUs (checked up to that count) or of pipeline stages (up to that many). */
  | { kind: 'none'; checkedUpTo: number; limit: 'gpus' | 'pipeline-stages' };

export interface MinGpuRow {
  gpuId: string;
  name: string;
  vendor: GpuRecord['vendor'];
  /** Marketed label. */
  memoryGB: number;
  reportedMemory: GpuRecord['reportedMemory'];
  gpusPerNode: number;
  interconnect: GpuRecord['interconnect']['kind'];
  source: SourceRef;
  selected: boolean;
  result: MinGpuResult;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * MoE all-to-all leaves the NVLink domain: more than one node, unless the whole replica sits in
 * one rack-scale NVLink domain (GB200/GB300 NVL72 trays hold 4 GPUs but share a 72-GPU domain).
 */
export function crossesNodesWithoutNvlink(moe: boolean, nodes: number, gpus: number, gpu: GpuRecord): boolean {
  if (!moe || nodes <= 1) return false;
  return !(gpu.interconnect.kind === 'nvlink' && gpus <= gpu.interconnect.domainSize);
}

const countsByNode = new Map<string, readonly number[]>();

/** 1, 2, 4 and every whole node up to max, ascending (kept per node size: the plan search asks for every shape). */
export function candidateCounts(gpusPerNode: number, max = MAX_SEARCH_GPUS): readonly number[] {
  const key = `${gpusPerNode}|${max}`;
  const known = countsByNode.get(key);
  if (known) return known;
  const set = new Set<number>([1, 2, 4]);
  for (let n = gpusPerNode; n <= max; n += gpusPerNode) set.add(n);
  const counts = Object.freeze([...set].filter((n) => n <= max).sort((a, b) => a - b));
  if (countsByNode.size < 64) countsByNode.set(key, counts);
  return counts;
}

export function searchLayout(input: FitInput, count: number, gpusPerNode: number): Layout {
  const tp = gcd(count, MAX_TP);
  const mla = hasMla(input.model);
  const mlaMode: Layout['mlaMode'] = mla ? (tp === 1 ? 'replicated' : input.mlaKvMode) : 'not-mla';
  return {
    gpus: count,
    tp,
    pp: count / tp,
    nodes: Math.ceil(count / gpusPerNode),
    mlaMode,
    dp: mlaMode === 'dp-attention' ? tp : 1,
    dcp: mlaMode === 'dcp' ? gcd(input.dcpSize, tp) : 1,
    ep: input.model.moe !== null ? tp : 1,
  };
}

function fitsResult(f: LayoutFit, gpu: GpuRecord, moe: boolean): MinGpuResult {
  const L = f.layout;
  return {
    kind: 'fits',
    count: L.gpus,
    nodes: L.nodes,
    tp: L.tp,
    pp: L.pp,
    usedPerGpu: f.usedPerGpu,
    budgetPerGpu: f.budgetPerGpu,
    headroomPerGpu: f.headroomPerGpu,
    layout: f.kind,
    dcp: L.dcp,
    ep: f.ep,
    maxSequencesAtContext: f.maxSequencesAtContext,
    multiNodeMoe: crossesNodesWithoutNvlink(moe, L.nodes, L.gpus, gpu),
    tpSpansNodes: L.tp > Math.ceil(L.gpus / L.nodes) && L.tp > gpu.interconnect.domainSize,
  };
}

/**
 * The smallest count of `gpu` that fits. `only` restricts the search to one layout kind (the
 * "DP-attention would need 16" figure); otherwise a pinned scenario tries its own MLA mode and
 * a best-fit scenario every sensible layout at each count.
 */
export function minGpusFor(input: FitInput, gpu: GpuRecord, gpusPerNode: number, bytes: WeightBytes, only?: LayoutKind): MinGpuResult {
  const at = { ...input, gpu };
  const budget = budgetPerGpu(at);
  const sizing = kvSizing(input, gpu);
  const moe = input.model.moe !== null;
  const pinned = only === undefined && input.layoutChoice === 'pinned';
  for (const count of candidateCounts(gpusPerNode)) {
    // Every count past 16 × 8 GPUs has more than 16 stages; smaller counts with too many are skipped.
    if (count > MAX_PIPELINE_STAGES * MAX_TP) return { kind: 'none', checkedUpTo: MAX_PIPELINE_STAGES * MAX_TP, limit: 'pipeline-stages' };
    if (count / gcd(count, MAX_TP) > MAX_PIPELINE_STAGES) continue;
    if (pinned) {
      const layout = searchLayout(input, count, gpusPerNode);
      if (layout.pp > input.model.layers) break;
      const weights = weightTerm(at, layout, bytes).perGpuBytes;
      const o = overheadsFor(input, gpu, layout);
      const overhead = o.activationBytes + o.runtimeBytes;
      if (weights + overhead > budget) continue;
      const used = weights + overhead + kvPerGpu(input.model, sizing, layout, input.concurrentSequences, input.contextLength);
      if (used <= budget) return fitsResult(evaluateLayout(input, gpu, kindOfLayout(input.model, layout), layout, bytes), gpu, moe);
      continue;
    }
    const all = layoutsAt(input, gpu, count, gpusPerNode, bytes);
    if ((all[0]?.layout.pp ?? Infinity) > input.model.layers) break;
    const best = pickBest(only === undefined ? all : all.filter((f) => f.kind === only));
    if (best?.fits) return fitsResult(best, gpu, moe);
  }
  return { kind: 'none', checkedUpTo: MAX_SEARCH_GPUS, limit: 'gpus' };
}

/** The table over the whole GPU catalog. The scenario's own GPU uses the scenario's node size. */
export function minGpuTable(input: FitInput, gpus: readonly GpuRecord[] = GPUS): MinGpuRow[] {
  const bytes = weightBytes(input.model, input.weightFormat);
  return gpus.map((gpu) => {
    const selected = gpu.id === input.gpu.id;
    const perNode = selected ? input.gpusPerNode : gpu.gpusPerNode;
    return {
      gpuId: gpu.id,
      name: gpu.name,
      vendor: gpu.vendor,
      memoryGB: gpu.memoryGB,
      reportedMemory: gpu.reportedMemory,
      gpusPerNode: perNode,
      interconnect: gpu.interconnect.kind,
      source: gpu.source,
      selected,
      result: minGpusFor(input, gpu, perNode, bytes),
    };
  });
}
