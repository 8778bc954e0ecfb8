import type { Language } from '../../core/scenario/schema';
import type { StorageFailure } from '../../platform/idb';
import { defineMessages, translate } from './define';

/**
 * Storage failures in the reader's language. The storage modules (src/lib/storage) report a code
 * and facts (`StorageFailure`); this words them for the banners of the library, the working copy
 * and the benchmarks page. Only `other` carries the browser's own text, which stays as written.
 */
export const storageMessages = defineMessages(
  'storage',
  {
    quota: 'the browser storage is full (quota exceeded)',
    unavailable: 'this browser offers no storage for the dashboard (private mode or storage turned off)',
    blocked: 'another tab keeps an older version of the stored data open ({database}); close it and try again',
    'not-found': 'the entry no longer exists (deleted in another tab?)',
    'not-storable': 'only imported files with runs can be stored',
    other: '{detail}',
  },
  {
    quota: 'der Browser-Speicher ist voll (Kontingent überschritten)',
    unavailable: 'dieser Browser bietet dem Dashboard keinen Speicher (privater Modus oder Speicher abgeschaltet)',
    blocked: 'ein anderer Tab hält eine ältere Version der gespeicherten Daten offen ({database}); schließen Sie ihn und versuchen Sie es erneut',
    'not-found': 'der Eintrag existiert nicht mehr (in einem anderen Tab gelöscht?)',
    'not-storable': 'nur importierte Dateien mit Läufen werden gespeichert',
    other: 'Fehler des Browsers: {detail}',
  },
);

/** The reason of a storage failure as a clause for "could not be saved ({reason})". */
export function storageFailureText(language: Language, failure: StorageFailure): string {
  switch (failure.kind) {
    case 'blocked':
      return translate(storageMessages, language, 'blocked', { database: failure.database });
    case 'other':
      return translate(storageMessages, language, 'other', { detail: failure.detail });
    default:
      return translate(storageMessages, language, failure.kind);
  }
}
