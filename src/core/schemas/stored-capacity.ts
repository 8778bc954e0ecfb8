import { z } from 'zod';
import { sloSchema } from './slo';

/**
 * What the scenario keeps of the capacity choice (docs/capacity.md §4): the SLO and a compact
 * summary of the chosen series — its points and where they come from — never raw files, so a
 * share link or a report stays self-contained. Figures are kept to four significant digits
 * for throughput and load and three for latencies, column by column (a 20-point series stays
 * inside a 2,000-character link).
 *
 * `series: null` means the single throughput figure of `selfHosted.throughput` *is* the series:
 * one point, of the figure's own kind (entered, measured or estimated). That is how every
 * scenario of version 2 reads, and the single figure stays editable on the TCO page.
 */
const nonNegative = z.number().nonnegative();

const column = (max: number) => z.array(nonNegative.max(max).nullable()).min(1).max(200);

/** Latency columns in ms; a percentile is present when at least one point has it (null where one lacks it). */
const statsColumnsSchema = z.strictObject({
  p50: column(1e9).optional(),
  p90: column(1e9).optional(),
  p95: column(1e9).optional(),
  p99: column(1e9).optional(),
  /** Only where it stands in for a missing median (interactivity of InferenceX rows). */
  mean: column(1e9).optional(),
});
export type StatsColumns = z.infer<typeof statsColumnsSchema>;

/**
 * The points column by column (one array per figure, index = point, ordered by load): a link
 * repeats no key per point. Every column has one entry per point.
 */
export const storedPointsSchema = z
  .strictObject({
    /** Load on the series' axis; null = "as fast as possible". */
    load: column(1e9),
    /** Output and input + output tokens/s of the whole deployment. */
    out: column(1e9),
    total: column(1e9),
    ttft: statsColumnsSchema,
    tpot: statsColumnsSchema,
    itl: statsColumnsSchema,
    e2el: statsColumnsSchema,
    /** Success share 0..1; null = not stated. */
    ok: z.array(z.number().min(0).max(1).nullable()).min(1).max(200),
    /** Completed requests behind each point. */
    n: z.array(z.number().int().nonnegative().max(1e12).nullable()).min(1).max(200),
  })
  .superRefine((p, ctx) => {
    const n = p.load.length;
    const check = (path: string[], col: readonly unknown[] | undefined) => {
      if (col !== undefined && col.length !== n) ctx.addIssue({ code: 'custom', path, message: `Must have one entry per point (${n})` });
    };
    check(['out'], p.out);
    check(['total'], p.total);
    check(['ok'], p.ok);
    check(['n'], p.n);
    for (const m of ['ttft', 'tpot', 'itl', 'e2el'] as const) for (const k of ['p50', 'p90', 'p95', 'p99', 'mean'] as const) check([m, k], p[m][k]);
  });
export type StoredPoints = z.infer<typeof storedPointsSchema>;

export const storedSeriesSchema = z.strictObject({
  kind: z.enum(['measured', 'published', 'estimated', 'entered']),
  label: z.string().max(200),
  /** The file(s) a measured series was imported from (names only). */
  fileName: z.string().max(300).nullable(),
  libraryId: z.string().max(120).nullable(),
  publisher: z.string().max(120).nullable(),
  /** When it was measured (ISO date), when known. */
  date: z.string().max(40).nullable(),
  gpus: z.number().int().positive().max(4096).nullable(),
  /**
   * The model and the hardware the series was measured with, as its source names them
   * ("moonshotai/Kimi-K2.6", "8xH200"); absent in series stored before they were kept.
   */
  model: z.string().max(300).nullable().optional(),
  hardware: z.string().max(120).nullable().optional(),
  inputTokens: nonNegative.max(1e8).nullable(),
  outputTokens: nonNegative.max(1e8).nullable(),
  loadKind: z.enum(['concurrency', 'rate']),
  points: storedPointsSchema,
});
export type StoredSeries = z.infer<typeof storedSeriesSchema>;

export const capacitySettingsSchema = z.strictObject({
  slo: sloSchema,
  /** Offer a labelled point between two measured loads (never beyond them). */
  interpolate: z.boolean(),
  series: storedSeriesSchema.nullable(),
});
export type CapacitySettings = z.infer<typeof capacitySettingsSchema>;
