import { defaultRentFor, findApiOffer, findGpu, findGpuPrice, findModel } from '../catalog/catalog';
import { API_OFFERS } from '../catalog/api-offers';
import { apiFieldsFromOffer } from '../catalog/offer-fields';
import { PUBLISHED_SERIES } from '../catalog/published-measurements.data';
import { seriesFromRoofline } from '../capacity/roofline-series';
import { resolveCapacity, storeSeries } from '../capacity/stored';
import type { StoredSeries } from '../schemas/stored-capacity';
import type { HardwareReportResult } from '../hardware/report';
import type { LayoutKind } from '../hardware/layouts';
import type { Scenario } from '../scenario/schema';
import type { TcoEvaluation } from '../tco/evaluate';
import { gpuIdOf, modelIdOf, squash } from './identify';
import { modelNameOf, shortGpuName } from './name';

/**
 * One deployment, told the same way on every page (docs/tco.md §12): what is self-hosted on
 * what, against which API offer, and where the throughput comes from; and the places where
 * the scenario's areas disagree about it, each with the change that resolves it.
 */

/** Where the throughput per replica comes from, with the deployment it was measured on. */
export interface ThroughputEvidence {
  kind: 'measured' | 'published' | 'estimated' | 'entered';
  /** Whether a throughput–latency series sizes the replicas (else the single figure does). */
  fromSeries: boolean;
  /** The series' or run's label; null for an entered or estimated single figure. */
  label: string | null;
  publisher: string | null;
  /** ISO date it was measured, where known. */
  date: string | null;
  /** The model and GPU as the source names them, and the catalog records they are (null = unknown). */
  modelText: string | null;
  modelId: string | null;
  gpuText: string | null;
  gpuId: string | null;
  /** GPUs of the measured deployment, where known. */
  gpus: number | null;
  /** Tokens/s of one replica the TCO uses (the operating point at the SLO), on `basis`. */
  tokensPerSecond: number;
  basis: 'output' | 'total';
}

export interface DeploymentSummary {
  model: { id: string; name: string };
  gpu: { id: string; name: string };
  gpusPerReplica: number;
  replicas: number;
  /** The parallel layout the hardware fit uses; null when the fit could not be computed. */
  layout: { kind: LayoutKind; tp: number; pp: number; dcp: number; ep: number } | null;
  /** Whether the model fits at that layout; null when the fit could not be computed. */
  fits: boolean | null;
  api: { provider: string; model: string; offerId: string | null; modelId: string | null };
  throughput: ThroughputEvidence;
  /** Disaggregated prefill and decode pools with their rates per worker; null for aggregated replicas (sized by `throughput`). */
  pools: Scenario['selfHosted']['pools'];
  /** What the GPUs cost: the rent (with the catalog rate it was taken from) or the purchase price. */
  cost:
    | {
        mode: 'rent';
        /** The on-demand rate (per `unit`); provider, tier and custom describe it. */
        usd: number;
        /** The reserved rate, when the billing mode pays one (reserved, or the reserved base of mixed). */
        reservedUsd: number | null;
        /** The spot rate, when billed on spot (the on-demand rate is then the fallback's). */
        spotUsd: number | null;
        unit: 'gpu-hour' | 'node-hour';
        billing: Scenario['selfHosted']['billing']['mode'];
        provider: string | null;
        tier: string | null;
        custom: boolean;
      }
    | { mode: 'buy'; usdPerGpu: number };
}

/** A change that resolves a flag; `applyFix` makes it. */
export type CoherenceFix =
  /** The smallest count of the same GPU at which the model fits. */
  | { kind: 'gpus-per-replica'; gpus: number }
  /** The roofline estimate of this model on this GPU as the series (docs/capacity.md §2). */
  | { kind: 'roofline-series'; series: StoredSeries }
  /** A catalog offer of the self-hosted model. */
  | { kind: 'api-offer'; offerId: string; provider: string; model: string }
  /** No reasoning tokens on top of the output: the measured output includes them. */
  | { kind: 'reasoning-none' }
  /** The catalog's rate for this GPU (the median of its on-demand rates). */
  | { kind: 'rent-rate'; priceId: string; provider: string; usdPerGpuHour: number };

export type CoherenceFlag =
  /** The hardware fit says the model does not start on one replica's GPUs (weights, or not one sequence of the context). */
  | { code: 'does-not-fit'; severity: 'blocker'; model: string; gpu: string; gpus: number; shortPerGpuBytes: number; fix: CoherenceFix | null }
  /** The weights fit, but the KV cache holds fewer sequences of the context than the set-up runs at once. */
  | {
      code: 'kv-short';
      severity: 'warning';
      model: string;
      gpu: string;
      gpus: number;
      sequences: number;
      wanted: number;
      context: number;
      fix: CoherenceFix | null;
    }
  /** The throughput was measured on another model. */
  | { code: 'throughput-model'; severity: 'warning'; measured: string; model: string; fix: CoherenceFix | null }
  /** The throughput was measured on another GPU (or a figure was entered for another GPU). */
  | { code: 'throughput-gpu'; severity: 'warning'; measured: string; gpu: string; fix: CoherenceFix | null }
  /** The rent is a catalog rate of another GPU (the GPU changed, the rate did not). */
  | { code: 'rent-gpu'; severity: 'warning'; provider: string; usd: number; rateGpu: string; gpu: string; fix: CoherenceFix | null }
  /** The API serves another model and both sides are assumed to deliver the same quality. */
  | { code: 'api-model'; severity: 'warning'; apiModel: string; model: string; fix: CoherenceFix | null }
  /** The throughput holds for other request lengths and cannot be carried over (no prefill rate). */
  | { code: 'lengths-differ'; severity: 'blocker'; at: { input: number; output: number }; workload: { input: number; output: number }; fix: null }
  /** Reasoning tokens are added to an output that was measured in usage files and includes them. */
  | { code: 'reasoning-twice'; severity: 'warning'; reasoningTokens: number; files: string; fix: CoherenceFix };

/** What the pages computed for the scenario: the hardware report and the TCO evaluation. */
export interface CoherenceResults {
  hardware: HardwareReportResult;
  tco: TcoEvaluation | null;
}

/**
 * What the tab knows beyond the scenario: the model and GPU the single throughput figure was
 * entered for (it changes with the figure, not with the GPU). Null = the scenario's own.
 */
export interface CoherenceContext {
  throughputFor: { modelId: string; gpuId: string } | null;
}

type Pick3 = Pick<Scenario, 'selfHosted' | 'api' | 'workload' | 'hardware' | 'usage'>;

/** Whether a name the catalog does not know still says ours ("kimi-k3 (our build)" holds "Kimi K3"). */
function saysOurs(text: string, ours: string): boolean {
  return squash(text).includes(squash(ours));
}

function gpuName(id: string): string {
  return findGpu(id)?.name ?? id;
}

function throughputEvidence(s: Pick3, context: CoherenceContext): ThroughputEvidence {
  const t = s.selfHosted.throughput;
  const resolved = resolveCapacity(s.selfHosted);
  const figure = { tokensPerSecond: resolved.tokensPerSecond, basis: resolved.basis };
  const series = s.selfHosted.capacity.series;
  if (series && series.kind !== 'entered') {
    const published = series.kind === 'published' && series.libraryId ? PUBLISHED_SERIES.find((p) => p.id === series.libraryId) : undefined;
    const modelText = published?.modelName ?? series.model ?? null;
    const gpuText = published?.hardwareName ?? series.hardware ?? null;
    return {
      kind: series.kind,
      fromSeries: true,
      label: series.label,
      publisher: series.publisher,
      date: series.date,
      modelText,
      // A library entry states its catalog records; an imported file is read by name.
      modelId: published ? published.modelId : modelIdOf(modelText),
      gpuText,
      gpuId: published ? published.gpuId : gpuIdOf(gpuText),
      gpus: series.gpus,
      ...figure,
    };
  }
  // The single figure: for the deployment the tab saw it entered for, else the scenario's own.
  const forDeployment = context.throughputFor ?? { modelId: s.selfHosted.modelId, gpuId: s.selfHosted.gpuId };
  const run = t.source === 'measured' ? t.measuredRun : null;
  return {
    kind: t.source,
    fromSeries: false,
    label: run?.label ?? null,
    publisher: null,
    date: null,
    modelText: run ? null : (findModel(forDeployment.modelId)?.name ?? null),
    modelId: run ? modelIdOf(run.label) : forDeployment.modelId,
    gpuText: run ? null : gpuName(forDeployment.gpuId),
    gpuId: run ? gpuIdOf(run.label) : forDeployment.gpuId,
    gpus: null,
    ...figure,
  };
}

function apiModelId(api: Scenario['api']): string | null {
  const rec = api.offerId ? findApiOffer(api.offerId) : undefined;
  if (rec) return rec.modelId;
  return modelIdOf(api.model);
}

export function deploymentSummary(
  s: Pick3,
  results: Pick<CoherenceResults, 'hardware'>,
  context: CoherenceContext = { throughputFor: null },
): DeploymentSummary {
  const report = results.hardware.ok ? results.hardware.report : null;
  const chosen = report?.layouts.chosen ?? null;
  return {
    model: { id: s.selfHosted.modelId, name: modelNameOf(s) },
    gpu: { id: s.selfHosted.gpuId, name: gpuName(s.selfHosted.gpuId) },
    gpusPerReplica: s.selfHosted.gpusPerReplica,
    replicas: s.selfHosted.replicas,
    layout: chosen ? { kind: chosen.kind, tp: chosen.layout.tp, pp: chosen.layout.pp, dcp: chosen.layout.dcp, ep: chosen.ep } : null,
    fits: report ? report.memory.verdict.fits : null,
    api: { provider: s.api.provider, model: s.api.model, offerId: s.api.offerId, modelId: apiModelId(s.api) },
    throughput: throughputEvidence(s, context),
    pools: s.selfHosted.pools,
    cost: costOf(s.selfHosted),
  };
}

function costOf(sh: Scenario['selfHosted']): DeploymentSummary['cost'] {
  if (sh.costMode === 'buy') return { mode: 'buy', usdPerGpu: sh.capexPerGpu };
  const rec = sh.rentPriceId ? findGpuPrice(sh.rentPriceId) : undefined;
  const perGpuHour = sh.rentUnit === 'gpu-hour' ? sh.rentPrice : sh.rentPrice / Math.max(1, sh.gpusPerNode);
  return {
    mode: 'rent',
    usd: sh.rentPrice,
    reservedUsd: sh.billing.mode === 'reserved' || sh.billing.mode === 'mixed' ? sh.billing.reservedPrice : null,
    spotUsd: sh.billing.mode === 'spot' ? sh.spot.spotPrice : null,
    unit: sh.rentUnit,
    billing: sh.billing.mode,
    provider: rec?.provider ?? null,
    tier: rec?.tier ?? null,
    // A rate that is not the catalog record's own is the user's.
    custom: !rec || Math.abs(rec.usdPerGpuHour - perGpuHour) > 1e-9,
  };
}

/** A first-party catalog offer of the model, else any catalog offer of it. */
function offerFor(modelId: string): CoherenceFix | null {
  const offers = API_OFFERS.filter((o) => o.modelId === modelId);
  const rec = offers.find((o) => o.channel === 'first-party') ?? offers[0];
  return rec ? { kind: 'api-offer', offerId: rec.id, provider: rec.provider, model: rec.model } : null;
}

/**
 * The places where the scenario's areas disagree about the deployment, blockers first. Each
 * flag names both sides and, where one change resolves it, that change.
 */
export function coherence(s: Pick3, results: CoherenceResults, context: CoherenceContext = { throughputFor: null }): CoherenceFlag[] {
  const summary = deploymentSummary(s, results, context);
  const flags: CoherenceFlag[] = [];
  const model = summary.model.name;
  const gpu = summary.gpu.name;
  const sh = s.selfHosted;

  if (results.hardware.ok && !results.hardware.report.memory.verdict.fits) {
    const r = results.hardware.report;
    const min = r.fixes.minGpus;
    const fix: CoherenceFix | null = min.kind === 'fits' && min.count !== sh.gpusPerReplica ? { kind: 'gpus-per-replica', gpus: min.count } : null;
    // Weights and one sequence of the context fit: the engine starts and runs fewer sequences at once.
    const starts = r.memory.verdict.reason === 'kv-exceeds-remaining' && r.fixes.maxConcurrencyAtContext >= 1;
    if (starts) {
      flags.push({
        code: 'kv-short',
        severity: 'warning',
        model,
        gpu,
        gpus: sh.gpusPerReplica,
        sequences: r.fixes.maxConcurrencyAtContext,
        wanted: s.hardware.concurrentSequences,
        context: s.hardware.contextLength,
        fix,
      });
    } else
      flags.push({
        code: 'does-not-fit',
        severity: 'blocker',
        model,
        gpu,
        gpus: sh.gpusPerReplica,
        shortPerGpuBytes: Math.max(0, r.memory.usedPerGpu - r.memory.budgetPerGpu),
        fix,
      });
  }

  const sizing = results.tco?.selfHosted.sizing ?? null;
  if (sizing && !sizing.ok && sizing.reason === 'lengths-differ') {
    flags.push({
      code: 'lengths-differ',
      severity: 'blocker',
      at: { input: sizing.at.input, output: sizing.at.output },
      workload: { input: sizing.workload.input, output: sizing.workload.output },
      fix: null,
    });
  }

  const ev = summary.throughput;
  const roofline = results.hardware.ok ? seriesFromRoofline(results.hardware.report, sh.gpusPerReplica) : null;
  const useRoofline: CoherenceFix | null = roofline ? { kind: 'roofline-series', series: storeSeries(roofline) } : null;
  // A name the catalog does not know is another model (or GPU) unless it says ours: a
  // Llama-3.1-8B sweep does not size Kimi K3, whether or not the catalog holds Llama-3.1-8B.
  const otherModel = ev.modelId !== null ? ev.modelId !== sh.modelId : ev.modelText !== null && !saysOurs(ev.modelText, model);
  if (otherModel && sh.modelId !== 'custom') {
    flags.push({
      code: 'throughput-model',
      severity: 'warning',
      measured: ev.modelText ?? findModel(ev.modelId ?? '')?.name ?? ev.modelId ?? '',
      model,
      fix: useRoofline,
    });
  }
  const otherGpu = ev.gpuId !== null ? ev.gpuId !== sh.gpuId : ev.gpuText !== null && !saysOurs(ev.gpuText, shortGpuName(gpu));
  if (otherGpu) {
    flags.push({ code: 'throughput-gpu', severity: 'warning', measured: ev.gpuText ?? gpuName(ev.gpuId ?? ''), gpu, fix: useRoofline });
  }

  const rate = sh.costMode === 'rent' && sh.rentPriceId ? findGpuPrice(sh.rentPriceId) : undefined;
  if (rate && rate.gpuId !== sh.gpuId) {
    const own = defaultRentFor(sh.gpuId);
    flags.push({
      code: 'rent-gpu',
      severity: 'warning',
      provider: rate.provider,
      usd: rate.usdPerGpuHour,
      rateGpu: gpuName(rate.gpuId),
      gpu,
      fix: own ? { kind: 'rent-rate', priceId: own.id, provider: own.provider, usdPerGpuHour: own.usdPerGpuHour } : null,
    });
  }

  // An offer of a model the catalog does not know serves another model unless its name says ours.
  const apiModel = summary.api.modelId;
  const apiDiffers = apiModel !== null ? apiModel !== sh.modelId : !saysOurs(s.api.model, model);
  const sameAcceptance = s.workload.acceptanceApi === s.workload.acceptanceSelfHosted;
  if (sh.modelId !== 'custom' && apiDiffers && sameAcceptance) {
    flags.push({ code: 'api-model', severity: 'warning', apiModel: s.api.model, model, fix: offerFor(sh.modelId) });
  }

  const w = s.workload;
  const source = s.usage.source;
  const reasoning = w.reasoningMode === 'tokens' ? w.reasoningTokensPerRequest : 0;
  const multiplied = w.reasoningMode === 'multiplier' && w.reasoningMultiplier > 1;
  if (source && (reasoning > 0 || multiplied)) {
    flags.push({ code: 'reasoning-twice', severity: 'warning', reasoningTokens: reasoning, files: source.files.join(', '), fix: { kind: 'reasoning-none' } });
  }

  return flags.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'blocker' ? -1 : 1));
}

/** The scenario with a flag's fix made. Returns a new scenario; the input is not changed. */
export function applyFix<S extends Pick3>(s: S, fix: CoherenceFix): S {
  switch (fix.kind) {
    case 'gpus-per-replica':
      return { ...s, selfHosted: { ...s.selfHosted, gpusPerReplica: fix.gpus } };
    case 'roofline-series':
      return { ...s, selfHosted: { ...s.selfHosted, capacity: { ...s.selfHosted.capacity, series: fix.series } } };
    case 'api-offer': {
      const rec = findApiOffer(fix.offerId);
      return rec ? { ...s, api: { ...s.api, ...apiFieldsFromOffer(rec) } } : s;
    }
    case 'reasoning-none':
      return { ...s, workload: { ...s.workload, reasoningMode: 'none' } };
    case 'rent-rate':
      return { ...s, selfHosted: { ...s.selfHosted, rentPriceId: fix.priceId, rentUnit: 'gpu-hour', rentPrice: fix.usdPerGpuHour } };
  }
}
