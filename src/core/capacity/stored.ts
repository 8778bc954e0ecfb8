import type { LatencyStats } from '../catalog/published-measurements';
import { chooseOperatingPoint, type OperatingChoice } from './operating-point';
import { interactivityOf, type CapacityPoint, type CapacitySeries, type SourceKind } from './series';
import type { CapacitySettings, StatsColumns, StoredSeries } from '../schemas/stored-capacity';

/**
 * Conversions between the stored capacity summary (core/schemas/stored-capacity.ts) and the series the core computes on,
 * and the throughput the TCO evaluation uses.
 */

/** Four significant digits (throughput, load). */
export function sig4(v: number): number {
  if (v === 0 || !Number.isFinite(v)) return v;
  return Number(v.toPrecision(4));
}

/** Three significant digits (latencies: 233 ms, 20.9 ms, 1,420 ms). */
export function sig3(v: number): number {
  if (v === 0 || !Number.isFinite(v)) return v;
  return Number(v.toPrecision(3));
}

const PERCENTILE_KEYS = ['p50', 'p90', 'p95', 'p99'] as const;

function statsColumns(stats: readonly LatencyStats[]): StatsColumns {
  const out: StatsColumns = {};
  for (const k of PERCENTILE_KEYS) {
    if (stats.some((s) => s[k] !== undefined)) out[k] = stats.map((s) => (s[k] === undefined ? null : sig3(s[k])));
  }
  // The mean only where it stands in for a missing median (interactivity of InferenceX rows).
  if (stats.some((s) => s.p50 === undefined && s.mean !== undefined))
    out.mean = stats.map((s) => (s.p50 === undefined && s.mean !== undefined ? sig3(s.mean) : null));
  return out;
}

const STAT_KEYS = [...PERCENTILE_KEYS, 'mean'] as const;

function statsAt(cols: StatsColumns, i: number): LatencyStats {
  const out: LatencyStats = {};
  for (const k of STAT_KEYS) {
    const v = cols[k]?.[i];
    if (v !== undefined && v !== null) out[k] = v;
  }
  return out;
}

const orNull = (v: number | null) => (v === null ? null : sig4(v));

export function storeSeries(series: CapacitySeries): StoredSeries {
  const o = series.origin;
  const pts = series.points.slice(0, 200);
  return {
    kind: series.kind,
    label: series.label.slice(0, 200),
    fileName: o.kind === 'measured' ? o.fileNames.join(', ').slice(0, 300) : null,
    libraryId: o.kind === 'published' ? o.libraryId : null,
    publisher: o.kind === 'published' ? o.publisher : null,
    date: o.kind === 'measured' ? o.date : o.kind === 'published' ? o.measuredOn : null,
    gpus: series.config.gpus,
    model: series.config.model?.slice(0, 300) ?? null,
    hardware: series.config.hardware?.slice(0, 120) ?? null,
    inputTokens: series.config.inputTokens,
    outputTokens: series.config.outputTokens,
    loadKind: series.loadKind,
    points: {
      load: pts.map((p) => orNull(p.load)),
      out: pts.map((p) => orNull(p.outputTokensPerS)),
      total: pts.map((p) => orNull(p.totalTokensPerS)),
      ttft: statsColumns(pts.map((p) => p.ttftMs)),
      tpot: statsColumns(pts.map((p) => p.tpotMs)),
      itl: statsColumns(pts.map((p) => p.itlMs)),
      e2el: statsColumns(pts.map((p) => p.e2elMs)),
      ok: pts.map((p) => (p.successShare === null ? null : sig4(p.successShare))),
      n: pts.map((p) => p.requests),
    },
  };
}

export function seriesOfStored(s: StoredSeries): CapacitySeries {
  const perGpu = (v: number | null) => (v === null || s.gpus === null ? null : v / s.gpus);
  const c = s.points;
  const points = c.load.map((load, i): CapacityPoint => {
    const tpotMs = statsAt(c.tpot, i);
    const inter = interactivityOf(tpotMs);
    const out = c.out[i] ?? null;
    const total = c.total[i] ?? null;
    return {
      concurrency: s.loadKind === 'concurrency' ? load : null,
      requestRate: s.loadKind === 'rate' ? load : null,
      load,
      outputTokensPerS: out,
      totalTokensPerS: total,
      outputTokensPerSPerGpu: perGpu(out),
      totalTokensPerSPerGpu: perGpu(total),
      ttftMs: statsAt(c.ttft, i),
      tpotMs,
      itlMs: statsAt(c.itl, i),
      e2elMs: statsAt(c.e2el, i),
      interactivity: inter.value,
      interactivityFrom: inter.from,
      successShare: c.ok[i] ?? null,
      requests: c.n[i] ?? null,
      runId: null,
    };
  });
  const origin: CapacitySeries['origin'] =
    s.kind === 'measured'
      ? { kind: 'measured', fileNames: s.fileName ? [s.fileName] : [], date: s.date }
      : s.kind === 'published'
        ? {
            kind: 'published',
            libraryId: s.libraryId ?? '',
            publisher: s.publisher ?? '',
            measuredOn: s.date ?? '',
            source: {
              publisher: s.publisher ?? '',
              repo: null,
              path: null,
              commit: null,
              url: null,
              measuredOn: s.date ?? '1970-01-01',
              checked: s.date ?? '1970-01-01',
            },
          }
        : s.kind === 'estimated'
          ? { kind: 'estimated', method: 'roofline' }
          : { kind: 'entered' };
  return {
    key: `stored:${s.kind}:${s.libraryId ?? s.fileName ?? s.label}`,
    label: s.label,
    kind: s.kind,
    origin,
    config: {
      model: s.model ?? null,
      engine: null,
      hardware: s.hardware ?? null,
      gpus: s.gpus,
      precision: null,
      parallelism: null,
      inputTokens: s.inputTokens,
      outputTokens: s.outputTokens,
      dataset: null,
    },
    loadKind: s.loadKind,
    points,
    notes: [],
  };
}

/** The part of the self-hosted section the capacity choice reads. */
export interface CapacityInputs {
  throughput: {
    source: 'entered' | 'measured' | 'estimated';
    tokensPerSecond: number;
    basis: 'output' | 'total';
    atInputTokens: number | null;
    atOutputTokens: number | null;
    measuredRun: { label: string } | null;
  };
  capacity: CapacitySettings;
}

/** The single figure as a one-point series of its own kind. */
export function seriesOfSingleFigure(t: CapacityInputs['throughput']): StoredSeries {
  return {
    kind: t.source,
    label: t.measuredRun?.label ?? (t.source === 'estimated' ? 'roofline estimate' : 'entered figure'),
    fileName: t.source === 'measured' ? (t.measuredRun?.label ?? null) : null,
    libraryId: null,
    publisher: null,
    date: null,
    gpus: null,
    inputTokens: t.atInputTokens,
    outputTokens: t.atOutputTokens,
    loadKind: 'concurrency',
    points: {
      load: [null],
      out: [t.basis === 'output' ? t.tokensPerSecond : null],
      total: [t.basis === 'total' ? t.tokensPerSecond : null],
      ttft: {},
      tpot: {},
      itl: {},
      e2el: {},
      ok: [null],
      n: [null],
    },
  };
}

export interface CapacityResolution {
  /** The series in force (the stored one, or the single figure as one point). */
  stored: StoredSeries;
  fromSingleFigure: boolean;
  series: CapacitySeries;
  choice: OperatingChoice;
  /** Tokens/s of one replica on the throughput's basis at the operating point; 0 when none qualifies. */
  tokensPerSecond: number;
  basis: 'output' | 'total';
  /** The request lengths the figure holds for (the series'); null = the workload's own. */
  atInputTokens: number | null;
  atOutputTokens: number | null;
  kind: SourceKind;
}

/**
 * Whether resolveCapacity gives `a` the same answer as `b` because it reads the same objects:
 * the same capacity settings, and the same throughput (with a series chosen, only its basis is
 * read). Lets the many models of a Monte Carlo run reuse one resolution.
 */
export function sameCapacityInputs(a: CapacityInputs, b: CapacityInputs): boolean {
  if (a.capacity !== b.capacity) return false;
  return a.throughput === b.throughput || (a.capacity.series !== null && a.throughput.basis === b.throughput.basis);
}

/**
 * The throughput the TCO evaluation uses: the operating point of the stored series at the SLO,
 * on the scenario's basis (output, or input + output). With no stored series the single figure
 * is used unchanged. The SLO applies to the series' own latencies; a single figure has none,
 * so its one point meets any SLO only as far as the figure itself was stated at it.
 */
export function resolveCapacity(s: CapacityInputs): CapacityResolution {
  const fromSingleFigure = s.capacity.series === null;
  const stored = s.capacity.series ?? seriesOfSingleFigure(s.throughput);
  const series = seriesOfStored(stored);
  const slo = fromSingleFigure ? { ...s.capacity.slo, limits: [], minTokensPerSPerUser: null } : s.capacity.slo;
  const choice = chooseOperatingPoint(series, slo, { interpolate: s.capacity.interpolate });
  const basis = s.throughput.basis;
  let tokensPerSecond = 0;
  const c = choice.chosen;
  if (c) {
    const total = c.totalTokensPerS;
    const out = c.outputTokensPerS;
    const lengthsKnown = stored.inputTokens !== null && stored.outputTokens !== null && stored.outputTokens > 0;
    if (basis === 'output')
      tokensPerSecond =
        out ??
        (total !== null && lengthsKnown ? (total * (stored.outputTokens as number)) / ((stored.inputTokens as number) + (stored.outputTokens as number)) : 0);
    else
      tokensPerSecond =
        total ??
        (out !== null && lengthsKnown ? (out * ((stored.inputTokens as number) + (stored.outputTokens as number))) / (stored.outputTokens as number) : 0);
  }
  return {
    stored,
    fromSingleFigure,
    series,
    choice,
    tokensPerSecond,
    basis,
    atInputTokens: fromSingleFigure ? s.throughput.atInputTokens : stored.inputTokens,
    atOutputTokens: fromSingleFigure ? s.throughput.atOutputTokens : stored.outputTokens,
    kind: stored.kind,
  };
}
