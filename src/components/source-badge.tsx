import type { SourceRef } from '../core/catalog/types';
import { isStale } from '../core/catalog/catalog';
import { formatDate } from '../lib/format/format';
import { Button } from './button';
import { componentMessages } from './messages';
import { useLanguage, useT } from './use-t';

/** Today's date for staleness checks, read once at the UI edge (core never reads the clock). */
export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Shows where a catalog figure comes from and when it was checked; figures older than six
 * months are flagged. When the user has changed the value, it says "custom" instead and offers
 * to restore the catalog value.
 */
export function SourceBadge(props: { source: SourceRef; custom?: { catalogValue: string; onRestore: () => void } | null }) {
  const { source, custom } = props;
  const language = useLanguage();
  const t = useT(componentMessages);
  if (custom) {
    return (
      <span className="inline-flex items-center gap-1 text-[11px]">
        <span
          className="rounded bg-warn-bg px-1.5 py-0.5 font-medium text-warn"
          title={t('customTitle', { value: custom.catalogValue })}
          data-testid="custom-badge"
        >
          {t('custom')}
        </span>
        <Button variant="textLink" onClick={custom.onRestore}>
          {t('restore')}
        </Button>
      </span>
    );
  }
  const stale = isStale(source.checked, todayIso());
  const label = `${source.title} · ${t('checked', { date: formatDate(language, source.checked) })}`;
  const body = (
    <>
      {/* The title takes the line it needs; the date wraps below it rather than squeezing it. */}
      <span className="line-clamp-2 max-w-full [overflow-wrap:anywhere] print:line-clamp-none">{source.title}</span>
      <span className="shrink-0">· {formatDate(language, source.checked)}</span>
      {stale ? <span className="shrink-0 font-medium text-warn">· {t('stale')}</span> : null}
    </>
  );
  const className = `inline-flex max-w-[20rem] flex-wrap items-start gap-x-1 rounded px-1.5 py-0.5 text-[11px] leading-tight print:max-w-none ${stale ? 'bg-warn-bg text-warn' : 'bg-surface-2 text-muted'}`;
  return source.url ? (
    <a
      href={source.url}
      target="_blank"
      rel="noreferrer noopener"
      className={className}
      title={source.note ? `${label}\n${source.note}` : label}
      data-testid="source-badge"
    >
      {body}
    </a>
  ) : (
    <span className={className} title={source.note ? `${label}\n${source.note}` : label} data-testid="source-badge">
      {body}
    </span>
  );
}
