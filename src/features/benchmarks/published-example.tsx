import { countIn } from '../../lib/i18n/count';
import { benchmarksMessages } from './messages';
import { useState } from 'react';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { useLanguage, useT } from '../../components/use-t';
import type { BenchRun } from '../../core/benchmarks/run-schema';
import type { PublishedSeries } from '../../core/catalog/published-measurements';
import { PUBLISHED_SERIES } from '../../core/catalog/published-measurements.data';
import type { Language } from '../../core/scenario/schema';
import { formatDate, formatInteger } from '../../lib/format/format';
import { glossary } from '../../lib/i18n/glossary';
import { translate } from '../../lib/i18n/define';
import { plural } from '../../core/text/plural';
import { storageFailureText } from '../../lib/i18n/storage';
import { storageFailure } from '../../platform/idb';
import { exampleMessages } from './example-messages';
import { useLoadPublishedExample } from './use-benchmarks';

function pointsText(language: Language, n: number): string {
  return translate(exampleMessages, language, plural(language, n, { one: 'points.one', other: 'points.other' }), { n: formatInteger(language, n) });
}

/**
 * The newcomer's way in: on a benchmarks page without runs, pick a series from the library of
 * published measurements and store it as runs, so the table and every chart fill. The runs say
 * everywhere that they are published (badge with publisher and date), not the user's own.
 */
export function PublishedExample(props: { onLoaded: (runIds: string[]) => void }) {
  const t = useT(exampleMessages);
  const language = useLanguage();
  const load = useLoadPublishedExample();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string>(PUBLISHED_SERIES[0]?.id ?? '');
  const [message, setMessage] = useState<{ tone: 'ok' | 'bad'; text: string } | null>(null);
  const series: PublishedSeries | undefined = PUBLISHED_SERIES.find((s) => s.id === chosen);
  if (PUBLISHED_SERIES.length === 0) return null;

  function submit(s: PublishedSeries) {
    setMessage(null);
    load.mutate(
      { series: s, now: () => new Date().toISOString() },
      {
        onSuccess: ({ saved, runIds }) => {
          if (saved.status === 'failed') {
            setMessage({ tone: 'bad', text: t('failed', { reason: storageFailureText(language, saved.reason) }) });
            return;
          }
          const runs = countIn(benchmarksMessages, language, 'runs', runIds.length);
          if (saved.status === 'unstored')
            setMessage({ tone: 'bad', text: t('unstored', { label: s.label, runs, reason: storageFailureText(language, saved.reason) }) });
          else setMessage({ tone: 'ok', text: saved.status === 'duplicate' ? t('duplicate') : t('loaded', { label: s.label, runs }) });
          setOpen(false);
          props.onLoaded(runIds);
        },
        onError: (e) => setMessage({ tone: 'bad', text: t('failed', { reason: storageFailureText(language, storageFailure(e)) }) }),
      },
    );
  }

  return (
    <div className="mt-3 flex flex-col gap-2 rounded-md border border-dashed border-border p-3" data-testid="published-example">
      <p className="text-sm text-muted">{t('intro')}</p>
      {open && series ? (
        <div className="flex flex-col gap-2">
          <SelectField
            label={t('pick')}
            value={chosen}
            options={PUBLISHED_SERIES.map((s) => ({ value: s.id, label: s.label }))}
            onChange={setChosen}
            testId="published-example-pick"
          />
          <p className="text-xs text-muted" data-testid="published-example-source">
            {t('by', { publisher: series.source.publisher, date: formatDate(language, series.source.measuredOn) })} ·{' '}
            {pointsText(language, series.points.length)}
            {series.source.url ? (
              <>
                {' · '}
                <a href={series.source.url} target="_blank" rel="noreferrer noopener" className="text-accent underline-offset-2 hover:underline">
                  {t('source')}
                </a>
              </>
            ) : null}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button variant="primary" size="sm" disabled={load.isPending} onClick={() => submit(series)}>
              {load.isPending ? t('loading') : t('load')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            {t('open')}
          </Button>
        </div>
      )}
      {message ? (
        <p role={message.tone === 'bad' ? 'alert' : 'status'} className={`text-sm ${message.tone === 'bad' ? 'text-bad' : 'text-ok'}`}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}

/** The "published" badge of a run from the library: publisher and date, linked to the source. */
export function PublishedBadge(props: { published: NonNullable<BenchRun['published']> }) {
  const { published } = props;
  const t = useT(exampleMessages);
  const g = useT(glossary);
  const language = useLanguage();
  const title = t('badgeTitle', { publisher: published.publisher, date: formatDate(language, published.measuredOn) });
  const body = (
    <>
      <span className="rounded bg-surface-2 px-1.5 py-0.5 font-medium text-text">{g('source.published')}</span>{' '}
      <span className="[overflow-wrap:anywhere]">
        {published.publisher} · {formatDate(language, published.measuredOn)}
      </span>
    </>
  );
  const className = 'mt-1 block text-[11px] leading-snug text-muted';
  return published.url ? (
    <a href={published.url} target="_blank" rel="noreferrer noopener" className={className} title={title} data-testid="published-badge">
      {body}
    </a>
  ) : (
    <span className={className} title={title} data-testid="published-badge">
      {body}
    </span>
  );
}
