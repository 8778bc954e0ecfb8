import { z } from 'zod';
import { readScenarioDocument, type DocumentError } from '../../core/scenario/document';
import type { RestoreNotice } from '../../core/scenario/restore';
import { currencySchema, languageSchema, type Scenario } from '../../core/scenario/schema';
import { storageFailure, type StorageFailure } from './idb';

/**
 * Small local records (this browser only): preferences and the working copy of the scenario.
 * Everything read back goes through Zod and a versioned envelope; a record that cannot be
 * read is moved aside (quarantined) with a message instead of breaking the app.
 */
const PREFS_KEY = 'llm-selfhost:prefs';
const WORKING_KEY = 'llm-selfhost:working';
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

export function browserLanguage(): 'en' | 'de' {
  const langs = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
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

function write(key: string, value: string): StoreWriteResult {
  const s = storage();
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

export type WorkingCopy =
  | { kind: 'none' }
  | { kind: 'ok'; scenario: Scenario; notices: RestoreNotice[] }
  | { kind: 'quarantined'; key: string; reason: DocumentError | { kind: 'not-json' } };

export function loadWorkingCopy(): WorkingCopy {
  const s = storage();
  const raw = s?.getItem(WORKING_KEY);
  if (!s || !raw) return { kind: 'none' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return quarantine(s, raw, { kind: 'not-json' });
  }
  const doc = readScenarioDocument(parsed, false);
  if (!doc.ok) return quarantine(s, raw, doc.error);
  return { kind: 'ok', scenario: doc.value.scenario, notices: doc.value.notices };
}

function quarantine(s: Storage, raw: string, reason: DocumentError | { kind: 'not-json' }): WorkingCopy {
  const key = `${QUARANTINE_PREFIX}${Date.now()}`;
  try {
    s.setItem(key, raw);
    s.removeItem(WORKING_KEY);
  } catch {
    // Storage full: leave the record where it is; it is still reported.
  }
  return { kind: 'quarantined', key, reason };
}

export function saveWorkingCopy(scenario: Scenario): StoreWriteResult {
  return write(WORKING_KEY, JSON.stringify(scenario));
}
