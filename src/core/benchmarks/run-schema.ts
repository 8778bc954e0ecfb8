import { z } from 'zod';
import { toolIdSchema } from '../schemas/tool-ids';

/**
 * The normalised benchmark run: one point of one load test (one rate, one concurrency), from
 * whichever tool wrote it. All times are milliseconds, throughputs per second, shares 0..1.
 * Percentiles are stored as `{ "<percentile 0–100>": value }` and only those the file (or the
 * recomputation) has; nothing is filled in. Every numeric field is finite or null.
 *
 * The schema is the single definition: types are inferred from it, stored runs are validated
 * with it on read, and the CLI documents its output with it.
 */
export const RUN_SCHEMA_VERSION = 1;

const finite = z.number().refine(Number.isFinite, { message: 'Must be a finite number' });
const nonNegative = finite.pipe(z.number().nonnegative());
const maybe = nonNegative.nullable();

export const formatIds = [
  'vllm',
  'sglang',
  'guidellm',
  'llmperf-summary',
  'llmperf-individual',
  'aiperf-json',
  'aiperf-csv',
  'aiperf-jsonl',
  'genai-perf-json',
  'genai-perf-csv',
  'inferencex',
  'inference-perf',
  'request-log',
  'api-usage',
  'openai-org-usage',
  'mapped-csv',
] as const;
export const formatIdSchema = z.enum(formatIds);
export type FormatId = z.infer<typeof formatIdSchema>;

/**
 * Canonical latency metrics. Tools name things differently; a metric lands in the slot whose
 * definition it matches, and `definitions` records the tool's own name:
 * - ttft: time to first token.
 * - tpot: per request, (end-to-end − TTFT) / (output tokens − 1): the decode time per token.
 * - itl: gaps between streamed chunks, pooled over all requests.
 * - e2el: end-to-end request latency.
 * - perTokenInclTtft: per request, end-to-end / output tokens (TTFT included); llmperf calls
 *   this "inter-token latency", GuideLLM "time per output token".
 */
export const metricIds = ['ttft', 'tpot', 'itl', 'e2el', 'perTokenInclTtft'] as const;
export const metricIdSchema = z.enum(metricIds);
export type MetricId = z.infer<typeof metricIdSchema>;

export const metricSummarySchema = z.strictObject({
  count: maybe,
  mean: maybe,
  median: maybe,
  std: maybe,
  min: maybe,
  max: maybe,
  percentiles: z.record(z.string().regex(/^\d{1,2}(\.\d+)?$|^100$/), nonNegative),
});
export type MetricSummary = z.infer<typeof metricSummarySchema>;

export const metricDefinitionSchema = z.strictObject({
  /** The tool's own key or column name, e.g. "inter_token_latency_ms". */
  sourceName: z.string().max(120),
  /** What each sample is: one per request, one per output token, or one per streamed chunk gap. */
  weighting: z.enum(['requests', 'tokens', 'chunks']),
  /** Percentile method of the tool, when known: numpy-style linear interpolation or a lower rank. */
  percentileMethod: z.enum(['linear', 'lower', 'unknown']),
});
export type MetricDefinition = z.infer<typeof metricDefinitionSchema>;

const metricMap = <T extends z.ZodType>(value: T) =>
  z.strictObject({ ttft: value.optional(), tpot: value.optional(), itl: value.optional(), e2el: value.optional(), perTokenInclTtft: value.optional() });

export const comparedQuantities = [...metricIds, 'requestsPerS', 'outputTokensPerS', 'totalTokensPerS', 'outputTokens', 'inputTokens', 'ok'] as const;

export const comparisonRowSchema = z.strictObject({
  quantity: z.enum(comparedQuantities),
  /** "mean", "median", "std", "min", "max", "count" or a percentile like "p99" / "p99.9". */
  stat: z.string().max(12),
  file: finite,
  recomputed: finite,
  /** recomputed − file, in the quantity's unit (ms for latencies). */
  diff: finite,
  /** diff / |file|; null when the file value is 0. */
  relDiff: finite.nullable(),
  verdict: z.enum(['agrees', 'differs', 'not-comparable']),
  /** Why a row is not comparable or may differ for a known reason. */
  reason: z.enum(['sampled', 'partial', 'token-weighted', 'definition', 'rounded']).nullable(),
});
export type ComparisonRow = z.infer<typeof comparisonRowSchema>;

export const runNoteCodes = [
  'local-time-no-zone',
  'all-failed-zero-stats',
  'failed-inferred',
  'failed-unknown',
  'warmup-excluded',
  'sampled-requests',
  'per-request-partial',
  'token-weighted',
  'throughput-time-averaged',
  'goodput-key-with-colon',
  'per-gpu-throughput',
  'multi-turn',
  'companion-merged',
  'derived-throughput',
  'estimate',
  'cancelled-run',
  'suspect-units',
  'no-latency',
] as const;

export const runNoteSchema = z.strictObject({
  code: z.enum(runNoteCodes),
  /** Free detail from the file (rendered as text only), e.g. counts. */
  detail: z.string().max(300).nullable(),
});
export type RunNote = z.infer<typeof runNoteSchema>;

export const benchRunSchema = z.strictObject({
  id: z.string().min(1).max(120),
  source: z.strictObject({
    fileName: z.string().max(500),
    fileSize: nonNegative,
    fileHash: z.string().max(128),
    format: formatIdSchema,
    /** Position of this run in its file (0-based) and the line it starts on, when known. */
    index: z.number().int().nonnegative(),
    line: z.number().int().positive().nullable(),
    /** A second file merged into this run (llmperf individual responses, AIPerf per-request JSONL). */
    companionFile: z.string().max(500).nullable(),
  }),
  tool: toolIdSchema,
  toolVersion: z.string().max(60).nullable(),
  /** Free text from the file: vLLM `label`, llmperf `name`, a CSV's file name … */
  label: z.string().max(300).nullable(),
  endpoint: z.strictObject({
    kind: z.enum(['self-hosted', 'api', 'unknown']),
    provider: z.string().max(120).nullable(),
    target: z.string().max(300).nullable(),
  }),
  model: z.string().max(300).nullable(),
  engine: z.string().max(120).nullable(),
  hardware: z.string().max(120).nullable(),
  gpus: z.number().int().positive().max(100_000).nullable(),
  precision: z.string().max(60).nullable(),
  /** ISO 8601 when the file has a date; without a zone when the tool wrote local time. */
  date: z.string().max(40).nullable(),
  load: z.strictObject({
    /** Configured concurrency limit (streams, max concurrency). */
    concurrency: maybe,
    /** Configured request rate per second, "inf" for "as fast as possible". */
    requestRate: z.union([nonNegative, z.literal('inf')]).nullable(),
    /** Measured average number of requests in flight, when the file has it. */
    measuredConcurrency: maybe,
    strategy: z.string().max(60).nullable(),
  }),
  durationS: maybe,
  requests: z.strictObject({
    total: maybe,
    ok: maybe,
    failed: maybe,
    /** Requests cut off at the end of a run (GuideLLM "incomplete"); neither ok nor failed. */
    incomplete: maybe,
    errors: z.array(z.strictObject({ kind: z.string().max(300), count: nonNegative })).max(200),
  }),
  tokens: z.strictObject({ input: maybe, output: maybe }),
  throughput: z.strictObject({
    requestsPerS: maybe,
    outputTokensPerS: maybe,
    totalTokensPerS: maybe,
    outputTokensPerSPerGpu: maybe,
    totalTokensPerSPerGpu: maybe,
    /** Which of the figures above were computed from totals rather than read from the file. */
    derived: z.array(z.enum(['requestsPerS', 'outputTokensPerS', 'totalTokensPerS'])).max(3),
  }),
  /** Goodput the tool itself computed (vLLM --goodput), requests/s. */
  fileGoodputRps: maybe,
  metrics: metricMap(metricSummarySchema),
  definitions: metricMap(metricDefinitionSchema),
  /** Statistics recomputed from the per-request data, with the same definitions. */
  recomputed: metricMap(metricSummarySchema).nullable(),
  comparison: z.array(comparisonRowSchema).max(400),
  perRequest: z
    .strictObject({
      count: nonNegative,
      ok: nonNegative,
      /** The file keeps only a sample of the requests. */
      sampled: z.boolean(),
      metrics: z.array(metricIdSchema).max(5),
      /**
       * Requests in the stored per-request table when it keeps a uniform sample of a large log
       * (request-table.ts `TABLE_ROWS`); the statistics still count all `count`. Absent: all kept.
       */
      kept: nonNegative.optional(),
    })
    .nullable(),
  cost: z.strictObject({ totalUsd: nonNegative, rowsWithCost: nonNegative, rowsWithoutCost: nonNegative }).nullable(),
  /** Further figures worth showing (spec-decode acceptance, peak tok/s …), raw key → value. */
  extras: z.array(z.strictObject({ key: z.string().max(120), value: z.union([finite, z.string().max(200)]) })).max(80),
  notes: z.array(runNoteSchema).max(40),
  /**
   * Set when the run is one point of a series from the library of published measurements
   * (src/core/catalog/published-measurements.ts), loaded as an example: a claim of its
   * publisher, not the user's own measurement. Optional, so runs stored before it still read.
   */
  published: z
    .strictObject({
      seriesId: z.string().max(120),
      publisher: z.string().max(120),
      /** ISO date (YYYY-MM-DD) the publisher measured the run. */
      measuredOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      url: z.string().max(500).nullable(),
    })
    .optional(),
});
export type BenchRun = z.infer<typeof benchRunSchema>;

/** Limits for goodput (a request is "good" when it meets every limit that is set). */
export const sloLimitsSchema = z.strictObject({
  ttftMs: nonNegative.nullable(),
  tpotMs: nonNegative.nullable(),
  e2elMs: nonNegative.nullable(),
});
export type SloLimits = z.infer<typeof sloLimitsSchema>;
