import { afterEach, describe, expect, it, vi } from 'vitest';
import { priceDataApi, withActivePriceData } from './price-data';
import { usageApi } from './usage-api';
import { fullIndexedDb } from '../testing/failing-indexeddb';

// One provider, one model: gpt-4.1 at 3 / 1 / 12 USD per 1M (a made-up newer price, so that the
// offer visibly comes from the file and not from the bundled 2 / 0.5 / 8).
const DATA = JSON.stringify([
  {
    id: 'openai',
    name: 'OpenAI',
    api_pattern: 'x',
    models: [{ id: 'gpt-4.1', match: { equals: 'gpt-4.1' }, prices: { input_mtok: 3, cache_read_mtok: 1, output_mtok: 12 } }],
  },
]);

describe('a dropped data.json in the worker', () => {
  it('a bad file changes nothing and says what is wrong; a good one replaces the offers until cleared', async () => {
    const bad = await priceDataApi.setPriceData('data.json', '[{"id": "openai"}]', '2026-11-30');
    expect(bad).toEqual({ ok: false, message: expect.stringMatching(/^data\.json, provider 1 \("openai"\), field name: /) as unknown as string });
    expect((await priceDataApi.priceDataStatus()).file).toBeNull();

    const good = await priceDataApi.setPriceData('data.json', DATA, '2026-11-30');
    expect(good).toEqual({
      ok: true,
      status: { file: { fileName: 'data.json', fileDate: '2026-11-30', providers: 1, models: 1 }, storedProblem: null, notStored: { kind: 'unavailable' } },
    });
    const offers = await usageApi.listPriceOffers();
    expect(offers.map((o) => [o.id, o.inputPerM, o.cachedInputPerM, o.outputPerM, o.date])).toEqual([['gp:openai/gpt-4.1', 3, 1, 12, '2026-11-30']]);

    await priceDataApi.clearPriceData();
    // The bundled 0.1.8 data again: OpenAI's published 2 / 0.5 / 8 for gpt-4.1.
    const bundled = (await usageApi.listPriceOffers()).find((o) => o.id === 'gp:openai/gpt-4.1');
    expect(bundled).toMatchObject({ inputPerM: 2, cachedInputPerM: 0.5, outputPerM: 8, date: '2026-09-23' });
  });
});

describe('a dropped data.json the browser will not store', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await priceDataApi.clearPriceData().catch(() => undefined);
  });

  it('is used from memory, with the reason it was not stored', async () => {
    vi.stubGlobal('indexedDB', fullIndexedDb());
    const answer = await priceDataApi.setPriceData('data.json', DATA, '2026-11-30');
    expect(answer).toEqual({
      ok: true,
      status: { file: { fileName: 'data.json', fileDate: '2026-11-30', providers: 1, models: 1 }, storedProblem: null, notStored: { kind: 'quota' } },
    });
    const offers = await usageApi.listPriceOffers();
    expect(offers.map((o) => [o.id, o.inputPerM, o.outputPerM])).toEqual([['gp:openai/gpt-4.1', 3, 12]]);
    expect((await priceDataApi.priceDataStatus()).notStored).toEqual({ kind: 'quota' });
  });
});

describe('a file dropped while prices are being computed', () => {
  afterEach(async () => {
    await priceDataApi.clearPriceData();
  });

  it('is what the answer rests on: the computation runs again on the new data', async () => {
    const seen: string[] = [];
    // The bundled data loads lazily; a drop can land while a picker's first request waits for it.
    const answer = await withActivePriceData(async (data) => {
      seen.push(data?.fileName ?? 'bundled');
      if (seen.length === 1) await priceDataApi.setPriceData('data.json', DATA, '2026-11-30');
      return data?.fileName ?? 'bundled';
    });
    expect(seen).toEqual(['bundled', 'data.json']);
    expect(answer).toBe('data.json');
  });
});

/**
 * An IndexedDB that opens, reads the stored record only when `release` settles, and refuses every
 * write as a full disk (Chromium: QuotaExceededError with an empty message).
 */
function slowReadFullDb(release: Promise<void>): Pick<IDBFactory, 'open'> {
  const transaction = () => {
    const tx = {
      oncomplete: null as (() => void) | null,
      onerror: null as (() => void) | null,
      onabort: null as (() => void) | null,
      error: null,
      abort: () => setTimeout(() => tx.onabort?.(), 0),
      objectStore: () => ({
        get: () => {
          const request = { result: undefined, onsuccess: null as (() => void) | null, onerror: null };
          void release.then(() => {
            request.onsuccess?.();
            setTimeout(() => tx.oncomplete?.(), 0);
          });
          return request;
        },
        put: () => {
          throw new DOMException('', 'QuotaExceededError');
        },
      }),
    };
    return tx;
  };
  const db = { transaction, close: () => undefined, onversionchange: null };
  return {
    open() {
      const request = { result: db, onsuccess: null as (() => void) | null, onupgradeneeded: null, onerror: null, onblocked: null };
      setTimeout(() => request.onsuccess?.(), 0);
      return request as unknown as IDBOpenDBRequest;
    },
  };
}

describe('a file dropped while the picker asks which data is in use', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await priceDataApi.clearPriceData().catch(() => undefined);
  });

  it('is what the status says, though the stored record was read before it was set', async () => {
    let release!: () => void;
    vi.stubGlobal('indexedDB', slowReadFullDb(new Promise<void>((r) => (release = r))));
    // A fresh worker: nothing read yet.
    vi.resetModules();
    const fresh = (await import('./price-data')).priceDataApi;
    // The picker opens: the status reads the stored record, which takes a while.
    const status = fresh.priceDataStatus();
    // The drop comes at once; the browser will not store the file, so it is used from memory.
    const set = await fresh.setPriceData('data.json', DATA, '2026-11-30');
    expect(set.ok && set.status.notStored).toEqual({ kind: 'quota' });
    release();
    // Read before the drop, the record said "none"; the answer is the file in use now.
    expect((await status).file).toEqual({ fileName: 'data.json', fileDate: '2026-11-30', providers: 1, models: 1 });
  });
});
