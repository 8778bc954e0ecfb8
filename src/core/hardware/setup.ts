import { findGpu, findModel } from '../catalog/catalog';
import type { GpuRecord, ModelRecord, SourceRef } from '../catalog/types';
import { modelSpecSchema, type KvFormat, type ModelSpec, type WeightFormat } from '../scenario/model-spec';
import type { Scenario } from '../scenario/schema';
import { hasMla } from './model-math';

/**
 * Turns the scenario into the inputs of the memory model, or into messages that name the field
 * that is wrong. The scenario schema already bounds every number; these checks cover what only
 * makes sense in combination (TP against GPU count, DCP against TP) and guard the core against
 * callers that bypass the schema (no NaN ever leaves this module).
 */
export type MlaKvMode = 'replicated' | 'dp-attention' | 'dcp';

/** 'best-fit': compare the sensible layouts and use the best fitting one (layouts.ts); 'pinned': the TP, MLA mode and DCP fields. */
export type LayoutChoice = 'best-fit' | 'pinned';

export interface FitInput {
  modelId: string;
  model: ModelSpec & { variants?: ModelRecord['variants'] };
  modelSource: SourceRef | null;
  gpu: GpuRecord;
  gpuCount: number;
  gpusPerNode: number;
  layoutChoice: LayoutChoice;
  /** Pinned layouts only; under 'best-fit' the layout comparison sets TP. */
  tensorParallel: number;
  weightFormat: WeightFormat;
  kvFormat: KvFormat;
  contextLength: number;
  concurrentSequences: number;
  mlaKvMode: MlaKvMode;
  dcpSize: number;
  memoryUtilisation: number;
  /** 'estimated': activations and runtime from the engine profile (engine-profile.ts); 'entered': the two fields below. */
  overheadSource: 'estimated' | 'entered';
  runtimeOverheadGiB: number;
  activationGiB: number;
  /** vLLM's max_num_batched_tokens and max_num_seqs; null = its default for the GPU (engine-profile.ts). */
  maxNumBatchedTokens: number | null;
  maxNumSeqs: number | null;
}

export type IssueCode =
  | 'unknown-model'
  | 'custom-model-missing'
  | 'custom-model-invalid'
  | 'unknown-gpu'
  | 'not-positive-integer'
  | 'not-positive'
  | 'not-non-negative'
  | 'share-out-of-range'
  | 'tp-exceeds-gpus'
  | 'gpus-not-multiple-of-tp'
  | 'pipeline-exceeds-layers'
  | 'dcp-not-divisor-of-tp';

/** A problem with one input, addressed by its scenario path so the UI can show it at the field. */
export interface InputIssue {
  field: string;
  code: IssueCode;
  params?: Record<string, string | number>;
}

export type SetupResult = { ok: true; input: FitInput } | { ok: false; issues: InputIssue[] };

/** Largest context the memory model accepts (10× the largest model maximum in the catalog, and the schema's cap). */
export const MAX_CONTEXT = 100_000_000;
export const MAX_SEQUENCES = 1_000_000;
export const MAX_GPUS = 4096;

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

function positiveInt(issues: InputIssue[], field: string, v: number, max: number): void {
  if (!Number.isInteger(v) || v < 1 || v > max) issues.push({ field, code: 'not-positive-integer', params: { value: String(v), max } });
}

function nonNegative(issues: InputIssue[], field: string, v: number): void {
  if (!Number.isFinite(v) || v < 0) issues.push({ field, code: 'not-non-negative', params: { value: String(v) } });
}

/** Catalog model or the scenario's custom model. */
export function resolveModel(
  scenario: Pick<Scenario, 'selfHosted' | 'hardware'>,
): { ok: true; id: string; model: FitInput['model']; source: SourceRef | null } | { ok: false; issue: InputIssue } {
  const id = scenario.selfHosted.modelId;
  if (id === 'custom') {
    const custom = scenario.hardware.customModel;
    if (!custom) return { ok: false, issue: { field: 'hardware.customModel', code: 'custom-model-missing' } };
    const parsed = modelSpecSchema.safeParse(custom);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return {
        ok: false,
        issue: {
          field: `hardware.customModel${first && first.path.length ? `.${first.path.join('.')}` : ''}`,
          code: 'custom-model-invalid',
          params: { problem: first?.message ?? 'invalid' },
        },
      };
    }
    return { ok: true, id, model: parsed.data, source: null };
  }
  const record = findModel(id);
  if (!record) return { ok: false, issue: { field: 'selfHosted.modelId', code: 'unknown-model', params: { id } } };
  return { ok: true, id, model: record, source: record.source };
}

/**
 * What the hardware report reads of a scenario, and nothing more: the worker's hardware methods
 * take this (a whole `Scenario` fits it too).
 */
export type HardwareScenario = Pick<Scenario, 'selfHosted' | 'hardware' | 'workload'>;

/** The sections of a scenario the hardware report reads (copies no values). */
export function hardwareScenarioOf(s: HardwareScenario): HardwareScenario {
  return { selfHosted: s.selfHosted, hardware: s.hardware, workload: s.workload };
}

export function resolveSetup(scenario: Pick<Scenario, 'selfHosted' | 'hardware'>): SetupResult {
  const issues: InputIssue[] = [];
  const s = scenario.selfHosted;
  const h = scenario.hardware;

  const model = resolveModel(scenario);
  if (!model.ok) issues.push(model.issue);
  const gpu = findGpu(s.gpuId);
  if (!gpu) issues.push({ field: 'selfHosted.gpuId', code: 'unknown-gpu', params: { id: s.gpuId } });

  positiveInt(issues, 'selfHosted.gpusPerReplica', s.gpusPerReplica, MAX_GPUS);
  positiveInt(issues, 'selfHosted.gpusPerNode', s.gpusPerNode, 1024);
  positiveInt(issues, 'hardware.tensorParallel', h.tensorParallel, 1024);
  positiveInt(issues, 'hardware.contextLength', h.contextLength, MAX_CONTEXT);
  positiveInt(issues, 'hardware.concurrentSequences', h.concurrentSequences, MAX_SEQUENCES);
  positiveInt(issues, 'hardware.dcpSize', h.dcpSize, 1024);
  if (!Number.isFinite(h.memoryUtilisation) || h.memoryUtilisation <= 0 || h.memoryUtilisation > 1) {
    issues.push({ field: 'hardware.memoryUtilisation', code: 'share-out-of-range', params: { value: String(h.memoryUtilisation) } });
  }
  nonNegative(issues, 'hardware.runtimeOverheadGiB', h.runtimeOverheadGiB);
  nonNegative(issues, 'hardware.activationGiB', h.activationGiB);
  if (h.maxNumBatchedTokens !== null) positiveInt(issues, 'hardware.maxNumBatchedTokens', h.maxNumBatchedTokens, 10_000_000);
  if (h.maxNumSeqs !== null) positiveInt(issues, 'hardware.maxNumSeqs', h.maxNumSeqs, 100_000);

  const pinned = h.layout.choice === 'pinned';
  const countsOk = !issues.some((i) => i.field === 'selfHosted.gpusPerReplica' || i.field === 'hardware.tensorParallel');
  if (countsOk && !pinned && model.ok) {
    // Best fit: TP is the largest power of two ≤ 8 dividing the count, the rest pipeline stages.
    const stages = s.gpusPerReplica / gcd(s.gpusPerReplica, 8);
    if (stages > model.model.layers) {
      issues.push({ field: 'selfHosted.gpusPerReplica', code: 'pipeline-exceeds-layers', params: { stages, layers: model.model.layers } });
    }
  }
  if (countsOk && pinned) {
    if (h.tensorParallel > s.gpusPerReplica) {
      issues.push({ field: 'hardware.tensorParallel', code: 'tp-exceeds-gpus', params: { tp: h.tensorParallel, gpus: s.gpusPerReplica } });
    } else if (s.gpusPerReplica % h.tensorParallel !== 0) {
      issues.push({ field: 'selfHosted.gpusPerReplica', code: 'gpus-not-multiple-of-tp', params: { tp: h.tensorParallel, gpus: s.gpusPerReplica } });
    } else if (model.ok && s.gpusPerReplica / h.tensorParallel > model.model.layers) {
      issues.push({
        field: 'hardware.tensorParallel',
        code: 'pipeline-exceeds-layers',
        params: { stages: s.gpusPerReplica / h.tensorParallel, layers: model.model.layers },
      });
    }
    if (model.ok && hasMla(model.model) && h.mlaKvMode === 'dcp' && Number.isInteger(h.dcpSize) && h.dcpSize >= 1) {
      if (h.dcpSize > h.tensorParallel || h.tensorParallel % h.dcpSize !== 0) {
        issues.push({ field: 'hardware.dcpSize', code: 'dcp-not-divisor-of-tp', params: { dcp: h.dcpSize, tp: h.tensorParallel } });
      }
    }
  }

  if (issues.length > 0 || !model.ok || !gpu) return { ok: false, issues };
  return {
    ok: true,
    input: {
      modelId: model.id,
      model: model.model,
      modelSource: model.source,
      gpu,
      gpuCount: s.gpusPerReplica,
      gpusPerNode: s.gpusPerNode,
      layoutChoice: h.layout.choice,
      tensorParallel: h.tensorParallel,
      weightFormat: h.weightFormat,
      kvFormat: h.kvFormat,
      contextLength: h.contextLength,
      concurrentSequences: h.concurrentSequences,
      mlaKvMode: h.mlaKvMode,
      dcpSize: h.dcpSize,
      memoryUtilisation: h.memoryUtilisation,
      overheadSource: h.overheadSource,
      runtimeOverheadGiB: h.runtimeOverheadGiB,
      activationGiB: h.activationGiB,
      maxNumBatchedTokens: h.maxNumBatchedTokens,
      maxNumSeqs: h.maxNumSeqs,
    },
  };
}
