import { findGpu, findModel } from '../catalog/catalog';
import type { PublishedSeries } from '../catalog/published-measurements';
import type { MlperfModel, PublishedRecord } from '../catalog/published-records';
import type { GpuRecord } from '../catalog/types';
import { chooseOperatingPoint } from '../capacity/operating-point';
import { seriesFromPublished } from '../capacity/series';
import type { Slo, SloLimit } from '../schemas/slo';
import { seriesOfStored } from '../capacity/stored';
import type { StoredSeries } from '../schemas/stored-capacity';
import type { HardwareScenario } from '../hardware/setup';
import { resolveSetup } from '../hardware/setup';
import type { ModelSpec, WeightFormat } from '../scenario/model-spec';
import { replicaShapes, rooflineSeriesOf, type ReplicaShape } from './candidates';

/**
 * Calibrated estimates (docs/plans.md §2): how far real deployments land from the roofline
 * depends on the kind of model, the GPU generation and whether a replica spans nodes. Each
 * published series of a catalog model is set beside the roofline of the same model on the same
 * GPUs at the same latencies; the ratio is its efficiency. A class's factor is the geometric mean
 * of its series' ratios, and its error is the leave-one-out error: each series predicted by the
 * factor of the others. A class with fewer than 3 series is uncalibrated. Vendor records (MLPerf)
 * are set beside the roofline the same way and shown, but never fitted: a tuned stack's best is
 * not what an ordinary deployment reaches, and the table says how far they lie apart.
 */

export type GpuGeneration = 'ampere' | 'ada' | 'hopper' | 'blackwell' | 'cdna3' | 'cdna4';
export type AttentionKind = 'mla' | 'gqa' | 'hybrid-linear';

export interface CalibrationClass {
  moe: boolean;
  attention: AttentionKind;
  generation: GpuGeneration;
  multiNode: boolean;
}

/** GPU architecture of each catalog GPU (vendor product pages, as cited in `gpus.ts`). */
const GENERATION: Readonly<Record<string, GpuGeneration>> = {
  'a100-80gb-sxm': 'ampere',
  l40s: 'ada',
  'rtx-4090': 'ada',
  'h100-sxm': 'hopper',
  'h100-pcie': 'hopper',
  'h200-sxm': 'hopper',
  b200: 'blackwell',
  gb200: 'blackwell',
  b300: 'blackwell',
  gb300: 'blackwell',
  'rtx-5090': 'blackwell',
  mi300x: 'cdna3',
  mi325x: 'cdna3',
  mi350x: 'cdna4',
  mi355x: 'cdna4',
};

export function generationOf(gpu: Pick<GpuRecord, 'id' | 'vendor'>): GpuGeneration {
  return GENERATION[gpu.id] ?? (gpu.vendor === 'AMD' ? 'cdna3' : 'hopper');
}

export function attentionKindOf(model: Pick<ModelSpec, 'attention'>): AttentionKind {
  if (model.attention.some((g) => g.kind === 'mla')) return 'mla';
  if (model.attention.some((g) => g.kind === 'linear')) return 'hybrid-linear';
  return 'gqa';
}

export function classOf(model: Pick<ModelSpec, 'attention' | 'moe'>, gpu: Pick<GpuRecord, 'id' | 'vendor'>, nodes: number): CalibrationClass {
  return { moe: model.moe !== null, attention: attentionKindOf(model), generation: generationOf(gpu), multiNode: nodes > 1 };
}

export function classKey(c: CalibrationClass): string {
  return `${c.moe ? 'moe' : 'dense'}|${c.attention}|${c.generation}|${c.multiNode ? 'multi' : 'single'}`;
}

/**
 * The benchmarks' own request lengths (means, tokens). Output: mlcommons/inference @ b66003e,
 * `language/deepseek-r1/README.md` ("mean-output-tok-len": 3886.2274) and
 * `compliance/TEST09/gpt-oss-120b/audit.config` (reference mean-OSL 1278.20, the performance
 * set). Input: the mean of the per-sample token counts published by
 * openshift-psap/performance-dashboard (`mlperf-data/summaries/deepseek-r1.csv` @ 7cd1065,
 * `datasets/summaries/gpt-oss.csv` @ 52a7418). Llama 2 70B has no catalog model.
 */
export const MLPERF_LENGTHS: Readonly<Partial<Record<MlperfModel, { input: number; output: number }>>> = {
  'deepseek-r1': { input: 803.8, output: 3886.2274 },
  'gpt-oss-120b': { input: 5010.6, output: 1278.2 },
};

/** Sequences the calibration replica is sized for (the hardware fit's search), at the benchmark's lengths. */
const CALIBRATION_SEQUENCES = 64;

export interface CalibrationPoint {
  id: string;
  kind: 'record' | 'series';
  label: string;
  cls: CalibrationClass;
  classKey: string;
  gpuId: string;
  /** GPUs of the replica the roofline was computed for. */
  gpus: number;
  /** Output tokens/s per GPU as published. */
  publishedPerGpu: number;
  /** Output tokens/s per GPU the roofline reaches at the same latency. */
  rooflinePerGpu: number;
  /** publishedPerGpu ÷ rooflinePerGpu. */
  ratio: number;
}

export interface CalibratedClass {
  key: string;
  cls: CalibrationClass;
  /** The ordinary published series the factor is fitted on, one point each. */
  points: CalibrationPoint[];
  /** Vendor records of the class: shown beside the fit, never fitted (a tuned stack's best is no estimate of an ordinary deployment). */
  records: CalibrationPoint[];
  /** Geometric mean of the ratios; null below 3 points (uncalibrated). */
  factor: number | null;
  /** Mean of |prediction ÷ published − 1| with each point left out in turn; null below 3 points. */
  looError: number | null;
  /** The largest of those errors. */
  looMax: number | null;
  /** Geometric mean of the records' ratios; null without records. */
  recordRatio: number | null;
  /** How far the class's records lie above its ordinary series (ratio of the geometric means); null without both. */
  recordOverSeries: number | null;
}

export const MIN_CALIBRATION_POINTS = 3;

const geomean = (xs: readonly number[]) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

/** Factor and leave-one-out error of a set of ratios (pure arithmetic; tested by hand). */
export function fitFactor(ratios: readonly number[]): { factor: number | null; looError: number | null; looMax: number | null } {
  if (ratios.length < MIN_CALIBRATION_POINTS) return { factor: null, looError: null, looMax: null };
  const errors = ratios.map((r, i) => {
    const others = ratios.filter((_, j) => j !== i);
    return Math.abs(geomean(others) / r - 1);
  });
  return { factor: geomean(ratios), looError: errors.reduce((s, e) => s + e, 0) / errors.length, looMax: Math.max(...errors) };
}

/** The hardware settings the calibration keeps from the user's scenario (the roofline's efficiencies and memory margins): its cache key. */
type CalibrationSettings = Pick<
  HardwareScenario['hardware'],
  'bandwidthEfficiency' | 'computeEfficiency' | 'stepOverheadMs' | 'memoryUtilisation' | 'runtimeOverheadGiB' | 'activationGiB'
>;

function formatOf(precision: string): WeightFormat | null {
  const p = precision.toLowerCase();
  if (p.includes('fp4')) return 'mxfp4';
  if (p.includes('fp8')) return 'fp8';
  if (p.includes('bf16') || p.includes('fp16')) return 'bf16';
  if (p.includes('int4')) return 'int4';
  return null;
}

/** A scenario for one model on one GPU at given lengths, from a base scenario's other fields. */
function benchScenario(
  base: HardwareScenario,
  at: { modelId: string; gpu: GpuRecord; gpus: number; format: WeightFormat; input: number; output: number },
): HardwareScenario {
  const input = Math.round(at.input);
  const output = Math.round(at.output);
  return {
    workload: { ...base.workload, outputTokensPerRequest: output, reasoningMode: 'none', cacheHitShare: 0 },
    selfHosted: { ...base.selfHosted, modelId: at.modelId, gpuId: at.gpu.id, gpusPerReplica: at.gpus, gpusPerNode: at.gpu.gpusPerNode },
    hardware: {
      // The scenario's roofline settings (efficiencies, memory margins) stay; the rest is the benchmark's.
      ...base.hardware,
      customModel: null,
      weightFormat: at.format,
      kvFormat: 'fp8',
      contextLength: input + output,
      concurrentSequences: CALIBRATION_SEQUENCES,
      layout: { choice: 'best-fit' },
      promptTokens: input,
    },
  };
}

/** Output tokens/s of the roofline at a latency (its best point within the limits), or null. */
function rooflineAt(s: HardwareScenario, count: number | 'smallest', limits: SloLimit[], cap: number): { perGpu: number; shape: ReplicaShape } | null {
  const setup = resolveSetup(s);
  if (!setup.ok) return null;
  const gpu = setup.input.gpu;
  const shapes = replicaShapes(setup.input, [gpu], () => (count === 'smallest' ? [] : [count])).shapes;
  const fitting = shapes.filter((x) => (count === 'smallest' ? x.fit.layout.gpus <= cap : x.fit.layout.gpus === count));
  if (fitting.length === 0) return null;
  // The smallest count, and at it the layout the fit picks.
  const smallest = Math.min(...fitting.map((x) => x.fit.layout.gpus));
  const shape = fitting.find((x) => x.fit.layout.gpus === smallest && x.bestAtCount) ?? fitting.find((x) => x.fit.layout.gpus === smallest);
  if (!shape) return null;
  const stored = rooflineSeriesOf(s, setup.input, shape);
  if (!stored) return null;
  const slo: Slo = { limits, minTokensPerSPerUser: null, maxFailedShare: 1, allowStricterPercentile: true };
  const choice = chooseOperatingPoint(seriesOfStored(stored), slo);
  const out = choice.chosen?.outputTokensPerS ?? null;
  return out !== null && out > 0 ? { perGpu: out / shape.fit.layout.gpus, shape } : null;
}

function recordPoint(r: PublishedRecord, base: HardwareScenario): CalibrationPoint | null {
  const lengths = MLPERF_LENGTHS[r.mlperfModel];
  const gpu = r.gpuId ? findGpu(r.gpuId) : undefined;
  const model = r.modelId ? findModel(r.modelId) : undefined;
  const format = formatOf(r.precision);
  if (!lengths || !gpu || !model || !format || !r.modelId) return null;
  const s = benchScenario(base, { modelId: r.modelId, gpu, gpus: gpu.gpusPerNode, format, ...lengths });
  const limits: SloLimit[] = [
    { metric: 'ttft', percentile: 99, maxMs: r.slo.ttftP99Ms },
    { metric: 'tpot', percentile: 99, maxMs: r.slo.tpotP99Ms },
  ];
  const roof = rooflineAt(s, 'smallest', limits, r.accelerators);
  if (!roof) return null;
  return point(
    r.id,
    'record',
    `${r.submitter} · ${r.systemName} · ${r.scenario}`,
    classOf(model, gpu, roof.shape.fit.layout.nodes),
    gpu.id,
    roof.shape.fit.layout.gpus,
    r.tokensPerSPerGpu,
    roof.perGpu,
  );
}

/** One point per library series: the geometric mean over its loads of published ÷ roofline at that load's own latencies. */
function seriesPoint(p: PublishedSeries, base: HardwareScenario): CalibrationPoint | null {
  const gpu = p.gpuId ? findGpu(p.gpuId) : undefined;
  const model = p.modelId ? findModel(p.modelId) : undefined;
  const format = formatOf(p.precision);
  if (!gpu || !model || !format || !p.modelId || p.inputTokens === null || p.outputTokens === null) return null;
  const s = benchScenario(base, { modelId: p.modelId, gpu, gpus: p.gpus, format, input: p.inputTokens, output: p.outputTokens });
  const series = seriesFromPublished(p);
  const ratios: number[] = [];
  let shape: ReplicaShape | null = null;
  for (const x of series.points) {
    const pct = (st: Partial<Record<'p50' | 'p90' | 'p95' | 'p99', number>>) => (['p99', 'p95', 'p90', 'p50'] as const).find((k) => st[k] !== undefined);
    const tk = pct(x.ttftMs);
    const ok = pct(x.tpotMs);
    const out = x.outputTokensPerS;
    if (!tk || !ok || out === null || !(out > 0)) continue;
    const limits: SloLimit[] = [
      { metric: 'ttft', percentile: Number(tk.slice(1)) as SloLimit['percentile'], maxMs: x.ttftMs[tk] as number },
      { metric: 'tpot', percentile: Number(ok.slice(1)) as SloLimit['percentile'], maxMs: x.tpotMs[ok] as number },
    ];
    const roof = rooflineAt(s, p.gpus, limits, p.gpus);
    if (!roof) continue;
    shape = roof.shape;
    ratios.push(out / p.gpus / roof.perGpu);
  }
  if (!shape || ratios.length === 0) return null;
  // Shown per GPU at its top load, with the roofline figure its ratio gives.
  const publishedPerGpu = Math.max(...series.points.map((x) => (x.outputTokensPerS ?? 0) / p.gpus));
  return point(p.id, 'series', p.label, classOf(model, gpu, shape.fit.layout.nodes), gpu.id, p.gpus, publishedPerGpu, publishedPerGpu / geomean(ratios));
}

function point(
  id: string,
  kind: CalibrationPoint['kind'],
  label: string,
  cls: CalibrationClass,
  gpuId: string,
  gpus: number,
  publishedPerGpu: number,
  rooflinePerGpu: number,
): CalibrationPoint {
  return { id, kind, label, cls, classKey: classKey(cls), gpuId, gpus, publishedPerGpu, rooflinePerGpu, ratio: publishedPerGpu / rooflinePerGpu };
}

export interface CalibrationTable {
  classes: CalibratedClass[];
  /** Published entries that could not be set beside a roofline (no catalog model or GPU, unknown lengths). */
  skipped: { id: string; why: string }[];
}

/** The table of a scenario's roofline settings (its efficiencies and memory margins; everything else is the benchmarks'). */
export function calibrate(base: HardwareScenario, records: readonly PublishedRecord[], series: readonly PublishedSeries[]): CalibrationTable {
  const points: CalibrationPoint[] = [];
  const skipped: CalibrationTable['skipped'] = [];
  for (const r of records) {
    const p = recordPoint(r, base);
    if (p) points.push(p);
    else
      skipped.push({
        id: r.id,
        why: !r.modelId ? 'no catalog model' : !r.gpuId ? 'no catalog GPU' : !MLPERF_LENGTHS[r.mlperfModel] ? 'lengths unknown' : 'no roofline at its limits',
      });
  }
  for (const s of series) {
    const p = seriesPoint(s, base);
    if (p) points.push(p);
    else skipped.push({ id: s.id, why: !s.modelId ? 'no catalog model' : 'no roofline at its latencies' });
  }
  const byClass = new Map<string, { cls: CalibrationClass; points: CalibrationPoint[] }>();
  for (const p of points) {
    const g = byClass.get(p.classKey) ?? { cls: p.cls, points: [] };
    g.points.push(p);
    byClass.set(p.classKey, g);
  }
  const classes = [...byClass.entries()].map(([key, g]): CalibratedClass => {
    const series = g.points.filter((p) => p.kind === 'series');
    const records = g.points.filter((p) => p.kind === 'record');
    const fit = fitFactor(series.map((p) => p.ratio));
    const recordRatio = records.length > 0 ? geomean(records.map((p) => p.ratio)) : null;
    const seriesRatio = series.length > 0 ? geomean(series.map((p) => p.ratio)) : null;
    return {
      key,
      cls: g.cls,
      points: series,
      records,
      ...fit,
      recordRatio,
      recordOverSeries: recordRatio !== null && seriesRatio !== null ? recordRatio / seriesRatio : null,
    };
  });
  classes.sort((a, b) => a.key.localeCompare(b.key));
  return { classes, skipped };
}

export interface CalibrationUse {
  /** The class the factor was fitted on (the candidate's own, or the nearest calibrated one). */
  from: CalibratedClass;
  /** The candidate's own class. */
  wanted: string;
  exact: boolean;
  factor: number;
  looError: number;
}

const VENDOR: Readonly<Record<GpuGeneration, 'NVIDIA' | 'AMD'>> = {
  ampere: 'NVIDIA',
  ada: 'NVIDIA',
  hopper: 'NVIDIA',
  blackwell: 'NVIDIA',
  cdna3: 'AMD',
  cdna4: 'AMD',
};

/**
 * The factor for a candidate of class `c`: its own class when calibrated; else the nearest
 * calibrated class of the same model kind (dense / MoE and attention) and node span, first of
 * the same GPU vendor, then any. Other model kinds or node spans never stand in: a factor
 * fitted on one node says nothing about a replica across nodes. Null: uncalibrated.
 */
export function calibrationFor(table: CalibrationTable, c: CalibrationClass): CalibrationUse | null {
  const wanted = classKey(c);
  const usable = table.classes.filter((k) => k.factor !== null && k.looError !== null);
  const own = usable.find((k) => k.key === wanted);
  const sameKind = usable.filter((k) => k.cls.moe === c.moe && k.cls.attention === c.attention && k.cls.multiNode === c.multiNode);
  const pick = own ?? sameKind.find((k) => VENDOR[k.cls.generation] === VENDOR[c.generation]) ?? sameKind[0];
  if (!pick || pick.factor === null || pick.looError === null) return null;
  return { from: pick, wanted, exact: pick.key === wanted, factor: pick.factor, looError: pick.looError };
}

/** A roofline series scaled by a factor: throughput × factor at the roofline's own latencies. */
export function calibratedSeries(roofline: StoredSeries, use: CalibrationUse): StoredSeries {
  const scale = (xs: readonly (number | null)[]) => xs.map((x) => (x === null ? null : x * use.factor));
  return {
    ...roofline,
    label: `${roofline.label.replace(/ · roofline$/, '')} · calibrated ×${use.factor.toFixed(2)}`,
    points: { ...roofline.points, out: scale(roofline.points.out), total: scale(roofline.points.total) },
  };
}

function settingsOf(base: HardwareScenario): CalibrationSettings {
  const h = base.hardware;
  return {
    bandwidthEfficiency: h.bandwidthEfficiency,
    computeEfficiency: h.computeEfficiency,
    stepOverheadMs: h.stepOverheadMs,
    memoryUtilisation: h.memoryUtilisation,
    runtimeOverheadGiB: h.runtimeOverheadGiB,
    activationGiB: h.activationGiB,
  };
}

/**
 * How far a record lies above the ordinary series of its class: its ratio to the roofline ÷ the
 * geometric mean of the class's series ratios. Null when the class has no series (or the record
 * cannot be set beside a roofline).
 */
export function recordOverSeries(
  r: PublishedRecord,
  base: HardwareScenario,
  table: CalibrationTable,
): { times: number; series: number; classKey: string } | null {
  const p = recordPoint(r, base);
  if (!p) return null;
  const series = table.classes.find((c) => c.key === p.classKey)?.points ?? [];
  if (series.length === 0) return null;
  return { times: p.ratio / geomean(series.map((x) => x.ratio)), series: series.length, classKey: p.classKey };
}

let memo: { key: string; table: CalibrationTable } | null = null;

/** The table for the catalog's records and series under a scenario's roofline settings, computed once per settings. */
export function calibrationTable(base: HardwareScenario, records: readonly PublishedRecord[], series: readonly PublishedSeries[]): CalibrationTable {
  const key = JSON.stringify([settingsOf(base), records.length, series.length, records[0]?.id ?? '', series[0]?.id ?? '']);
  if (memo?.key === key) return memo.table;
  const table = calibrate(base, records, series);
  memo = { key, table };
  return table;
}
