import { defineMessages } from '../../lib/i18n/define';

export const pilotMessages = defineMessages(
  {
    inputs: 'Inputs from this scenario',
    next: 'Coming next',
    nextBody: 'Daily evidence for both sides over seven days, incidents, checklists and a continue / return-to-API / hybrid decision with its rule trace.',
  },
  {
    inputs: 'Eingaben aus diesem Szenario',
    next: 'Als Nächstes',
    nextBody: 'Tägliche Belege beider Seiten über sieben Tage, Vorfälle, Checklisten und eine Entscheidung Weiter / Zurück zur API / Hybrid mit Regelprotokoll.',
  },
);
