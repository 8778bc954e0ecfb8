/**
 * The one IndexedDB wrapper, used by the page (src/lib/storage/runs-db.ts, scenarios-db.ts) and
 * by the worker (src/worker/benchmarks-api.ts, per-request tables; price-data.ts). It needs
 * nothing but the `indexedDB` global and the IndexedDB types, which a window and a worker both
 * have, and it imports nothing: that is why it lives in src/platform, below the worker and lib
 * alike (eslint.config.js). Keep it so: no DOM, no other module.
 *
 * The layout of every database (name, version, stores and their key paths) is declared here
 * and nowhere else, and one upgrade function creates it. Each write runs in one transaction,
 * so a failed write (quota, private mode) leaves nothing half-written.
 */

export interface DatabaseLayout {
  readonly name: string;
  readonly version: number;
  /**
   * Object store → key path. Every version so far only adds stores, so the upgrade creates the
   * stores that are missing and leaves existing ones (and their records) alone. A future
   * version that changes records needs its own step in `upgrade`.
   */
  readonly stores: Readonly<Record<string, string>>;
  /**
   * 'relaxed': a write counts as done once the browser has it, before the disk has flushed it
   * (a power cut can lose the last write). For data that is written large and often.
   */
  readonly durability?: 'relaxed';
}

/** Imported files, their runs, the goodput limits and records set aside (runs-db.ts). */
export const RUNS_DB = {
  name: 'llm-selfhost-runs',
  version: 1,
  stores: { files: 'hash', runs: 'id', prefs: 'key', quarantine: 'key' },
} as const satisfies DatabaseLayout;

/**
 * Per-request columns of each run, written and read by the worker (tens of MB that should not
 * pass through the main thread); the page deletes them with their run. Records (a table's
 * columns, one record each, and the run's record that lists them): src/core/benchmarks/table-store.ts.
 */
export const RUN_TABLES_DB = {
  name: 'llm-selfhost-run-tables',
  version: 1,
  stores: { tables: 'runId' },
  // A table is tens of MB, so waiting for the flush would cost seconds per import; the file it came from can be imported again.
  durability: 'relaxed',
} as const satisfies DatabaseLayout;

/** Saved scenarios and records set aside (scenarios-db.ts). */
export const SCENARIOS_DB = {
  name: 'llm-selfhost-scenarios',
  version: 1,
  stores: { scenarios: 'id', quarantine: 'key' },
} as const satisfies DatabaseLayout;

/**
 * A genai-prices data.json the user dropped to update the API list prices offline, one record
 * (`priceDataEnvelopeSchema` in src/core/usage/price-data.ts), read and written by the worker.
 */
export const PRICE_DATA_DB = {
  name: 'llm-selfhost-price-data',
  version: 1,
  stores: { data: 'kind' },
} as const satisfies DatabaseLayout;

export type StoreName<L extends DatabaseLayout> = keyof L['stores'] & string;

/** Creates what `layout` declares and the database lacks (the upgrade of every version). */
function upgrade(db: IDBDatabase, layout: DatabaseLayout): void {
  for (const [store, keyPath] of Object.entries(layout.stores)) {
    if (!db.objectStoreNames.contains(store)) db.createObjectStore(store, { keyPath });
  }
}

export function indexedDbAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}

function open(layout: DatabaseLayout): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (!indexedDbAvailable()) {
      reject(failure('StorageUnavailableError', 'IndexedDB is not available in this browser'));
      return;
    }
    const request = indexedDB.open(layout.name, layout.version);
    request.onupgradeneeded = () => upgrade(request.result, layout);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`Could not open ${layout.name}`));
    request.onblocked = () =>
      reject(Object.assign(failure('StorageBlockedError', `${layout.name} is blocked by another tab with an older version open`), { database: layout.name }));
  });
}

export function requestToPromise<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Runs `work` in one transaction and resolves when the transaction has committed. */
function runTransaction<T>(
  db: IDBDatabase,
  stores: string | string[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T> | T,
  durability?: 'relaxed',
): Promise<T> {
  return new Promise((resolve, reject) => {
    const tx = durability ? db.transaction(stores, mode, { durability }) : db.transaction(stores, mode);
    let result: T;
    let failed: unknown = null;
    tx.oncomplete = () => (failed ? reject(failed instanceof Error ? failed : new Error(String(failed))) : resolve(result));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? (failed instanceof Error ? failed : new Error('IndexedDB transaction aborted')));
    Promise.resolve()
      .then(() => work(tx))
      .then(
        (r) => {
          result = r;
        },
        (e: unknown) => {
          failed = e;
          try {
            tx.abort();
          } catch {
            // already finished
          }
        },
      );
  });
}

/** One database of the layout above, opened on first use and kept open. */
export interface Database<L extends DatabaseLayout> {
  readonly layout: L;
  /**
   * Runs `work` in one transaction over the named stores and resolves once it has committed.
   * When `work` throws or rejects, the transaction is aborted (nothing is written) and the
   * error comes back. Rejects when IndexedDB is missing or the database cannot be opened; the
   * next call tries to open it again.
   */
  transact<T>(stores: StoreName<L> | StoreName<L>[], mode: IDBTransactionMode, work: (tx: IDBTransaction) => Promise<T> | T): Promise<T>;
  /** Closes the connection; the next call opens it again (tests use it between cases). */
  close(): Promise<void>;
}

export function database<L extends DatabaseLayout>(layout: L): Database<L> {
  let connection: Promise<IDBDatabase> | null = null;
  const connect = (): Promise<IDBDatabase> => {
    if (connection) return connection;
    const opening = open(layout).then((db) => {
      // A newer version opened elsewhere (another tab after an update, or a deletion) is not
      // blocked by this connection: it closes, and the next call opens the database again.
      db.onversionchange = () => {
        db.close();
        if (connection === opening) connection = null;
      };
      return db;
    });
    opening.catch(() => {
      if (connection === opening) connection = null;
    });
    connection = opening;
    return opening;
  };
  return {
    layout,
    async transact(stores, mode, work) {
      return runTransaction(await connect(), stores, mode, work, layout.durability);
    },
    async close() {
      const current = connection;
      connection = null;
      if (current) (await current.catch(() => null))?.close();
    },
  };
}

/**
 * Why a storage operation failed, as a code and facts (never a sentence): the page words it in
 * the reader's language (`storageFailureText` in src/lib/i18n/storage.ts).
 * - `quota`: the browser storage is full;
 * - `unavailable`: this browser offers no IndexedDB (or no local storage);
 * - `blocked`: another tab keeps an older version of the database open;
 * - `not-found`: the record to change no longer exists;
 * - `not-storable`: an import without runs, which is never stored;
 * - `other`: anything else, with the browser's own (untranslated) text as `detail`.
 */
export type StorageFailure =
  | { readonly kind: 'quota' }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'blocked'; readonly database: string }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'not-storable' }
  | { readonly kind: 'other'; readonly detail: string };

/** Marks an error this module raises so `storageFailure` can name it by code. */
function failure(name: 'StorageUnavailableError' | 'StorageBlockedError', message: string): Error {
  const e = new Error(message);
  e.name = name;
  return e;
}

/** The code of a storage failure, naming quota problems plainly. */
export function storageFailure(e: unknown): StorageFailure {
  const name = (e as { name?: string } | null)?.name;
  if (name === 'QuotaExceededError') return { kind: 'quota' };
  if (name === 'StorageUnavailableError') return { kind: 'unavailable' };
  if (name === 'StorageBlockedError') return { kind: 'blocked', database: (e as { database?: string }).database ?? '' };
  return { kind: 'other', detail: failureDetail(e) };
}

/** The browser's own words for an error: its name and message (a DOMException may have an empty message). */
function failureDetail(e: unknown): string {
  if (typeof e !== 'object' || e === null) return String(e);
  const { name, message } = e as { name?: unknown; message?: unknown };
  const n = typeof name === 'string' && name !== 'Error' ? name : '';
  const m = typeof message === 'string' ? message.trim() : '';
  return [n, m].filter((x) => x !== '').join(': ') || 'unknown error';
}
