import { z } from 'zod';
import { readScenarioDocument, type DocumentError } from '../../core/scenario/document';
import type { RestoreNotice } from '../../core/scenario/restore';
import { currencySchema, languageSchema, type Scenario } from '../../core/scenario/schema';
import { storageFailure, type StorageFailure } from '../../platform/idb';

/**
 * Small local records (this browser only): preferences and the working copy of the scenario.
 * Everything read back goes through Zod and a versioned envelope; a record that cannot be
 * read is moved aside (quarantined) with a message instead of breaking the app.
 *
 * The working copy has two homes. Each tab owns its copy in session storage (kept across a
 * reload of that tab, never seen by another tab), so two tabs never overwrite each other's
 * work. Local storage keeps the most recent copy of any tab (written on each change and when a
 * tab closes): a new tab, which has no copy of its own, starts from it. It is also the key the
 * working copy had before tabs had their own, so a tab opened after an update takes that copy.
 */
const PREFS_KEY = 'llm-selfhost:prefs';
/** Local storage: the most recent working copy of any tab. */
const WORKING_KEY = 'llm-selfhost:working';
/** Session storage: this tab's own working copy. */
const TAB_WORKING_KEY = 'llm-selfhost:tab-working';
const QUARANTINE_PREFIX = 'llm-selfhost:quarantine:';

export const themeSchema = z.enum(['light', 'dark', 'system']);
export type Theme = z.infer<typeof themeSchema>;

export const prefsSchema = z.object({
  type: z.literal('prefs'),
  version: z.literal(1),
  language: languageSchema.catch('en'),
  currency: currencySchema.catch('USD'),
  theme: themeSchema.catch('system'),
  shareView: z.boolean().catch(false),
});
export type Prefs = Omit<z.infer<typeof prefsSchema>, 'type' | 'version'>;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function browserLanguage(): 'en' | 'de' {
  const langs = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return langs.some((l) => l.toLowerCase().startsWith('de')) ? 'de' : 'en';
}

export function loadPrefs(): Prefs {
  const fallback: Prefs = { language: browserLanguage(), currency: 'USD', theme: 'system', shareView: false };
  const raw = storage()?.getItem(PREFS_KEY);
  if (!raw) return fallback;
  try {
    const parsed = prefsSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return fallback;
    const { language, currency, theme, shareView } = parsed.data;
    return { language, currency, theme, shareView };
  } catch {
    return fallback;
  }
}

export type StoreWriteResult = { ok: true } | { ok: false; reason: StorageFailure };

function write(key: string, value: string, s: Storage | null = storage()): StoreWriteResult {
  if (!s) return { ok: false, reason: { kind: 'unavailable' } };
  try {
    s.setItem(key, value);
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: storageFailure(e) };
  }
}

export function savePrefs(prefs: Prefs): StoreWriteResult {
  return write(PREFS_KEY, JSON.stringify({ type: 'prefs', version: 1, ...prefs }));
}

/**
 * `origin`: `tab` when the copy is this tab's own (a reload), `recent` when the tab had none
 * and took the most recent copy of any tab (a new tab).
 */
export type WorkingCopy =
  | { kind: 'none' }
  | { kind: 'ok'; scenario: Scenario; notices: RestoreNotice[]; origin: 'tab' | 'recent' }
  | { kind: 'quarantined'; key: string; reason: DocumentError | { kind: 'not-json' } };

/** This tab's working copy, or else the most recent one of any tab (see the top of this file). */
export function loadWorkingCopy(): WorkingCopy {
  const own = tabStorage();
  const ownRaw = own?.getItem(TAB_WORKING_KEY);
  if (own && ownRaw) return readWorkingCopy(own, TAB_WORKING_KEY, ownRaw, 'tab');
  const recent = storage();
  const recentRaw = recent?.getItem(WORKING_KEY);
  if (recent && recentRaw) return readWorkingCopy(recent, WORKING_KEY, recentRaw, 'recent');
  return { kind: 'none' };
}

function readWorkingCopy(s: Storage, key: string, raw: string, origin: 'tab' | 'recent'): WorkingCopy {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return quarantine(s, key, raw, { kind: 'not-json' });
  }
  const doc = readScenarioDocument(parsed, false);
  if (!doc.ok) return quarantine(s, key, raw, doc.error);
  return { kind: 'ok', scenario: doc.value.scenario, notices: doc.value.notices, origin };
}

/** Moves an unreadable copy aside into local storage (kept across tabs and restarts). */
function quarantine(s: Storage, from: string, raw: string, reason: DocumentError | { kind: 'not-json' }): WorkingCopy {
  const key = `${QUARANTINE_PREFIX}${Date.now()}`;
  try {
    (storage() ?? s).setItem(key, raw);
    s.removeItem(from);
  } catch {
    // Storage full: leave the record where it is; it is still reported.
  }
  return { kind: 'quarantined', key, reason };
}

/**
 * Writes this tab's working copy, which also becomes the most recent one for a new tab. The
 * result is that of local storage: without session storage a reload still finds the copy there.
 */
export function saveWorkingCopy(scenario: Scenario): StoreWriteResult {
  const text = JSON.stringify(scenario);
  write(TAB_WORKING_KEY, text, tabStorage());
  return write(WORKING_KEY, text);
}
