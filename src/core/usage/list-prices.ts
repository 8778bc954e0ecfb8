import type { PriceOfModel } from './aggregate';
import type { UsageFormat } from './types';

/**
 * Today's API list prices of the models in a usage file, from `@pydantic/genai-prices` (MIT,
 * maintained by Pydantic; prices per provider and model with cached-input, cache-write and
 * tiered prices). Its data is bundled in the package: nothing is fetched at run time (the
 * package's optional remote update, `updatePrices`, is never called). The date shown with a
 * price is the release date of the package version, because the bundled data carries no
 * per-price check date; updating the prices offline means installing a newer package version
 * (docs/usage.md). Loaded on demand, so the ~0.8 MB of price data is read only when usage
 * files are.
 */
export const GENAI_PRICES_VERSION = '0.1.8';
/** npm publication date of GENAI_PRICES_VERSION: the date of every price it gives. */
export const GENAI_PRICES_DATE = '2026-09-23';

const PROVIDER_OF: Partial<Record<UsageFormat, string>> = {
  'openai-usage': 'openai',
  'openai-costs': 'openai',
  'anthropic-usage': 'anthropic',
  'anthropic-cost': 'anthropic',
  'openrouter-activity': 'openrouter',
};

/** The providers the files' formats imply (an OpenAI page, an Anthropic report …), in order. */
export function providerOfFormats(formats: readonly UsageFormat[]): string[] {
  return [...new Set(formats.map((f) => PROVIDER_OF[f]).filter((x): x is string => x !== undefined))];
}

function perM(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v;
  // Tiered prices (by tokens per request): the base tier, which holds below the first threshold.
  if (typeof v === 'object' && v !== null && typeof (v as { base?: unknown }).base === 'number') return (v as { base: number }).base;
  return null;
}

export type ListPriceLookup = (model: string) => PriceOfModel | null;

/**
 * Loads the price data and returns a lookup: each provider the files imply is tried in turn,
 * then the model name alone (genai-prices matches providers by model name).
 */
export async function loadListPrices(providers: readonly string[]): Promise<ListPriceLookup> {
  const { calcPrice } = await import('@pydantic/genai-prices');
  const cache = new Map<string, PriceOfModel | null>();
  return (model) => {
    const hit = cache.get(model);
    if (hit !== undefined) return hit;
    let found: PriceOfModel | null = null;
    for (const provider of [...providers, null]) {
      found = lookup(model, provider);
      if (found !== null) break;
    }
    cache.set(model, found);
    return found;
  };

  function lookup(model: string, provider: string | null): PriceOfModel | null {
    let found: PriceOfModel | null = null;
    try {
      const r = calcPrice({ input_tokens: 1_000_000, output_tokens: 1_000_000 }, model, provider === null ? {} : { providerId: provider });
      if (r !== null) {
        const input = perM(r.model_price.input_mtok);
        const output = perM(r.model_price.output_mtok);
        const cached = perM(r.model_price.cache_read_mtok) ?? input;
        const tiered = [r.model_price.input_mtok, r.model_price.output_mtok].some((v) => typeof v === 'object');
        if (input !== null && output !== null && cached !== null) {
          found = {
            inputPerM: input,
            cachedInputPerM: cached,
            outputPerM: output,
            source: `pydantic/genai-prices ${GENAI_PRICES_VERSION}: ${r.provider.name} ${r.model.name ?? r.model.id}${tiered ? ' (base tier)' : ''}`,
            date: GENAI_PRICES_DATE,
          };
        }
      }
    } catch {
      found = null;
    }
    return found;
  }
}
