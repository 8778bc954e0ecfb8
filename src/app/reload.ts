import { saveWorkingCopy } from '../lib/storage/local';
import { buildHash } from '../core/link/share-link';
import { currentPayload } from '../state/link-sync';
import { useSessionStore } from '../state/session';
import { useAppStore } from '../state/store';

/**
 * A reload that loses nothing: the working copy and the address are written first (they are
 * otherwise written a moment after the last edit). A link still waiting for the user's answer,
 * or a broken one kept for copying, stays in the address as it came.
 */
export function reloadKeepingWork(): void {
  const session = useSessionStore.getState();
  if (session.link.kind === 'none' || session.link.kind === 'opened') {
    saveWorkingCopy(useAppStore.getState().scenario);
    history.replaceState(null, '', buildHash(session.area, currentPayload()));
  }
  location.reload();
}

const RELOADED_KEY = 'llm-selfhost:reloaded-after-deploy';
/** A second failure this soon after the reload is not a deploy: the page shows the error instead. */
const RELOAD_GUARD_MS = 60_000;

/**
 * After a deploy, the code of the version this tab runs may be gone from the server. The first
 * failed chunk reloads the tab once onto the new version; a failure again within a minute is
 * shown (with "reload"), so a chunk that is really missing cannot make the tab reload for ever.
 * Returns whether it reloads.
 */
export function reloadOnceAfterDeploy(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOADED_KEY, String(now));
  } catch {
    // Without session storage there is no guard against a loop: show the error instead.
    return false;
  }
  reloadKeepingWork();
  return true;
}
