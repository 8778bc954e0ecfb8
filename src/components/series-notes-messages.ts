import { defineMessages, type Params } from '../lib/i18n/define';

/**
 * The notes of a capacity series (docs/capacity.md §1: how it was built, what its curve does),
 * shared by the Benchmarks page's series list and the TCO page's capacity panel.
 */
export const seriesNotesMessages = defineMessages(
  'series-notes',
  {
    'load.concurrency': 'concurrency {v}',
    'load.rate': '{v} requests/s',
    'load.max': '“as fast as possible”',
    topFolder: '(top folder)',
    'note.aggregate.inference-perf':
      '{file} is inference-perf’s aggregate of all stages ({requests} requests). Kept out: it has no load of its own and would stand in for the top stage.',
    'note.aggregate.inference-perf.stages':
      '{file} is inference-perf’s aggregate of all stages ({requests} requests; the stages beside it: {stages}). Kept out: it has no load of its own and would stand in for the top stage.',
    'note.aggregate.vllm-sweep': '{file} is the vLLM sweep’s summary and repeats {repeats}: the repeated runs are kept out, each measurement counts once.',
    'note.duplicate-file': '{file} has the same content as {of}: skipped.',
    'note.split-by-directory':
      'Measured in {directory}. The same configuration in {others} is another deployment (the same load measured again, or a sweep of its own): split by folder.',
    'note.failed-load-kept':
      '{file}: every request failed ({failed}) at {load}. Its request lengths are unknown; it stays in the sweep as a failing point, so the sweep counts as measured up to this load.',
    'note.lengths-unknown-joined': '{file} does not state its request lengths; it joined the only length group of its configuration.',
    'note.lengths-unknown-apart': '{file} does not state its request lengths, and its configuration was measured at several: a series of its own.',
    'note.grouped-by-configured-lengths':
      'Grouped by the lengths the file states, {input} input / {output} output tokens; the measured means differ from run to run.',
    'note.grouped-by-configured-lengths.ratio':
      'Grouped by the lengths the file states, {input} input / {output} output tokens (range ratio {ratio}); the measured means differ from run to run.',
    'note.duplicate-load': '{load} was measured {times} times: the worse point ({kept}) is kept, {dropped} left out.',
    'note.latency-falls.p50':
      'The median {metric} falls from {from} ms at {fromLoad} to {to} ms at {toLoad}. Latency rises with load on a healthy curve: the higher load measured something else (requests that failed early, another configuration).',
    'note.latency-falls.mean':
      'The mean {metric} falls from {from} ms at {fromLoad} to {to} ms at {toLoad}. Latency rises with load on a healthy curve: the higher load measured something else (requests that failed early, another configuration).',
    'failed.unknown': 'count not stated',
    run: '{file} #{n}',
    notesLabel: 'Notes on {label}',
  },
  {
    notesLabel: 'Hinweise zu {label}',
    'load.concurrency': 'Nebenläufigkeit {v}',
    'load.rate': '{v} Anfragen/s',
    'load.max': '„so schnell wie möglich“',
    topFolder: '(oberster Ordner)',
    'note.aggregate.inference-perf':
      '{file} ist die Zusammenfassung aller Stufen von inference-perf ({requests} Anfragen). Ausgelassen: Sie hat keine eigene Last und stünde sonst für die höchste Stufe.',
    'note.aggregate.inference-perf.stages':
      '{file} ist die Zusammenfassung aller Stufen von inference-perf ({requests} Anfragen; die Stufen daneben: {stages}). Ausgelassen: Sie hat keine eigene Last und stünde sonst für die höchste Stufe.',
    'note.aggregate.vllm-sweep':
      '{file} ist die Zusammenfassung des vLLM-Sweeps und wiederholt {repeats}: Die wiederholten Läufe sind ausgelassen, jede Messung zählt einmal.',
    'note.duplicate-file': '{file} hat denselben Inhalt wie {of}: übersprungen.',
    'note.split-by-directory':
      'Gemessen in {directory}. Dieselbe Konfiguration in {others} ist ein anderes Deployment (dieselbe Last noch einmal gemessen oder ein eigener Sweep): nach Ordnern getrennt.',
    'note.failed-load-kept':
      '{file}: Alle Anfragen sind fehlgeschlagen ({failed}) bei {load}. Ihre Anfragelängen sind unbekannt; sie bleibt als verfehlender Punkt in der Reihe, die Reihe gilt also bis zu dieser Last als gemessen.',
    'note.lengths-unknown-joined': 'Die Datei {file} gibt ihre Anfragelängen nicht an; sie kam zur einzigen Längengruppe ihrer Konfiguration.',
    'note.lengths-unknown-apart': 'Die Datei {file} gibt ihre Anfragelängen nicht an, und ihre Konfiguration wurde bei mehreren gemessen: eine eigene Reihe.',
    'note.grouped-by-configured-lengths':
      'Nach den Längen gruppiert, die die Datei angibt: {input} Eingabe- / {output} Ausgabe-Tokens; die gemessenen Mittelwerte schwanken von Lauf zu Lauf.',
    'note.grouped-by-configured-lengths.ratio':
      'Nach den Längen gruppiert, die die Datei angibt: {input} Eingabe- / {output} Ausgabe-Tokens (Range-Ratio {ratio}); die gemessenen Mittelwerte schwanken von Lauf zu Lauf.',
    'note.duplicate-load': '{load} wurde {times}-mal gemessen: Der schlechtere Punkt ({kept}) bleibt, {dropped} ausgelassen.',
    'note.latency-falls.p50':
      'Der Median von {metric} fällt von {from} ms bei {fromLoad} auf {to} ms bei {toLoad}. Auf einer gesunden Kurve steigt die Latenz mit der Last: Die höhere Last hat etwas anderes gemessen (früh fehlgeschlagene Anfragen, eine andere Konfiguration).',
    'note.latency-falls.mean':
      'Der Mittelwert von {metric} fällt von {from} ms bei {fromLoad} auf {to} ms bei {toLoad}. Auf einer gesunden Kurve steigt die Latenz mit der Last: Die höhere Last hat etwas anderes gemessen (früh fehlgeschlagene Anfragen, eine andere Konfiguration).',
    'failed.unknown': 'Anzahl nicht angegeben',
    run: '{file} Nr. {n}',
  },
);

export type SeriesNotesKey = keyof (typeof seriesNotesMessages)['en'];
export type SeriesNotesT = (key: SeriesNotesKey, params?: Params) => string;
