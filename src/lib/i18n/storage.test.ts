import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultScenario } from '../../core/scenario/defaults';
import { storageFailure } from '../../platform/idb';
import { renameScenario, resetScenariosDbForTests, saveScenario } from '../storage/scenarios-db';
import { storageFailureText } from './storage';

afterEach(async () => {
  vi.unstubAllGlobals();
  await resetScenariosDbForTests();
});

describe('storage failures in the reader’s language', () => {
  it('names a full browser storage in German and English', () => {
    const full = storageFailure(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    expect(full).toEqual({ kind: 'quota' });
    expect(storageFailureText('de', full)).toBe('der Browser-Speicher ist voll (Kontingent überschritten)');
    expect(storageFailureText('en', full)).toBe('the browser storage is full (quota exceeded)');
  });

  it('words a browser without IndexedDB in German when a save is refused', async () => {
    await resetScenariosDbForTests();
    vi.stubGlobal('indexedDB', undefined);
    const result = await saveScenario({ scenario: defaultScenario(), name: 'Offline' });
    expect(result).toEqual({ ok: false, kind: 'failed', reason: { kind: 'unavailable' } });
    if (result.ok || result.kind !== 'failed') throw new Error('expected a failed save');
    expect(storageFailureText('de', result.reason)).toBe('dieser Browser bietet dem Dashboard keinen Speicher (privater Modus oder Speicher abgeschaltet)');
  });

  it('words a record deleted elsewhere in German', async () => {
    const result = await renameScenario('gone', 'New name');
    expect(result).toEqual({ ok: false, kind: 'failed', reason: { kind: 'not-found' } });
    if (result.ok || result.kind !== 'failed') throw new Error('expected a failed rename');
    expect(storageFailureText('de', result.reason)).toBe('der Eintrag existiert nicht mehr (in einem anderen Tab gelöscht?)');
  });

  it('keeps the browser’s own text for an unknown failure, inside a German frame', () => {
    expect(storageFailureText('de', storageFailure(new Error('disk I/O error')))).toBe('Fehler des Browsers: disk I/O error');
    expect(storageFailureText('en', storageFailure(new Error('disk I/O error')))).toBe('disk I/O error');
  });

  it('names a browser error that comes without a message by its name, never as "()"', () => {
    expect(storageFailure(new DOMException('', 'UnknownError'))).toEqual({ kind: 'other', detail: 'UnknownError' });
    expect(storageFailure(new DOMException('Disk full', 'AbortError'))).toEqual({ kind: 'other', detail: 'AbortError: Disk full' });
    expect(storageFailure(new DOMException('', 'QuotaExceededError'))).toEqual({ kind: 'quota' });
  });
});
