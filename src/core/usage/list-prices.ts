import type { PriceOfModel } from './aggregate';
import type { PriceOptions, Provider } from '@pydantic/genai-prices';
import type { PriceDataEnvelope } from './price-data';
import type { UsageFormat } from './types';
import type { Scenario } from '../scenario/schema';

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
export async function loadListPrices(providers: readonly string[], data: PriceDataEnvelope | null = null): Promise<ListPriceLookup> {
  const { calcPrice } = await import('@pydantic/genai-prices');
  const version = data === null ? GENAI_PRICES_VERSION : data.fileName;
  const date = data === null ? GENAI_PRICES_DATE : data.fileDate;
  // With a dropped data.json its providers are tried in turn (the implied ones first).
  const dropped = data === null ? null : (data.providers as unknown as Provider[]);
  const ordered = dropped === null ? null : [...dropped.filter((p) => providers.includes(p.id)), ...dropped.filter((p) => !providers.includes(p.id))];
  const cache = new Map<string, PriceOfModel | null>();
  return (model) => {
    const hit = cache.get(model);
    if (hit !== undefined) return hit;
    let found: PriceOfModel | null = null;
    if (ordered !== null) {
      for (const provider of ordered) {
        found = lookup(model, { provider });
        if (found !== null) break;
      }
    } else {
      for (const provider of [...providers, null]) {
        found = lookup(model, provider === null ? {} : { providerId: provider });
        if (found !== null) break;
      }
    }
    cache.set(model, found);
    return found;
  };

  function lookup(model: string, options: PriceOptions): PriceOfModel | null {
    let found: PriceOfModel | null = null;
    try {
      const r = calcPrice({ input_tokens: 1_000_000, output_tokens: 1_000_000 }, model, options);
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
            source: `pydantic/genai-prices ${version}: ${r.provider.name} ${r.model.name ?? r.model.id}${tiered ? ' (base tier)' : ''}`,
            date,
          };
        }
      }
    } catch {
      found = null;
    }
    return found;
  }
}

/** The prefix of a scenario `api.offerId` picked from genai-prices: `gp:<provider>/<model>`. */
export const GENAI_OFFER_PREFIX = 'gp:';

/**
 * Providers whose models the TCO page offers from genai-prices: the first-party APIs and the
 * large hosts of open-weight models. Resellers that re-list every provider (OpenRouter, the
 * Hugging Face routes, the clouds' model gardens) are left out of the picker, not out of the
 * usage page's prices.
 */
export const GENAI_OFFER_PROVIDERS = [
  'openai',
  'anthropic',
  'google',
  'mistral',
  'deepseek',
  'x-ai',
  'moonshotai',
  'zai',
  'minimax',
  'cohere',
  'groq',
  'together',
  'fireworks',
  'cerebras',
  'novita',
] as const;

/** One model's list price from genai-prices, as an API offer the TCO page can take. */
export interface ListPriceOffer {
  /** `gp:<provider>/<model>` (at most 80 characters, the scenario's limit). */
  id: string;
  providerId: string;
  provider: string;
  modelId: string;
  model: string;
  /** USD per 1M tokens; cached = the cache-read price, or the input price without one. */
  inputPerM: number;
  cachedInputPerM: number;
  outputPerM: number;
  /** A tiered price (by prompt size), taken at its base tier. */
  tiered: boolean;
  /** genai-prices version and its release date (the date of the price), or a dropped data.json's name and file date. */
  version: string;
  date: string;
}

export type ApiFields = Pick<
  Scenario['api'],
  | 'offerId'
  | 'provider'
  | 'model'
  | 'channel'
  | 'listCurrency'
  | 'priceInputPerM'
  | 'priceCachedInputPerM'
  | 'priceOutputPerM'
  | 'invoiceCurrency'
  | 'invoiceFx'
  | 'pegInvoicePerListUnit'
>;

/** The scenario's API offer from a genai-prices list price: first-party, USD, invoiced in USD. */
export function apiFieldsFromListPrice(o: ListPriceOffer): ApiFields {
  return {
    offerId: o.id,
    provider: o.provider.slice(0, 80),
    model: o.model.slice(0, 120),
    channel: 'first-party',
    listCurrency: 'USD',
    priceInputPerM: o.inputPerM,
    priceCachedInputPerM: o.cachedInputPerM,
    priceOutputPerM: o.outputPerM,
    invoiceCurrency: 'USD',
    invoiceFx: 'market',
    pegInvoicePerListUnit: 1,
  };
}

/**
 * Every current (not deprecated) text model of GENAI_OFFER_PROVIDERS with an input and an
 * output price, at the price that holds today (the data set's start-date conditions are
 * resolved by the package), sorted by provider and model name; from a dropped data.json when
 * one is given.
 */
export async function loadListPriceOffers(data: PriceDataEnvelope | null = null): Promise<ListPriceOffer[]> {
  const { calcPrice, findProvider } = await import('@pydantic/genai-prices');
  const dropped = data === null ? null : (data.providers as unknown as Provider[]);
  const out: ListPriceOffer[] = [];
  for (const providerId of GENAI_OFFER_PROVIDERS) {
    const provider = dropped === null ? findProvider({ providerId }) : dropped.find((p) => p.id === providerId);
    if (provider === undefined) continue;
    for (const m of provider.models) {
      const id = `${GENAI_OFFER_PREFIX}${provider.id}/${m.id}`;
      if (m.deprecated === true || id.length > 80) continue;
      let r: ReturnType<typeof calcPrice>;
      try {
        r = calcPrice({ input_tokens: 1_000_000, output_tokens: 1_000_000 }, m.id, { provider });
      } catch {
        r = null;
      }
      if (r === null || r.model.id !== m.id) continue;
      const input = perM(r.model_price.input_mtok);
      const output = perM(r.model_price.output_mtok);
      if (input === null || output === null || input + output <= 0) continue;
      out.push({
        id,
        providerId: provider.id,
        provider: provider.name,
        modelId: m.id,
        model: m.name ?? m.id,
        inputPerM: input,
        cachedInputPerM: perM(r.model_price.cache_read_mtok) ?? input,
        outputPerM: output,
        tiered: [r.model_price.input_mtok, r.model_price.output_mtok].some((v) => typeof v === 'object'),
        version: data === null ? GENAI_PRICES_VERSION : data.fileName,
        date: data === null ? GENAI_PRICES_DATE : data.fileDate,
      });
    }
  }
  return out.sort((a, b) => a.provider.localeCompare(b.provider, 'en') || a.model.localeCompare(b.model, 'en'));
}
