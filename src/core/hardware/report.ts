import type { GpuRecord, SourceRef } from '../catalog/types';
import type { AttentionGroup } from '../scenario/model-spec';
import type { Scenario } from '../scenario/schema';
import { memoryBreakdown, layoutOf, type Layout, type MemoryBreakdown } from './fit';
import { frontierSeries, maxConcurrency, maxContext, type FrontierPoint, type MaxContext } from './frontier';
import { KV_BYTES, nativeFormatSupport } from './formats';
import { chosenLayout, layoutsAt, type LayoutFit } from './layouts';
import { crossesNodesWithoutNvlink, minGpusFor, minGpuTable, type MinGpuResult, type MinGpuRow } from './min-gpus';
import { hasMla, weightBytes, type WeightBytes } from './model-math';
import {
  batchGrid,
  decodeStep,
  outputTokensPerRequest,
  prefill,
  rooflineContext,
  type DecodeStep,
  type PrefillEstimate,
  type RooflineSettings,
} from './roofline';
import { resolveSetup, type FitInput, type HardwareScenario, type InputIssue } from './setup';
import { checkVendorStatements, type VendorFitCheck } from './vendor-statements';

/**
 * Everything the hardware page shows, computed in one pass from the scenario: the memory
 * breakdown with its verdict, what it would take to fit, the frontier, the minimum-GPU table,
 * checkpoint size and download time, the roofline estimate and the warnings.
 * Numbers only; words and formatting happen in the UI.
 */

export type Severity = 'error' | 'warning' | 'info';

export type WarningCode =
  | 'over-physical'
  | 'multi-node-moe'
  | 'pcie-multi-gpu'
  | 'tp-spans-nodes'
  | 'mla-replicated'
  | 'mla-mode-not-applicable'
  | 'dp-attention-weights'
  | 'dp-uneven'
  | 'context-exceeds-max'
  | 'context-at-max'
  | 'context-below-max'
  | 'kv-heads-replicated'
  | 'tp-not-divisor-of-heads'
  | 'weights-estimated'
  | 'format-not-native'
  | 'pipeline-stages'
  | 'linear-state-dtype';

export interface HardwareWarning {
  code: WarningCode;
  severity: Severity;
  params: Record<string, number | string>;
}

export interface Fixes {
  /** Smallest count of the same GPU that fits with the search layout (see min-gpus.ts). */
  minGpus: MinGpuResult;
  maxConcurrencyAtContext: number;
  maxContextAtConcurrency: MaxContext;
  /** Would FP8 KV make it fit (null when KV is already FP8)? */
  fitsWithFp8Kv: boolean | null;
  /** MLA models with replicated KV: would DP-attention make it fit, and the per-GPU KV then. */
  dpAttention: { fits: boolean; kvPerGpu: number } | null;
}

export interface RooflineReport {
  precision: string;
  peakTflops: number;
  /** Mean tokens in cache during decode: min(context, prompt + output / 2). */
  decodeContext: number;
  promptTokens: number;
  outputTokensPerRequest: number;
  uncachedPromptTokens: number;
  atConcurrency: DecodeStep;
  series: (DecodeStep & { fitsInMemory: boolean })[];
  ttft: PrefillEstimate;
  /** Output tokens/s of one replica for the TCO page, or why there is none. */
  estimate:
    | {
        kind: 'ok';
        outputTokensPerSecond: number;
        decodeOnlyTokensPerSecond: number;
        /**
         * Uncached prompt tokens/s one replica prefills in these cycles (B × uncached prompt ÷
         * prefill time); null when nothing is prefilled. With it the TCO page carries the
         * estimate over to other request lengths.
         */
        prefillTokensPerSecond: number | null;
        batch: number;
        prefillMsPerCycle: number;
        decodeMsPerCycle: number;
      }
    | { kind: 'not-applicable'; reason: 'does-not-fit' | 'no-output-tokens' };
}

/** One layout of the comparison at the scenario's GPU count, with the count it would need on its own. */
export interface LayoutOption extends LayoutFit {
  /** Smallest count of the scenario's GPU at which this layout fits. */
  minGpus: MinGpuResult;
}

export interface LayoutReport {
  choice: FitInput['layoutChoice'];
  /** The layout every figure of the report uses (the best fitting one, or the pinned one). */
  chosen: LayoutFit;
  /** Every sensible layout at the scenario's GPU count (TP as in the minimum-GPU table). */
  options: LayoutOption[];
}

export interface HardwareReport {
  model: {
    id: string;
    name: string;
    maxContext: number;
    source: SourceRef | null;
    mla: boolean;
    moe: { experts: number; activePerToken: number; moeLayers: number } | null;
    totalParamsB: number;
    activeParamsB: number;
    hidden: number;
    vocab: number;
    /** The attention groups, for showing each KV formula with its numbers. */
    attention: AttentionGroup[];
  };
  /** The configured values the figures refer to. */
  setup: {
    contextLength: number;
    concurrentSequences: number;
    weightFormat: FitInput['weightFormat'];
    kvFormat: FitInput['kvFormat'];
    kvBytesPerElement: number;
    memoryUtilisation: number;
    /** max_num_batched_tokens the memory model sizes with: entered, or vLLM's default for the GPU. */
    maxNumBatchedTokens: number;
  };
  gpu: {
    id: string;
    name: string;
    vendor: GpuRecord['vendor'];
    memoryGB: number;
    reportedMemory: GpuRecord['reportedMemory'];
    bandwidthTBps: number;
    source: SourceRef;
  };
  memory: MemoryBreakdown;
  layouts: LayoutReport;
  fixes: Fixes;
  frontier: { points: FrontierPoint[]; maxConcurrencyAtContext: number; maxContextAtConcurrency: MaxContext };
  minGpuTable: MinGpuRow[];
  checkpoint: { bytes: number; estimateBytes: number; source: WeightBytes['source']; downloadGbps: number; downloadSeconds: number };
  roofline: RooflineReport;
  warnings: HardwareWarning[];
  /** The model vendor's own fit statements, with the overheads under which they hold. */
  vendorStatements: VendorFitCheck[];
}

export type HardwareReportResult = { ok: true; report: HardwareReport } | { ok: false; issues: InputIssue[] };

function warningsFor(input: FitInput, mem: MemoryBreakdown, fixes: Fixes): HardwareWarning[] {
  const out: HardwareWarning[] = [];
  const { layout } = mem;
  const model = input.model;
  const gpu = input.gpu;
  const push = (code: WarningCode, severity: Severity, params: HardwareWarning['params'] = {}) => out.push({ code, severity, params });

  if (mem.verdict.overPhysical) push('over-physical', 'error', { used: mem.usedPerGpu, physical: mem.physicalPerGpu });
  if (crossesNodesWithoutNvlink(model.moe !== null, layout.nodes, layout.gpus, gpu)) {
    push('multi-node-moe', 'warning', { nodes: layout.nodes, interconnect: gpu.interconnect.kind, domain: gpu.interconnect.domainSize, gpus: layout.gpus });
  }
  if (gpu.interconnect.kind === 'pcie' && layout.gpus > 1) push('pcie-multi-gpu', 'warning', { gpus: layout.gpus });
  if (layout.tp > input.gpusPerNode && layout.tp > gpu.interconnect.domainSize) {
    push('tp-spans-nodes', 'warning', { tp: layout.tp, perNode: input.gpusPerNode });
  }
  if (layout.mlaMode === 'replicated' && layout.tp > 1) {
    push('mla-replicated', 'warning', {
      tp: layout.tp,
      kvPerGpu: mem.kv.perGpuBytes,
      kvPerGpuDpAttention: fixes.dpAttention?.kvPerGpu ?? mem.kv.perGpuBytes,
    });
  }
  if (input.layoutChoice === 'pinned' && layout.mlaMode === 'not-mla' && input.mlaKvMode !== 'replicated')
    push('mla-mode-not-applicable', 'info', { mode: input.mlaKvMode });
  if (layout.mlaMode === 'dp-attention' && mem.weights.replicatedPerGpu > 0) {
    push('dp-attention-weights', 'info', {
      attentionBytes: mem.weights.bytes.attentionBytes,
      perGpu: mem.weights.replicatedPerGpu,
      tp: layout.tp,
    });
  }
  if (layout.mlaMode === 'dp-attention' && input.concurrentSequences % layout.dp !== 0) {
    push('dp-uneven', 'info', { sequences: input.concurrentSequences, dp: layout.dp, busiest: Math.ceil(input.concurrentSequences / layout.dp) });
  }
  if (input.contextLength > model.maxContext) push('context-exceeds-max', 'warning', { context: input.contextLength, max: model.maxContext });
  else if (input.contextLength === model.maxContext) push('context-at-max', 'info', { context: input.contextLength, max: model.maxContext });
  else push('context-below-max', 'info', { context: input.contextLength, max: model.maxContext });
  for (const g of model.attention) {
    if ((g.kind === 'gqa' || g.kind === 'swa') && layout.mlaMode === 'not-mla' && layout.tp > g.kvHeads) {
      push('kv-heads-replicated', 'info', { tp: layout.tp, kvHeads: g.kvHeads, copies: layout.tp / g.kvHeads });
      break;
    }
  }
  if (model.heads % layout.tp !== 0) push('tp-not-divisor-of-heads', 'warning', { tp: layout.tp, heads: model.heads });
  const source = mem.weights.bytes.source;
  if (source.kind === 'estimate') {
    push('weights-estimated', 'info', { format: input.weightFormat, released: model.releasedFormat, bits: mem.weights.bytes.quantisedBits });
  }
  if (!nativeFormatSupport(input.weightFormat, gpu)) push('format-not-native', 'info', { format: input.weightFormat, gpu: gpu.name });
  if (layout.pp > 1) push('pipeline-stages', 'info', { stages: layout.pp, tp: layout.tp });
  if (model.attention.some((g) => g.kind === 'linear')) push('linear-state-dtype', 'info', {});
  return out;
}

function withChange(input: FitInput, patch: Partial<FitInput>, layout?: Layout): MemoryBreakdown {
  const next = { ...input, ...patch };
  return memoryBreakdown(next, layout ?? layoutOf(next));
}

/**
 * The roofline section of the report for one layout of the setup (its memory breakdown and KV
 * room already known): the decode step over batch sizes, the prompt's prefill and the
 * single-figure estimate at the scenario's concurrency. The plan search calls it once per
 * candidate layout without building the rest of the report.
 */
export function rooflineReport(
  scenario: HardwareScenario,
  input: FitInput,
  layout: Layout,
  memory: MemoryBreakdown,
  maxConcurrencyAtContext: number,
): RooflineReport {
  const h = scenario.hardware;
  const settings: RooflineSettings = {
    bandwidthEfficiency: h.bandwidthEfficiency,
    computeEfficiency: h.computeEfficiency,
    stepOverheadMs: h.stepOverheadMs,
  };
  const rc = rooflineContext(input, layout, memory.weights, settings);
  const outTokens = outputTokensPerRequest(scenario.workload);
  const decodeContext = Math.max(1, Math.min(input.contextLength, Math.round(h.promptTokens + outTokens / 2)));
  const atConcurrency = decodeStep(rc, input.concurrentSequences, decodeContext);
  const seriesTop = Math.min(4096, Math.max(2 * input.concurrentSequences, 2 * maxConcurrencyAtContext, 64));
  const series = batchGrid(seriesTop, input.concurrentSequences).map((b) => ({
    ...decodeStep(rc, b, decodeContext),
    fitsInMemory: b <= maxConcurrencyAtContext,
  }));
  const ttft = prefill(rc, h.promptTokens);
  const uncached = Math.round(h.promptTokens * (1 - scenario.workload.cacheHitShare));
  let estimate: RooflineReport['estimate'];
  if (!memory.verdict.fits) estimate = { kind: 'not-applicable', reason: 'does-not-fit' };
  else if (!(outTokens > 0)) estimate = { kind: 'not-applicable', reason: 'no-output-tokens' };
  else {
    // One cycle serves B requests: their (uncached) prompts are prefilled, then every request
    // decodes its output tokens in shared steps.
    const B = input.concurrentSequences;
    const prefillMs = uncached > 0 ? prefill(rc, uncached, B).ttftMs - settings.stepOverheadMs : 0;
    const decodeMs = outTokens * atConcurrency.stepMs;
    estimate = {
      kind: 'ok',
      outputTokensPerSecond: (B * outTokens * 1e3) / (prefillMs + decodeMs),
      decodeOnlyTokensPerSecond: atConcurrency.aggregateTokensPerSecond,
      prefillTokensPerSecond: uncached > 0 && prefillMs > 0 ? (B * uncached * 1e3) / prefillMs : null,
      batch: B,
      prefillMsPerCycle: prefillMs,
      decodeMsPerCycle: decodeMs,
    };
  }
  return {
    precision: rc.precision,
    peakTflops: rc.peakTflops,
    decodeContext,
    promptTokens: h.promptTokens,
    outputTokensPerRequest: outTokens,
    uncachedPromptTokens: uncached,
    atConcurrency,
    series,
    ttft,
    estimate,
  };
}

export function buildHardwareReport(scenario: HardwareScenario): HardwareReportResult {
  const setup = resolveSetup(scenario);
  if (!setup.ok) return { ok: false, issues: setup.issues };
  const input = setup.input;
  const model = input.model;
  const h = scenario.hardware;
  const bytes = weightBytes(model, input.weightFormat);
  const chosen = chosenLayout(input, bytes);
  const layout: Layout = chosen.layout;
  const memory = memoryBreakdown(input, layout, bytes);
  const layouts: LayoutReport = {
    choice: input.layoutChoice,
    chosen,
    options: layoutsAt(input, input.gpu, input.gpuCount, input.gpusPerNode, bytes).map((f) => ({
      ...f,
      minGpus: minGpusFor(input, input.gpu, input.gpusPerNode, bytes, f.kind),
    })),
  };

  const available = memory.kvAvailablePerGpu;
  const sizing = memory.kv.sizing;
  const maxConcurrencyAtContext = maxConcurrency(model, sizing, layout, available, input.contextLength);
  const maxContextAtConcurrency = maxContext(model, sizing, layout, available, input.concurrentSequences);
  let dpAttention: Fixes['dpAttention'] = null;
  if (input.layoutChoice === 'pinned' && layout.mlaMode === 'replicated' && layout.tp > 1) {
    const alt = withChange(input, { mlaKvMode: 'dp-attention' });
    dpAttention = { fits: alt.verdict.fits, kvPerGpu: alt.kv.perGpuBytes };
  }
  const fixes: Fixes = {
    minGpus: minGpusFor(input, input.gpu, input.gpusPerNode, bytes),
    maxConcurrencyAtContext,
    maxContextAtConcurrency,
    fitsWithFp8Kv: input.kvFormat === 'fp8' ? null : withChange(input, { kvFormat: 'fp8' }, layout).verdict.fits,
    dpAttention,
  };

  const roofline = rooflineReport(scenario, input, layout, memory, maxConcurrencyAtContext);

  const report: HardwareReport = {
    model: {
      id: input.modelId,
      name: model.name,
      maxContext: model.maxContext,
      source: input.modelSource,
      mla: hasMla(model),
      moe: model.moe ? { experts: model.moe.experts, activePerToken: model.moe.activePerToken, moeLayers: model.moe.moeLayers } : null,
      totalParamsB: model.totalParamsB,
      activeParamsB: model.activeParamsB,
      hidden: model.hidden,
      vocab: model.vocab,
      attention: model.attention,
    },
    setup: {
      contextLength: input.contextLength,
      concurrentSequences: input.concurrentSequences,
      weightFormat: input.weightFormat,
      kvFormat: input.kvFormat,
      kvBytesPerElement: KV_BYTES[input.kvFormat],
      memoryUtilisation: input.memoryUtilisation,
      maxNumBatchedTokens: sizing.batchedTokens ?? 0,
    },
    gpu: {
      id: input.gpu.id,
      name: input.gpu.name,
      vendor: input.gpu.vendor,
      memoryGB: input.gpu.memoryGB,
      reportedMemory: input.gpu.reportedMemory,
      bandwidthTBps: input.gpu.bandwidthTBps,
      source: input.gpu.source,
    },
    memory,
    layouts,
    fixes,
    frontier: {
      points: frontierSeries(model, sizing, layout, available, input.contextLength),
      maxConcurrencyAtContext,
      maxContextAtConcurrency,
    },
    minGpuTable: minGpuTable(input),
    checkpoint: {
      bytes: bytes.totalBytes,
      estimateBytes: bytes.estimateBytes,
      source: bytes.source,
      downloadGbps: h.downloadGbps,
      downloadSeconds: (bytes.totalBytes * 8) / (h.downloadGbps * 1e9),
    },
    roofline,
    warnings: [],
    vendorStatements: checkVendorStatements(scenario),
  };
  report.warnings = warningsFor(input, memory, fixes);
  return { ok: true, report };
}

/** The minimum-GPU table alone (the benchmark's unit of work). */
export function buildMinGpuTable(scenario: Pick<Scenario, 'selfHosted' | 'hardware'>): { ok: true; rows: MinGpuRow[] } | { ok: false; issues: InputIssue[] } {
  const setup = resolveSetup(scenario);
  if (!setup.ok) return { ok: false, issues: setup.issues };
  return { ok: true, rows: minGpuTable(setup.input) };
}
