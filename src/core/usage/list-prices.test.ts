import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../scenario/defaults';
import { deriveWorkload } from './aggregate';
import { GENAI_OFFER_PROVIDERS, GENAI_PRICES_VERSION, loadListPriceOffers, loadListPrices, providerOfFormats } from './list-prices';
import { readUsageText } from './reader';

describe('list prices from genai-prices', () => {
  it('the date shown belongs to the installed version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
    // Update GENAI_PRICES_DATE (the npm release date) together with the version.
    expect(pkg.dependencies['@pydantic/genai-prices']).toBe(GENAI_PRICES_VERSION);
  });

  it('prices the OpenAI usage CSV per model next to nothing billed', async () => {
    const r = readUsageText('usage.csv', readFileSync(new URL('../../../fixtures/usage/SCHEMA_openai_usage_export.csv', import.meta.url), 'utf8'));
    // A CSV implies no provider: the model name alone finds OpenAI's entry.
    expect(providerOfFormats(r.formats)).toEqual([]);
    const priceOf = await loadListPrices(providerOfFormats(r.formats));
    const d = deriveWorkload(r.records, r.costs, { timeZone: 'UTC', current: DEFAULT_SCENARIO.workload, priceOf });
    const mini = d.models.find((m) => m.model === 'gpt-4o-mini-2024-07-18');
    // genai-prices 0.1.8 lists gpt-4o-mini at 0.15 / 0.075 cached / 0.60 USD per 1M (OpenAI's
    // published price). Tokens: input 400,000 of which 160,000 cached, output 60,000:
    // 240,000 × 0.15 + 160,000 × 0.075 + 60,000 × 0.60 = 36,000 + 12,000 + 36,000 = 84,000 µ$ = $0.084.
    expect(mini?.listPrice?.price).toMatchObject({ inputPerM: 0.15, cachedInputPerM: 0.075, outputPerM: 0.6, date: '2026-09-23' });
    expect(mini?.listPrice?.usd).toBeCloseTo(0.084, 12);
    expect(mini?.billUsd).toBeNull();
  });

  it('offers the current models of the picker providers as API offers, at their published prices', async () => {
    const offers = await loadListPriceOffers();
    const byId = new Map(offers.map((o) => [o.id, o]));
    // OpenAI's pricing page: GPT-4.1 $2.00 input, $0.50 cached input, $8.00 output per 1M.
    expect(byId.get('gp:openai/gpt-4.1')).toMatchObject({
      provider: 'OpenAI',
      inputPerM: 2,
      cachedInputPerM: 0.5,
      outputPerM: 8,
      tiered: false,
      version: '0.1.8',
      date: '2026-09-23',
    });
    // Anthropic's pricing page: Claude Sonnet 4.5 $3 input, $0.30 cache read, $15 output per 1M
    // up to 200k prompt tokens (above: $6 / $22.50) → tiered, taken at its base tier.
    expect(byId.get('gp:anthropic/claude-sonnet-4-5')).toMatchObject({ inputPerM: 3, cachedInputPerM: 0.3, outputPerM: 15, tiered: true });
    // Every id fits the scenario's 80 characters; only the picker's providers; no duplicates.
    expect(offers.every((o) => o.id.length <= 80 && (GENAI_OFFER_PROVIDERS as readonly string[]).includes(o.providerId))).toBe(true);
    expect(byId.size).toBe(offers.length);
    // Deprecated models are not offered: the data marks Mistral's mistral-tiny deprecated (it
    // still has a price), mistral-small is current.
    expect(byId.has('gp:mistral/mistral-tiny')).toBe(false);
    expect(offers.some((o) => o.providerId === 'mistral')).toBe(true);
  });
});
