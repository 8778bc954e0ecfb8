import type { MutationFunctionContext, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Stored data (saved scenarios, imported runs) is cached without expiry and invalidated on every
 * change: this tab's own writes invalidate it explicitly; another tab's arrive on the store's
 * BroadcastChannel. The listener is started the first time a page shows the data and then kept
 * for the page's life, so a change made elsewhere while no view of it is open is not missed.
 */
const watching = new WeakMap<QueryClient, Set<string>>();

export function watchStore(client: QueryClient, key: QueryKey, subscribe: (listener: () => void) => () => void): void {
  const name = JSON.stringify(key);
  let keys = watching.get(client);
  if (!keys) {
    keys = new Set();
    watching.set(client, keys);
  }
  if (keys.has(name)) return;
  keys.add(name);
  subscribe(() => void client.invalidateQueries({ queryKey: key }));
}

/**
 * The `onSettled` of a write to stored data: re-reads the queries under `key` once the write has
 * settled, whatever came of it (a failed write may have changed part of the store, and a
 * conflict means another tab wrote).
 */
export function rereadOnSettled(key: QueryKey) {
  return {
    onSettled: (_data: unknown, _error: unknown, _variables: unknown, _onMutateResult: unknown, context: MutationFunctionContext) =>
      context.client.invalidateQueries({ queryKey: key }),
  };
}
