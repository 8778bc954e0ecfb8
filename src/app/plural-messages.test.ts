import { describe, expect, it } from 'vitest';
import type { Language } from '../core/scenario/schema';
import { benchmarksMessages } from '../features/benchmarks/messages';
import { pilotMessages } from '../features/pilot/messages';
import { reportMessages } from '../features/report/messages';
import { tcoMessages } from '../features/tco/messages';
import { translate, type Messages, type Params } from '../lib/i18n/define';
import { plural } from '../lib/i18n/plural';
import { libraryMessages } from './library-messages';

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

  it('report: the hybrid decision sentence', () => {
    const p = (k: number) => ({ k, selfShare: '60 %', hybrid: 'H', api: 'A' });
    expect(say(reportMessages, 'en', 'verdict.hybrid', 1, p(1))).toBe('Run both: 1 own replica serves 60 % of the work and the API takes the peaks, H a month against A for the API alone.');
    expect(say(reportMessages, 'en', 'verdict.hybrid', 2, p(2))).toBe('Run both: 2 own replicas serve 60 % of the work and the API takes the peaks, H a month against A for the API alone.');
    expect(say(reportMessages, 'de', 'verdict.hybrid', 1, p(1))).toBe('Beides betreiben: 1 eigenes Replikat bedient 60 % der Arbeit, die API übernimmt die Spitzen; H im Monat gegenüber A nur mit API.');
    expect(say(reportMessages, 'de', 'verdict.hybrid', 2, p(2))).toBe('Beides betreiben: 2 eigene Replikate bedienen 60 % der Arbeit, die API übernimmt die Spitzen; H im Monat gegenüber A nur mit API.');
  });

  it('TCO: verdict, rate-limit minimum, KPI sub-line and chart summary', () => {
    const v = (k: number) => ({ k, gpus: 8, selfShare: '60 %', hybrid: 'H', api: 'A', saving: 'S', share: '10 %' });
    expect(say(tcoMessages, 'en', 'verdict.hybrid', 1, v(1))).toBe('Run both: 1 owned replica of 8 GPUs serves 60 % of the tokens and the API takes the peaks. Together H a month against A for the API alone: S (10 %) less.');
    expect(say(tcoMessages, 'en', 'verdict.hybrid', 2, v(2))).toBe('Run both: 2 owned replicas of 8 GPUs serve 60 % of the tokens and the API takes the peaks. Together H a month against A for the API alone: S (10 %) less.');
    expect(say(tcoMessages, 'de', 'verdict.hybrid', 1, v(1))).toBe('Beides betreiben: 1 eigenes Replikat mit 8 GPUs bedient 60 % der Tokens, die API fängt die Spitzen ab. Zusammen H im Monat gegenüber A nur mit API: S (10 %) weniger.');
    expect(say(tcoMessages, 'de', 'verdict.hybrid', 2, v(2))).toBe('Beides betreiben: 2 eigene Replikate mit je 8 GPUs bedienen 60 % der Tokens, die API fängt die Spitzen ab. Zusammen H im Monat gegenüber A nur mit API: S (10 %) weniger.');

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
});
