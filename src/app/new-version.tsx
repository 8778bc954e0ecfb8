import { useSyncExternalStore } from 'react';
import { Banner } from '../components/card';
import { Button } from '../components/button';
import { useT } from '../components/use-t';
import { shellMessages } from './messages';
import { reloadKeepingWork } from './reload';

/**
 * The offline service worker (sw.js, written by scripts/vite-plugins.ts) and what a tab learns
 * from it. A deployed version installs beside the one this tab runs and waits: the tab keeps
 * loading its own code from its version's cache, and offers a reload onto the new one.
 */

/** A long-lived tab looks for a new version this often (a navigation looks by itself). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** "Reload" waits this long for the new version to take over, then reloads anyway. */
const TAKE_OVER_TIMEOUT_MS = 3000;

let registration: ServiceWorkerRegistration | null = null;
let newVersionReady = false;
const listeners = new Set<() => void>();

function announce(): void {
  if (newVersionReady) return;
  newVersionReady = true;
  for (const l of listeners) l();
}

/** A worker that finishes installing while this tab is controlled is a newer version waiting. */
function watch(worker: ServiceWorker | null): void {
  if (!worker) return;
  const check = () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller) announce();
  };
  check();
  worker.addEventListener('statechange', check);
}

export function registerOfflineWorker(): void {
  const container = navigator.serviceWorker;
  let controlled = container.controller !== null;
  // Another tab moved to the new version: this one still runs the old code (served from the old cache).
  container.addEventListener('controllerchange', () => {
    if (controlled) announce();
    controlled = true;
  });
  container
    .register('./sw.js')
    .then((reg) => {
      registration = reg;
      // The tab this page replaced may have been the last one running an older version.
      container.controller?.postMessage({ type: 'loaded' });
      watch(reg.waiting);
      watch(reg.installing);
      reg.addEventListener('updatefound', () => watch(reg.installing));
      setInterval(() => reg.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    .catch(() => {
      // Offline support is a convenience; the app works without it.
    });
}

/** Lets the waiting version take over, then reloads onto it (keeping the working copy). */
function reloadToNewVersion(): void {
  const waiting = registration?.waiting;
  if (!waiting) {
    reloadKeepingWork();
    return;
  }
  let done = false;
  const reload = () => {
    if (done) return;
    done = true;
    reloadKeepingWork();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  setTimeout(reload, TAKE_OVER_TIMEOUT_MS);
  waiting.postMessage({ type: 'activate' });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function NewVersionBanner() {
  const t = useT(shellMessages);
  const ready = useSyncExternalStore(
    subscribe,
    () => newVersionReady,
    () => false,
  );
  if (!ready) return null;
  return (
    <Banner tone="info" testId="new-version">
      <p>
        {t('newVersion.body')}{' '}
        <Button variant="link" size="xs" className="font-medium" onClick={reloadToNewVersion}>
          {t('newVersion.reload')}
        </Button>
      </p>
    </Banner>
  );
}
