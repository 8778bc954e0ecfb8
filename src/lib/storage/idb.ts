/**
 * A minimal promise wrapper over IndexedDB: one database per purpose, each write in one
 * transaction (so a failed write — quota, private mode — leaves nothing half-written).
 */
export function requestToPromise<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

export function openDatabase(name: string, version: number, upgrade: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available in this browser'));
      return;
    }
    const request = indexedDB.open(name, version);
    request.onupgradeneeded = () => upgrade(request.result);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`Could not open ${name}`));
    request.onblocked = () => reject(new Error(`${name} is blocked by another tab with an older version open`));
  });
}

/** Runs `work` in one transaction and resolves when the transaction has committed. */
export function transact<T>(
  db: IDBDatabase,
  stores: string | string[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T> | T,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(stores, mode);
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

/** Human-readable reason for a storage failure, naming quota problems plainly. */
export function storageErrorText(e: unknown): string {
  const name = (e as { name?: string } | null)?.name;
  if (name === 'QuotaExceededError') return 'the browser storage is full (quota exceeded)';
  return e instanceof Error ? e.message : String(e);
}
