import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../scenario/defaults';
import { deriveWorkload } from './aggregate';
import { GENAI_PRICES_VERSION, loadListPrices, providerOfFormats } from './list-prices';
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
});
