import { defineMessages, type Params } from './define';

/**
 * Terms several areas use, worded once: the pilot decision (pilot page, report), the three
 * options, and where a figure comes from. Areas read these instead of keeping their own copy.
 */
export const glossary = defineMessages(
  'glossary',
  {
    'decision.continue': 'Continue: expand self-hosting in a controlled way',
    'decision.return': 'Return to the API',
    'decision.hybrid': 'Hybrid: route between self-hosted and API',
    'decision.undecided': 'No decision yet: no self-hosted evidence',
    'option.api': 'API',
    'option.self-hosted': 'Self-hosted',
    'option.hybrid': 'Hybrid',
    'source.measured': 'measured',
    'source.published': 'published',
    'source.estimated': 'estimated',
    'source.entered': 'entered',
  },
  {
    'decision.continue': 'Weiterbetreiben: Self-Hosting kontrolliert ausweiten',
    'decision.return': 'Zurück zur API',
    'decision.hybrid': 'Dualbetrieb mit Routing zwischen Eigenbetrieb und API',
    'decision.undecided': 'Noch keine Entscheidung: keine Belege zum Eigenbetrieb',
    'option.api': 'API',
    'option.self-hosted': 'Eigenbetrieb',
    'option.hybrid': 'Hybrid',
    'source.measured': 'gemessen',
    'source.published': 'veröffentlicht',
    'source.estimated': 'geschätzt',
    'source.entered': 'eingegeben',
  },
);

export type GlossaryKey = keyof (typeof glossary)['en'];
export type GlossaryT = (key: GlossaryKey, params?: Params) => string;
