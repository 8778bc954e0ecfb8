import { dayMetricsSchema, type DayMetricKey, type DayMetrics, type Pilot, type PilotSide } from '../scenario/schema';

/**
 * "Fill from evidence": a pilot day's fields taken from an imported run instead of typed in.
 * - a load-test run (vLLM, SGLang, GuideLLM, llmperf, AIPerf … normalised by the benchmark
 *   import) gives latency, request counts and error / timeout rates;
 * - an API usage log (per-request client log or usage objects) gives tokens and the bill.
 *
 * The run is described by the small interface below: the fields of the normalised benchmark
 * run this mapping reads, so a stored run can be passed as it is (structural typing) without
 * this module depending on the import code.
 */
export interface EvidenceMetric {
  count: number | null;
  mean: number | null;
  median: number | null;
  /** Keyed by percentile, e.g. "50", "95", "99.9". */
  percentiles: Readonly<Record<string, number>>;
}

export interface EvidenceRun {
  id: string;
  source: { fileName: string; fileHash: string };
  label: string | null;
  tool: string;
  endpoint: { kind: 'self-hosted' | 'api' | 'unknown' };
  requests: {
    total: number | null;
    ok: number | null;
    failed: number | null;
    errors: readonly { kind: string; count: number }[];
  };
  tokens: { input: number | null; output: number | null };
  metrics: { ttft?: EvidenceMetric; e2el?: EvidenceMetric };
  /** Statistics recomputed from per-request data; preferred over the file's own when present. */
  recomputed: { ttft?: EvidenceMetric; e2el?: EvidenceMetric } | null;
  cost: { totalUsd: number; rowsWithCost: number; rowsWithoutCost: number } | null;
}

export type EvidenceKind = 'benchmark-run' | 'api-usage';

/** Fields each kind of evidence may fill. */
export const EVIDENCE_FIELDS: Readonly<Record<EvidenceKind, readonly DayMetricKey[]>> = {
  'benchmark-run': ['ttftP50Ms', 'ttftP95Ms', 'generationMs', 'tasksAttempted', 'tasksCompleted', 'errorRate', 'timeoutRate'],
  'api-usage': ['inputTokens', 'outputTokens', 'costUsd', 'tasksAttempted'],
};

export type EvidenceSkipReason = 'not-in-run' | 'no-requests' | 'cost-incomplete';

export interface EvidenceFill {
  kind: EvidenceKind;
  /** Values the run provides, by field (only fields of this kind). */
  values: Partial<Record<DayMetricKey, number>>;
  skipped: { field: DayMetricKey; reason: EvidenceSkipReason }[];
}

const TIMEOUT = /time[\s_-]?out|timed out|deadline/i;

function metric(run: EvidenceRun, id: 'ttft' | 'e2el'): EvidenceMetric | undefined {
  return run.recomputed?.[id] ?? run.metrics[id];
}

function pct(m: EvidenceMetric | undefined, p: '50' | '95'): number | null {
  if (!m) return null;
  const v = m.percentiles[p];
  if (v !== undefined) return v;
  return p === '50' ? m.median : null;
}

/** What a run can put into a day, field by field, with the reason for each field it cannot. */
export function evidenceFill(run: EvidenceRun, kind: EvidenceKind): EvidenceFill {
  const values: EvidenceFill['values'] = {};
  const skipped: EvidenceFill['skipped'] = [];
  const put = (field: DayMetricKey, v: number | null, reason: EvidenceSkipReason = 'not-in-run') => {
    if (v !== null && Number.isFinite(v) && v >= 0) values[field] = v;
    else skipped.push({ field, reason });
  };
  const total = run.requests.total;
  if (kind === 'benchmark-run') {
    const ttft = metric(run, 'ttft');
    put('ttftP50Ms', pct(ttft, '50'));
    put('ttftP95Ms', pct(ttft, '95'));
    // Article 002's "Generierungsdauer: Gesamtdauer pro Aufgabe": mean end-to-end latency.
    put('generationMs', metric(run, 'e2el')?.mean ?? null);
    put('tasksAttempted', total);
    put('tasksCompleted', run.requests.ok);
    if (total === null || total <= 0) {
      skipped.push({ field: 'errorRate', reason: 'no-requests' }, { field: 'timeoutRate', reason: 'no-requests' });
    } else {
      const timeouts = run.requests.errors.filter((e) => TIMEOUT.test(e.kind)).reduce((a, e) => a + e.count, 0);
      const failed = run.requests.failed ?? (run.requests.ok !== null ? total - run.requests.ok : null);
      // The pilot keeps timeouts apart from other errors; the run counts both as failed.
      put('errorRate', failed === null ? null : Math.min(1, Math.max(0, failed - timeouts) / total));
      put('timeoutRate', Math.min(1, timeouts / total));
    }
  } else {
    put('inputTokens', run.tokens.input === null ? null : Math.round(run.tokens.input));
    put('outputTokens', run.tokens.output === null ? null : Math.round(run.tokens.output));
    if (!run.cost) put('costUsd', null);
    // A log where some rows carry no price gives a lower bound, not the bill.
    else if (run.cost.rowsWithoutCost > 0) skipped.push({ field: 'costUsd', reason: 'cost-incomplete' });
    else put('costUsd', run.cost.totalUsd);
    put('tasksAttempted', total);
  }
  return { kind, values, skipped };
}

export type ApplyEvidenceResult = { ok: true; pilot: Pilot; applied: DayMetricKey[] } | { ok: false; problems: { field: string; message: string }[] };

/**
 * Writes the chosen fields of a fill into one day and side, and records where they came from.
 * The day must still make sense afterwards (e.g. p50 ≤ p95, completed ≤ attempted); otherwise
 * nothing is written and the problems are returned.
 */
export function applyEvidence(
  pilot: Pilot,
  day: number,
  side: PilotSide,
  run: Pick<EvidenceRun, 'label' | 'source'>,
  fill: EvidenceFill,
  fields: readonly DayMetricKey[],
): ApplyEvidenceResult {
  const index = day - 1;
  const current = pilot.days[index];
  if (!current || !Number.isInteger(day)) return { ok: false, problems: [{ field: 'day', message: `Day ${day} is not a pilot day (1-7)` }] };
  const applied = fields.filter((f) => fill.values[f] !== undefined);
  const next: DayMetrics = { ...current[side] };
  for (const f of applied) next[f] = fill.values[f] as number;
  const parsed = dayMetricsSchema.safeParse(next);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })) };
  }
  const days = pilot.days.map((d, i) => (i === index ? { ...d, [side]: parsed.data } : d));
  const key = `${day}:${side}`;
  const filledFrom = { ...pilot.filledFrom };
  if (applied.length > 0) {
    filledFrom[key] = {
      kind: fill.kind,
      label: (run.label ?? run.source.fileName).slice(0, 200),
      fileHash: run.source.fileHash.slice(0, 128),
      fields: [...applied],
    };
  }
  return { ok: true, pilot: { ...pilot, days, filledFrom }, applied };
}

/** After the user types over a filled field, that field is no longer evidence from the run. */
export function forgetFilledField(pilot: Pilot, day: number, side: PilotSide, field: DayMetricKey): Pilot['filledFrom'] {
  const key = `${day}:${side}`;
  const entry = pilot.filledFrom[key];
  if (!entry || !entry.fields.includes(field)) return pilot.filledFrom;
  const fields = entry.fields.filter((f) => f !== field);
  const next = { ...pilot.filledFrom };
  if (fields.length === 0) delete next[key];
  else next[key] = { ...entry, fields };
  return next;
}
