import { describe, expect, it } from 'vitest';
import type { SeriesNote } from '../core/capacity/series';
import type { Language } from '../core/scenario/schema';
import { translate } from '../lib/i18n/define';
import { seriesNotesMessages, type SeriesNotesKey } from './series-notes-messages';
import { seriesNoteText } from './series-notes-text';

const t = (language: Language) => (key: SeriesNotesKey, params?: Readonly<Record<string, string | number>>) =>
  translate(seriesNotesMessages, language, key, params);

// The notes of the realistic inference-perf folder (series-grouping.test.ts): the KubeCon demo's
// summary of 38,717 requests, a copy of stage 5, and stage 7 at 213.77 requests/s where all
// 12,826 requests failed; and the vLLM + EAGLE folder split from the vLLM one.
const NOTES: SeriesNote[] = [
  { code: 'aggregate-kept-out', file: 'results/summary_lifecycle_metrics.json', tool: 'inference-perf', requests: 38_717, stageRequests: 38_717, repeats: [] },
  { code: 'duplicate-file', file: 'results/copy of stage_5_lifecycle_metrics.json', of: 'results/stage_5_lifecycle_metrics.json' },
  { code: 'failed-load-kept', file: 'results/stage_7_lifecycle_metrics.json', load: 213.77, failed: 12_826 },
  { code: 'split-by-directory', directory: 'vllm/results', others: ['vllm+eagle/results'] },
];

describe('capacity series notes in words', () => {
  it('English', () => {
    expect(NOTES.map((n) => seriesNoteText(t('en'), 'en', n, 'rate'))).toEqual([
      'results/summary_lifecycle_metrics.json is inference-perf’s aggregate of all stages (38,717 requests; the stages beside it: 38,717). Kept out: it has no load of its own and would stand in for the top stage.',
      'results/copy of stage_5_lifecycle_metrics.json has the same content as results/stage_5_lifecycle_metrics.json: skipped.',
      'results/stage_7_lifecycle_metrics.json: every request failed (12,826) at 214 requests/s. Its request lengths are unknown; it stays in the sweep as a failing point, so the sweep counts as measured up to this load.',
      'Measured in vllm/results. The same configuration in vllm+eagle/results is another deployment (the same load measured again, or a sweep of its own): split by folder.',
    ]);
  });

  it('German', () => {
    expect(seriesNoteText(t('de'), 'de', NOTES[2] as SeriesNote, 'rate')).toBe(
      'results/stage_7_lifecycle_metrics.json: Alle Anfragen sind fehlgeschlagen (12.826) bei 214 Anfragen/s. Ihre Anfragelängen sind unbekannt; sie bleibt als verfehlender Punkt in der Reihe, die Reihe gilt also bis zu dieser Last als gemessen.',
    );
    expect(
      seriesNoteText(
        t('de'),
        'de',
        { code: 'duplicate-load', load: 2, loadKind: 'concurrency', kept: { file: 'summary.json', index: 0 }, dropped: [{ file: 'summary.json', index: 1 }] },
        'concurrency',
      ),
    ).toBe('Nebenläufigkeit 2 wurde 2-mal gemessen: Der schlechtere Punkt (summary.json Nr. 1) bleibt, summary.json Nr. 2 ausgelassen.');
  });
});
