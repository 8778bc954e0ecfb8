import { z } from 'zod';
import { toolIdSchema } from '../schemas/tool-ids';

/**
 * The library of published throughput–latency measurements: real result files from public
 * repositories (InferenceX / InferenceMAX runs and the like), one series per configuration,
 * each point one measured load. Nothing here is estimated or guessed; every series names the
 * repository, path and commit (or URL) it was read from and the date it was measured.
 *
 * The data lives in `published-measurements.data.ts` (a typed list, checked against this schema
 * by `published-measurements.test.ts`). How to add an entry: `docs/published-measurements.md`.
 */
export const PUBLISHED_LIBRARY_VERSION = 1;

const finite = z.number().refine(Number.isFinite, { message: 'Must be a finite number' });
const nonNegative = finite.pipe(z.number().nonnegative());
const positive = finite.pipe(z.number().positive());

/** Latency statistics in milliseconds; only the keys the source has. */
export const latencyStatsSchema = z.strictObject({
  mean: nonNegative.optional(),
  p50: nonNegative.optional(),
  p90: nonNegative.optional(),
  p95: nonNegative.optional(),
  p99: nonNegative.optional(),
});
export type LatencyStats = z.infer<typeof latencyStatsSchema>;

export const publishedPointSchema = z.strictObject({
  /** Configured concurrency (in-flight requests), when the run was driven by concurrency. */
  concurrency: positive.nullable(),
  /** Configured request rate per second, when the run was driven by rate. */
  requestRate: positive.nullable(),
  /** Output tokens/s of the whole deployment (all `gpus` of the series). */
  outputTokensPerS: nonNegative,
  /** Input + output tokens/s of the whole deployment; null when the source does not give it. */
  totalTokensPerS: nonNegative.nullable(),
  ttftMs: latencyStatsSchema,
  tpotMs: latencyStatsSchema,
  itlMs: latencyStatsSchema,
  e2elMs: latencyStatsSchema,
  /** Requests the point's statistics rest on; null when the source does not say. */
  requests: z.number().int().nonnegative().nullable(),
  /** Share of requests that succeeded, 0..1; null when the source does not say. */
  successShare: finite.min(0).max(1).nullable(),
});
export type PublishedPoint = z.infer<typeof publishedPointSchema>;

export const publishedSourceSchema = z.strictObject({
  /** Who published the measurement, e.g. "SemiAnalysis InferenceX". */
  publisher: z.string().min(1).max(120),
  /** owner/name on GitHub, when the file is in a public repository. */
  repo: z.string().max(140).nullable(),
  path: z.string().max(500).nullable(),
  /** 40-hex commit the file was read at. */
  commit: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .nullable(),
  url: z.string().url().max(500).nullable(),
  /** ISO date (YYYY-MM-DD) the runs were measured. */
  measuredOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** ISO date (YYYY-MM-DD) the entry was read and checked. */
  checked: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  note: z.string().max(500).optional(),
});

export const publishedSeriesSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9.-]{2,119}$/),
    label: z.string().min(1).max(200),
    /** Catalog model id when the model is in the catalog, else null (modelName says what it is). */
    modelId: z.string().max(80).nullable(),
    modelName: z.string().min(1).max(120),
    engine: z.string().min(1).max(60),
    engineVersion: z.string().max(60).nullable(),
    /** Catalog GPU id when the GPU is in the catalog, else null (hardwareName says what it is). */
    gpuId: z.string().max(80).nullable(),
    hardwareName: z.string().min(1).max(120),
    /** GPUs of one deployment the throughput figures are for. */
    gpus: z.number().int().positive().max(4096),
    precision: z.string().min(1).max(40),
    /** As published, e.g. "TP8 EP8 DP-attention". */
    parallelism: z.string().max(120),
    /** Mean input / output tokens per request the runs used. */
    inputTokens: positive,
    outputTokens: positive,
    dataset: z.string().max(120),
    /**
     * The benchmark tool whose output the source is, when it is one the importer knows (e.g.
     * "inferencex" for InferenceX agg rows). Optional; a series without it is shown as a table.
     */
    tool: toolIdSchema.optional(),
    source: publishedSourceSchema,
    /** Ordered by load, lowest first. */
    points: z.array(publishedPointSchema).min(1).max(200),
  })
  .superRefine((s, ctx) => {
    s.points.forEach((p, i) => {
      if (p.concurrency === null && p.requestRate === null) {
        ctx.addIssue({ code: 'custom', path: ['points', i], message: 'A point needs its concurrency or its request rate' });
      }
    });
  });
export type PublishedSeries = z.infer<typeof publishedSeriesSchema>;
