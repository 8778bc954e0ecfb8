import { parseGenaiPriceData, priceDataEnvelopeSchema, type PriceDataEnvelope } from '../core/usage/price-data';
import { database, indexedDbAvailable, PRICE_DATA_DB, requestToPromise } from '../lib/storage/idb';

/**
 * The genai-prices data in use: the package's bundled data, or a data.json the user dropped
 * (stored in IndexedDB, validated again when read). Lives where the prices are computed (the
 * worker, or the main thread in its fallback); read on first use.
 */
export interface PriceDataStatus {
  /** The dropped file in use; null = the bundled data. */
  file: { fileName: string; fileDate: string; providers: number; models: number } | null;
  /** A stored record that no longer validates (it is not used; dropping a file replaces it). */
  storedProblem: string | null;
}

export type PriceDataAnswer = { ok: true; status: PriceDataStatus } | { ok: false; message: string };

const db = database(PRICE_DATA_DB);
const KEY = 'genai-prices-data';
let active: Promise<{ data: PriceDataEnvelope | null; problem: string | null }> | null = null;

async function readStored(): Promise<{ data: PriceDataEnvelope | null; problem: string | null }> {
  if (!indexedDbAvailable()) return { data: null, problem: null };
  try {
    const raw = await db.transact('data', 'readonly', (tx) => requestToPromise(tx.objectStore('data').get(KEY) as IDBRequest<unknown>));
    if (raw === undefined) return { data: null, problem: null };
    const parsed = priceDataEnvelopeSchema.safeParse(raw);
    if (parsed.success) return { data: parsed.data, problem: null };
    const issue = parsed.error.issues[0];
    return { data: null, problem: `stored price data: ${issue ? `${issue.path.join('.') || 'record'}: ${issue.message}` : 'not valid'}` };
  } catch (e) {
    return { data: null, problem: `stored price data could not be read: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** The dropped data in use, or null for the bundled data. */
export async function activePriceData(): Promise<PriceDataEnvelope | null> {
  active ??= readStored();
  return (await active).data;
}

function statusOf(data: PriceDataEnvelope | null, problem: string | null): PriceDataStatus {
  return {
    file: data === null ? null : { fileName: data.fileName, fileDate: data.fileDate, providers: data.providers.length, models: data.providers.reduce((a, p) => a + p.models.length, 0) },
    storedProblem: problem,
  };
}

export const priceDataApi = {
  async priceDataStatus(): Promise<PriceDataStatus> {
    active ??= readStored();
    const { data, problem } = await active;
    return statusOf(data, problem);
  },

  /** Reads a dropped data.json; when valid, stores it and uses it from now on. */
  async setPriceData(fileName: string, text: string, fileDate: string): Promise<PriceDataAnswer> {
    const r = parseGenaiPriceData(fileName, text, fileDate);
    if (!r.ok) return r;
    if (indexedDbAvailable()) {
      try {
        await db.transact('data', 'readwrite', (tx) => {
          tx.objectStore('data').put(r.data);
        });
      } catch (e) {
        return { ok: false, message: `${fileName}: could not be stored (${e instanceof Error ? e.message : String(e)})` };
      }
    }
    active = Promise.resolve({ data: r.data, problem: null });
    return { ok: true, status: statusOf(r.data, null) };
  },

  /** Back to the bundled data (the stored file is deleted). */
  async clearPriceData(): Promise<PriceDataStatus> {
    if (indexedDbAvailable()) {
      await db.transact('data', 'readwrite', (tx) => {
        tx.objectStore('data').delete(KEY);
      });
    }
    active = Promise.resolve({ data: null, problem: null });
    return statusOf(null, null);
  },
};
