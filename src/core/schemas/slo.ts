import { z } from 'zod';

/**
 * The latency target (SLO) an operating point must meet (docs/capacity.md §2): any of TTFT,
 * TPOT, ITL and end-to-end latency at p50/p90/p95/p99, a minimum of output tokens/s per user
 * (interactivity = 1000 ÷ TPOT ms), and the share of requests allowed to fail.
 */
export const sloMetrics = ['ttft', 'tpot', 'itl', 'e2el'] as const;
export type SloMetric = (typeof sloMetrics)[number];
export const sloPercentiles = [50, 90, 95, 99] as const;
export type SloPercentile = (typeof sloPercentiles)[number];

// Zod 4 numbers are finite (Infinity and NaN are rejected).
const finite = z.number();
const positive = z.number().positive();

export const sloLimitSchema = z.strictObject({
  metric: z.enum(sloMetrics),
  percentile: z.union([z.literal(50), z.literal(90), z.literal(95), z.literal(99)]),
  maxMs: positive.max(1e7).describe('Highest allowed latency at that percentile, ms'),
});
export type SloLimit = z.infer<typeof sloLimitSchema>;

export const sloSchema = z.strictObject({
  limits: z.array(sloLimitSchema).max(8),
  minTokensPerSPerUser: positive.max(1e5).nullable().describe('Lowest allowed output tokens/s per user (1000 ÷ TPOT ms)'),
  maxFailedShare: finite.min(0).max(1).describe('Highest share of failed requests a qualifying point may have'),
  allowStricterPercentile: z.boolean().describe('A missing percentile may be checked at the next higher one the file has (p95 → p99), never at a lower one'),
});
export type Slo = z.infer<typeof sloSchema>;

/** No latency limit; at most 1 % failed requests; a stricter percentile may stand in. */
export const DEFAULT_SLO: Slo = { limits: [], minTokensPerSPerUser: null, maxFailedShare: 0.01, allowStricterPercentile: true };

export function limitId(l: Pick<SloLimit, 'metric' | 'percentile'>): string {
  return `${l.metric}-p${l.percentile}`;
}

const METRIC_ALIASES: Record<string, SloMetric> = { ttft: 'ttft', tpot: 'tpot', itl: 'itl', e2e: 'e2el', e2el: 'e2el' };

/**
 * Parses the command-line form `ttft-p95=2000,tpot-p99=50,e2e-p95=30000,tps-per-user=20,failed=0.01`.
 * Returns the SLO or a message naming the part that is wrong.
 */
export function parseSloText(text: string): { ok: true; slo: Slo } | { ok: false; message: string } {
  const slo: Slo = { ...DEFAULT_SLO, limits: [] };
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq === -1) return { ok: false, message: `"${part}": expected name=value, e.g. ttft-p95=2000` };
    const name = part.slice(0, eq).trim().toLowerCase();
    const value = Number(part.slice(eq + 1).trim());
    if (!Number.isFinite(value) || value <= 0) {
      if (!(name === 'failed' && value === 0)) return { ok: false, message: `"${part}": the value must be a positive number` };
    }
    if (name === 'tps-per-user') {
      slo.minTokensPerSPerUser = value;
      continue;
    }
    if (name === 'failed') {
      if (value > 1) return { ok: false, message: `"${part}": the failed share is 0..1 (0.01 = 1 %)` };
      slo.maxFailedShare = value;
      continue;
    }
    const m = /^([a-z0-9]+)-p(\d+)$/.exec(name);
    const metric = m ? METRIC_ALIASES[m[1] as string] : undefined;
    const percentile = m ? Number(m[2]) : NaN;
    if (!metric) return { ok: false, message: `"${part}": unknown limit; use ttft-pNN, tpot-pNN, itl-pNN, e2e-pNN, tps-per-user or failed` };
    if (!(sloPercentiles as readonly number[]).includes(percentile)) return { ok: false, message: `"${part}": percentile must be p50, p90, p95 or p99` };
    slo.limits.push({ metric, percentile: percentile as SloPercentile, maxMs: value });
  }
  const checked = sloSchema.safeParse(slo);
  if (!checked.success) return { ok: false, message: checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  return { ok: true, slo: checked.data };
}
