/**
 * An IndexedDB whose every open fails as a full disk would: QuotaExceededError with an empty
 * message, as Chromium reports it. For tests of what the app does when storage fails.
 */
export function fullIndexedDb(): Pick<IDBFactory, 'open'> {
  return {
    open() {
      const request = {} as { error: DOMException; onerror: (() => void) | null };
      setTimeout(() => {
        request.error = new DOMException('', 'QuotaExceededError');
        request.onerror?.();
      }, 0);
      return request as unknown as IDBOpenDBRequest;
    },
  };
}
