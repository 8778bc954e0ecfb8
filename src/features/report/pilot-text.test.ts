import { describe, expect, it } from 'vitest';
import type { PilotEvaluation } from '../../core/pilot/evaluate';
import { DEFAULT_SCENARIO } from '../../core/scenario/defaults';
import { translate } from '../../lib/i18n/define';
import { glossary } from '../../lib/i18n/glossary';
import { reportMessages } from './messages';
import { pilotText } from './report-page';

const de = {
  t: (k: keyof (typeof reportMessages)['en'], p?: Readonly<Record<string, string | number>>) => translate(reportMessages, 'de', k, p),
  g: (k: keyof (typeof glossary)['en'], p?: Readonly<Record<string, string | number>>) => translate(glossary, 'de', k, p),
};

describe('the report words the pilot decision as the pilot page does (glossary)', () => {
  it('a provisional hybrid after 3 of 7 days, in German', () => {
    const p = { decision: 'hybrid', status: 'provisional', daysElapsed: 3 } as unknown as PilotEvaluation;
    // The pilot page's headline for hybrid, then the report's provisional frame with 3 of 7 days.
    expect(pilotText(p, DEFAULT_SCENARIO, de.t, de.g)).toBe('Dualbetrieb mit Routing zwischen Eigenbetrieb und API (vorläufig: 3 von 7 Tagen)');
  });
  it('a final continue, in English', () => {
    const p = { decision: 'continue', status: 'final', daysElapsed: 7 } as unknown as PilotEvaluation;
    const t = (k: keyof (typeof reportMessages)['en']) => translate(reportMessages, 'en', k);
    const g = (k: keyof (typeof glossary)['en']) => translate(glossary, 'en', k);
    expect(pilotText(p, DEFAULT_SCENARIO, t, g)).toBe('Continue: expand self-hosting in a controlled way');
  });
});
