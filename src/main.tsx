// First: starts loading the code of the area the link opens (src/app/area-code.ts).
import './app/area-code';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/app';
import { framedByOtherOrigin, showFramedNotice } from './app/framed';
import { registerOfflineWorker } from './app/new-version';
import { startLoadingArea } from './app/shell';
import { warmFormats } from './lib/format/format';
import { compute } from './lib/query/compute';
import { startLinkSync } from './state/link-sync';
import { useSessionStore } from './state/session';
import { useAppStore } from './state/store';

/** The app's start-up: link and working copy, worker, first area, offline cache, first render. */
function start(root: HTMLElement): void {
  // Read the link and the working copy before the first render, so the first paint already
  // shows the right scenario.
  startLinkSync();

  // The first area's code loads now (before the first render, which takes a while on a slow
  // machine); the page renders from the same load, and a failure surfaces there. The compute
  // worker starts once that code is in: compiling its script (about 190 KB gzip) took the
  // second core from the page's code and first verdict on a 2-core machine, and until the worker
  // answers, the first view's figures come from the main thread (worker/first-view.ts). A page
  // that calls the worker sooner starts it with its first call.
  void startLoadingArea(useSessionStore.getState().area)
    .catch(() => undefined)
    .finally(() => compute.warmUp());

  // Fault-injection hook for the browser tests (stops the worker as if it had crashed). Only the
  // test build (`npm run build:e2e`, VITE_E2E_HOOKS=1) has it: Vite replaces the flag at build
  // time, so a plain `npm run build` drops this block (checked by scripts/check-dist.mjs).
  if (import.meta.env.VITE_E2E_HOOKS === '1') {
    (window as unknown as { __compute?: typeof compute }).__compute = compute;
  }

  // Offline use after the first visit (production builds only; the dev server stays uncached).
  // Registered a few seconds after the page has loaded, once idle: installing it fetches and
  // caches every file of the build, and a worker that has just claimed the page sits in front of
  // every request, so registered at once it slowed the first view's own chunks (bench `app`).
  const OFFLINE_AFTER_MS = 3000;
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    window.addEventListener('load', () => {
      setTimeout(
        () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(registerOfflineWorker, { timeout: 2000 }) : registerOfflineWorker()),
        OFFLINE_AFTER_MS,
      );
    });
  }

  createRoot(root).render(<App />);

  // The number formatters the first verdict needs are made while the page waits for its code
  // (lib/format/format.ts), not in the task that shows the verdict. In a task of their own at
  // once: an idle callback often ran only after the code had arrived (then in the verdict's
  // task or just before it, once for 135 ms); this way the verdict came 25–50 ms sooner
  // (median of 10 cold loads, alternating builds, twice).
  const { language, currency } = useAppStore.getState();
  setTimeout(() => warmFormats(language, currency), 0);
}

const root = document.getElementById('root');
// Framed by another site on a host that sends no frame-ancestors header: refuse to run.
if (root && framedByOtherOrigin()) showFramedNotice(root);
else if (root) start(root);
