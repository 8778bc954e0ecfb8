import { applyCatalogValues, catalogDrift, type CatalogDrift } from '../core/catalog/drift';
import { DEFAULT_SCENARIO } from '../core/scenario/defaults';
import { deepEqual } from '../core/scenario/json';
import type { Scenario } from '../core/scenario/schema';
import { loadWorkingCopy, savePrefs, saveWorkingCopy } from '../lib/storage/local';
import { buildHash, decodeScenario, encodeScenario, parseHash } from '../core/link/share-link';
import { isArea, useSessionStore, type Area } from './session';
import { prefsOf, useAppStore } from './store';

/**
 * Keeps three homes of the scenario in step: the store (truth while the tab is open), the URL
 * fragment (the share link, rewritten with replaceState after each change) and the working copy
 * (this tab's own, so a reload keeps the user's work; also the most recent copy a new tab
 * starts from: src/lib/storage/local.ts).
 */
/** Quiet time after the last change before the link and working copy are written (not while dragging). */
const WRITE_DELAY_MS = 400;

let lastPayload: string | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

export function currentPayload(): string {
  return encodeScenario(useAppStore.getState().scenario);
}

export function shareUrl(): string {
  const { area } = useSessionStore.getState();
  return `${location.origin}${location.pathname}${buildHash(area, currentPayload())}`;
}

function writeUrl(area: Area, push: boolean): void {
  const payload = currentPayload();
  lastPayload = payload;
  const hash = buildHash(area, payload);
  if (location.hash === hash) return;
  if (push) history.pushState(null, '', hash);
  else history.replaceState(null, '', hash);
}

function hasLocalWork(current: Scenario): boolean {
  return !deepEqual(current, DEFAULT_SCENARIO);
}

/** Handles a scenario payload arriving in the URL (page load, pasted link, back button). */
export function openPayload(payload: string): void {
  if (payload === lastPayload) return;
  const session = useSessionStore.getState();
  const app = useAppStore.getState();
  const result = decodeScenario(payload);
  if (!result.ok) {
    session.setLink({ kind: 'broken', error: result.error, payload, area: session.area, showing: hasLocalWork(app.scenario) ? 'yours' : 'example' });
    return;
  }
  const { scenario, notices, fromVersion } = result.value;
  lastPayload = payload;
  if (deepEqual(scenario, app.scenario)) {
    if (notices.length > 0 || fromVersion !== scenario.version) {
      session.setLink({ kind: 'opened', notices, fromVersion, previous: null });
    }
    return;
  }
  if (hasLocalWork(app.scenario)) {
    session.setLink({ kind: 'confirm', incoming: scenario, notices, fromVersion, payload, area: session.area });
    return;
  }
  app.replaceScenario(scenario);
  session.setSaved(null);
  noteCatalogDrift(scenario, 'link');
  if (notices.length > 0 || fromVersion !== scenario.version) {
    session.setLink({ kind: 'opened', notices, fromVersion, previous: null });
  }
}

export function acceptIncoming(): void {
  const session = useSessionStore.getState();
  const link = session.link;
  if (link.kind !== 'confirm') return;
  const previous = useAppStore.getState().scenario;
  useAppStore.getState().replaceScenario(link.incoming);
  // The linked scenario is a new, unsaved scenario; saved ones in the library stay untouched.
  session.setSaved(null);
  noteCatalogDrift(link.incoming, 'link');
  session.setLink({ kind: 'opened', notices: link.notices, fromVersion: link.fromVersion, previous });
}

export function keepLocal(): void {
  const session = useSessionStore.getState();
  const link = session.link;
  if (link.kind !== 'confirm') return;
  session.setLink({ kind: 'kept-local', payload: link.payload, area: link.area });
  writeUrl(session.area, false);
}

export function undoOpen(): void {
  const session = useSessionStore.getState();
  const link = session.link;
  if (link.kind !== 'opened' || !link.previous) return;
  useAppStore.getState().replaceScenario(link.previous);
  session.setLink({ kind: 'none' });
  session.setDrift({ kind: 'none' });
}

/**
 * After a scenario arrived from a link or a file: lists its figures that differ from today's
 * catalog (or clears an old list). Changes nothing in the scenario.
 */
export function noteCatalogDrift(scenario: Scenario, origin: 'link' | 'file'): void {
  const items = catalogDrift(scenario);
  useSessionStore.getState().setDrift(items.length > 0 ? { kind: 'found', origin, items } : { kind: 'none' });
}

/** "Use today's catalog values": sets exactly the listed figures (those not edited since). */
export function applyTodaysCatalog(): void {
  const session = useSessionStore.getState();
  const drift = session.drift;
  if (drift.kind !== 'found') return;
  const { scenario, applied } = applyCatalogValues(useAppStore.getState().scenario, drift.items);
  if (applied.length > 0) useAppStore.getState().replaceScenario(scenario);
  session.setDrift(applied.length > 0 ? { kind: 'applied', origin: drift.origin, items: applied } : { kind: 'none' });
}

/** Undo of the above: each figure goes back to the value it came with, unless edited since. */
export function undoTodaysCatalog(): void {
  const session = useSessionStore.getState();
  const drift = session.drift;
  if (drift.kind !== 'applied') return;
  const back: CatalogDrift[] = drift.items.map((d) => ({ ...d, before: d.after, after: d.before }));
  const { scenario, applied } = applyCatalogValues(useAppStore.getState().scenario, back);
  if (applied.length > 0) useAppStore.getState().replaceScenario(scenario);
  session.setDrift({ kind: 'found', origin: drift.origin, items: drift.items });
}

export function navigate(area: Area): void {
  useSessionStore.getState().setArea(area);
  writeUrl(area, true);
}

function onHashChange(): void {
  const { area, payload } = parseHash(location.hash);
  if (isArea(area) && area !== useSessionStore.getState().area) useSessionStore.getState().setArea(area);
  if (payload !== null) openPayload(payload);
}

/** Runs work when the main thread is idle (within 500 ms at the latest). */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 500 });
  else work();
}

/** Reads the link and the working copy once at start-up and starts syncing. Returns a stop function. */
export function startLinkSync(): () => void {
  const { area, payload } = parseHash(location.hash);
  const session = useSessionStore.getState();
  if (isArea(area)) session.setArea(area);

  const working = loadWorkingCopy();
  if (working.kind === 'ok') {
    useAppStore.getState().replaceScenario(working.scenario);
    if (working.origin === 'recent' && hasLocalWork(working.scenario)) {
      session.setStartedFrom('recent');
      // The copy is this tab's own from now on: a reload keeps it even if another tab changes the most recent one.
      saveWorkingCopy(working.scenario);
    }
  }
  if (working.kind === 'quarantined') {
    session.setStorage({ kind: 'quarantined', key: working.key, reason: working.reason.kind });
  }
  if (payload !== null) openPayload(payload);

  const unsubscribe = useAppStore.subscribe((state, prev) => {
    if (state.scenario !== prev.scenario) {
      if (timer) clearTimeout(timer);
      timer = setTimeout(
        () =>
          whenIdle(() => {
            timer = null;
            const s = useSessionStore.getState();
            // A broken link stays in the address bar until the user changes something.
            if (s.link.kind === 'confirm') return;
            writeUrl(s.area, false);
            const saved = saveWorkingCopy(useAppStore.getState().scenario);
            if (!saved.ok) s.setStorage({ kind: 'write-failed', reason: saved.reason });
          }),
        WRITE_DELAY_MS,
      );
    }
    if (prefsChanged(state, prev)) savePrefs(prefsOf(state));
  });
  // An edit still waiting for its write when the tab closes or reloads is written now. Only an
  // edit makes a copy the most recent one: a tab closed untouched does not replace the copy of
  // a tab edited last (possibly the only home left of that work).
  const onPageHide = (): void => {
    if (!timer) return;
    clearTimeout(timer);
    timer = null;
    if (useSessionStore.getState().link.kind !== 'confirm') saveWorkingCopy(useAppStore.getState().scenario);
  };
  window.addEventListener('hashchange', onHashChange);
  window.addEventListener('popstate', onHashChange);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    unsubscribe();
    window.removeEventListener('hashchange', onHashChange);
    window.removeEventListener('popstate', onHashChange);
    window.removeEventListener('pagehide', onPageHide);
  };
}

function prefsChanged(a: ReturnType<typeof prefsOf>, b: ReturnType<typeof prefsOf>): boolean {
  return a.language !== b.language || a.currency !== b.currency || a.theme !== b.theme || a.shareView !== b.shareView;
}
