import { countIn } from '../lib/i18n/count';
import { describe, expect, it } from 'vitest';
import type { Language } from '../core/scenario/schema';
import { benchmarksMessages, type BenchKey } from '../features/benchmarks/messages';
import { hardwareMessages } from '../features/hardware/messages';
import { pilotMessages } from '../features/pilot/messages';
import { tcoMessages } from '../features/tco/messages';
import { translate, type Messages, type Params } from '../lib/i18n/define';
import { formatList, plural } from '../lib/i18n/plural';
import { libraryMessages } from './library-messages';
import { shellMessages } from './messages';

/**
 * Sentences with a count read right at 1 and at 2, in both languages: the entry is chosen by the
 * language's plural rule, the way the call sites choose it. Expected texts written out by hand.
 */
function say<K extends string>(messages: Messages<K>, language: Language, base: string, n: number, params: Params): string {
  const key = plural(language, n, { one: `${base}.one`, other: `${base}.other` }) as K;
  expect(messages[language][key], `${base} has .one and .other`).toBeDefined();
  return translate(messages, language, key, params);
}

describe('counted sentences at 1 and 2', () => {
  it('library: saved records set aside', () => {
    const p = (count: number) => ({ count, reasons: 'x' });
    expect(say(libraryMessages, 'en', 'quarantined', 1, p(1))).toBe('1 saved record could not be read and was set aside: x');
    expect(say(libraryMessages, 'en', 'quarantined', 2, p(2))).toBe('2 saved records could not be read and were set aside: x');
    expect(say(libraryMessages, 'de', 'quarantined', 1, p(1))).toBe('1 gespeicherter Eintrag war nicht lesbar und wurde beiseitegelegt: x');
    expect(say(libraryMessages, 'de', 'quarantined', 2, p(2))).toBe('2 gespeicherte Einträge waren nicht lesbar und wurden beiseitegelegt: x');
  });

  it('benchmarks: stored entries set aside', () => {
    const p = (n: number) => ({ n, reasons: 'x' });
    expect(say(benchmarksMessages, 'en', 'files.quarantined', 1, p(1))).toBe('1 stored entry could not be read and was set aside: x');
    expect(say(benchmarksMessages, 'en', 'files.quarantined', 2, p(2))).toBe('2 stored entries could not be read and were set aside: x');
    expect(say(benchmarksMessages, 'de', 'files.quarantined', 1, p(1))).toBe('1 gespeicherter Eintrag konnte nicht gelesen werden und wurde beiseitegelegt: x');
    expect(say(benchmarksMessages, 'de', 'files.quarantined', 2, p(2))).toBe('2 gespeicherte Einträge konnten nicht gelesen werden und wurden beiseitegelegt: x');
  });

  it('pilot: open compatibility checks', () => {
    expect(say(pilotMessages, 'en', 'flip.compatibilityOpen', 1, { count: 1 })).toBe('Test the 1 open day-1 compatibility check; it may not fail');
    expect(say(pilotMessages, 'en', 'flip.compatibilityOpen', 2, { count: 2 })).toBe('Test the 2 open day-1 compatibility checks; none may fail');
    expect(say(pilotMessages, 'de', 'flip.compatibilityOpen', 1, { count: 1 })).toBe('Die 1 offene Kompatibilitätsprüfung von Tag 1 testen; sie darf nicht fehlschlagen');
    expect(say(pilotMessages, 'de', 'flip.compatibilityOpen', 2, { count: 2 })).toBe('Die 2 offenen Kompatibilitätsprüfungen von Tag 1 testen; keine darf fehlschlagen');
  });

  it('TCO: verdict, rate-limit minimum, KPI sub-line and chart summary', () => {
    // The report says the verdict in these words too (features/tco/report-section.tsx).
    const v = (k: number) => ({ k, gpus: 8, model: 'M', apiName: 'P · M', selfShare: '60 %', hybrid: 'H', api: 'A', saving: 'S', share: '10 %' });
    expect(say(tcoMessages, 'en', 'verdict.hybrid', 1, v(1))).toBe('Run both: 1 owned replica of 8 GPUs (M) serves 60 % of the tokens and the API (P · M) takes the peaks. Together H a month against A for the API alone: S (10 %) less.');
    expect(say(tcoMessages, 'en', 'verdict.hybrid', 2, v(2))).toBe('Run both: 2 owned replicas of 8 GPUs (M) serve 60 % of the tokens and the API (P · M) takes the peaks. Together H a month against A for the API alone: S (10 %) less.');
    expect(say(tcoMessages, 'de', 'verdict.hybrid', 1, v(1))).toBe('Beides betreiben: 1 eigenes Replikat mit 8 GPUs (M) bedient 60 % der Tokens, die API (P · M) fängt die Spitzen ab. Zusammen H im Monat gegenüber A nur mit API: S (10 %) weniger.');
    expect(say(tcoMessages, 'de', 'verdict.hybrid', 2, v(2))).toBe('Beides betreiben: 2 eigene Replikate mit je 8 GPUs (M) bedienen 60 % der Tokens, die API (P · M) fängt die Spitzen ab. Zusammen H im Monat gegenüber A nur mit API: S (10 %) weniger.');

    const r = (k: number) => ({ k, cost: 'C' });
    expect(say(tcoMessages, 'en', 'rate.hybridMin', 1, r(1))).toBe('With 1 or more owned replicas the overflow stays within the limits; the cheapest such hybrid costs C a month.');
    expect(say(tcoMessages, 'en', 'rate.hybridMin', 2, r(2))).toBe('With 2 or more owned replicas the overflow stays within the limits; the cheapest such hybrid costs C a month.');
    expect(say(tcoMessages, 'de', 'rate.hybridMin', 1, r(1))).toBe('Ab 1 eigenen Replikat bleibt der Überlauf innerhalb der Limits; der günstigste solche Hybrid kostet C im Monat.');
    expect(say(tcoMessages, 'de', 'rate.hybridMin', 2, r(2))).toBe('Ab 2 eigenen Replikaten bleibt der Überlauf innerhalb der Limits; der günstigste solche Hybrid kostet C im Monat.');

    const k = (n: number) => ({ k: n, share: '60 %', perTask: 'P' });
    expect(say(tcoMessages, 'en', 'kpi.hybridSub', 1, k(1))).toBe('1 owned replica serves 60 % · per accepted task: P');
    expect(say(tcoMessages, 'en', 'kpi.hybridSub', 2, k(2))).toBe('2 owned replicas serve 60 % · per accepted task: P');
    expect(say(tcoMessages, 'de', 'kpi.hybridSub', 1, k(1))).toBe('1 eigenes Replikat bedient 60 % · je akzeptierter Aufgabe: P');
    expect(say(tcoMessages, 'de', 'kpi.hybridSub', 2, k(2))).toBe('2 eigene Replikate bedienen 60 % · je akzeptierter Aufgabe: P');

    const c = (n: number) => ({ replicas: n, self: '60 %', api: '40 %' });
    expect(say(tcoMessages, 'en', 'chart.hybridAria', 1, c(1))).toBe('1 owned replica serves 60 % of the demand; 40 % overflows to the API.');
    expect(say(tcoMessages, 'en', 'chart.hybridAria', 2, c(2))).toBe('2 owned replicas serve 60 % of the demand; 40 % overflows to the API.');
    expect(say(tcoMessages, 'de', 'chart.hybridAria', 1, c(1))).toBe('1 eigenes Replikat bedient 60 % der Last; 40 % gehen an die API.');
    expect(say(tcoMessages, 'de', 'chart.hybridAria', 2, c(2))).toBe('2 eigene Replikate bedienen 60 % der Last; 40 % gehen an die API.');
  });

  it('benchmarks: imported, skipped, selected and unplaced runs', () => {
    const tr = (key: BenchKey, params: Params, language: Language) => translate(benchmarksMessages, language, key, params);
    // Each noun alone, then inside the sentences that carry it.
    expect([countIn(benchmarksMessages, 'en', 'runs', 1), countIn(benchmarksMessages, 'en', 'runs', 2), countIn(benchmarksMessages, 'de', 'runs', 1), countIn(benchmarksMessages, 'de', 'runs', 2)]).toEqual(['1 run', '2 runs', '1 Lauf', '2 Läufe']);
    expect([countIn(benchmarksMessages, 'en', 'rows', 1), countIn(benchmarksMessages, 'en', 'rows', 2), countIn(benchmarksMessages, 'de', 'rows', 1), countIn(benchmarksMessages, 'de', 'rows', 2)]).toEqual(['1 row', '2 rows', '1 Zeile', '2 Zeilen']);
    expect([countIn(benchmarksMessages, 'en', 'files', 1), countIn(benchmarksMessages, 'en', 'files', 2), countIn(benchmarksMessages, 'de', 'files', 1), countIn(benchmarksMessages, 'de', 'files', 2)]).toEqual(['1 file', '2 files', '1 Datei', '2 Dateien']);
    // Thousands are grouped in the reader's way: 1,200 / 1.200.
    expect(countIn(benchmarksMessages, 'en', 'rows', 1200)).toBe('1,200 rows');
    expect(countIn(benchmarksMessages, 'de', 'rows', 1200)).toBe('1.200 Zeilen');

    const saved = (language: Language, n: number) => tr('result.saved', { name: 'a.json', runs: countIn(benchmarksMessages, language, 'runs', n), format: 'vllm' }, language);
    expect(saved('en', 1)).toBe('a.json: 1 run imported (vllm).');
    expect(saved('en', 2)).toBe('a.json: 2 runs imported (vllm).');
    expect(saved('de', 1)).toBe('a.json: 1 Lauf importiert (vllm).');
    expect(saved('de', 2)).toBe('a.json: 2 Läufe importiert (vllm).');

    const partial = (language: Language, n: number, skipped: number) => tr('result.partial', { name: 'a.csv', runs: countIn(benchmarksMessages, language, 'runs', n), format: 'csv', skipped: countIn(benchmarksMessages, language, 'rows', skipped) }, language);
    expect(partial('en', 1, 2)).toBe('a.csv: 1 run imported (csv); 2 rows skipped.');
    expect(partial('en', 2, 1)).toBe('a.csv: 2 runs imported (csv); 1 row skipped.');
    expect(partial('de', 1, 2)).toBe('a.csv: 1 Lauf importiert (csv); 2 Zeilen übersprungen.');
    expect(partial('de', 2, 1)).toBe('a.csv: 2 Läufe importiert (csv); 1 Zeile übersprungen.');

    const count = (language: Language, runs: number, files: number) => tr('runs.count', { runs: countIn(benchmarksMessages, language, 'runs', runs), files: countIn(benchmarksMessages, language, 'files', files) }, language);
    expect(count('en', 1, 1)).toBe('1 run from 1 file');
    expect(count('en', 2, 2)).toBe('2 runs from 2 files');
    expect(count('de', 1, 1)).toBe('1 Lauf aus 1 Datei');
    expect(count('de', 2, 2)).toBe('2 Läufe aus 2 Dateien');

    const selected = (language: Language, n: number) => tr('cmp.selected', { runs: countIn(benchmarksMessages, language, 'runs', n) }, language);
    expect([selected('en', 1), selected('en', 2), selected('de', 1), selected('de', 2)]).toEqual(['1 run selected', '2 runs selected', '1 Lauf gewählt', '2 Läufe gewählt']);

    const skipped = (language: Language, n: number) => tr('files.skipped', { rows: countIn(benchmarksMessages, language, 'rows', n) }, language);
    expect([skipped('en', 1), skipped('en', 2), skipped('de', 1), skipped('de', 2)]).toEqual(['1 row skipped', '2 rows skipped', '1 Zeile übersprungen', '2 Zeilen übersprungen']);

    expect(say(benchmarksMessages, 'en', 'chart.load.unplaced', 1, { n: 1 })).toBe('1 run has no value on this axis and is not drawn.');
    expect(say(benchmarksMessages, 'en', 'chart.load.unplaced', 2, { n: 2 })).toBe('2 runs have no value on this axis and are not drawn.');
    expect(say(benchmarksMessages, 'de', 'chart.load.unplaced', 1, { n: 1 })).toBe('1 Lauf ohne Wert auf dieser Achse wird nicht gezeichnet.');
    expect(say(benchmarksMessages, 'de', 'chart.load.unplaced', 2, { n: 2 })).toBe('2 Läufe ohne Wert auf dieser Achse werden nicht gezeichnet.');
  });

  it('hardware: stages, nodes, GPUs and sequences', () => {
    type HwKey = keyof (typeof hardwareMessages)['en'];
    const tr = (language: Language, key: HwKey, params: Params) => translate(hardwareMessages, language, key, params);
    expect([countIn(hardwareMessages, 'en', 'stages', 1), countIn(hardwareMessages, 'en', 'stages', 2), countIn(hardwareMessages, 'de', 'stages', 1), countIn(hardwareMessages, 'de', 'stages', 2)]).toEqual(['1 stage', '2 stages', '1 Stufe', '2 Stufen']);
    expect([countIn(hardwareMessages, 'en', 'nodes', 1), countIn(hardwareMessages, 'en', 'nodes', 2), countIn(hardwareMessages, 'de', 'nodes', 1), countIn(hardwareMessages, 'de', 'nodes', 2)]).toEqual(['1 node', '2 nodes', '1 Knoten', '2 Knoten']);
    expect([countIn(hardwareMessages, 'en', 'gpus', 1), countIn(hardwareMessages, 'en', 'gpus', 2), countIn(hardwareMessages, 'de', 'gpus', 1), countIn(hardwareMessages, 'de', 'gpus', 2)]).toEqual(['1 GPU', '2 GPUs', '1 GPU', '2 GPUs']);
    expect([countIn(hardwareMessages, 'en', 'sequences', 1), countIn(hardwareMessages, 'en', 'sequences', 2), countIn(hardwareMessages, 'de', 'sequences', 1), countIn(hardwareMessages, 'de', 'sequences', 2)]).toEqual(['1 sequence', '2 sequences', '1 Sequenz', '2 Sequenzen']);

    // TP help under the TP field: 8 GPUs per replica at TP 8 is 1 stage; at TP 4 it is 2 stages.
    const tp = (language: Language, stages: number, gpus: number) => say(hardwareMessages, language, 'tpHelp', stages, { stages, gpus: countIn(hardwareMessages, language, 'gpus', gpus) });
    expect(tp('en', 1, 8)).toBe('1 pipeline stage of 8 GPUs');
    expect(tp('en', 2, 4)).toBe('2 pipeline stages of 4 GPUs each');
    expect(tp('en', 2, 1)).toBe('2 pipeline stages of 1 GPU each');
    expect(tp('de', 1, 8)).toBe('1 Pipeline-Stufe mit 8 GPUs');
    expect(tp('de', 2, 4)).toBe('2 Pipeline-Stufen mit je 4 GPUs');

    const fix = (language: Language, gpus: number, nodes: number, tpSize: number, pp: number) => tr(language, 'fix.minGpus', { gpus: countIn(hardwareMessages, language, 'gpus', gpus), nodes: countIn(hardwareMessages, language, 'nodes', nodes), tp: tpSize, stages: countIn(hardwareMessages, language, 'stages', pp) });
    expect(fix('en', 8, 1, 8, 1)).toBe('Smallest count of this GPU that fits: 8 GPUs in 1 node (TP 8 × 1 stage).');
    expect(fix('en', 16, 2, 8, 2)).toBe('Smallest count of this GPU that fits: 16 GPUs in 2 nodes (TP 8 × 2 stages).');
    expect(fix('de', 8, 1, 8, 1)).toBe('Kleinste passende Zahl dieser GPU: 8 GPUs in 1 Knoten (TP 8 × 1 Stufe).');
    expect(fix('de', 16, 2, 8, 2)).toBe('Kleinste passende Zahl dieser GPU: 16 GPUs in 2 Knoten (TP 8 × 2 Stufen).');

    const room = (language: Language, seqs: number) => tr(language, 'vendorRoom', { gpu: 'H100', context: '4096', seqs: countIn(hardwareMessages, language, 'sequences', seqs), weights: 'W', kv: 'K', room: 'R', roomGib: 'G', budget: 'B' });
    expect(room('en', 1)).toBe('Checked on H100 at 4096 tokens and 1 sequence: weights W + KV cache K leave R (G) of the B budget for activations and runtime overhead together.');
    expect(room('en', 2)).toBe('Checked on H100 at 4096 tokens and 2 sequences: weights W + KV cache K leave R (G) of the B budget for activations and runtime overhead together.');
    expect(room('de', 1)).toBe('Geprüft auf H100 mit 4096 Token und 1 Sequenz: Gewichte W + KV-Cache K lassen vom Budget (B) R (G) für Aktivierungen und Laufzeit-Overhead zusammen.');
    expect(room('de', 2)).toBe('Geprüft auf H100 mit 4096 Token und 2 Sequenzen: Gewichte W + KV-Cache K lassen vom Budget (B) R (G) für Aktivierungen und Laufzeit-Overhead zusammen.');

    const split = (language: Language, pp: number) => tr(language, 'weights.splitDp', { total: 'T', attention: 'A', gpus: 8, stages: countIn(hardwareMessages, language, 'stages', pp), perGpu: 'P' });
    expect(split('en', 1)).toBe('(T − A attention) ÷ 8 GPUs + A ÷ 1 stage, replicated on every DP-attention rank = P');
    expect(split('en', 2)).toBe('(T − A attention) ÷ 8 GPUs + A ÷ 2 stages, replicated on every DP-attention rank = P');
    expect(split('de', 1)).toBe('(T − A Attention) ÷ 8 GPUs + A ÷ 1 Stufe, auf jedem DP-Attention-Rang repliziert = P');
    expect(split('de', 2)).toBe('(T − A Attention) ÷ 8 GPUs + A ÷ 2 Stufen, auf jedem DP-Attention-Rang repliziert = P');

    const mla = (language: Language, pp: number) => tr(language, 'rule.mla-replicated', { seqs: countIn(hardwareMessages, language, 'sequences', 4), stages: countIn(hardwareMessages, language, 'stages', pp), perGpu: 'P' });
    expect(mla('en', 1)).toBe('× 4 sequences ÷ 1 stage, full copy on every TP rank = P');
    expect(mla('en', 2)).toBe('× 4 sequences ÷ 2 stages, full copy on every TP rank = P');
    expect(mla('de', 1)).toBe('× 4 Sequenzen ÷ 1 Stufe, volle Kopie auf jedem TP-Rang = P');
    expect(mla('de', 2)).toBe('× 4 Sequenzen ÷ 2 Stufen, volle Kopie auf jedem TP-Rang = P');

    // ⌈12 ÷ 8⌉ = 2 sequences on the busiest rank.
    const dp = (language: Language, pp: number) => tr(language, 'rule.dp-attention', { total: 12, dp: 8, seqs: countIn(hardwareMessages, language, 'sequences', 2), stages: countIn(hardwareMessages, language, 'stages', pp), perGpu: 'P' });
    expect(dp('en', 1)).toBe('× ⌈12 ÷ 8⌉ = 2 sequences on the busiest rank ÷ 1 stage = P');
    expect(dp('en', 2)).toBe('× ⌈12 ÷ 8⌉ = 2 sequences on the busiest rank ÷ 2 stages = P');
    expect(dp('de', 1)).toBe('× ⌈12 ÷ 8⌉ = 2 Sequenzen auf dem vollsten Rang ÷ 1 Stufe = P');
    expect(dp('de', 2)).toBe('× ⌈12 ÷ 8⌉ = 2 Sequenzen auf dem vollsten Rang ÷ 2 Stufen = P');

    // One sequence per GPU (gpt-oss-120b on one H100): "× 1 sequence", not "× 1 sequences".
    const tpRule = (language: Language, seqs: number) => tr(language, 'rule.tp-heads', { seqs: countIn(hardwareMessages, language, 'sequences', seqs), split: 1, perGpu: 'P' });
    expect([tpRule('en', 1), tpRule('en', 2), tpRule('de', 1), tpRule('de', 2)]).toEqual([
      '× 1 sequence ÷ 1 (min(TP, KV heads) × stages) = P',
      '× 2 sequences ÷ 1 (min(TP, KV heads) × stages) = P',
      '× 1 Sequenz ÷ 1 (min(TP, KV-Köpfe) × Stufen) = P',
      '× 2 Sequenzen ÷ 1 (min(TP, KV-Köpfe) × Stufen) = P',
    ]);
    const most = (language: Language, n: number) => tr(language, 'fix.maxConcurrency', { context: '65,536', n: countIn(hardwareMessages, language, 'sequences', n) });
    expect([most('en', 1), most('en', 64)]).toEqual(['At 65,536 tokens of context at most 1 sequence fit.', 'At 65,536 tokens of context at most 64 sequences fit.']);
  });

  it('pilot: cost basis, warnings, incident summary and filled fields', () => {
    type PilotKey = keyof (typeof pilotMessages)['en'];
    const tr = (language: Language, key: PilotKey, params: Params) => translate(pilotMessages, language, key, params);
    expect([countIn(pilotMessages, 'en', 'days', 1), countIn(pilotMessages, 'en', 'days', 2), countIn(pilotMessages, 'de', 'days', 1), countIn(pilotMessages, 'de', 'days', 2)]).toEqual(['1 day', '2 days', '1 Tag', '2 Tage']);
    expect([countIn(pilotMessages, 'en', 'incidents', 1), countIn(pilotMessages, 'en', 'incidents', 2), countIn(pilotMessages, 'de', 'incidents', 1), countIn(pilotMessages, 'de', 'incidents', 2)]).toEqual(['1 incident', '2 incidents', '1 Vorfall', '2 Vorfälle']);
    expect([countIn(pilotMessages, 'en', 'tasks', 1), countIn(pilotMessages, 'en', 'tasks', 2), countIn(pilotMessages, 'de', 'tasks', 1), countIn(pilotMessages, 'de', 'tasks', 2)]).toEqual(['1 task', '2 tasks', '1 Aufgabe', '2 Aufgaben']);

    const basis = (language: Language, days: number) => tr(language, 'costBasis', { days: countIn(pilotMessages, language, 'days', days), bill: 'B', staff: 'S', hours: '5', rate: 'R' });
    expect(basis('en', 1)).toBe('1 day · bills B + staff S (5 h at R/h)');
    expect(basis('en', 2)).toBe('2 days · bills B + staff S (5 h at R/h)');
    expect(basis('de', 1)).toBe('1 Tag · Kosten B + Personal S (5 h zu R/h)');
    expect(basis('de', 2)).toBe('2 Tage · Kosten B + Personal S (5 h zu R/h)');

    const list = (language: Language, days: number[]) => formatList(language, days.map(String));
    const missing = (language: Language, days: number[]) => say(pilotMessages, language, 'warn.days-missing', days.length, { side: 'API', days: list(language, days) });
    expect(missing('en', [3])).toBe('API: no evidence for day 3.');
    expect(missing('en', [3, 5])).toBe('API: no evidence for days 3 and 5.');
    expect(missing('de', [3])).toBe('API: keine Belege für Tag 3.');
    expect(missing('de', [3, 5])).toBe('API: keine Belege für Tage 3 und 5.');

    const costs = (language: Language, days: number[]) => say(pilotMessages, language, 'warn.costs-skipped', days.length, { side: 'API', days: list(language, days) });
    expect(costs('en', [2])).toBe('API: day 2 has accepted tasks but no bill (enter it, or log tokens for the API side).');
    expect(costs('en', [2, 4, 6])).toBe('API: days 2, 4, and 6 have accepted tasks but no bill (enter it, or log tokens for the API side).');
    expect(costs('de', [2])).toBe('API: Tag 2 hat akzeptierte Aufgaben, aber keine Kosten (eintragen oder bei der API Token erfassen).');
    expect(costs('de', [2, 4])).toBe('API: Tage 2 und 4 haben akzeptierte Aufgaben, aber keine Kosten (eintragen oder bei der API Token erfassen).');

    const summary = (language: Language, incidents: number, tasks: number) => tr(language, 'incidentSummary', { incidents: countIn(pilotMessages, language, 'incidents', incidents), ooh: 0, minutes: '30', tasks: countIn(pilotMessages, language, 'tasks', tasks) });
    expect(summary('en', 1, 1)).toBe('1 incident · 0 out of hours · 30 min to recover · 1 task affected');
    expect(summary('en', 2, 2)).toBe('2 incidents · 0 out of hours · 30 min to recover · 2 tasks affected');
    expect(summary('de', 1, 1)).toBe('1 Vorfall · 0 außerhalb der Arbeitszeit · 30 min Wiederherstellung · 1 Aufgabe betroffen');
    expect(summary('de', 2, 2)).toBe('2 Vorfälle · 0 außerhalb der Arbeitszeit · 30 min Wiederherstellung · 2 Aufgaben betroffen');

    const p = (count: number) => ({ count, day: 2, label: 'run.jsonl' });
    expect(say(pilotMessages, 'en', 'evidenceApplied', 1, p(1))).toBe('Filled 1 field of day 2 from “run.jsonl”.');
    expect(say(pilotMessages, 'en', 'evidenceApplied', 2, p(2))).toBe('Filled 2 fields of day 2 from “run.jsonl”.');
    expect(say(pilotMessages, 'de', 'evidenceApplied', 1, p(1))).toBe('1 Feld von Tag 2 aus „run.jsonl“ gefüllt.');
    expect(say(pilotMessages, 'de', 'evidenceApplied', 2, p(2))).toBe('2 Felder von Tag 2 aus „run.jsonl“ gefüllt.');
  });

  it('shell: catalogue values applied to a link', () => {
    expect(say(shellMessages, 'en', 'drift.applied', 1, { count: 1 })).toBe('Today\'s catalog values are in use for 1 figure:');
    expect(say(shellMessages, 'en', 'drift.applied', 2, { count: 2 })).toBe('Today\'s catalog values are in use for 2 figures:');
    expect(say(shellMessages, 'de', 'drift.applied', 1, { count: 1 })).toBe('Für 1 Wert gilt jetzt der heutige Katalogwert:');
    expect(say(shellMessages, 'de', 'drift.applied', 2, { count: 2 })).toBe('Für 2 Werte gelten jetzt die heutigen Katalogwerte:');
  });
});
