import { z } from 'zod';

/**
 * Published throughput **records**: single results that a vendor reached with a tuned stack in a
 * benchmark round with fixed latency limits (MLPerf Inference). Unlike a published *series*
 * (`published-measurements.ts`, several loads of one configuration), a record is one point: the
 * highest load the submitter could sustain while its p99 TTFT and p99 TPOT stayed within the
 * scenario's limits. It says what is possible at those limits, not what a default deployment
 * reaches, and it counts for a user's SLO only when its limits are at least as strict
 * (`recordCountsFor`).
 *
 * The data lives in `published-records.data.ts`, checked against this schema and against copies
 * of the source files by `published-records.test.ts`. See `docs/published-measurements.md`.
 */
export const PUBLISHED_RECORDS_VERSION = 1;

const finite = z.number().refine(Number.isFinite, { message: 'Must be a finite number' });
const positive = finite.pipe(z.number().positive());
const commit = z.string().regex(/^[0-9a-f]{40}$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const mlperfScenarioSchema = z.enum(['Server', 'Interactive']);
export type MlperfScenario = z.infer<typeof mlperfScenarioSchema>;

/** The benchmark names of the models the library holds records for. */
export const mlperfModelSchema = z.enum(['deepseek-r1', 'llama2-70b-99.9', 'gpt-oss-120b']);
export type MlperfModel = z.infer<typeof mlperfModelSchema>;

/** Latency limits a user asks for, p99, in milliseconds. */
export interface SloP99 {
  ttftP99Ms: number;
  tpotP99Ms: number;
}

/** The p99 limits a record was measured under, and the file that sets them. */
export const recordSloSchema = z.strictObject({
  ttftP99Ms: positive,
  tpotP99Ms: positive,
  source: z.strictObject({
    repo: z.string().min(1).max(140),
    path: z.string().min(1).max(500),
    commit,
    /** The keys of the file the two limits are read from, e.g. "deepseek-r1-interactive.Server.ttft_latency". */
    keys: z.tuple([z.string().min(1).max(120), z.string().min(1).max(120)]),
  }),
});

export const publishedRecordSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9.-]{2,159}$/),
    /** Always "record": the best a vendor reached with a tuned stack, not a typical deployment. */
    kind: z.literal('record'),
    benchmark: z.literal('MLPerf Inference'),
    round: z.literal('v6.1'),
    division: z.literal('closed'),
    availability: z.literal('available'),
    /** Catalog model id when the catalog has the model, else null (modelName says what it is). */
    modelId: z.string().max(80).nullable(),
    modelName: z.string().min(1).max(120),
    mlperfModel: mlperfModelSchema,
    scenario: mlperfScenarioSchema,
    submitter: z.string().min(1).max(80),
    systemName: z.string().min(1).max(200),
    /** The submission's system directory name (summary.csv `Platform`). */
    platform: z.string().min(1).max(120),
    /** Catalog GPU id when the accelerator is in the catalog, else null. */
    gpuId: z.string().max(80).nullable(),
    acceleratorName: z.string().min(1).max(120),
    nodes: z.number().int().positive().max(4096),
    /** Accelerators of the whole system the result is for (summary.csv `total_accelerators`). */
    accelerators: z.number().int().positive().max(4096),
    /** The result as published (summary.csv `Result`, units "Tokens/s"), for the whole system. */
    tokensPerS: positive,
    /** `tokensPerS` divided by `accelerators`. */
    tokensPerSPerGpu: positive,
    /** The software column as published (summary.csv `framework`). */
    framework: z.string().min(1).max(300),
    /** The serving stack named in `framework`: TensorRT-LLM, SGLang, vLLM, PyTorch or ROCm. */
    stack: z.enum(['TensorRT-LLM', 'SGLang', 'vLLM', 'PyTorch', 'ROCm']),
    /** Weight precision as published (summary.csv `weight_data_types`), upper-cased. */
    precision: z.string().min(1).max(40),
    slo: recordSloSchema,
    source: z.strictObject({
      publisher: z.literal('MLCommons'),
      repo: z.string().min(1).max(140),
      path: z.string().min(1).max(500),
      commit,
      /** The submission's result directory (summary.csv `Location`). */
      resultPath: z.string().min(1).max(300),
      /** Publication date of the round; null while no file read states it. */
      roundDate: isoDate.nullable(),
      /** ISO date the entry was read and checked. */
      checked: isoDate,
    }),
  })
  .superRefine((r, ctx) => {
    const perGpu = r.tokensPerS / r.accelerators;
    if (Math.abs(perGpu - r.tokensPerSPerGpu) > 0.01) {
      ctx.addIssue({ code: 'custom', path: ['tokensPerSPerGpu'], message: 'Must be tokensPerS / accelerators' });
    }
  });
export type PublishedRecord = z.infer<typeof publishedRecordSchema>;

/**
 * Whether a record counts as evidence for a user's SLO. A record was measured with its p99 TTFT
 * and p99 TPOT at or under its scenario's limits; it says nothing about a stricter SLO. It counts
 * only when both of its limits are at least as strict as (no larger than) the user's.
 */
export function recordCountsFor(record: Pick<PublishedRecord, 'slo'>, slo: SloP99): boolean {
  return record.slo.ttftP99Ms <= slo.ttftP99Ms && record.slo.tpotP99Ms <= slo.tpotP99Ms;
}

/** The short badge a record carries, e.g. "record, TensorRT-LLM FP4, MLPerf v6.1 closed". */
export function recordBadgeLabel(record: Pick<PublishedRecord, 'stack' | 'precision' | 'round' | 'division'>): string {
  return `record, ${record.stack} ${record.precision}, MLPerf ${record.round} ${record.division}`;
}

/** Records for a model and GPU (catalog ids) that count for the user's SLO, highest tokens/s per GPU first. */
export function recordsFor(records: readonly PublishedRecord[], query: { modelId: string; gpuId: string; slo: SloP99 }): PublishedRecord[] {
  return records
    .filter((r) => r.modelId === query.modelId && r.gpuId === query.gpuId && recordCountsFor(r, query.slo))
    .sort((a, b) => b.tokensPerSPerGpu - a.tokensPerSPerGpu);
}
