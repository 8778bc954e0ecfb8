import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Card } from '../../components/card';
import { SeriesNotes } from '../../components/series-notes';
import { seriesNotesMessages } from '../../components/series-notes-messages';
import { seriesLoadText } from '../../components/series-notes-text';
import { useLanguage, useT } from '../../components/use-t';
import type { FileCopy } from '../../core/benchmarks/run-groups';
import type { BenchRun } from '../../core/benchmarks/run-schema';
import { formatInteger, formatNumber } from '../../lib/format/format';
import { plural } from '../../core/text/plural';
import { capacityOverviewQuery } from '../../lib/query/capacity';
import type { StoredFile } from '../../lib/storage/runs-db';
import { benchmarksMessages } from './messages';

/**
 * The capacity series the imported runs make (docs/capacity.md §1), each with its loads, its
 * request lengths and its notes: aggregates kept out, copies skipped, folders split, failed
 * loads kept, a load measured twice, a latency that falls with load. Grouped in the worker, as
 * the TCO page's capacity panel groups them.
 */
export function SeriesPanel(props: { runs: readonly BenchRun[]; files: readonly StoredFile[] }) {
  const { runs, files } = props;
  const t = useT(benchmarksMessages);
  const tn = useT(seriesNotesMessages);
  const language = useLanguage();
  const copies = useMemo<FileCopy[]>(() => files.flatMap((f) => (f.copies ?? []).map((name) => ({ name, of: f.name }))), [files]);
  const overview = useQuery({ ...capacityOverviewQuery(runs, copies), enabled: runs.length > 0 }).data;
  if (runs.length === 0) return null;
  const series = overview?.series ?? [];
  const loose = overview?.notes ?? [];
  return (
    <Card title={t('series.title')} testId="bench-series">
      <p className="mb-3 text-sm text-muted">{t('series.intro')}</p>
      {overview && series.length === 0 && loose.length === 0 ? <p className="text-sm text-muted">{t('series.empty')}</p> : null}
      <ul className="flex flex-col gap-3">
        {series.map((c) => {
          const s = c.stored;
          const loads = s.points.load;
          const load = (v: number | null) => seriesLoadText(tn, language, s.loadKind, v);
          const range =
            loads.length > 1 ? t('series.range', { from: load(loads[0] ?? null), to: load(loads[loads.length - 1] ?? null) }) : load(loads[0] ?? null);
          const lengths =
            s.inputTokens !== null && s.outputTokens !== null
              ? t('series.lengths', { input: formatNumber(language, s.inputTokens, 1), output: formatNumber(language, s.outputTokens, 1) })
              : t('series.lengthsUnknown');
          const withThroughput = s.points.out.some((v, i) => (v ?? s.points.total[i] ?? 0) > 0);
          const count = t(plural(language, loads.length, { one: 'series.points.one', other: 'series.points.other' }), {
            n: formatInteger(language, loads.length),
          });
          return (
            <li key={c.key} className="rounded-md border border-border px-3 py-2 text-sm" data-testid="series-item" data-points={loads.length}>
              <p className="font-medium break-words">{s.label}</p>
              <p className="text-xs text-muted">
                {count} · {range} · {lengths}
              </p>
              {withThroughput ? null : <p className="text-xs text-warn">{t('series.noThroughput')}</p>}
              <SeriesNotes notes={c.notes} loadKind={s.loadKind} label={s.label} />
            </li>
          );
        })}
      </ul>
      {loose.length > 0 ? (
        <section className="mt-3 rounded-md border border-warn/50 bg-warn-bg px-3 py-2 text-sm" data-testid="series-loose" aria-label={t('series.loose')}>
          <p className="font-medium">{t('series.loose')}</p>
          <SeriesNotes notes={loose} loadKind="rate" label={t('series.loose')} />
        </section>
      ) : null}
    </Card>
  );
}
