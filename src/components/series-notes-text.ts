import type { LoadKind, RunRef, SeriesNote } from '../core/capacity/series';
import type { Language } from '../core/scenario/schema';
import { formatInteger, formatNumber } from '../lib/format/format';
import { formatList } from '../core/text/plural';
import type { SeriesNotesT } from './series-notes-messages';

/** Words for the capacity series' notes (data from `core/capacity/series.ts`), in the page's language. */

function loadFigure(language: Language, v: number): string {
  const a = Math.abs(v);
  return formatNumber(language, v, a >= 100 ? 0 : a >= 10 ? 1 : 2);
}

export function seriesLoadText(t: SeriesNotesT, language: Language, kind: LoadKind, load: number | null): string {
  if (load === null) return t('load.max');
  return t(kind === 'concurrency' ? 'load.concurrency' : 'load.rate', { v: loadFigure(language, load) });
}

const METRIC: Record<'ttft' | 'tpot' | 'e2el', string> = { ttft: 'TTFT', tpot: 'TPOT', e2el: 'E2E' };

export function seriesNoteText(t: SeriesNotesT, language: Language, note: SeriesNote, loadKind: LoadKind): string {
  const folder = (d: string) => (d === '' ? t('topFolder') : d);
  const run = (r: RunRef) => t('run', { file: r.file, n: formatInteger(language, r.index + 1) });
  const ms = (v: number) => formatNumber(language, v, v >= 100 ? 0 : 1);
  switch (note.code) {
    case 'aggregate-kept-out':
      if (note.tool === 'vllm-sweep') return t('note.aggregate.vllm-sweep', { file: note.file, repeats: formatList(language, note.repeats) });
      return note.stageRequests === null
        ? t('note.aggregate.inference-perf', { file: note.file, requests: note.requests === null ? '–' : formatInteger(language, note.requests) })
        : t('note.aggregate.inference-perf.stages', {
            file: note.file,
            requests: note.requests === null ? '–' : formatInteger(language, note.requests),
            stages: formatInteger(language, note.stageRequests),
          });
    case 'duplicate-file':
      return t('note.duplicate-file', { file: note.file, of: note.of });
    case 'split-by-directory':
      return t('note.split-by-directory', { directory: folder(note.directory), others: formatList(language, note.others.map(folder)) });
    case 'failed-load-kept':
      return t('note.failed-load-kept', {
        file: note.file,
        failed: note.failed === null ? t('failed.unknown') : formatInteger(language, note.failed),
        load: seriesLoadText(t, language, loadKind, note.load),
      });
    case 'lengths-unknown-joined':
      return t('note.lengths-unknown-joined', { file: note.file });
    case 'lengths-unknown-apart':
      return t('note.lengths-unknown-apart', { file: note.file });
    case 'grouped-by-configured-lengths':
      return note.rangeRatio === null
        ? t('note.grouped-by-configured-lengths', { input: formatInteger(language, note.input), output: formatInteger(language, note.output) })
        : t('note.grouped-by-configured-lengths.ratio', {
            input: formatInteger(language, note.input),
            output: formatInteger(language, note.output),
            ratio: formatNumber(language, note.rangeRatio, 2),
          });
    case 'duplicate-load':
      return t('note.duplicate-load', {
        load: seriesLoadText(t, language, note.loadKind, note.load),
        times: formatInteger(language, note.dropped.length + 1),
        kept: run(note.kept),
        dropped: formatList(language, note.dropped.map(run)),
      });
    case 'latency-falls':
      return t(note.stat === 'p50' ? 'note.latency-falls.p50' : 'note.latency-falls.mean', {
        metric: METRIC[note.metric],
        from: ms(note.from),
        to: ms(note.to),
        fromLoad: seriesLoadText(t, language, loadKind, note.fromLoad),
        toLoad: seriesLoadText(t, language, loadKind, note.toLoad),
      });
  }
}
