import { describe, expect, it } from 'vitest';
import { loadListPriceOffers, loadListPrices } from './list-prices';
import { fileDateOf, parseGenaiPriceData, priceDataEnvelopeSchema } from './price-data';

// A data.json in the data set's form with one provider and two models (the prices of OpenAI's
// pricing page for gpt-4.1: 2 / 0.5 cached / 8 USD per 1M; a start-date condition for o3).
const DATA = [
  {
    id: 'openai',
    name: 'OpenAI',
    api_pattern: 'https://api\\.openai\\.com',
    models: [
      { id: 'gpt-4.1', name: 'gpt 4.1', match: { starts_with: 'gpt-4.1' }, prices: { input_mtok: 2, cache_read_mtok: 0.5, output_mtok: 8 } },
      {
        id: 'o3',
        match: { equals: 'o3' },
        prices: [{ prices: { input_mtok: 10, output_mtok: 40 } }, { constraint: { start_date: '2025-06-10' }, prices: { input_mtok: 2, output_mtok: 8 } }],
      },
    ],
  },
];

describe('a dropped genai-prices data.json', () => {
  it("takes the file's own date, or today's when the browser reports an impossible time", () => {
    // 1,764,547,200,000 ms = 2025-12-01T00:00:00Z.
    expect(fileDateOf(1_764_547_200_000, '2026-12-03')).toEqual({ date: '2025-12-01', known: true });
    // 9e15 ms is past the last date a JavaScript date holds (8.64e15 ms): new Date(9e15).toISOString() throws.
    expect(fileDateOf(9e15, '2026-12-03')).toEqual({ date: '2026-12-03', known: false });
    expect(fileDateOf(Number.NaN, '2026-12-03')).toEqual({ date: '2026-12-03', known: false });
    // Year 275,760 (8.64e15 ms) is a date, but not one of four digits.
    expect(fileDateOf(8.64e15, '2026-12-03')).toEqual({ date: '2026-12-03', known: false });
  });

  it('is read into a versioned envelope that validates again when stored', () => {
    const r = parseGenaiPriceData('data.json', JSON.stringify(DATA), '2026-11-30');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.models).toBe(2);
    expect(r.data).toMatchObject({ kind: 'genai-prices-data', version: 1, fileName: 'data.json', fileDate: '2026-11-30' });
    expect(priceDataEnvelopeSchema.safeParse(JSON.parse(JSON.stringify(r.data))).success).toBe(true);
    // An envelope of another version is refused.
    expect(priceDataEnvelopeSchema.safeParse({ ...r.data, version: 2 }).success).toBe(false);
  });

  it('names the line and column of a JSON syntax error', () => {
    // Line 3 is `  "id": oops`: the parser stops at the "o" of oops, column 9.
    const r = parseGenaiPriceData('data.json', '[\n {\n  "id": oops\n }\n]', '2026-11-30');
    expect(r).toMatchObject({ ok: false });
    if (r.ok) return;
    expect(r.message).toMatch(/^data\.json, line 3, column 9: not valid JSON/);
  });

  it('names the provider, model and field that do not fit the data set', () => {
    const bad = structuredClone(DATA);
    (bad[0]!.models[1] as { prices: unknown }).prices = 'ten dollars';
    const r = parseGenaiPriceData('newer.json', JSON.stringify(bad), '2026-11-30');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toMatch(/^newer\.json, provider 1 \("openai"\), model 2 \("o3"\), field prices: /);
    expect(parseGenaiPriceData('x.json', '{"prices": 1}', '2026-11-30')).toEqual({
      ok: false,
      message: 'x.json: not a genai-prices data.json (expected an array of providers, found object)',
    });
  });

  it('replaces the bundled data for the API offers and the usage page prices', async () => {
    const r = parseGenaiPriceData('data.json', JSON.stringify(DATA), '2026-11-30');
    if (!r.ok) throw new Error(r.message);
    const offers = await loadListPriceOffers(r.data);
    // Only the file's two models; o3's price from 2025-06-10 on holds today (2 / 8, no cached
    // price → cached input at the input price).
    expect(offers.map((o) => [o.id, o.inputPerM, o.cachedInputPerM, o.outputPerM, o.version, o.date])).toEqual([
      ['gp:openai/gpt-4.1', 2, 0.5, 8, 'data.json', '2026-11-30'],
      ['gp:openai/o3', 2, 2, 8, 'data.json', '2026-11-30'],
    ]);
    // The usage lookup matches by the file's own rules: "gpt-4.1-mini" starts with "gpt-4.1".
    const priceOf = await loadListPrices([], r.data);
    expect(priceOf('gpt-4.1-mini')).toMatchObject({ inputPerM: 2, cachedInputPerM: 0.5, outputPerM: 8, date: '2026-11-30' });
    expect(priceOf('claude-sonnet-4-5')).toBeNull();
  });
});
