import {
  deriveThroughput,
  emptySummary,
  ErrorCounter,
  isRecord,
  newRun,
  nonNeg,
  normaliseDate,
  note,
  num,
  positiveInt,
  putPercentile,
  setMetric,
  str,
  type FileContext,
  type ParsedRun,
  type ValueParser,
} from '../common';
import { isUnfinished } from '../json-stream';
import { RequestTableBuilder } from '../request-table';
import { recompute } from '../recompute';
import type { BenchRun, MetricDefinition, MetricId, MetricSummary } from '../run-schema';

/**
 * ray-project/llmperf (bench-formats.md §5): `*_summary.json`, a flat object with
 * `results_<metric>_{quantiles_pNN,mean,min,max,stddev}` in seconds, and
 * `*_individual_responses.json`, an array of per-request records (seconds; failed requests are
 * zero-filled and carry `error_code`). Statistics exclude errored rows; percentiles are pandas
 * quantiles (linear), stddev is the sample standard deviation. llmperf's "inter-token latency"
 * includes the time to first token, so it lands in `perTokenInclTtft`.
 */
export function looksLikeLlmperfSummary(v: Record<string, unknown>): boolean {
  return v.version === '2023-08-31' || Object.keys(v).some((k) => /^results_ttft_s_(mean|quantiles_p\d+)$/.test(k));
}

export function looksLikeLlmperfRow(v: Record<string, unknown>): boolean {
  return 'ttft_s' in v && 'end_to_end_latency_s' in v;
}

const SUMMARY_METRICS: [string, MetricId, string][] = [
  ['ttft_s', 'ttft', 'ttft_s'],
  ['end_to_end_latency_s', 'e2el', 'end_to_end_latency_s'],
  ['inter_token_latency_s', 'perTokenInclTtft', 'inter_token_latency_s'],
];

function definition(sourceName: string): MetricDefinition {
  return { sourceName, weighting: 'requests', percentileMethod: 'linear' };
}

function summaryMetric(v: Record<string, unknown>, name: string): MetricSummary {
  const s = emptySummary();
  const ms = (key: string) => {
    const n = nonNeg(v[`results_${name}_${key}`]);
    return n === null ? null : n * 1000;
  };
  s.mean = ms('mean');
  s.min = ms('min');
  s.max = ms('max');
  s.std = ms('stddev');
  for (const key of Object.keys(v)) {
    const m = new RegExp(`^results_${name}_quantiles_p(\\d+(?:\\.\\d+)?)$`).exec(key);
    if (m) putPercentile(s, Number(m[1]), ms(`quantiles_p${m[1]}`));
  }
  s.median = s.percentiles['50'] ?? null;
  return s;
}

/** `"{429.0: 130, -100.0: 97}"` (a Python dict repr) into counts per code. */
export function parseErrorFrequency(raw: unknown): { kind: string; count: number }[] {
  if (typeof raw !== 'string') return [];
  const out: { kind: string; count: number }[] = [];
  const re = /'?(-?\d+(?:\.\d+)?|[A-Za-z_][\w ]*)'?\s*:\s*(\d+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw)) !== null) {
    const code = m[1] as string;
    const n = Number(m[2]);
    out.push({ kind: `error code ${/^-?\d+\.0$/.test(code) ? code.slice(0, -2) : code}`, count: n });
  }
  return out.sort((a, b) => b.count - a.count);
}

export function llmperfSummaryRun(ctx: FileContext, v: Record<string, unknown>, line: number | null): BenchRun {
  const run = newRun(ctx, 'llmperf', 'llmperf-summary', 0, line);
  run.toolVersion = str(v.version, 60);
  run.label = str(v.name);
  run.model = str(v.model);
  const provider = str(v.framework) ?? str(v.provider);
  run.endpoint = provider ? { kind: 'api', provider, target: null } : { kind: 'unknown', provider: null, target: null };
  run.date = normaliseDate(v.timestamp).date;
  run.load = { concurrency: nonNeg(v.num_concurrent_requests), requestRate: null, measuredConcurrency: null, strategy: 'concurrency' };
  const started = nonNeg(v.results_num_requests_started);
  const completed = nonNeg(v.results_num_completed_requests);
  const errors = nonNeg(v.results_number_errors);
  run.requests = { total: started, ok: completed, failed: errors, incomplete: null, errors: parseErrorFrequency(v.results_error_code_frequency) };
  if (started !== null && completed !== null && errors !== null && completed + errors !== started) {
    ctx.issues.add('warning', 'counts-inconsistent', line, 'results_num_requests_started', `${completed} completed + ${errors} errors ≠ ${started} started`);
  }
  for (const [name, id, source] of SUMMARY_METRICS) setMetric(run, id, summaryMetric(v, name), definition(source));
  const perMin = nonNeg(v.results_num_completed_requests_per_min);
  run.throughput.requestsPerS = perMin === null ? null : perMin / 60;
  run.throughput.outputTokensPerS = nonNeg(v.results_mean_output_throughput_token_per_s);
  // The run's wall time is not written; completed / (completed per second) recovers it.
  if (completed !== null && completed > 0 && perMin !== null && perMin > 0) {
    run.durationS = completed / (perMin / 60);
    note(run, 'estimate', 'duration from completed requests per minute');
  }
  const meanOut = nonNeg(v.results_number_output_tokens_mean);
  const meanIn = nonNeg(v.results_number_input_tokens_mean);
  if (completed !== null && meanOut !== null) run.tokens.output = Math.round(meanOut * completed);
  if (completed !== null && meanIn !== null) run.tokens.input = Math.round(meanIn * completed);
  const perUser = nonNeg(v.results_request_output_throughput_token_per_s_mean);
  if (perUser !== null) run.extras.push({ key: 'request_output_throughput_token_per_s_mean', value: perUser });
  const gpus = positiveInt(v.num_gpus);
  if (gpus !== null) run.gpus = gpus;
  deriveThroughput(run);
  return run;
}

/** Groups messages such as "Output too few tokens 39" by replacing numbers. */
function errorKind(code: unknown, message: unknown): string {
  const c = num(code);
  const msg = typeof message === 'string' ? message.replace(/\d+(\.\d+)?/g, '#').trim() : '';
  return `${c !== null ? `error code ${c}` : 'error'}${msg ? `: ${msg}` : ''}`;
}

/** Per-request rows into a request table and counts. */
export class LlmperfRows {
  readonly builder = new RequestTableBuilder();
  readonly errors = new ErrorCounter();
  ok = 0;
  failed = 0;
  rows = 0;

  add(ctx: FileContext, r: unknown, line: number, index: number | null): void {
    const where = index === null ? '' : `[${index}].`;
    if (!isRecord(r) || isUnfinished(r)) {
      ctx.issues.skip(line, isUnfinished(r) ? 'row-unfinished' : 'row-not-object', index === null ? null : `[${index}]`, null);
      return;
    }
    if (!looksLikeLlmperfRow(r)) {
      ctx.issues.skip(line, 'row-other-format', index === null ? null : `[${index}]`, null);
      return;
    }
    this.rows += 1;
    const failed = r.error_code !== null && r.error_code !== undefined;
    if (failed) {
      this.failed += 1;
      this.errors.add(errorKind(r.error_code, r.error_msg));
      this.builder.add(
        false,
        Number.NaN,
        Number.NaN,
        Number.NaN,
        Number.NaN,
        nonNeg(r.number_input_tokens) ?? Number.NaN,
        nonNeg(r.number_output_tokens) ?? Number.NaN,
        Number.NaN,
      );
      return;
    }
    const ttft = num(r.ttft_s);
    const e2e = num(r.end_to_end_latency_s);
    const itl = num(r.inter_token_latency_s);
    for (const [field, value] of [
      ['ttft_s', ttft],
      ['end_to_end_latency_s', e2e],
    ] as const) {
      if (value === null) {
        ctx.issues.skip(line, 'field-invalid', `${where}${field}`, String(r[field]));
        this.rows -= 1;
        return;
      }
      if (value < 0) {
        ctx.issues.skip(line, 'field-negative', `${where}${field}`, String(value));
        this.rows -= 1;
        return;
      }
    }
    if ((ttft as number) > (e2e as number)) {
      ctx.issues.skip(line, 'ttft-exceeds-e2el', `${where}ttft_s`, `${ttft} > ${e2e}`);
      this.rows -= 1;
      return;
    }
    this.ok += 1;
    this.builder.add(
      true,
      (ttft as number) * 1000,
      (e2e as number) * 1000,
      Number.NaN,
      itl !== null && itl >= 0 ? itl * 1000 : Number.NaN,
      nonNeg(r.number_input_tokens) ?? Number.NaN,
      nonNeg(r.number_output_tokens) ?? Number.NaN,
      Number.NaN,
    );
  }
}

export function llmperfSummaryParser(ctx: FileContext): ValueParser {
  const runs: ParsedRun[] = [];
  return {
    format: 'llmperf-summary',
    value(value, line) {
      if (!isRecord(value) || !looksLikeLlmperfSummary(value)) {
        ctx.issues.skip(line, 'row-other-format', null, null);
        return;
      }
      const run = llmperfSummaryRun(ctx, value, line);
      run.id = `${run.id}-${runs.length}`;
      run.source.index = runs.length;
      runs.push({ run, table: null });
    },
    finish: () => runs,
  };
}

export function llmperfIndividualParser(ctx: FileContext): ValueParser {
  const rows = new LlmperfRows();
  return {
    format: 'llmperf-individual',
    value(value, line, index) {
      rows.add(ctx, value, line, index ?? null);
    },
    finish() {
      if (rows.rows === 0) return [];
      const run = newRun(ctx, 'llmperf', 'llmperf-individual', 0, 1);
      run.requests = { total: rows.ok + rows.failed, ok: rows.ok, failed: rows.failed, incomplete: null, errors: rows.errors.list() };
      run.load.strategy = 'concurrency';
      run.definitions.perTokenInclTtft = definition('inter_token_latency_s');
      const table = rows.builder.build();
      recompute(run, table, { method: 'linear', ddof: 1, sampled: false, partial: false, tick: ctx.tick });
      let out = 0;
      let input = 0;
      for (let i = 0; i < table.count; i++) {
        if (table.ok[i] !== 1) continue;
        out += Number.isFinite(table.outputTokens[i] as number) ? (table.outputTokens[i] as number) : 0;
        input += Number.isFinite(table.inputTokens[i] as number) ? (table.inputTokens[i] as number) : 0;
      }
      run.tokens = { input, output: out };
      return [{ run, table }];
    },
  };
}

/**
 * Merges an individual-responses run into its summary run (same file stem): the summary keeps
 * its figures, the per-request data is recomputed with llmperf's definitions and compared.
 */
export function mergeLlmperf(summary: ParsedRun, individual: ParsedRun, companionName: string): ParsedRun {
  const run = summary.run;
  const table = individual.table;
  if (!table) return summary;
  run.source.companionFile = companionName.slice(0, 500);
  if (run.requests.errors.length > 0 && individual.run.requests.errors.length > 0) run.requests.errors = individual.run.requests.errors;
  note(run, 'companion-merged', companionName);
  const summaryTotal = run.requests.total;
  const partial = summaryTotal !== null && table.count < summaryTotal;
  recompute(run, table, { method: 'linear', ddof: 1, sampled: false, partial });
  return { run, table };
}
