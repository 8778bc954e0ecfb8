import { describe, expect, it } from 'vitest';
import type { Language } from '../core/scenario/schema';
import { evaluateTco, type TcoEvaluation } from '../core/tco/evaluate';
import type { RateSide } from '../core/tco/rate-limits';
import { benchmarksMessages, type BenchKey } from '../features/benchmarks/messages';
import { engineLogMessages } from '../features/hardware/engine-log-card';
import { hardwareMessages } from '../features/hardware/messages';
import { pilotMessages } from '../features/pilot/messages';
import { chartMessages } from '../features/tco/charts/chart-messages';
import { tcoMessages, type TcoT } from '../features/tco/messages';
import { rateLimitSentences, verdictSentence } from '../features/tco/verdict';
import { usageMessages } from '../features/usage/messages';
import { makeFmt } from '../lib/format/fmt';
import { countIn } from '../lib/i18n/count';
import { translate, type Messages, type Params } from '../lib/i18n/define';
import { formatList } from '../core/text/plural';
import { registeredCatalogues } from '../lib/i18n/registry';
import { plainScenario } from '../testing/test-scenarios';
import { libraryMessages } from './library-messages';
import { shellMessages } from './messages';

/**
 * Texts with a count read right at 1 and at 2, in both languages. Where the pages say them
 * through a function, that function is called: `countIn` for a count with its noun, and the
 * TCO page's verdict and rate-limit sentences, whose form follows the owned replicas. A
 * sentence whose form a component picks inline has no function to call from here: its two
 * entries are read by name, each at a count it is for, and every `.one` entry has its
 * `.other` (so the language's plural rule always finds the form it asks for). Expected texts
 * are written out by hand.
 */

const FX = { EUR: 0.92, CNY: 7.1, checked: '2026-01-01' };
const tcoT =
  (language: Language): TcoT =>
  (key, params) =>
    translate(tcoMessages, language, key, params);

/** One entry of a catalogue, by its full key. */
function entry<K extends string>(messages: Messages<K>, language: Language, key: K, params: Params): string {
  return translate(messages, language, key, params);
}

describe('every counted entry has both forms', () => {
  it('in every catalogue loaded here, each .one entry has its .other, in English and German', () => {
    const unpaired: string[] = [];
    for (const [name, catalogue] of registeredCatalogues()) {
      for (const language of ['en', 'de'] as const) {
        const keys = new Set(Object.keys(catalogue[language]));
        for (const key of keys) {
          // Only this way round: an `.other` alone is a choice named "other" (an incident's cause).
          const twin = `${key.slice(0, -'.one'.length)}.other`;
          if (key.endsWith('.one') && !keys.has(twin)) unpaired.push(`${name} ${language}: ${key} without ${twin}`);
        }
      }
    }
    expect(unpaired).toEqual([]);
    // The loaded catalogues include those of this file (a registry emptied by a refactor would pass above).
    expect(registeredCatalogues().has('hardware-engine-log')).toBe(true);
  });
});

describe('a count with its noun (countIn)', () => {
  const both = <K extends string>(messages: Messages<K>, noun: Parameters<typeof countIn<K>>[2]) => [
    countIn(messages, 'en', noun, 1),
    countIn(messages, 'en', noun, 2),
    countIn(messages, 'de', noun, 1),
    countIn(messages, 'de', noun, 2),
  ];

  it("benchmarks: runs, rows, files; thousands grouped in the reader's way", () => {
    expect(both(benchmarksMessages, 'runs')).toEqual(['1 run', '2 runs', '1 Lauf', '2 Läufe']);
    expect(both(benchmarksMessages, 'rows')).toEqual(['1 row', '2 rows', '1 Zeile', '2 Zeilen']);
    expect(both(benchmarksMessages, 'files')).toEqual(['1 file', '2 files', '1 Datei', '2 Dateien']);
    expect(countIn(benchmarksMessages, 'en', 'rows', 1200)).toBe('1,200 rows');
    expect(countIn(benchmarksMessages, 'de', 'rows', 1200)).toBe('1.200 Zeilen');
  });

  it('hardware: stages, nodes, GPUs, sequences', () => {
    expect(both(hardwareMessages, 'stages')).toEqual(['1 stage', '2 stages', '1 Stufe', '2 Stufen']);
    expect(both(hardwareMessages, 'nodes')).toEqual(['1 node', '2 nodes', '1 Knoten', '2 Knoten']);
    expect(both(hardwareMessages, 'gpus')).toEqual(['1 GPU', '2 GPUs', '1 GPU', '2 GPUs']);
    expect(both(hardwareMessages, 'sequences')).toEqual(['1 sequence', '2 sequences', '1 Sequenz', '2 Sequenzen']);
  });

  it('engine log: tokens and ranks ("Token" is the same in both German forms)', () => {
    expect(both(engineLogMessages, 'tokens')).toEqual(['1 token', '2 tokens', '1 Token', '2 Token']);
    expect(countIn(engineLogMessages, 'en', 'tokens', 131_072)).toBe('131,072 tokens');
    expect(countIn(engineLogMessages, 'de', 'tokens', 131_072)).toBe('131.072 Token');
    expect(both(engineLogMessages, 'ranks')).toEqual([
      'one process',
      "2 TP ranks (the first rank's lines)",
      'einem Prozess',
      '2 TP-Rängen (die Zeilen des ersten Rangs)',
    ]);
  });

  it('pilot: days, incidents, tasks', () => {
    expect(both(pilotMessages, 'days')).toEqual(['1 day', '2 days', '1 Tag', '2 Tage']);
    expect(both(pilotMessages, 'incidents')).toEqual(['1 incident', '2 incidents', '1 Vorfall', '2 Vorfälle']);
    expect(both(pilotMessages, 'tasks')).toEqual(['1 task', '2 tasks', '1 Aufgabe', '2 Aufgaben']);
  });

  it('usage: rows and files', () => {
    expect(both(usageMessages, 'rows')).toEqual(['1 row', '2 rows', '1 Zeile', '2 Zeilen']);
    expect(both(usageMessages, 'files')).toEqual(['1 file', '2 files', '1 Datei', '2 Dateien']);
  });
});

describe('sentences that carry a counted noun', () => {
  it('benchmarks: imported, skipped and selected runs', () => {
    const tr = (key: BenchKey, params: Params, language: Language) => translate(benchmarksMessages, language, key, params);
    const runs = (language: Language, n: number) => countIn(benchmarksMessages, language, 'runs', n);
    const rows = (language: Language, n: number) => countIn(benchmarksMessages, language, 'rows', n);
    const files = (language: Language, n: number) => countIn(benchmarksMessages, language, 'files', n);
    const saved = (language: Language, n: number) => tr('result.saved', { name: 'a.json', runs: runs(language, n), format: 'vllm' }, language);
    expect([saved('en', 1), saved('en', 2), saved('de', 1), saved('de', 2)]).toEqual([
      'a.json: 1 run imported (vllm).',
      'a.json: 2 runs imported (vllm).',
      'a.json: 1 Lauf importiert (vllm).',
      'a.json: 2 Läufe importiert (vllm).',
    ]);
    const partial = (language: Language, n: number, skipped: number) =>
      tr('result.partial', { name: 'a.csv', runs: runs(language, n), format: 'csv', skipped: rows(language, skipped) }, language);
    expect([partial('en', 1, 2), partial('de', 2, 1)]).toEqual([
      'a.csv: 1 run imported (csv); 2 rows skipped.',
      'a.csv: 2 Läufe importiert (csv); 1 Zeile übersprungen.',
    ]);
    const count = (language: Language, r: number, f: number) => tr('runs.count', { runs: runs(language, r), files: files(language, f) }, language);
    expect([count('en', 1, 1), count('en', 2, 2), count('de', 1, 1), count('de', 2, 2)]).toEqual([
      '1 run from 1 file',
      '2 runs from 2 files',
      '1 Lauf aus 1 Datei',
      '2 Läufe aus 2 Dateien',
    ]);
    const selected = (language: Language, n: number) => tr('cmp.selected', { runs: runs(language, n) }, language);
    expect([selected('en', 1), selected('en', 2), selected('de', 1), selected('de', 2)]).toEqual([
      '1 run selected',
      '2 runs selected',
      '1 Lauf gewählt',
      '2 Läufe gewählt',
    ]);
    const skipped = (language: Language, n: number) => tr('files.skipped', { rows: rows(language, n) }, language);
    expect([skipped('en', 1), skipped('en', 2), skipped('de', 1), skipped('de', 2)]).toEqual([
      '1 row skipped',
      '2 rows skipped',
      '1 Zeile übersprungen',
      '2 Zeilen übersprungen',
    ]);
  });

  it('hardware: the smallest count that fits, and the MLA and DP-attention rules', () => {
    type HwKey = keyof (typeof hardwareMessages)['en'];
    const tr = (language: Language, key: HwKey, params: Params) => translate(hardwareMessages, language, key, params);
    const n = (language: Language, noun: 'gpus' | 'nodes' | 'stages' | 'sequences', k: number) => countIn(hardwareMessages, language, noun, k);
    const fix = (language: Language, gpus: number, nodes: number, pp: number) =>
      tr(language, 'fix.minGpus', { gpus: n(language, 'gpus', gpus), nodes: n(language, 'nodes', nodes), tp: 8, stages: n(language, 'stages', pp) });
    expect(fix('en', 8, 1, 1)).toBe('Smallest count of this GPU that fits: 8 GPUs in 1 node (TP 8 × 1 stage).');
    expect(fix('en', 16, 2, 2)).toBe('Smallest count of this GPU that fits: 16 GPUs in 2 nodes (TP 8 × 2 stages).');
    expect(fix('de', 8, 1, 1)).toBe('Kleinste passende Zahl dieser GPU: 8 GPUs in 1 Knoten (TP 8 × 1 Stufe).');
    expect(fix('de', 16, 2, 2)).toBe('Kleinste passende Zahl dieser GPU: 16 GPUs in 2 Knoten (TP 8 × 2 Stufen).');
    const mla = (language: Language, pp: number) =>
      tr(language, 'rule.mla-replicated', { seqs: n(language, 'sequences', 4), stages: n(language, 'stages', pp), perGpu: 'P' });
    expect([mla('en', 1), mla('de', 2)]).toEqual([
      '× 4 sequences ÷ 1 stage, full copy on every TP rank = P',
      '× 4 Sequenzen ÷ 2 Stufen, volle Kopie auf jedem TP-Rang = P',
    ]);
    // ⌈12 ÷ 8⌉ = 2 sequences on the busiest rank.
    const dp = (language: Language, pp: number) =>
      tr(language, 'rule.dp-attention', { total: 12, dp: 8, seqs: n(language, 'sequences', 2), stages: n(language, 'stages', pp), perGpu: 'P' });
    expect([dp('en', 1), dp('de', 2)]).toEqual([
      '× ⌈12 ÷ 8⌉ = 2 sequences on the busiest rank ÷ 1 stage = P',
      '× ⌈12 ÷ 8⌉ = 2 Sequenzen auf dem vollsten Rang ÷ 2 Stufen = P',
    ]);
    const room = (language: Language, seqs: number) =>
      tr(language, 'vendorRoom', {
        gpu: 'H100',
        context: '4096',
        seqs: n(language, 'sequences', seqs),
        weights: 'W',
        kv: 'K',
        room: 'R',
        roomGib: 'G',
        budget: 'B',
      });
    expect(room('en', 1)).toBe(
      'Checked on H100 at 4096 tokens and 1 sequence: weights W + KV cache K leave R (G) of the B budget for activations and runtime overhead together.',
    );
    expect(room('de', 2)).toBe(
      'Geprüft auf H100 mit 4096 Token und 2 Sequenzen: Gewichte W + KV-Cache K lassen vom Budget (B) R (G) für Aktivierungen und Laufzeit-Overhead zusammen.',
    );
    const split = (language: Language, pp: number) =>
      tr(language, 'weights.splitDp', { total: 'T', attention: 'A', gpus: 8, stages: n(language, 'stages', pp), perGpu: 'P' });
    expect([split('en', 1), split('de', 2)]).toEqual([
      '(T − A attention) ÷ 8 GPUs + A ÷ 1 stage, replicated on every DP-attention rank = P',
      '(T − A Attention) ÷ 8 GPUs + A ÷ 2 Stufen, auf jedem DP-Attention-Rang repliziert = P',
    ]);
    const most = (language: Language, k: number) => tr(language, 'fix.maxConcurrency', { context: '65,536', n: n(language, 'sequences', k) });
    expect([most('en', 1), most('en', 64)]).toEqual([
      'At 65,536 tokens of context at most 1 sequence fit.',
      'At 65,536 tokens of context at most 64 sequences fit.',
    ]);
    // One sequence per GPU (gpt-oss-120b on one H100): "× 1 sequence", not "× 1 sequences".
    const tp = (language: Language, seqs: number) => tr(language, 'rule.tp-heads', { seqs: n(language, 'sequences', seqs), split: 1, perGpu: 'P' });
    expect([tp('en', 1), tp('de', 1)]).toEqual(['× 1 sequence ÷ 1 (min(TP, KV heads) × stages) = P', '× 1 Sequenz ÷ 1 (min(TP, KV-Köpfe) × Stufen) = P']);
  });

  it('pilot: cost basis and incident summary', () => {
    type PilotKey = keyof (typeof pilotMessages)['en'];
    const tr = (language: Language, key: PilotKey, params: Params) => translate(pilotMessages, language, key, params);
    const basis = (language: Language, days: number) =>
      tr(language, 'costBasis', { days: countIn(pilotMessages, language, 'days', days), bill: 'B', staff: 'S', hours: '5', rate: 'R' });
    expect([basis('en', 1), basis('de', 2)]).toEqual(['1 day · bills B + staff S (5 h at R/h)', '2 Tage · Kosten B + Personal S (5 h zu R/h)']);
    const summary = (language: Language, incidents: number, tasks: number) =>
      tr(language, 'incidentSummary', {
        incidents: countIn(pilotMessages, language, 'incidents', incidents),
        ooh: 0,
        minutes: '30',
        tasks: countIn(pilotMessages, language, 'tasks', tasks),
      });
    expect(summary('en', 1, 1)).toBe('1 incident · 0 out of hours · 30 min to recover · 1 task affected');
    expect(summary('de', 2, 2)).toBe('2 Vorfälle · 0 außerhalb der Arbeitszeit · 30 min Wiederherstellung · 2 Aufgaben betroffen');
  });
});

describe('the TCO sentences whose form follows the owned replicas (verdictSentence, rateLimitSentences)', () => {
  // A real evaluation (one replica of 8 GPUs), told that the hybrid won with k owned replicas
  // serving 60 % of the tokens: the sentence's grammar follows k, the figures are the evaluation's.
  const base = evaluateTco(plainScenario());
  const hybridWith = (k: number): TcoEvaluation => ({
    ...base,
    verdict: { ...base.verdict, case: 'hybrid', closeCall: false },
    hybrid: { ...base.hybrid, replicas: k, selfShare: 0.6 },
  });
  const verdict = (language: Language, k: number) => verdictSentence(hybridWith(k), plainScenario(), makeFmt(language, 'USD', FX), tcoT(language));

  it('the verdict of a hybrid', () => {
    expect(verdict('en', 1)).toMatch(/^Run both: 1 owned replica of 8 GPUs \(.+\) serves 60\s?% of the tokens and the API \(.+\) takes the peaks\./);
    expect(verdict('en', 2)).toMatch(/^Run both: 2 owned replicas of 8 GPUs \(.+\) serve 60\s?% of the tokens and the API \(.+\) takes the peaks\./);
    expect(verdict('de', 1)).toMatch(
      /^Beides betreiben: 1 eigenes Replikat mit 8 GPUs \(.+\) bedient 60\s?% der Tokens, die API \(.+\) fängt die Spitzen ab\./,
    );
    expect(verdict('de', 2)).toMatch(
      /^Beides betreiben: 2 eigene Replikate mit je 8 GPUs \(.+\) bedienen 60\s?% der Tokens, die API \(.+\) fängt die Spitzen ab\./,
    );
  });

  it('the fewest owned replicas that keep the overflow within the rate limits', () => {
    // 200 requests a minute against a limit of 100, for the API alone and for the hybrid's
    // overflow; the hybrids with k or more owned replicas cost $3,000 and $2,000 a month.
    const over: RateSide = {
      requests: { peakPerMinute: 200, limit: 100, exceeds: true },
      tokens: { peakPerMinute: null, limit: null, exceeds: false },
      exceeds: true,
    };
    const limited = (k: number): TcoEvaluation => ({
      ...base,
      rateLimits: { limited: true, api: over, hybrid: over, hybridReplicasWithinLimits: k },
      hybrid: {
        ...base.hybrid,
        replicas: 1,
        byReplicas: [
          { replicas: 1, totalUsd: 3000, selfShare: 0.5 },
          { replicas: 2, totalUsd: 2000, selfShare: 0.8 },
        ],
      },
    });
    const text = (language: Language, k: number) => rateLimitSentences(limited(k), makeFmt(language, 'USD', FX), tcoT(language))?.text ?? '';
    expect(text('en', 1)).toContain('With 1 or more owned replicas the overflow stays within the limits; the cheapest such hybrid costs $2,000 a month.');
    expect(text('en', 2)).toContain('With 2 or more owned replicas the overflow stays within the limits; the cheapest such hybrid costs $2,000 a month.');
    expect(text('de', 1)).toMatch(/Ab 1 eigenen Replikat bleibt der Überlauf innerhalb der Limits; der günstigste solche Hybrid kostet 2\.000\s?\$ im Monat\./);
    expect(text('de', 2)).toMatch(
      /Ab 2 eigenen Replikaten bleibt der Überlauf innerhalb der Limits; der günstigste solche Hybrid kostet 2\.000\s?\$ im Monat\./,
    );
  });
});

describe('entries whose form a component picks inline, each read at a count it is for', () => {
  it('library and benchmarks: stored records set aside', () => {
    expect(entry(libraryMessages, 'en', 'quarantined.one', { count: 1, reasons: 'x' })).toBe('1 saved record could not be read and was set aside: x');
    expect(entry(libraryMessages, 'en', 'quarantined.other', { count: 2, reasons: 'x' })).toBe('2 saved records could not be read and were set aside: x');
    expect(entry(libraryMessages, 'de', 'quarantined.one', { count: 1, reasons: 'x' })).toBe(
      '1 gespeicherter Eintrag war nicht lesbar und wurde beiseitegelegt: x',
    );
    expect(entry(libraryMessages, 'de', 'quarantined.other', { count: 2, reasons: 'x' })).toBe(
      '2 gespeicherte Einträge waren nicht lesbar und wurden beiseitegelegt: x',
    );
    expect(entry(benchmarksMessages, 'en', 'files.quarantined.one', { n: 1, reasons: 'x' })).toBe('1 stored entry could not be read and was set aside: x');
    expect(entry(benchmarksMessages, 'en', 'files.quarantined.other', { n: 2, reasons: 'x' })).toBe('2 stored entries could not be read and were set aside: x');
    expect(entry(benchmarksMessages, 'de', 'files.quarantined.one', { n: 1, reasons: 'x' })).toBe(
      '1 gespeicherter Eintrag konnte nicht gelesen werden und wurde beiseitegelegt: x',
    );
    expect(entry(benchmarksMessages, 'de', 'files.quarantined.other', { n: 2, reasons: 'x' })).toBe(
      '2 gespeicherte Einträge konnten nicht gelesen werden und wurden beiseitegelegt: x',
    );
  });

  it('benchmarks: runs without a value on the load axis', () => {
    expect(entry(benchmarksMessages, 'en', 'chart.load.unplaced.one', { n: 1 })).toBe('1 run has no value on this axis and is not drawn.');
    expect(entry(benchmarksMessages, 'en', 'chart.load.unplaced.other', { n: 2 })).toBe('2 runs have no value on this axis and are not drawn.');
    expect(entry(benchmarksMessages, 'de', 'chart.load.unplaced.one', { n: 1 })).toBe('1 Lauf ohne Wert auf dieser Achse wird nicht gezeichnet.');
    expect(entry(benchmarksMessages, 'de', 'chart.load.unplaced.other', { n: 2 })).toBe('2 Läufe ohne Wert auf dieser Achse werden nicht gezeichnet.');
  });

  it('TCO: KPI sub-line and chart summary of the hybrid', () => {
    expect(entry(tcoMessages, 'en', 'kpi.hybridSub.one', { k: 1, share: '60 %', perTask: 'P' })).toBe('1 owned replica serves 60 % · per accepted task: P');
    expect(entry(tcoMessages, 'en', 'kpi.hybridSub.other', { k: 2, share: '60 %', perTask: 'P' })).toBe('2 owned replicas serve 60 % · per accepted task: P');
    expect(entry(tcoMessages, 'de', 'kpi.hybridSub.one', { k: 1, share: '60 %', perTask: 'P' })).toBe(
      '1 eigenes Replikat bedient 60 % · je akzeptierter Aufgabe: P',
    );
    expect(entry(tcoMessages, 'de', 'kpi.hybridSub.other', { k: 2, share: '60 %', perTask: 'P' })).toBe(
      '2 eigene Replikate bedienen 60 % · je akzeptierter Aufgabe: P',
    );
    const c = (n: number) => ({ replicas: n, self: '60 %', api: '40 %' });
    expect(entry(chartMessages, 'en', 'chart.hybridAria.one', c(1))).toBe('1 owned replica serves 60 % of the demand; 40 % overflows to the API.');
    expect(entry(chartMessages, 'en', 'chart.hybridAria.other', c(2))).toBe('2 owned replicas serve 60 % of the demand; 40 % overflows to the API.');
    expect(entry(chartMessages, 'de', 'chart.hybridAria.one', c(1))).toBe('1 eigenes Replikat bedient 60 % der Last; 40 % gehen an die API.');
    expect(entry(chartMessages, 'de', 'chart.hybridAria.other', c(2))).toBe('2 eigene Replikate bedienen 60 % der Last; 40 % gehen an die API.');
  });

  it('hardware: the TP help', () => {
    const gpus = (language: Language, n: number) => countIn(hardwareMessages, language, 'gpus', n);
    expect(entry(hardwareMessages, 'en', 'tpHelp.one', { stages: 1, gpus: gpus('en', 8) })).toBe('1 pipeline stage of 8 GPUs');
    expect(entry(hardwareMessages, 'en', 'tpHelp.other', { stages: 2, gpus: gpus('en', 4) })).toBe('2 pipeline stages of 4 GPUs each');
    expect(entry(hardwareMessages, 'en', 'tpHelp.other', { stages: 2, gpus: gpus('en', 1) })).toBe('2 pipeline stages of 1 GPU each');
    expect(entry(hardwareMessages, 'de', 'tpHelp.one', { stages: 1, gpus: gpus('de', 8) })).toBe('1 Pipeline-Stufe mit 8 GPUs');
    expect(entry(hardwareMessages, 'de', 'tpHelp.other', { stages: 2, gpus: gpus('de', 4) })).toBe('2 Pipeline-Stufen mit je 4 GPUs');
  });

  it('pilot: open compatibility checks, days without evidence or bill, filled fields', () => {
    expect(entry(pilotMessages, 'en', 'flip.compatibilityOpen.one', { count: 1 })).toBe('Test the 1 open day-1 compatibility check; it may not fail');
    expect(entry(pilotMessages, 'en', 'flip.compatibilityOpen.other', { count: 2 })).toBe('Test the 2 open day-1 compatibility checks; none may fail');
    expect(entry(pilotMessages, 'de', 'flip.compatibilityOpen.one', { count: 1 })).toBe(
      'Die 1 offene Kompatibilitätsprüfung von Tag 1 testen; sie darf nicht fehlschlagen',
    );
    expect(entry(pilotMessages, 'de', 'flip.compatibilityOpen.other', { count: 2 })).toBe(
      'Die 2 offenen Kompatibilitätsprüfungen von Tag 1 testen; keine darf fehlschlagen',
    );
    const days = (language: Language, list: number[]) => formatList(language, list.map(String));
    expect(entry(pilotMessages, 'en', 'warn.days-missing.one', { side: 'API', days: days('en', [3]) })).toBe('API: no evidence for day 3.');
    expect(entry(pilotMessages, 'en', 'warn.days-missing.other', { side: 'API', days: days('en', [3, 5]) })).toBe('API: no evidence for days 3 and 5.');
    expect(entry(pilotMessages, 'de', 'warn.days-missing.one', { side: 'API', days: days('de', [3]) })).toBe('API: keine Belege für Tag 3.');
    expect(entry(pilotMessages, 'de', 'warn.days-missing.other', { side: 'API', days: days('de', [3, 5]) })).toBe('API: keine Belege für Tage 3 und 5.');
    expect(entry(pilotMessages, 'en', 'warn.costs-skipped.one', { side: 'API', days: days('en', [2]) })).toBe(
      'API: day 2 has accepted tasks but no bill (enter it, or log tokens for the API side).',
    );
    expect(entry(pilotMessages, 'en', 'warn.costs-skipped.other', { side: 'API', days: days('en', [2, 4, 6]) })).toBe(
      'API: days 2, 4, and 6 have accepted tasks but no bill (enter it, or log tokens for the API side).',
    );
    expect(entry(pilotMessages, 'de', 'warn.costs-skipped.one', { side: 'API', days: days('de', [2]) })).toBe(
      'API: Tag 2 hat akzeptierte Aufgaben, aber keine Kosten (eintragen oder bei der API Token erfassen).',
    );
    expect(entry(pilotMessages, 'de', 'warn.costs-skipped.other', { side: 'API', days: days('de', [2, 4]) })).toBe(
      'API: Tage 2 und 4 haben akzeptierte Aufgaben, aber keine Kosten (eintragen oder bei der API Token erfassen).',
    );
    const p = (count: number) => ({ count, day: 2, label: 'run.jsonl' });
    expect(entry(pilotMessages, 'en', 'evidenceApplied.one', p(1))).toBe('Filled 1 field of day 2 from “run.jsonl”.');
    expect(entry(pilotMessages, 'en', 'evidenceApplied.other', p(2))).toBe('Filled 2 fields of day 2 from “run.jsonl”.');
    expect(entry(pilotMessages, 'de', 'evidenceApplied.one', p(1))).toBe('1 Feld von Tag 2 aus „run.jsonl“ gefüllt.');
    expect(entry(pilotMessages, 'de', 'evidenceApplied.other', p(2))).toBe('2 Felder von Tag 2 aus „run.jsonl“ gefüllt.');
  });

  it('shell: catalogue values applied to a link', () => {
    expect(entry(shellMessages, 'en', 'drift.applied.one', { count: 1 })).toBe("Today's catalog values are in use for 1 figure:");
    expect(entry(shellMessages, 'en', 'drift.applied.other', { count: 2 })).toBe("Today's catalog values are in use for 2 figures:");
    expect(entry(shellMessages, 'de', 'drift.applied.one', { count: 1 })).toBe('Für 1 Wert gilt jetzt der heutige Katalogwert:');
    expect(entry(shellMessages, 'de', 'drift.applied.other', { count: 2 })).toBe('Für 2 Werte gelten jetzt die heutigen Katalogwerte:');
  });
});
