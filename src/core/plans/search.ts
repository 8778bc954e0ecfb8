import { defaultRentFor, pricesForGpu, purchasesForGpu } from '../catalog/catalog';
import { API_OFFERS } from '../catalog/api-offers';
import { GPUS } from '../catalog/gpus';
import { apiFieldsFromOffer, offerMatchesRecord } from '../catalog/offer-fields';
import { PUBLISHED_SERIES } from '../catalog/published-measurements.data';
import type { PublishedSeries } from '../catalog/published-measurements';
import { PUBLISHED_RECORDS } from '../catalog/published-records.data';
import { recordBadgeLabel, recordsFor, type PublishedRecord, type SloP99 } from '../catalog/published-records';
import { limitId, type Slo } from '../schemas/slo';
import type { ApiOfferRecord, GpuRecord } from '../catalog/types';
import { seriesFromPublished } from '../capacity/series';
import { resolveCapacity, sameCapacityInputs, storeSeries, type CapacityResolution } from '../capacity/stored';
import type { StoredSeries } from '../schemas/stored-capacity';
import { gpuIdOf, modelIdOf, squash } from '../deployment/identify';
import { apiFieldsFromListPrice, type ListPriceOffer } from '../usage/list-prices';
import { chosenLayout, type LayoutKind } from '../hardware/layouts';
import { weightBytes } from '../hardware/model-math';
import { resolveSetup, type FitInput } from '../hardware/setup';
import type { Scenario } from '../scenario/schema';
import type { FleetView } from '../tco/autoscaling';
import type { BindingPool, KvTransfer } from '../tco/pools';
import { billingMode } from '../tco/billing';
import { demandShape, type DemandShape } from '../tco/profile';
import { taskMix } from '../tco/workload';
import { evaluateTco, type TcoEvaluation } from '../tco/evaluate';
import { calibratedSeries, calibrationFor, calibrationTable, classOf, recordOverSeries, type CalibrationTable } from './calibration';
import { replicaShapes, rooflineSeriesOf, type ReplicaShape } from './candidates';
import { estimatePools, measuredPools, phaseOf, type PoolEstimate, type PoolLengths } from './pools-estimate';

/**
 * The plan search (docs/plans.md): every way to serve the scenario's workload at its latency
 * target — each catalog GPU type and fitting layout, each billing mode, the hybrid with the API,
 * and API-only offers of the same model — priced in full by the same TCO evaluation as the TCO
 * page, ranked by cost per accepted task. It enumerates; it does not sample.
 */

export const BILLING_PLANS = [
  'on-demand',
  'on-demand-scheduled',
  'scale-to-zero',
  'autoscaled',
  'spot',
  'reserved-12',
  'reserved-36',
  'mixed-12',
  'mixed-36',
  'bought',
] as const;
export type BillingPlan = (typeof BILLING_PLANS)[number];

/** The billing candidate a scenario's deployment is: its mode, term and schedule. */
export function billingPlanOf(sh: Pick<Scenario['selfHosted'], 'costMode' | 'billing' | 'hoursMode'>): BillingPlan {
  if (sh.costMode === 'buy') return 'bought';
  const term = sh.billing.reservedTermMonths === 36 ? '36' : '12';
  if (sh.billing.mode === 'reserved') return `reserved-${term}`;
  if (sh.billing.mode === 'mixed') return `mixed-${term}`;
  if (sh.billing.mode === 'scale-to-zero') return 'scale-to-zero';
  if (sh.billing.mode === 'autoscaled') return 'autoscaled';
  if (sh.billing.mode === 'spot') return 'spot';
  return sh.hoursMode === 'schedule' ? 'on-demand-scheduled' : 'on-demand';
}

export interface PlanConstraints {
  /** Allowed GPU types; null = every catalog GPU. */
  gpuIds: readonly string[] | null;
  /** Most GPUs a plan may run in total (spare included); null = no cap. */
  maxGpus: number | null;
  /** Longest commitment allowed in months (reserved terms, the amortisation of bought GPUs); null = any. */
  maxCommitmentMonths: number | null;
  /** Allowed billing modes; null = all. */
  billing: readonly BillingPlan[] | null;
  /** On premises only: bought hardware and nothing rented. */
  onPremisesOnly: boolean;
  /** Allowed API offers (catalog ids; "scenario" for the scenario's own offer); null = every offer of the model. */
  apiOfferIds: readonly string[] | null;
  /** Disaggregated prefill and decode pools are candidates too (false: the serving stack runs aggregated replicas only). */
  disaggregated: boolean;
}

export const NO_CONSTRAINTS: PlanConstraints = {
  gpuIds: null,
  maxGpus: null,
  maxCommitmentMonths: null,
  billing: null,
  onPremisesOnly: false,
  apiOfferIds: null,
  disaggregated: true,
};

export type EvidenceKind = 'measured' | 'entered' | 'published' | 'record' | 'calibrated' | 'roofline';

export interface PlanEvidence {
  kind: EvidenceKind;
  /** The series' label, file or publisher. */
  label: string;
  /** Where it comes from: the file name, the publisher and repository, or "roofline". */
  source: string | null;
  date: string | null;
  /** A calibrated estimate: the class the factor was fitted on, the factor and its leave-one-out error. */
  calibration?: { classKey: string; exact: boolean; factor: number; looError: number; series: number };
  /** A record: how many times the ordinary published series of its class it reaches (both set beside the roofline); null without such series. */
  recordOverSeries?: { times: number; series: number; classKey: string } | null;
}

export type PlanRisk =
  | { kind: 'multi-node'; nodes: number }
  | { kind: 'moe-across-nodes' }
  | { kind: 'cold-start'; seconds: number }
  /** Spot: preemptions a month, the share of demand that waits meanwhile, the GPU cost's 95th percentile. */
  | { kind: 'preemption'; perMonth: number; share: number; p95Usd: number }
  /** Autoscaled: the demand that waits for starts (or above the most replicas), as a share and in minutes a week over the SLO. */
  | { kind: 'scale-up-waits'; share: number; minutesPerWeek: number }
  | { kind: 'commitment'; months: number }
  | { kind: 'not-measured-beyond'; load: number }
  | { kind: 'lengths-adjusted' }
  | { kind: 'upper-bound' }
  /** Throughput from a vendor record (a tuned stack at MLPerf's own request lengths). */
  | { kind: 'record' }
  /** A calibrated estimate, with its leave-one-out error; `otherClass` when fitted on another GPU generation. */
  | { kind: 'calibrated'; error: number; otherClass: boolean }
  | { kind: 'api-overflow'; share: number }
  /** Disaggregated: the KV of each prompt crosses between the pools (ms of its TTFT, over which link); `bound` when the link caps the prefill rate. */
  | { kind: 'kv-transfer'; ms: number; link: KvTransfer['link']; bound: boolean };

export interface PlanLayout {
  kind: LayoutKind;
  tp: number;
  pp: number;
  ep: number;
  dcp: number;
  dp: number;
  nodes: number;
  /** The hardware fit picks this layout at this count by itself ("best fit"). */
  bestAtCount: boolean;
}

export interface PlanPrice {
  /** USD per GPU-hour rented (on demand or reserved), or per GPU bought. */
  usd: number;
  unit: 'gpu-hour' | 'node-hour' | 'gpu';
  /** Where the price comes from: the scenario (entered) or a catalog record. */
  from: 'scenario' | 'catalog' | 'scenario-ratio';
  /** The catalog record's id and provider, when from the catalog. */
  recordId: string | null;
  provider: string | null;
}

export interface Plan {
  id: string;
  kind: 'self-hosted' | 'hybrid' | 'api';
  gpuId: string | null;
  gpuName: string | null;
  layout: PlanLayout | null;
  gpusPerReplica: number;
  /** Replicas run, the N+1 spare included (hybrid: the owned ones). */
  replicas: number;
  gpusTotal: number;
  billing: BillingPlan | null;
  price: PlanPrice | null;
  apiOfferId: string | null;
  /** Provider and model of the API side (API-only and hybrid plans). */
  apiLabel: string | null;
  /** Where the API side's prices come from. */
  apiSource: ApiOfferSource | null;
  monthlyUsd: number;
  /** Null when tasks are not counted (a token-volume workload): then monthlyUsd ÷ acceptance ranks. */
  usdPerAcceptedTask: number | null;
  /** Cost per 1M workload tokens. */
  usdPerMillionTokens: number | null;
  /**
   * Present value of the plan's cash-flow statement over the horizon at the WACC (horizon.ts);
   * null when the horizon outgrows the replica limit.
   */
  npvUsd: number | null;
  /** Output tokens/s per user at the operating point, when the evidence gives it. */
  tokensPerSecondPerUser: number | null;
  /** 1 − the binding limit's value ÷ its target (0.2 = 20 % below the limit); null without an SLO. */
  sloMargin: number | null;
  /** What caps the load ("ttft-p95"); null without an SLO. */
  bindingLimit: string | null;
  evidence: PlanEvidence | null;
  risks: PlanRisk[];
  /** Rests on the bare roofline: an upper bound, not a plan. */
  upperBound: boolean;
  /** Autoscaled plans: the policy and the week replayed through it (autoscaling.ts); null otherwise. */
  policy: FleetView | null;
  /** Disaggregated plans: both pools' workers and GPUs, which one binds, and the KV transfer between them; null otherwise. */
  pools: PlanPools | null;
  /** The part of the plan's scenario that "Use this plan" sets. */
  apply: PlanPatch;
}

/** A disaggregated plan's pools at the workload's peak hour (tco/pools.ts, plans/pools-estimate.ts). */
export interface PlanPools {
  prefillWorkers: number;
  decodeWorkers: number;
  gpusPerWorker: number;
  /** Per worker at the TTFT and ITL targets, before the rate-matching factors 0.9 and 0.92. */
  prefillRequestsPerSecond: number;
  decodeRequestsPerSecond: number;
  peakRequestsPerSecond: number;
  binding: BindingPool;
  /** The roofline's batches behind the rates (null when the rates were entered). */
  prefillBatch: number | null;
  decodeBatch: number | null;
  /** The KV of one prompt sent from prefill to decode; null when the rates were entered. */
  kv: (KvTransfer & { linkBound: boolean }) | null;
}

/** The fields a plan sets on the scenario (self-hosted section, hardware layout, API offer). */
export interface PlanPatch {
  selfHosted: Partial<Scenario['selfHosted']>;
  hardware: Partial<Scenario['hardware']>;
  api: Partial<Scenario['api']> | null;
}

export type ExclusionReason =
  | { code: 'does-not-fit'; checkedUpTo: number }
  | { code: 'node-too-small'; smallestFit: number }
  /** The nearest point's load (null: "as fast as possible" or a single figure) and each limit it fails, value against limit. */
  | { code: 'slo-unreachable'; nearestLoad: number | null; failing: string[]; misses: { id: string; value: number | null; limit: number }[] }
  | { code: 'above-gpu-cap'; gpus: number; cap: number }
  | { code: 'no-price' }
  | { code: 'lengths-not-sizable' }
  | { code: 'demand-outside-schedule' }
  | { code: 'no-throughput' }
  | { code: 'beyond-max-replicas'; replicas: number };

export interface Exclusion {
  /** "8× H200 · DCP8 · reserved 36 months" as structured parts. */
  gpuId: string;
  gpuName: string;
  gpus: number;
  layout: LayoutKind | null;
  billing: BillingPlan | null;
  evidence: EvidenceKind | null;
  /** A disaggregated candidate (prefill and decode pools). */
  pools?: true;
  reason: ExclusionReason;
}

export interface PlanSearch {
  /** Ranked plans, cheapest per accepted task first. */
  plans: Plan[];
  /** Plans resting on the bare roofline, ranked apart: upper bounds, not plans. */
  upperBounds: Plan[];
  excluded: Exclusion[];
  /** Candidates left out by the constraints. */
  filteredOut: number;
  /** Candidates priced (each a full TCO evaluation). */
  evaluated: number;
  /** Why no search ran (the scenario's hardware section is invalid). */
  issue: string | null;
}

/** What the search reads besides the scenario: the catalog, replaceable in tests. */
export interface PlanCatalog {
  gpus: readonly GpuRecord[];
  published: readonly PublishedSeries[];
  /** Records: one point each at a benchmark's own p99 TTFT and TPOT limits (MLPerf Inference). */
  records: readonly PublishedRecord[];
  offers: readonly ApiOfferRecord[];
  /** On-demand USD per GPU-hour of a GPU type, with its record. */
  rent: (gpuId: string) => { usd: number; id: string; provider: string } | null;
  /** Reserved USD per GPU-hour, when the catalog has one. */
  reserved: (gpuId: string) => { usd: number; id: string; provider: string } | null;
  /** Purchase USD per GPU and power per GPU. */
  purchase: (gpuId: string) => { usd: number; id: string; provider: string } | null;
  /** The calibration of the roofline under a scenario's settings (docs/plans.md §2). */
  calibration: (s: PlanScenario) => CalibrationTable;
}

const median = <T>(items: readonly T[], key: (t: T) => number): T | undefined => {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

export const CATALOG: PlanCatalog = {
  gpus: GPUS,
  published: PUBLISHED_SERIES,
  records: PUBLISHED_RECORDS,
  offers: API_OFFERS,
  rent: (gpuId) => {
    const r = defaultRentFor(gpuId);
    return r ? { usd: r.usdPerGpuHour, id: r.id, provider: r.provider } : null;
  },
  reserved: (gpuId) => {
    const r = median(
      pricesForGpu(gpuId).filter((p) => p.tier === 'reserved'),
      (p) => p.usdPerGpuHour,
    );
    return r ? { usd: r.usdPerGpuHour, id: r.id, provider: r.provider } : null;
  },
  purchase: (gpuId) => {
    const r = purchasesForGpu(gpuId)[0];
    return r ? { usd: (r.usdLow + r.usdHigh) / 2, id: r.id, provider: r.source.title } : null;
  },
  // The search fits on the library's series; the records are for the table (docs, CLI).
  calibration: (s) => calibrationTable(s, [], PUBLISHED_SERIES),
};

export type PlanScenario = Pick<Scenario, 'workload' | 'api' | 'selfHosted' | 'fx' | 'hardware' | 'pilot'> & Partial<Pick<Scenario, 'usage'>>;

interface Evidence {
  info: PlanEvidence;
  /** The series the TCO sizes from; null = the scenario's single figure. */
  series: StoredSeries | null;
}

/** The imported series of the scenario, with the GPU and count it was measured on, when it names them. */
function measuredSeriesOf(s: PlanScenario): { series: StoredSeries; gpuId: string; gpus: number } | null {
  const series = s.selfHosted.capacity.series;
  if (!series || series.kind !== 'measured') return null;
  const model = modelIdOf(series.model ?? null);
  if (model !== null && model !== s.selfHosted.modelId) return null;
  const gpuId = gpuIdOf(series.hardware ?? null) ?? s.selfHosted.gpuId;
  return { series, gpuId, gpus: series.gpus ?? s.selfHosted.gpusPerReplica };
}

/**
 * Imported series (the runs database, grouped) that count as measured evidence: a series of the
 * scenario's model that names its GPU and GPU count (from the file, or as the user tagged it).
 * A series naming no model, or another, never counts.
 */
export function importedEvidence(
  s: Pick<PlanScenario, 'selfHosted'>,
  imported: readonly StoredSeries[],
): { series: StoredSeries; gpuId: string; gpus: number }[] {
  const out: { series: StoredSeries; gpuId: string; gpus: number }[] = [];
  for (const series of imported) {
    if (series.kind !== 'measured' || modelIdOf(series.model ?? null) !== s.selfHosted.modelId) continue;
    const gpuId = gpuIdOf(series.hardware ?? null);
    if (gpuId === null || series.gpus === null || !(series.gpus > 0)) continue;
    out.push({ series, gpuId, gpus: series.gpus });
  }
  return out;
}

function evidenceFor(
  s: PlanScenario,
  input: FitInput,
  shape: ReplicaShape,
  catalog: PlanCatalog,
  ownLayout: LayoutKind,
  imported: readonly { series: StoredSeries; gpuId: string; gpus: number }[],
): Evidence | null {
  const sh = s.selfHosted;
  const gpus = shape.fit.layout.gpus;
  const measured = measuredSeriesOf(s);
  const own = measured && measured.gpuId === shape.gpu.id && measured.gpus === gpus ? measured : null;
  // The scenario's own series first, then the imported series with the most loads.
  // A prefill-only sweep measures one phase (the pools'), not a replica that also decodes.
  const m =
    own ??
    [...imported]
      .filter((x) => x.gpuId === shape.gpu.id && x.gpus === gpus && phaseOf(x.series) !== 'prefill')
      .sort((a, b) => b.series.points.load.length - a.series.points.load.length)[0];
  if (m) {
    return { info: { kind: 'measured', label: m.series.label, source: m.series.fileName, date: m.series.date }, series: m.series };
  }
  const published = catalog.published.find((p) => p.modelId === sh.modelId && p.gpuId === shape.gpu.id && p.gpus === gpus);
  if (published) {
    return {
      info: {
        kind: 'published',
        label: published.label,
        source: `${published.source.publisher}${published.source.repo ? ` (${published.source.repo})` : ''}`,
        date: published.source.measuredOn,
      },
      series: storeSeries(seriesFromPublished(published)),
    };
  }
  // The figure typed in is evidence for the deployment it was typed for, and only for it.
  if (
    sh.capacity.series === null &&
    sh.throughput.source === 'entered' &&
    sh.gpuId === shape.gpu.id &&
    sh.gpusPerReplica === gpus &&
    shape.fit.kind === ownLayout &&
    sh.throughput.tokensPerSecond > 0
  ) {
    return { info: { kind: 'entered', label: 'entered figure', source: null, date: null }, series: null };
  }
  const record = bestRecord(s, shape, catalog);
  if (record) {
    return {
      info: {
        kind: 'record',
        label: recordBadgeLabel(record),
        source: `${record.submitter}, ${record.systemName} (${record.source.publisher} ${record.round}, ${record.scenario})`,
        date: record.source.roundDate ?? record.source.checked,
        recordOverSeries: recordOverSeries(record, s, catalog.calibration(s)),
      },
      series: recordSeries(record, gpus),
    };
  }
  const roofline = rooflineSeriesOf(s, input, shape);
  if (!roofline) return null;
  const use = calibrationFor(catalog.calibration(s), classOf(input.model, shape.gpu, shape.fit.layout.nodes));
  if (use) {
    const series = calibratedSeries(roofline, use);
    return {
      info: {
        kind: 'calibrated',
        label: series.label,
        source: `roofline × ${use.factor.toFixed(2)}, fitted on ${use.from.points.length} series (${use.from.key})`,
        date: null,
        calibration: { classKey: use.from.key, exact: use.exact, factor: use.factor, looError: use.looError, series: use.from.points.length },
      },
      series,
    };
  }
  return { info: { kind: 'roofline', label: roofline.label, source: 'roofline', date: null }, series: roofline };
}

/**
 * Billing modes a disaggregated plan is priced in: fleets of a fixed size. The week replays of
 * autoscaled, mixed and spot fleets count replicas of one kind, not two pools.
 */
const POOL_BILLINGS: ReadonlySet<BillingPlan> = new Set(['on-demand', 'reserved-12', 'reserved-36', 'bought']);

interface PoolEvidence {
  info: PlanEvidence;
  rates: NonNullable<Scenario['selfHosted']['pools']>;
  estimate: PoolEstimate | null;
}

/**
 * The rates of a shape's prefill and decode workers: the scenario's own when they were entered
 * (or measured, or published) for this GPU and count, else the roofline's estimate, calibrated
 * like the aggregated estimate (docs/plans.md §1c). `failing`: the SLO's limits no batch meets.
 */
function poolEvidenceFor(
  s: PlanScenario,
  input: FitInput,
  shape: ReplicaShape,
  catalog: PlanCatalog,
  lengths: PoolLengths,
  imported: readonly { series: StoredSeries; gpuId: string; gpus: number }[],
): PoolEvidence | { failing: string[] } | null {
  const sh = s.selfHosted;
  const gpus = shape.fit.layout.gpus;
  const own = sh.pools;
  if (
    own &&
    own.source !== 'estimated' &&
    own.prefillRequestsPerSecond > 0 &&
    own.decodeRequestsPerSecond > 0 &&
    sh.gpuId === shape.gpu.id &&
    sh.gpusPerReplica === gpus
  ) {
    return {
      info: { kind: own.source === 'entered' ? 'entered' : own.source, label: own.label ?? 'entered rates', source: own.label, date: null },
      rates: own,
      estimate: null,
    };
  }
  // A prefill-only and a decode-heavy sweep of this GPU and count measure the two pools.
  const sweeps = measuredPools(
    imported.filter((x) => x.gpuId === shape.gpu.id && x.gpus === gpus).map((x) => x.series),
    lengths,
    sh.capacity.slo,
  );
  if (sweeps) {
    const label = `${sweeps.prefill.label} + ${sweeps.decode.label}`;
    const files = [sweeps.prefill.fileName, sweeps.decode.fileName].filter((f): f is string => f !== null);
    return {
      info: { kind: 'measured', label, source: files.length > 0 ? files.join(' + ') : label, date: sweeps.prefill.date ?? sweeps.decode.date },
      rates: { prefillRequestsPerSecond: sweeps.prefillRequestsPerSecond, decodeRequestsPerSecond: sweeps.decodeRequestsPerSecond, source: 'measured', label },
      estimate: null,
    };
  }
  const est = estimatePools(s, input, shape, lengths, sh.capacity.slo);
  if ('code' in est) return est.code === 'slo-unreachable' ? { failing: est.failing } : null;
  const use = calibrationFor(catalog.calibration(s), classOf(input.model, shape.gpu, shape.fit.layout.nodes));
  const f = use?.factor ?? 1;
  const compute = (est.prefillBatch * 1e3) / est.prefillBatchMs;
  const label = `${gpus}× ${shape.gpu.name} prefill/decode · ${use ? `calibrated ×${f.toFixed(2)}` : 'roofline'}`;
  const rates = {
    prefillRequestsPerSecond: Math.min(compute * f, est.kv.requestsPerSecond),
    decodeRequestsPerSecond: est.decodeRequestsPerSecond * f,
    source: 'estimated' as const,
    label,
  };
  const estimate: PoolEstimate = {
    ...est,
    prefillRequestsPerSecond: rates.prefillRequestsPerSecond,
    decodeRequestsPerSecond: rates.decodeRequestsPerSecond,
    linkBound: est.kv.requestsPerSecond < compute * f,
  };
  if (!use) return { info: { kind: 'roofline', label, source: 'roofline', date: null }, rates, estimate };
  return {
    info: {
      kind: 'calibrated',
      label,
      source: `roofline × ${f.toFixed(2)}, fitted on ${use.from.points.length} series (${use.from.key})`,
      date: null,
      calibration: { classKey: use.from.key, exact: use.exact, factor: f, looError: use.looError, series: use.from.points.length },
    },
    rates,
    estimate,
  };
}

/**
 * The user's SLO as the p99 limits a record must be at least as strict as: a record kept its
 * p99 TTFT and TPOT under its own limits, so it meets a user's TTFT or TPOT (ITL) limit at any
 * percentile that is no stricter, and a tokens/s-per-user floor of 1,000 ÷ its TPOT limit. A
 * record says nothing about end-to-end latency: with such a limit no record counts (null).
 */
export function sloAsP99(slo: Slo): SloP99 | null {
  if (slo.limits.some((l) => l.metric === 'e2el')) return null;
  let ttft = Number.POSITIVE_INFINITY;
  let tpot = Number.POSITIVE_INFINITY;
  for (const l of slo.limits) {
    if (l.metric === 'ttft') ttft = Math.min(ttft, l.maxMs);
    else tpot = Math.min(tpot, l.maxMs);
  }
  if (slo.minTokensPerSPerUser !== null && slo.minTokensPerSPerUser > 0) tpot = Math.min(tpot, 1000 / slo.minTokensPerSPerUser);
  return { ttftP99Ms: ttft, tpotP99Ms: tpot };
}

/** The best record per GPU for the shape's model and GPU that counts for the SLO, measured on at least as many GPUs (never scaled up). */
function bestRecord(s: PlanScenario, shape: ReplicaShape, catalog: PlanCatalog): PublishedRecord | null {
  const slo = sloAsP99(s.selfHosted.capacity.slo);
  if (!slo) return null;
  return recordsFor(catalog.records, { modelId: s.selfHosted.modelId, gpuId: shape.gpu.id, slo }).find((r) => r.accelerators >= shape.fit.layout.gpus) ?? null;
}

/** A record as a one-point series for `gpus` GPUs: its tokens/s per GPU × gpus, at its p99 limits. */
function recordSeries(r: PublishedRecord, gpus: number): StoredSeries {
  return {
    kind: 'published',
    label: recordBadgeLabel(r),
    fileName: null,
    libraryId: r.id,
    publisher: `${r.source.publisher} (${r.submitter})`,
    date: r.source.roundDate ?? r.source.checked,
    gpus,
    model: r.modelName,
    hardware: r.acceleratorName,
    inputTokens: null,
    outputTokens: null,
    loadKind: 'concurrency',
    // A valid MLPerf run completes every query it is sent.
    points: {
      load: [null],
      out: [r.tokensPerSPerGpu * gpus],
      total: [null],
      ttft: { p99: [r.slo.ttftP99Ms] },
      tpot: { p99: [r.slo.tpotP99Ms] },
      itl: {},
      e2el: {},
      ok: [1],
      n: [null],
    },
  };
}

/** The price fields of a GPU type: the scenario's own for its GPU, else the catalog's. */
function priceFields(
  s: PlanScenario,
  gpu: GpuRecord,
  billing: BillingPlan,
  catalog: PlanCatalog,
): { patch: Partial<Scenario['selfHosted']>; price: PlanPrice } | null {
  const sh = s.selfHosted;
  const own = gpu.id === sh.gpuId;
  if (billing === 'bought') {
    if (own) return { patch: { costMode: 'buy' }, price: { usd: sh.capexPerGpu, unit: 'gpu', from: 'scenario', recordId: null, provider: null } };
    const p = catalog.purchase(gpu.id);
    if (!p) return null;
    return { patch: { costMode: 'buy', capexPerGpu: p.usd }, price: { usd: p.usd, unit: 'gpu', from: 'catalog', recordId: p.id, provider: p.provider } };
  }
  // Mixed billing pays both rates: the reserved one for its base, the on-demand one for the burst.
  const reserved = billing.startsWith('reserved-') || billing.startsWith('mixed-');
  if (billing === 'spot') {
    // Spot pays the spot rate, with the on-demand rate for the fallback. The catalog has no spot
    // rates: another GPU's is its on-demand rate at the scenario's own spot ÷ on-demand ratio, said so.
    if (own) return { patch: { costMode: 'rent' }, price: { usd: sh.spot.spotPrice, unit: sh.rentUnit, from: 'scenario', recordId: null, provider: null } };
    const rent = catalog.rent(gpu.id);
    if (!rent) return null;
    const ratio = sh.rentPrice > 0 ? sh.spot.spotPrice / sh.rentPrice : 1;
    const usd = rent.usd * ratio;
    return {
      patch: { costMode: 'rent', rentUnit: 'gpu-hour', rentPriceId: rent.id, rentPrice: rent.usd, spot: { ...sh.spot, spotPrice: usd } },
      price: { usd, unit: 'gpu-hour', from: 'scenario-ratio', recordId: rent.id, provider: rent.provider },
    };
  }
  if (own) {
    return reserved
      ? { patch: { costMode: 'rent' }, price: { usd: sh.billing.reservedPrice, unit: sh.rentUnit, from: 'scenario', recordId: null, provider: null } }
      : { patch: { costMode: 'rent' }, price: { usd: sh.rentPrice, unit: sh.rentUnit, from: 'scenario', recordId: sh.rentPriceId, provider: null } };
  }
  const rent = catalog.rent(gpu.id);
  if (!rent) return null;
  const base: Partial<Scenario['selfHosted']> = { costMode: 'rent', rentUnit: 'gpu-hour', rentPriceId: rent.id, rentPrice: rent.usd };
  if (!reserved) return { patch: base, price: { usd: rent.usd, unit: 'gpu-hour', from: 'catalog', recordId: rent.id, provider: rent.provider } };
  const r = catalog.reserved(gpu.id);
  if (r)
    return {
      patch: { ...base, billing: { ...sh.billing, reservedPrice: r.usd } },
      price: { usd: r.usd, unit: 'gpu-hour', from: 'catalog', recordId: r.id, provider: r.provider },
    };
  // No reserved rate in the catalog: the scenario's own reserved ÷ on-demand ratio, said so.
  const perGpu = (usd: number) => (sh.rentUnit === 'gpu-hour' ? usd : usd / Math.max(1, sh.gpusPerNode));
  const ratio = sh.rentPrice > 0 ? perGpu(sh.billing.reservedPrice) / perGpu(sh.rentPrice) : 1;
  const usd = rent.usd * ratio;
  return {
    patch: { ...base, billing: { ...sh.billing, reservedPrice: usd } },
    price: { usd, unit: 'gpu-hour', from: 'scenario-ratio', recordId: rent.id, provider: rent.provider },
  };
}

/** The self-hosted fields a billing mode sets; `billing` holds only the fields it changes. */
function billingPatch(billing: BillingPlan): Omit<Partial<Scenario['selfHosted']>, 'billing'> & { billing?: Partial<Scenario['selfHosted']['billing']> } {
  switch (billing) {
    case 'on-demand':
      return { hoursMode: 'always', billing: { mode: 'on-demand' } };
    case 'on-demand-scheduled':
      return { hoursMode: 'schedule', billing: { mode: 'on-demand' } };
    case 'scale-to-zero':
      return { hoursMode: 'always', billing: { mode: 'scale-to-zero' } };
    case 'autoscaled':
      return { hoursMode: 'always', billing: { mode: 'autoscaled' } };
    case 'spot':
      return { hoursMode: 'always', billing: { mode: 'spot' } };
    case 'reserved-12':
      return { hoursMode: 'always', billing: { mode: 'reserved', reservedTermMonths: 12 } };
    case 'reserved-36':
      return { hoursMode: 'always', billing: { mode: 'reserved', reservedTermMonths: 36 } };
    case 'mixed-12':
      return { hoursMode: 'always', billing: { mode: 'mixed', reservedTermMonths: 12 } };
    case 'mixed-36':
      return { hoursMode: 'always', billing: { mode: 'mixed', reservedTermMonths: 36 } };
    case 'bought':
      return { hoursMode: 'always' };
  }
}

export function commitmentMonths(s: Pick<Scenario, 'selfHosted'>, billing: BillingPlan): number {
  if (billing === 'reserved-12' || billing === 'mixed-12') return 12;
  if (billing === 'reserved-36' || billing === 'mixed-36') return 36;
  if (billing === 'bought') return s.selfHosted.amortisationMonths;
  return 0;
}

function allowedBilling(s: PlanScenario, c: PlanConstraints): BillingPlan[] {
  const sh = s.selfHosted;
  const scheduleIsAlways = sh.scheduleHoursPerDay >= 24 && sh.scheduleDaysPerWeek >= 7;
  return BILLING_PLANS.filter((b) => {
    // A schedule of every hour is on demand again: not a candidate of its own.
    if (b === 'on-demand-scheduled' && scheduleIsAlways) return false;
    if (c.billing !== null && !c.billing.includes(b)) return false;
    if (c.onPremisesOnly && b !== 'bought') return false;
    if (c.maxCommitmentMonths !== null && commitmentMonths(s, b) > c.maxCommitmentMonths) return false;
    return true;
  });
}

type Fig = { ok: true; value: number } | { ok: false };
const fig = (f: Fig) => (f.ok ? f.value : null);

function withPatch(s: PlanScenario, patch: PlanPatch): PlanScenario {
  return {
    ...s,
    selfHosted: { ...s.selfHosted, ...patch.selfHosted },
    hardware: { ...s.hardware, ...patch.hardware },
    api: patch.api ? { ...s.api, ...patch.api } : s.api,
  };
}

function layoutOfShape(shape: ReplicaShape): PlanLayout {
  const L = shape.fit.layout;
  return { kind: shape.fit.kind, tp: L.tp, pp: L.pp, ep: shape.fit.ep, dcp: L.dcp, dp: L.dp, nodes: L.nodes, bestAtCount: shape.bestAtCount };
}

function hardwarePatch(s: PlanScenario, shape: ReplicaShape): Partial<Scenario['hardware']> {
  if (shape.bestAtCount) return { layout: { choice: 'best-fit' } };
  const L = shape.fit.layout;
  return {
    layout: { choice: 'pinned' },
    tensorParallel: L.tp,
    mlaKvMode: L.mlaMode === 'not-mla' ? s.hardware.mlaKvMode : L.mlaMode,
    dcpSize: L.dcp,
  };
}

function sloOf(r: CapacityResolution, s: PlanScenario): { margin: number | null; binding: string | null; perUser: number | null; beyond: number | null } {
  const c = r.choice.chosen;
  if (!c) return { margin: null, binding: null, perUser: null, beyond: null };
  const limited = s.selfHosted.capacity.slo.limits.length > 0 || s.selfHosted.capacity.slo.minTokensPerSPerUser !== null;
  const b = limited && !r.fromSingleFigure ? c.binding : null;
  return { margin: b && b.ratio !== null ? 1 - b.ratio : null, binding: b ? b.id : null, perUser: c.interactivity, beyond: c.notMeasuredBeyond };
}

/** A pools plan's latency figures: the binding pool's limit (TTFT for prefill, the ITL or TPOT limit for decode) and the decode pool's tokens/s per user. */
function poolSlo(
  pools: PoolEvidence,
  e: TcoEvaluation,
  s: PlanScenario,
): { margin: number | null; binding: string | null; perUser: number | null; beyond: number | null } {
  const limits = s.selfHosted.capacity.slo.limits;
  const binding = e.selfHosted.pools?.binding ?? 'prefill';
  const limit = binding === 'prefill' ? limits.find((l) => l.metric === 'ttft') : limits.find((l) => l.metric === 'itl' || l.metric === 'tpot');
  const step = pools.estimate?.decodeStepMs ?? null;
  return { margin: null, binding: limit ? limitId(limit) : null, perUser: step !== null && step > 0 ? 1e3 / step : null, beyond: null };
}

function planPools(pools: PoolEvidence, view: NonNullable<TcoEvaluation['selfHosted']['pools']>): PlanPools {
  const est = pools.estimate;
  return {
    prefillWorkers: view.prefillWorkers,
    decodeWorkers: view.decodeWorkers,
    gpusPerWorker: view.gpusPerWorker,
    prefillRequestsPerSecond: view.prefillRequestsPerSecond,
    decodeRequestsPerSecond: view.decodeRequestsPerSecond,
    peakRequestsPerSecond: view.peakRequestsPerSecond,
    binding: view.binding,
    prefillBatch: est ? est.prefillBatch : null,
    decodeBatch: est ? est.decodeBatch : null,
    kv: est ? { ...est.kv, linkBound: est.linkBound } : null,
  };
}

function excludedReason(e: TcoEvaluation, s: PlanScenario): ExclusionReason | null {
  const state = e.selfHosted.state;
  if (state === 'throughput-not-sizable') return { code: 'lengths-not-sizable' };
  if (state === 'demand-outside-schedule') return { code: 'demand-outside-schedule' };
  if (state === 'beyond-max-replicas') return { code: 'beyond-max-replicas', replicas: e.selfHosted.replicasNeeded ?? 0 };
  if (state === 'no-throughput' || state === 'self-accepts-nothing') {
    const r = resolveCapacity(s.selfHosted);
    if (r.choice.reason?.code === 'none-qualifies') {
      const n = r.choice.reason.nearest;
      return {
        code: 'slo-unreachable',
        nearestLoad: n.load,
        failing: n.failing.map((f) => f.id),
        misses: n.failing.map((f) => ({ id: f.id, value: f.value, limit: f.threshold })),
      };
    }
    return { code: 'no-throughput' };
  }
  return null;
}

/** Monthly cost ÷ acceptance: the rank key (cost per accepted task when tasks are counted). */
function rankKey(p: Plan, e: TcoEvaluation): number {
  if (p.usdPerAcceptedTask !== null) return p.usdPerAcceptedTask;
  const acc = p.kind === 'api' ? e.acceptance.api : e.acceptance.selfHosted;
  return acc > 0 ? p.monthlyUsd / acc : Number.MAX_VALUE;
}

/** What the search reads besides the scenario and the catalog: the user's imported series and the list prices in use. */
export interface PlanInputs {
  /** Imported series (the runs database): measured evidence where they name the model, GPU and count. */
  imported?: readonly StoredSeries[];
  /** genai-prices list prices (bundled, or a dropped data.json): API candidates where they are of the model. */
  listOffers?: readonly ListPriceOffer[];
}

/** The search to its end (the CLI, the tests). */
export function searchPlans(
  scenario: PlanScenario,
  constraints: PlanConstraints = NO_CONSTRAINTS,
  catalog: PlanCatalog = CATALOG,
  inputs: PlanInputs = {},
): PlanSearch {
  const steps = planSearchSteps(scenario, constraints, catalog, inputs);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The search in steps: it pauses after each replica shape, so the worker can answer other calls
 * (its heartbeat among them) between them instead of computing the whole catalog in one go.
 */
export function* planSearchSteps(
  scenario: PlanScenario,
  constraints: PlanConstraints = NO_CONSTRAINTS,
  catalog: PlanCatalog = CATALOG,
  inputs: PlanInputs = {},
): Generator<void, PlanSearch, void> {
  const imported = inputs.imported ?? [];
  const ownApiSource = ownSource(scenario.api, catalog, inputs.listOffers ?? []);
  const setup = resolveSetup(scenario);
  if (!setup.ok)
    return { plans: [], upperBounds: [], excluded: [], filteredOut: 0, evaluated: 0, issue: setup.issues.map((i) => `${i.field}: ${i.code}`).join('; ') };
  const input = setup.input;
  const sh = scenario.selfHosted;
  const gpus = catalog.gpus.filter((g) => constraints.gpuIds === null || constraints.gpuIds.includes(g.id));
  let filteredOut = (catalog.gpus.length - gpus.length) * BILLING_PLANS.length;
  const billings = allowedBilling(scenario, constraints);
  filteredOut += gpus.length * (BILLING_PLANS.length - billings.length);
  const measured = measuredSeriesOf(scenario);
  const fromRuns = importedEvidence(scenario, imported);
  const extra = (gpuId: string) => [
    ...catalog.published.filter((p) => p.modelId === sh.modelId && p.gpuId === gpuId).map((p) => p.gpus),
    ...(measured && measured.gpuId === gpuId ? [measured.gpus] : []),
    ...fromRuns.filter((x) => x.gpuId === gpuId).map((x) => x.gpus),
    ...(gpuId === sh.gpuId ? [sh.gpusPerReplica] : []),
  ];
  const search = replicaShapes(input, gpus, extra);
  const ownLayout = chosenLayout(input, weightBytes(input.model, input.weightFormat)).kind;
  const excluded: Exclusion[] = [
    ...search.noFit.map((n) => ({
      gpuId: n.gpu.id,
      gpuName: n.gpu.name,
      gpus: n.gpu.gpusPerNode,
      layout: null,
      billing: null,
      evidence: null,
      reason: { code: 'does-not-fit', checkedUpTo: n.checkedUpTo } as const,
    })),
    ...search.nodeTooSmall.map((n) => ({
      gpuId: n.gpu.id,
      gpuName: n.gpu.name,
      gpus: n.gpus,
      layout: null,
      billing: null,
      evidence: null,
      reason: { code: 'node-too-small', smallestFit: n.smallestFit } as const,
    })),
  ];
  const mix = taskMix(scenario);
  // The demand shape depends on the workload and on the hours the deployment runs: the same for
  // every candidate of a schedule (on demand on the schedule, or every hour).
  const shapes = new Map<string, DemandShape>();
  const shapeOf = (s: PlanScenario): DemandShape => {
    const key = `${billingMode(s.selfHosted)}|${s.selfHosted.hoursMode}`;
    const known = shapes.get(key);
    if (known) return known;
    const shape = demandShape(s);
    shapes.set(key, shape);
    return shape;
  };
  const poolLengths: PoolLengths = {
    inputTokens: mix.perRequest.inputTokens,
    uncachedInputTokens: mix.perRequest.inputTokens - mix.perRequest.cachedInputTokens,
    outputTokens: mix.perRequest.billedOutputTokens,
  };
  const ranked: { plan: Plan; key: number }[] = [];
  let evaluated = 0;
  let apiEvaluation: TcoEvaluation | null = null;

  for (const shape of search.shapes) {
    yield;
    const evidence = evidenceFor(scenario, input, shape, catalog, ownLayout, fromRuns);
    const perReplica = shape.fit.layout.gpus;
    const base = { gpuId: shape.gpu.id, gpuName: shape.gpu.name, gpus: perReplica, layout: shape.fit.kind };
    if (!evidence) {
      excluded.push({ ...base, billing: null, evidence: null, reason: { code: 'no-throughput' } });
      continue;
    }
    const throughput: Partial<Scenario['selfHosted']> =
      evidence.series === null
        ? {}
        : {
            capacity: { ...sh.capacity, series: evidence.series },
            throughput: { ...sh.throughput, source: evidence.info.kind === 'measured' ? 'measured' : 'estimated' },
          };
    let capacity: { of: Scenario['selfHosted']; resolution: CapacityResolution } | null = null;
    // The shape as aggregated replicas, and as prefill and decode pools of its workers.
    // Pools are searched on the layout the hardware fit picks at the count (both pools use it).
    // One reserved rate holds for both terms, so with both allowed the 12-month one is never worse.
    const poolBillings =
      constraints.disaggregated && shape.bestAtCount
        ? billings.filter((b) => POOL_BILLINGS.has(b) && !(b === 'reserved-36' && billings.includes('reserved-12')))
        : [];
    const poolEvidence = poolBillings.length > 0 ? poolEvidenceFor(scenario, input, shape, catalog, poolLengths, fromRuns) : null;
    if (poolEvidence && 'failing' in poolEvidence) {
      excluded.push({
        ...base,
        billing: null,
        evidence: null,
        pools: true,
        reason: { code: 'slo-unreachable', nearestLoad: null, failing: poolEvidence.failing, misses: [] },
      });
    }
    const pooled = poolEvidence && !('failing' in poolEvidence) ? poolEvidence : null;
    const runs: { pools: PoolEvidence | null; billing: BillingPlan }[] = [
      ...billings.map((billing) => ({ pools: null, billing })),
      ...(pooled ? poolBillings.map((billing) => ({ pools: pooled, billing })) : []),
    ];
    for (const { pools, billing } of runs) {
      const info = pools ? pools.info : evidence.info;
      const price = priceFields(scenario, shape.gpu, billing, catalog);
      if (!price) {
        // One line per GPU type for renting and one for buying, whatever the layouts (gpus 0: every count).
        const as = billing === 'bought' ? 'bought' : null;
        if (!excluded.some((x) => x.reason.code === 'no-price' && x.gpuId === base.gpuId && x.billing === as)) {
          excluded.push({ ...base, gpus: 0, layout: null, billing: as, evidence: null, reason: { code: 'no-price' } });
        }
        continue;
      }
      const bp = billingPatch(billing);
      const selfPatch: Partial<Scenario['selfHosted']> = {
        gpuId: shape.gpu.id,
        gpusPerReplica: perReplica,
        gpusPerNode: shape.gpusPerNode,
        replicas: 1,
        ...(shape.gpu.id === sh.gpuId ? {} : { powerWattsPerGpu: shape.gpu.tdpW ?? sh.powerWattsPerGpu }),
        ...(pools ? {} : throughput),
        pools: pools ? pools.rates : null,
        ...price.patch,
        ...bp,
        // The billing patch and the reserved price both set fields of billing.
        billing: { ...sh.billing, ...(price.patch.billing ?? {}), ...(bp.billing ?? {}) },
      };
      const patch: PlanPatch = { selfHosted: selfPatch, hardware: hardwarePatch(scenario, shape), api: null };
      const s = withPatch(scenario, patch);
      // The billing modes of one shape share its capacity (the series and the throughput figure).
      if (capacity === null || !sameCapacityInputs(capacity.of, s.selfHosted)) capacity = { of: s.selfHosted, resolution: resolveCapacity(s.selfHosted) };
      // Pools have no hybrid candidate: their evaluation leaves it out.
      const e = evaluateTco(s, { curves: false, breakEven: false, capacity: capacity.resolution, shape: shapeOf(s), lean: true, hybrid: pools === null });
      evaluated++;
      apiEvaluation ??= e;
      const marker = pools ? { pools: true as const } : {};
      const why = excludedReason(e, s);
      if (why) {
        excluded.push({ ...base, billing, evidence: info.kind, ...marker, reason: why });
        continue;
      }
      const total = (e.selfHosted.replicasServing + e.selfHosted.spareReplicas) * perReplica;
      if (constraints.maxGpus !== null && total > constraints.maxGpus) {
        excluded.push({ ...base, billing, evidence: info.kind, ...marker, reason: { code: 'above-gpu-cap', gpus: total, cap: constraints.maxGpus } });
        continue;
      }
      const slo = pools ? poolSlo(pools, e, s) : sloOf(capacity.resolution, s);
      const months = commitmentMonths(s, billing);
      const risks: PlanRisk[] = [];
      if (shape.fit.layout.nodes > 1) risks.push({ kind: 'multi-node', nodes: shape.fit.layout.nodes });
      if (shape.multiNodeMoe) risks.push({ kind: 'moe-across-nodes' });
      if (billing === 'scale-to-zero' || billing === 'autoscaled') risks.push({ kind: 'cold-start', seconds: sh.billing.coldStartSeconds });
      const spotView = billing === 'spot' ? e.billing.spot : null;
      if (spotView) risks.push({ kind: 'preemption', perMonth: spotView.preemptionsPerMonth, share: spotView.lostShare, p95Usd: spotView.p95Usd });
      const fleet = billing === 'autoscaled' ? e.billing.fleet : null;
      if (fleet && fleet.violationMinutesPerWeek > 0)
        risks.push({ kind: 'scale-up-waits', share: fleet.spilledShare, minutesPerWeek: fleet.violationMinutesPerWeek });
      if (months > 0) risks.push({ kind: 'commitment', months });
      // "Not measured beyond" is about a sweep; an estimate's curve has no last measured load.
      if (slo.beyond !== null && info.kind !== 'roofline' && info.kind !== 'calibrated') risks.push({ kind: 'not-measured-beyond', load: slo.beyond });
      if (!pools && e.selfHosted.sizing?.ok && e.selfHosted.sizing.method === 'prefill-decode') risks.push({ kind: 'lengths-adjusted' });
      if (info.kind === 'record') risks.push({ kind: 'record' });
      const cal = info.calibration;
      if (cal) risks.push({ kind: 'calibrated', error: cal.looError, otherClass: !cal.exact });
      const kv = pools?.estimate?.kv ?? null;
      if (kv) risks.push({ kind: 'kv-transfer', ms: kv.ms, link: kv.link, bound: pools?.estimate?.linkBound ?? false });
      const upperBound = info.kind === 'roofline';
      if (upperBound) risks.push({ kind: 'upper-bound' });
      const id = `${pools ? 'pools|' : ''}${shape.gpu.id}|${perReplica}|${shape.fit.kind}|${billing}`;
      const layout = layoutOfShape(shape);
      const planPoolsView = pools && e.selfHosted.pools ? planPools(pools, e.selfHosted.pools) : null;
      // One literal with every field (a spread and fields added after it made each plan a chain of shapes).
      const ownedPlan = (
        kind: 'self-hosted' | 'hybrid',
        replicas: number,
        cost: { monthlyUsd: number; perAcceptedTask: Fig; perMillionTokens: Fig; npvUsd: number | null },
        planRisks: PlanRisk[],
        policy: FleetView | null,
      ): Plan => ({
        id: `${kind === 'hybrid' ? 'hybrid' : 'self'}|${id}`,
        kind,
        gpuId: shape.gpu.id,
        gpuName: shape.gpu.name,
        layout,
        gpusPerReplica: perReplica,
        replicas: replicas + e.selfHosted.spareReplicas,
        gpusTotal: (replicas + e.selfHosted.spareReplicas) * perReplica,
        billing,
        price: price.price,
        apiOfferId: kind === 'hybrid' ? scenario.api.offerId : null,
        apiLabel: kind === 'hybrid' ? `${scenario.api.provider} · ${scenario.api.model}` : null,
        apiSource: kind === 'hybrid' ? ownApiSource : null,
        monthlyUsd: cost.monthlyUsd,
        usdPerAcceptedTask: fig(cost.perAcceptedTask),
        usdPerMillionTokens: fig(cost.perMillionTokens),
        npvUsd: cost.npvUsd,
        tokensPerSecondPerUser: slo.perUser,
        sloMargin: slo.margin,
        bindingLimit: slo.binding,
        evidence: info,
        risks: planRisks,
        upperBound,
        policy,
        pools: planPoolsView,
        apply: { selfHosted: { ...selfPatch, replicas }, hardware: patch.hardware, api: patch.api },
      });
      const self = ownedPlan(
        'self-hosted',
        e.selfHosted.replicasServing,
        {
          monthlyUsd: e.selfHosted.monthlyUsd,
          perAcceptedTask: e.selfHosted.perAcceptedTask,
          perMillionTokens: e.selfHosted.perMillionTokens,
          npvUsd: e.horizon.presentCostUsd.selfHosted,
        },
        risks,
        fleet,
      );
      ranked.push({ plan: self, key: rankKey(self, e) });
      const h = e.hybrid;
      // Pools with the API's overflow are not a candidate: which pool the owned workers fill is not searched.
      if (!pools && !constraints.onPremisesOnly && h.replicas > 0 && h.selfShare < 1 - 1e-9) {
        // The owned replicas' own week (capped at K, the wait sent to the API) is not replayed here.
        const hybrid = ownedPlan(
          'hybrid',
          h.replicas,
          { monthlyUsd: h.monthlyUsd, perAcceptedTask: h.perAcceptedTask, perMillionTokens: h.perMillionTokens, npvUsd: e.horizon.presentCostUsd.hybrid },
          [...risks, { kind: 'api-overflow', share: 1 - h.selfShare }],
          null,
        );
        ranked.push({ plan: hybrid, key: rankKey(hybrid, e) });
      }
    }
  }

  // API only: the scenario's own offer and every catalog offer of the same model.
  const shortlist = constraints.apiOfferIds;
  const offers = apiOfferChoices(scenario, catalog, inputs.listOffers ?? []).filter(
    (o) => shortlist === null || shortlist.includes(o.id) || (o.patch === null && shortlist.includes('scenario')),
  );
  if (!constraints.onPremisesOnly) {
    for (const o of offers) {
      const patch: PlanPatch = { selfHosted: {}, hardware: {}, api: o.patch };
      const s = withPatch(scenario, patch);
      const e = o.patch === null && apiEvaluation !== null ? apiEvaluation : evaluateTco(s, { curves: false, breakEven: false });
      if (e !== apiEvaluation) evaluated++;
      const api = s.api;
      const plan: Plan = {
        id: `api|${o.id}`,
        kind: 'api',
        gpuId: null,
        gpuName: null,
        layout: null,
        gpusPerReplica: 0,
        replicas: 0,
        gpusTotal: 0,
        billing: null,
        price: null,
        apiOfferId: api.offerId,
        apiLabel: `${api.provider} · ${api.model}`,
        apiSource: o.source,
        monthlyUsd: e.api.monthlyUsd,
        usdPerAcceptedTask: fig(e.api.perAcceptedTask),
        usdPerMillionTokens: fig(e.api.perMillionTokens),
        npvUsd: e.horizon.presentCostUsd.api,
        tokensPerSecondPerUser: null,
        sloMargin: null,
        bindingLimit: null,
        evidence: null,
        risks: [],
        policy: null,
        pools: null,
        upperBound: false,
        apply: patch,
      };
      ranked.push({ plan, key: rankKey(plan, e) });
    }
  }
  const kept = withoutTwins(withoutDominated(ranked, scenario));
  kept.sort((a, b) => a.key - b.key || a.plan.id.localeCompare(b.plan.id));
  return {
    plans: kept.filter((r) => !r.plan.upperBound).map((r) => r.plan),
    upperBounds: kept.filter((r) => r.plan.upperBound).map((r) => r.plan),
    excluded,
    filteredOut,
    evaluated,
    issue: null,
  };
}

/**
 * Two layouts of one GPU count that rest on the same evidence not tied to a layout (a record, a
 * series) cost the same: one plan is kept, the layout the hardware fit picks at that count.
 */
function withoutTwins(ranked: { plan: Plan; key: number }[]): { plan: Plan; key: number }[] {
  const seen = new Map<string, { plan: Plan; key: number }>();
  const out: { plan: Plan; key: number }[] = [];
  for (const r of ranked) {
    const p = r.plan;
    if (p.kind === 'api' || !p.evidence || p.evidence.kind === 'roofline' || p.evidence.kind === 'calibrated') {
      out.push(r);
      continue;
    }
    const k = `${p.kind}|${p.pools ? 'pools' : 'replicas'}|${p.gpuId}|${p.gpusPerReplica}|${p.billing}|${p.apiOfferId}|${p.evidence.kind}|${p.evidence.label}|${p.evidence.source}|${p.monthlyUsd.toFixed(6)}|${p.replicas}`;
    const twin = seen.get(k);
    if (!twin) {
      seen.set(k, r);
      out.push(r);
    } else if (p.layout?.bestAtCount && !twin.plan.layout?.bestAtCount) {
      out[out.indexOf(twin)] = r;
      seen.set(k, r);
    }
  }
  return out;
}

/**
 * Drops a plan when another of the same deployment (kind, GPU, count, layout, API offer) costs
 * at most as much per accepted task with a shorter commitment: a 36-month reservation at the
 * 12-month rate is never the better plan. Plans without a commitment are all kept (scale-to-zero
 * may be cheaper than always-on but waits for cold starts). A reserved base with on-demand burst
 * is kept only when it is cheaper than all reserved for the same term and than on demand.
 */
function withoutDominated(ranked: { plan: Plan; key: number }[], s: PlanScenario): { plan: Plan; key: number }[] {
  const groups = new Map<string, { plan: Plan; key: number; months: number }[]>();
  for (const r of ranked) {
    const p = r.plan;
    const g = `${p.kind}|${p.pools ? 'pools' : 'replicas'}|${p.gpuId}|${p.gpusPerReplica}|${p.layout?.kind}|${p.apiOfferId}`;
    const list = groups.get(g) ?? [];
    list.push({ ...r, months: p.billing ? commitmentMonths(s, p.billing) : 0 });
    groups.set(g, list);
  }
  const out: { plan: Plan; key: number }[] = [];
  for (const list of groups.values()) {
    for (const a of list) {
      const eps = 1e-9 * Math.max(1, Math.abs(a.key));
      if (list.some((b) => b.key <= a.key + eps && b.months < a.months)) continue;
      // A reserved base with burst that costs no less than all reserved for its term is that
      // reservation (a flat week reserves every replica).
      if (a.plan.billing?.startsWith('mixed-') && list.some((b) => b.plan.billing === `reserved-${a.months}` && b.key <= a.key + eps)) continue;
      out.push({ plan: a.plan, key: a.key });
    }
  }
  return out;
}

/** Where an API candidate's prices come from: the scenario as entered, the catalog, or a genai-prices list price. */
export type ApiOfferSource = { kind: 'scenario' } | { kind: 'catalog'; checked: string } | { kind: 'list-price'; version: string; date: string };

export interface ApiOfferChoice {
  /** The catalog or list-price id; the scenario's own offer without one is "scenario". */
  id: string;
  label: string;
  /** The offer's fields; null = the scenario's own offer as it stands. */
  patch: Partial<Scenario['api']> | null;
  source: ApiOfferSource;
}

/** The scenario's own offer: the catalog's or a list price while it holds their prices, else as entered. */
export function ownSource(own: Scenario['api'], catalog: Pick<PlanCatalog, 'offers'>, listOffers: readonly ListPriceOffer[]): ApiOfferSource {
  const rec = catalog.offers.find((o) => o.id === own.offerId);
  if (rec && offerMatchesRecord(own, rec)) return { kind: 'catalog', checked: rec.source.checked };
  const list = listOffers.find((o) => o.id === own.offerId);
  if (list && Object.entries(apiFieldsFromListPrice(list)).every(([k, v]) => own[k as keyof Scenario['api']] === v))
    return { kind: 'list-price', version: list.version, date: list.date };
  return { kind: 'scenario' };
}

/**
 * The API-only candidates (and the shortlist's choices): the scenario's own offer, every catalog
 * offer of its model, then every genai-prices list price of the model (matched on the list's
 * model id, so "MiniMax M2-her" is not MiniMax M2). A list price that repeats a catalog offer
 * (same provider and the same three prices) is left out.
 */
export function apiOfferChoices(
  scenario: Pick<PlanScenario, 'api' | 'selfHosted'>,
  catalog: Pick<PlanCatalog, 'offers'> = CATALOG,
  listOffers: readonly ListPriceOffer[] = [],
): ApiOfferChoice[] {
  const own = scenario.api;
  const model = scenario.selfHosted.modelId;
  const fromCatalog = catalog.offers.filter((o) => o.modelId === model && o.id !== own.offerId);
  const samePrices =
    (p: string, i: number, c: number, o: number) => (x: { provider: string; priceInputPerM: number; priceCachedInputPerM: number; priceOutputPerM: number }) =>
      squash(x.provider) === squash(p) && x.priceInputPerM === i && x.priceCachedInputPerM === c && x.priceOutputPerM === o;
  const known = [...catalog.offers.filter((o) => o.modelId === model).map((o) => ({ ...apiFieldsFromOffer(o), provider: o.provider })), own];
  return [
    { id: own.offerId ?? 'scenario', label: `${own.provider} · ${own.model}`, patch: null, source: ownSource(own, catalog, listOffers) },
    ...fromCatalog.map((o): ApiOfferChoice => ({
      id: o.id,
      label: `${o.provider} · ${o.model}`,
      patch: apiFieldsFromOffer(o),
      source: { kind: 'catalog', checked: o.source.checked },
    })),
    ...listOffers
      .filter((o) => o.id !== own.offerId && modelIdOf(o.modelId) === model)
      .filter(
        (o) =>
          !known.some(samePrices(o.provider, o.inputPerM, o.cachedInputPerM, o.outputPerM)) &&
          !known.some(samePrices(o.providerId, o.inputPerM, o.cachedInputPerM, o.outputPerM)),
      )
      .map((o): ApiOfferChoice => ({
        id: o.id,
        label: `${o.provider} · ${o.model}`,
        patch: apiFieldsFromListPrice(o),
        source: { kind: 'list-price', version: o.version, date: o.date },
      })),
  ];
}

/**
 * Why the first plan wins over the second: the monthly saving, and how much lower the second's
 * cost per accepted task (the ranking) would have to be to win. For an API offer that is its
 * token prices lower by the same share (its cost is the tokens times the prices). Null when
 * either has no cost per accepted task.
 */
export function firstOverSecond(first: Plan, second: Plan): { monthlySavingUsd: number; secondLowerBy: number } | null {
  if (first.usdPerAcceptedTask === null || second.usdPerAcceptedTask === null || second.usdPerAcceptedTask <= 0) return null;
  return { monthlySavingUsd: second.monthlyUsd - first.monthlyUsd, secondLowerBy: 1 - first.usdPerAcceptedTask / second.usdPerAcceptedTask };
}

export function applyPlan<S extends PlanScenario>(s: S, plan: Pick<Plan, 'apply'>): S {
  const p = plan.apply;
  return {
    ...s,
    selfHosted: { ...s.selfHosted, ...p.selfHosted },
    hardware: { ...s.hardware, ...p.hardware },
    api: p.api ? { ...s.api, ...p.api } : s.api,
  };
}
