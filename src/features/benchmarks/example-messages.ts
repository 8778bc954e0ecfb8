import { defineMessages } from '../../lib/i18n/define';

/** Texts of the published example (benchmarks page) and of the "published" badge on its runs. */
export const exampleMessages = defineMessages(
  'benchmarks-example',
  {
    open: 'Load a published example',
    intro:
      'No results of your own yet? Load a series someone published (real measurements at several loads, with their source and date) to see every view filled. It is stored like an imported file and can be deleted the same way.',
    pick: 'Published series',
    'points.one': '{n} load point',
    'points.other': '{n} load points',
    by: 'Published by {publisher}, measured {date}',
    source: 'Source',
    load: 'Load example',
    cancel: 'Cancel',
    loading: 'Loading…',
    loaded: 'Loaded {label} as an example ({runs}).',
    duplicate: 'This example is already loaded.',
    failed: 'The example could not be stored ({reason}).',
    unstored: 'Loaded {label} as an example ({runs}), in this tab only: it could not be stored ({reason}) and will not survive a reload.',
    badgeTitle: 'Published by {publisher}, measured {date}. An example from the library of published measurements, not your own measurement.',
    noTco: 'Published example: use your own measurement for the TCO.',
  },
  {
    open: 'Veröffentlichtes Beispiel laden',
    intro:
      'Noch keine eigenen Ergebnisse? Eine veröffentlichte Messreihe laden (echte Messungen bei mehreren Lasten, mit Quelle und Datum), um alle Ansichten gefüllt zu sehen. Sie wird wie eine importierte Datei gespeichert und lässt sich ebenso löschen.',
    pick: 'Veröffentlichte Messreihe',
    'points.one': '{n} Lastpunkt',
    'points.other': '{n} Lastpunkte',
    by: 'Veröffentlicht von {publisher}, gemessen am {date}',
    source: 'Quelle',
    load: 'Beispiel laden',
    cancel: 'Abbrechen',
    loading: 'Wird geladen …',
    loaded: '{label} als Beispiel geladen ({runs}).',
    duplicate: 'Dieses Beispiel ist bereits geladen.',
    failed: 'Das Beispiel konnte nicht gespeichert werden ({reason}).',
    unstored: '{label} als Beispiel geladen ({runs}), nur in diesem Tab: es konnte nicht gespeichert werden ({reason}) und ist nach dem Neuladen verloren.',
    badgeTitle: 'Veröffentlicht von {publisher}, gemessen am {date}. Ein Beispiel aus der Bibliothek veröffentlichter Messungen, nicht Ihre eigene Messung.',
    noTco: 'Veröffentlichtes Beispiel: für die TCO die eigene Messung verwenden.',
  },
);
