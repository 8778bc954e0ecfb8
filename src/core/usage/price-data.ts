import { z } from 'zod';
import { parseTolerant } from '../benchmarks/json-stream';

/**
 * A newer genai-prices `data.json` dropped by the user, to replace the bundled price data
 * without network access (docs/usage.md). The file is the data set's published form
 * (`prices/new_data/v2/data.json` in pydantic/genai-prices): an array of providers, each with
 * its models and their prices. Only what the app reads is checked strictly (ids, names, the
 * price fields' types); other fields pass through to the package untouched. Stored in IndexedDB
 * in a versioned envelope, validated again when read.
 */
const priceValue = z.union([z.number().nonnegative(), z.looseObject({ base: z.number().nonnegative(), tiers: z.array(z.unknown()) })]);
const modelPrice = z.record(z.string(), priceValue.optional());

const modelSchema = z.looseObject({
  id: z.string().min(1).max(200),
  name: z.string().max(200).optional(),
  deprecated: z.boolean().optional(),
  match: z.record(z.string(), z.unknown()),
  prices: z.union([modelPrice, z.array(z.looseObject({ prices: modelPrice, constraint: z.record(z.string(), z.unknown()).optional() })).min(1)]),
});

const providerSchema = z.looseObject({
  id: z.string().min(1).max(80),
  name: z.string().min(1).max(200),
  api_pattern: z.string(),
  models: z.array(modelSchema),
});

export const genaiPriceDataSchema = z.array(providerSchema).min(1);

export const PRICE_DATA_ENVELOPE_VERSION = 1;

/** The stored form: what the file was, when it was dropped, and its providers. */
export const priceDataEnvelopeSchema = z.strictObject({
  kind: z.literal('genai-prices-data'),
  version: z.literal(PRICE_DATA_ENVELOPE_VERSION),
  fileName: z.string().min(1).max(200),
  /** The file's own date (its last modification, YYYY-MM-DD): the date of every price in it. */
  fileDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  providers: genaiPriceDataSchema,
});
export type PriceDataEnvelope = z.infer<typeof priceDataEnvelopeSchema>;

export type PriceDataParse = { ok: true; data: PriceDataEnvelope; models: number } | { ok: false; message: string };

/** A Zod issue path in the data set's own words: provider 3 ("openai"), model 12 ("gpt-4o"), field prices. */
function where(path: readonly PropertyKey[], raw: unknown): string {
  const parts: string[] = [];
  const [p, section, m, ...rest] = path;
  if (typeof p === 'number') {
    const provider = Array.isArray(raw) ? (raw[p] as { id?: unknown } | undefined) : undefined;
    parts.push(`provider ${p + 1}${typeof provider?.id === 'string' ? ` ("${provider.id}")` : ''}`);
    if (section === 'models' && typeof m === 'number') {
      const model = (provider as { models?: { id?: unknown }[] } | undefined)?.models?.[m];
      parts.push(`model ${m + 1}${typeof model?.id === 'string' ? ` ("${model.id}")` : ''}`);
      if (rest.length > 0) parts.push(`field ${rest.map(String).join('.')}`);
    } else if (section !== undefined)
      parts.push(
        `field ${[section, m, ...rest]
          .filter((x) => x !== undefined)
          .map(String)
          .join('.')}`,
      );
  }
  return parts.join(', ');
}

/** The largest time a JavaScript date holds, in ms from 1970 (±100,000,000 days). */
const MAX_DATE_MS = 8.64e15;

/**
 * A dropped file's own date (its `lastModified`, ms since 1970) as YYYY-MM-DD, or `today` with
 * `known: false` when the browser reports a time no date can hold (9e15, NaN) or one outside
 * the years 0000–9999 the data set's date field allows.
 */
export function fileDateOf(lastModifiedMs: number, today: string): { date: string; known: boolean } {
  if (!Number.isFinite(lastModifiedMs) || Math.abs(lastModifiedMs) > MAX_DATE_MS) return { date: today, known: false };
  const iso = new Date(lastModifiedMs).toISOString();
  return /^\d{4}-\d{2}-\d{2}T/.test(iso) ? { date: iso.slice(0, 10), known: true } : { date: today, known: false };
}

/** Reads a dropped `data.json`: JSON syntax (with line and column), then the data set's shape. */
export function parseGenaiPriceData(fileName: string, text: string, fileDate: string): PriceDataParse {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // The benchmarks' tolerant reader says where (JSON.parse's message has no position).
    const t = parseTolerant(text);
    return {
      ok: false,
      message: t.ok ? `${fileName}: not valid JSON` : `${fileName}, line ${t.problem.line}, column ${t.problem.column}: not valid JSON (${t.problem.problem})`,
    };
  }
  if (!Array.isArray(raw))
    return { ok: false, message: `${fileName}: not a genai-prices data.json (expected an array of providers, found ${raw === null ? 'null' : typeof raw})` };
  const parsed = genaiPriceDataSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue ? where(issue.path, raw) : '';
    return { ok: false, message: `${fileName}${at ? `, ${at}` : ''}: ${issue?.message ?? 'not a genai-prices data.json'}` };
  }
  const models = parsed.data.reduce((a, p) => a + p.models.length, 0);
  return {
    ok: true,
    data: { kind: 'genai-prices-data', version: PRICE_DATA_ENVELOPE_VERSION, fileName: fileName.slice(0, 200), fileDate, providers: parsed.data },
    models,
  };
}
