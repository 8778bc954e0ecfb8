import { parseGenaiPriceData, priceDataEnvelopeSchema, type PriceDataEnvelope } from '../core/usage/price-data';
import { database, indexedDbAvailable, PRICE_DATA_DB, requestToPromise, storageFailure, type StorageFailure } from '../platform/idb';
import type { PriceDataAnswer, PriceDataStatus } from './contract';

/**
 * The genai-prices data in use: the package's bundled data, or a data.json the user dropped
 * (stored in IndexedDB, validated again when read). Lives where the prices are computed (the
 * worker, or the main thread in its fallback); read on first use. A dropped file the browser
 * will not store (no IndexedDB, storage full or failing) is used all the same, from memory
 * until the page reloads, and the status says why it was not stored.
 */
const db = database(PRICE_DATA_DB);
const KEY = 'genai-prices-data';
interface Active {
  data: PriceDataEnvelope | null;
  problem: string | null;
  notStored: StorageFailure | null;
}
let active: Promise<Active> | null = null;

async function readStored(): Promise<Active> {
  const none = { data: null, problem: null, notStored: null };
  if (!indexedDbAvailable()) return none;
  try {
    const raw = await db.transact('data', 'readonly', (tx) => requestToPromise(tx.objectStore('data').get(KEY) as IDBRequest<unknown>));
    if (raw === undefined) return none;
    const parsed = priceDataEnvelopeSchema.safeParse(raw);
    if (parsed.success) return { ...none, data: parsed.data };
    const issue = parsed.error.issues[0];
    return { ...none, problem: `stored price data: ${issue ? `${issue.path.join('.') || 'record'}: ${issue.message}` : 'not valid'}` };
  } catch (e) {
    return { ...none, problem: `stored price data could not be read: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * The data in use. A file set or cleared while the stored record was still being read (the picker
 * asks as it opens, and a drop can come at once) is what this gives, not the record read before it.
 */
async function settled(): Promise<Active> {
  for (;;) {
    const current = (active ??= readStored());
    const state = await current;
    if (active === current) return state;
  }
}

/** The dropped data in use, or null for the bundled data. */
export async function activePriceData(): Promise<PriceDataEnvelope | null> {
  return (await settled()).data;
}

/**
 * `price` applied to the data in use, run again when a file is set or cleared while it ran (the
 * bundled data loads lazily and takes a while), so no answer rests on data already replaced.
 */
export async function withActivePriceData<T>(price: (data: PriceDataEnvelope | null) => Promise<T>): Promise<T> {
  for (;;) {
    const data = await activePriceData();
    const result = await price(data);
    if ((await activePriceData()) === data) return result;
  }
}

function statusOf({ data, problem, notStored }: Active): PriceDataStatus {
  return {
    file:
      data === null
        ? null
        : {
            fileName: data.fileName,
            fileDate: data.fileDate,
            providers: data.providers.length,
            models: data.providers.reduce((a, p) => a + p.models.length, 0),
          },
    storedProblem: problem,
    notStored,
  };
}

/** Stores the file; the failure when the browser will not (the file is used from memory then). */
async function store(data: PriceDataEnvelope): Promise<StorageFailure | null> {
  if (!indexedDbAvailable()) return { kind: 'unavailable' };
  try {
    await db.transact('data', 'readwrite', (tx) => {
      tx.objectStore('data').put(data);
    });
    return null;
  } catch (e) {
    return storageFailure(e);
  }
}

export const priceDataApi = {
  async priceDataStatus(): Promise<PriceDataStatus> {
    return statusOf(await settled());
  },

  /** Reads a dropped data.json; when valid, uses it from now on and stores it (or says why not). */
  async setPriceData(fileName: string, text: string, fileDate: string): Promise<PriceDataAnswer> {
    const r = parseGenaiPriceData(fileName, text, fileDate);
    if (!r.ok) return r;
    const next: Active = { data: r.data, problem: null, notStored: await store(r.data) };
    active = Promise.resolve(next);
    return { ok: true, status: statusOf(next) };
  },

  /** Back to the bundled data (the stored file is deleted). */
  async clearPriceData(): Promise<PriceDataStatus> {
    if (indexedDbAvailable()) {
      await db.transact('data', 'readwrite', (tx) => {
        tx.objectStore('data').delete(KEY);
      });
    }
    const none: Active = { data: null, problem: null, notStored: null };
    active = Promise.resolve(none);
    return statusOf(none);
  },
};
