import { defineMessages } from '../../lib/i18n/define';

export const reportMessages = defineMessages(
  {
    inputs: 'Inputs from this scenario',
    next: 'Coming next',
    nextBody: 'A printable page for management: the verdict, key figures, charts and an assumptions appendix with sources and dates.',
  },
  {
    inputs: 'Eingaben aus diesem Szenario',
    next: 'Als Nächstes',
    nextBody: 'Eine druckbare Seite für das Management: Entscheidung, Kennzahlen, Diagramme und ein Anhang der Annahmen mit Quellen und Datum.',
  },
);
