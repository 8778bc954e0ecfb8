import { describe, expect, it } from 'vitest';
import { pilotMessages } from './messages';

describe('pilot texts', () => {
  it('German says "akzeptiert" for tasks that passed review, as the rest of the app does', () => {
    // The TCO, report and help texts speak of "akzeptierte Aufgaben" and "Kosten je akzeptierter
    // Aufgabe"; "abgenommen" / "Abnahmequote" for the same thing would read as a second concept.
    const german = Object.entries(pilotMessages.de);
    expect(german.filter(([, text]) => /abgenommen|abnahme/i.test(text)).map(([key]) => key)).toEqual([]);
    expect(pilotMessages.de.costPerAccepted).toBe('Kosten je akzeptierter Aufgabe');
    expect(pilotMessages.de['field.tasksAccepted']).toContain('akzeptierte');
  });

  it('never shows a bare "undefined" for a figure that cannot be computed', () => {
    for (const lang of ['en', 'de'] as const) {
      expect(Object.values(pilotMessages[lang]).filter((text) => /^undefined$/i.test(text.trim()))).toEqual([]);
    }
    expect(pilotMessages.en.costUndefined).toBe('Not defined');
    expect(pilotMessages.de.costUndefined).toBe('Nicht definiert');
  });
});
