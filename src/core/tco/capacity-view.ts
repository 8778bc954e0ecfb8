import { findGpu } from '../catalog/catalog';
import { PUBLISHED_SERIES } from '../catalog/published-measurements.data';
import { evaluateTco, type Figure } from './evaluate';
import type { TcoScenario } from './model';
import type { CurveWarning, InterpolationRefusal, LimitCheck, NoneReason, OperatingPoint } from '../capacity/operating-point';
import type { LoadKind, SourceKind } from '../capacity/series';
import { resolveCapacity } from '../capacity/stored';
import type { StoredSeries } from '../schemas/stored-capacity';

/**
 * What the capacity panel and its two charts show (docs/capacity.md §5), shaped in core:
 * - the operating point of the series in force, or why none qualifies;
 * - per point: output tokens/s per GPU against tokens/s per user (the Pareto chart), whether
 *   it meets the SLO, and the full TCO per 1M tokens if the deployment ran at that point —
 *   at the workload's utilisation (replicas sized for the workload's peak) and at full load
 *   (every replica busy up to the maximum utilisation) — against the API's price per 1M.
 * Cost per 1M is per 1M tokens of the workload (input + output, as the API's), so the three
 * lines compare like with like.
 */
export interface CapacityViewPoint {
  index: number;
  load: number | null;
  outputTokensPerS: number | null;
  /** Output tokens/s per GPU: the series' own GPU count, else the scenario's GPUs per replica. */
  perGpu: number | null;
  interactivity: number | null;
  qualifies: boolean;
  failing: string[];
  requests: number | null;
  /** Full TCO per 1M workload tokens with the replicas the workload needs at this point. */
  perMillionAtWorkload: number | null;
  /** The same if those replicas ran at their maximum utilisation. */
  perMillionAtFullLoad: number | null;
  replicasNeeded: number | null;
}

export interface CapacityView {
  kind: SourceKind;
  label: string;
  fileName: string | null;
  publisher: string | null;
  libraryId: string | null;
  date: string | null;
  fromSingleFigure: boolean;
  loadKind: LoadKind;
  gpus: number;
  gpusFromSeries: boolean;
  /** The GPU the costs are for: the scenario's (catalog name, else its id). */
  gpuName: string;
  /**
   * The hardware a published series was measured on, when it is not the scenario's GPU (its
   * catalog id differs, or it has none): the costs are then the scenario's GPU at another GPU's
   * throughput, which the panel says. Null for every other source, or when they agree.
   */
  measuredOnOtherHardware: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  chosen: OperatingPoint | null;
  reason: NoneReason | null;
  /** Where the curve is not monotone under the SLO (a load fails below one that passes, a checked latency falls). */
  warnings: CurveWarning[];
  /** Why a point between two loads was not offered although asked for. */
  interpolation: InterpolationRefusal | null;
  /** Tokens/s of one replica the TCO uses (0 when none qualifies). */
  tokensPerSecond: number;
  basis: 'output' | 'total';
  minTokensPerSPerUser: number | null;
  points: CapacityViewPoint[];
  apiPerMillion: number | null;
  /**
   * The series' request lengths against the workload's, as the TCO sizing sees them (docs/tco.md
   * §4): the same (±10 %), adjusted with the prefill/decode model (factor on the tokens/s), or
   * refused (other lengths and no prefill rate). Null without throughput.
   */
  lengths: {
    kind: 'match' | 'adjusted' | 'refused';
    at: { input: number; output: number };
    workload: { input: number; output: number };
    factor: number | null;
    reason: string | null;
    /** Refused because the prefill rate entered is below what the point itself prefilled: that rate (tco/sizing.ts). */
    minPrefillTokensPerSecond: number | null;
    /** The tokens/s of the point the lengths were sized from, on the throughput's basis. */
    tokensPerSecond: number;
  } | null;
}

const val = (f: Figure) => (f.ok ? f.value : null);

/** The one-point series of point `i`, with every other column cut to it. */
function onePoint(s: StoredSeries, i: number): StoredSeries {
  const pick = <T>(col: readonly T[]) => [col[i] as T];
  const stats = (c: StoredSeries['points']['ttft']) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v ? pick(v) : v]));
  const p = s.points;
  return {
    ...s,
    points: {
      load: pick(p.load),
      out: pick(p.out),
      total: pick(p.total),
      ttft: stats(p.ttft),
      tpot: stats(p.tpot),
      itl: stats(p.itl),
      e2el: stats(p.e2el),
      ok: pick(p.ok),
      n: pick(p.n),
    },
  };
}

export const MAX_COST_POINTS = 60;

export function capacityView(scenario: TcoScenario): CapacityView {
  const sh = scenario.selfHosted;
  const r = resolveCapacity(sh);
  const gpus = r.stored.gpus ?? sh.gpusPerReplica;
  const gpuName = findGpu(sh.gpuId)?.name ?? sh.gpuId;
  const entry = r.stored.kind === 'published' && r.stored.libraryId !== null ? PUBLISHED_SERIES.find((p) => p.id === r.stored.libraryId) : undefined;
  const measuredOnOtherHardware = entry && entry.gpuId !== sh.gpuId ? entry.hardwareName : null;
  // The single figure has no curve to chart: nothing more to evaluate (this view follows every
  // slider step, so it must not double the TCO page's work then).
  if (r.fromSingleFigure) {
    return {
      lengths: null,
      kind: r.kind,
      label: r.stored.label,
      fileName: r.stored.fileName,
      publisher: r.stored.publisher,
      libraryId: r.stored.libraryId,
      date: r.stored.date,
      fromSingleFigure: true,
      loadKind: r.stored.loadKind,
      gpus,
      gpusFromSeries: false,
      gpuName,
      measuredOnOtherHardware: null,
      inputTokens: r.atInputTokens,
      outputTokens: r.atOutputTokens,
      chosen: r.choice.chosen,
      reason: r.choice.reason,
      warnings: [],
      interpolation: null,
      tokensPerSecond: r.tokensPerSecond,
      basis: r.basis,
      minTokensPerSPerUser: null,
      points: [],
      apiPerMillion: null,
    };
  }
  const evaluation = evaluateTco(scenario);
  const apiPerMillion = val(evaluation.api.perMillionTokens);
  // The sizing of the first point with a throughput: what the lengths note says when no point
  // qualifies (the evaluation at the SLO then has no throughput to size).
  const first: { value: { sizing: NonNullable<typeof evaluation.selfHosted.sizing>; tps: number } | null } = { value: null };
  const points = r.series.points.map((p, index): CapacityViewPoint => {
    const check = r.choice.points[index];
    let atWorkload: number | null = null;
    let atFull: number | null = null;
    let replicasNeeded: number | null = null;
    if (!r.fromSingleFigure && index < MAX_COST_POINTS && (p.outputTokensPerS ?? p.totalTokensPerS ?? 0) > 0) {
      const one = onePoint(r.stored, index);
      const at: TcoScenario = {
        ...scenario,
        selfHosted: {
          ...sh,
          capacity: { slo: { ...sh.capacity.slo, limits: [], minTokensPerSPerUser: null, maxFailedShare: 1 }, interpolate: false, series: one },
        },
      };
      const e = evaluateTco(at);
      atWorkload = val(e.selfHosted.perMillionTokens);
      const full = val(e.selfHosted.perMillionTokensAtMaxUtilisation);
      const c = e.selfHosted.capacity;
      // Full load is per 1M basis tokens; carried to workload tokens by the workload's own ratio.
      atFull = full !== null && c.demandTokensPerMonth > 0 && e.volume.tokensPerMonth > 0 ? (full * c.demandTokensPerMonth) / e.volume.tokensPerMonth : null;
      replicasNeeded = e.selfHosted.replicasNeeded;
      const sized = e.selfHosted.sizing;
      if (first.value === null && sized !== null) first.value = { sizing: sized, tps: resolveCapacity(at.selfHosted).tokensPerSecond };
    }
    return {
      index,
      load: p.load,
      outputTokensPerS: p.outputTokensPerS,
      perGpu: p.outputTokensPerS === null ? null : p.outputTokensPerS / gpus,
      interactivity: p.interactivity,
      qualifies: check?.qualifies ?? false,
      failing: (check?.failing ?? []).map((c: LimitCheck) => c.id),
      requests: p.requests,
      perMillionAtWorkload: atWorkload,
      perMillionAtFullLoad: atFull,
      replicasNeeded,
    };
  });
  const own = evaluation.selfHosted.sizing;
  const fallback = first.value;
  const sz = own ?? fallback?.sizing ?? null;
  const sizedTps = own !== null ? r.tokensPerSecond : (fallback?.tps ?? 0);
  let lengths: CapacityView['lengths'] = null;
  if (sz !== null) {
    const at = { input: sz.at.input, output: sz.at.output };
    const workload = { input: sz.workload.input, output: sz.workload.output };
    if (!sz.ok)
      lengths = {
        kind: 'refused',
        at,
        workload,
        factor: null,
        reason: sz.reason,
        minPrefillTokensPerSecond: sz.minPrefillTokensPerSecond,
        tokensPerSecond: sz.tokensPerSecond,
      };
    else {
      const basisTokens = r.basis === 'output' ? sz.workload.output : sz.workload.input + sz.workload.output;
      const factor = sz.method === 'as-given' || !(sz.secondsPerRequest > 0) || !(sizedTps > 0) ? 1 : basisTokens / sz.secondsPerRequest / sizedTps;
      lengths = {
        kind: sz.method === 'as-given' ? 'match' : 'adjusted',
        at,
        workload,
        factor,
        reason: null,
        minPrefillTokensPerSecond: null,
        tokensPerSecond: sz.tokensPerSecond,
      };
    }
  }
  return {
    lengths,
    kind: r.kind,
    label: r.stored.label,
    fileName: r.stored.fileName,
    publisher: r.stored.publisher,
    libraryId: r.stored.libraryId,
    date: r.stored.date,
    fromSingleFigure: r.fromSingleFigure,
    loadKind: r.stored.loadKind,
    gpus,
    gpusFromSeries: r.stored.gpus !== null,
    gpuName,
    measuredOnOtherHardware,
    inputTokens: r.atInputTokens,
    outputTokens: r.atOutputTokens,
    chosen: r.choice.chosen,
    reason: r.choice.reason,
    warnings: r.choice.warnings,
    interpolation: r.choice.interpolation,
    tokensPerSecond: r.tokensPerSecond,
    basis: r.basis,
    minTokensPerSPerUser: r.fromSingleFigure ? null : sh.capacity.slo.minTokensPerSPerUser,
    points,
    apiPerMillion,
  };
}
