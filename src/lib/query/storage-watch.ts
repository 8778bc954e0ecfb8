import type { QueryClient, QueryKey } from '@tanstack/react-query';

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
