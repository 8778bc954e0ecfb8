import { memo } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { SourceBadge } from '../../components/source-badge';
import { ARTICLE_SOURCES } from '../../core/catalog/api-offers';
import type { ArithmeticLine, ClaimCheck, Quantity, Term } from '../../core/presets/claims';
import type { ArticleId, PresetId } from '../../core/presets/presets';
import type { Language } from '../../core/scenario/schema';
import { formatCompact, formatMoney, formatNumber, formatPercent, formatRate } from '../../lib/format/format';
import type { TcoKey, TcoT } from './messages';
import { useTcoClaims } from './use-tco';

/**
 * The article claim check: every figure an article states, its value recomputed from the
 * article's own inputs, the verdict, and the arithmetic line by line. Claims are the
 * articles' (in USD, as they wrote them); the quote stays in the article's language.
 */
export const ARTICLE_PRESET: Record<ArticleId, PresetId> = {
  a000: 'a000-k2-vendor',
  a001: 'a001-long-context',
  a003: 'a003-k3-cache',
  a004: 'a004-m27-gpt55',
};
export const ARTICLES = ['a000', 'a001', 'a003', 'a004'] as const satisfies readonly ArticleId[];

const USD_FX = { EUR: 1, CNY: 1, checked: '2026-01-01' } as const;
/** Yuan amounts are stated in yuan already: formatting them must not convert. */
const CNY_FX = USD_FX;

export function quantityText(language: Language, t: TcoT, q: Quantity): string {
  const money = (v: number, digits?: number) => formatMoney(language, 'USD', USD_FX, v, digits === undefined ? {} : { digits });
  const v = q.value;
  switch (q.unit) {
    case 'usd':
      return money(v, Math.abs(v) < 10 ? 2 : undefined);
    case 'usd-per-month':
      return t('q.perMonth', { v: money(v, Math.abs(v) < 1000 ? 2 : 0) });
    case 'usd-per-hour':
      return t('q.perHour', { v: money(v, 2) });
    case 'usd-per-gpu-hour':
      return t('q.perGpuHour', { v: money(v, v < 1 ? 4 : 2) });
    case 'usd-per-m':
      return t('q.perMillion', { v: money(v, v < 1 ? 3 : 2) });
    case 'cny-per-month':
      return t('q.perMonth', { v: formatMoney(language, 'CNY', CNY_FX, v, { digits: Math.abs(v) < 1000 ? 2 : 0 }) });
    case 'cny-per-usd':
      return t('q.cnyPerUsd', { v: formatRate(language, v) });
    case 'hours':
      return t('q.hours', { v: formatNumber(language, v, 0) });
    case 'gpus':
      return t('q.gpus', { v: formatNumber(language, v, 0) });
    case 'tokens':
      return t('q.tokens', { v: formatNumber(language, v, 0) });
    case 'tokens-per-month':
      return t('q.tokensPerMonth', { v: formatCompact(language, v) });
    case 'tokens-per-second':
      return t('q.tokensPerSecond', { v: formatNumber(language, v, 0) });
    case 'requests-per-day':
      return t('q.requestsPerDay', { v: formatNumber(language, v, 0) });
    case 'days':
      return t('q.days', { v: formatNumber(language, v, 0) });
    case 'share':
      return formatPercent(language, v, 1);
    case 'factor':
      return `${formatNumber(language, v, 2)}×`;
    default:
      return formatNumber(language, v, 4);
  }
}

function termText(language: Language, t: TcoT, term: Term): string {
  return term.kind === 'op' ? term.op : quantityText(language, t, { value: term.value, unit: term.unit });
}

function Line(props: { line: ArithmeticLine; language: Language; t: TcoT }) {
  const { line, language, t } = props;
  return (
    <li className="grid gap-0.5">
      <span className="text-[11px] uppercase tracking-wide text-muted">{t(`line.${line.label}`)}</span>
      <span className="figures">
        {line.terms.map((x) => termText(language, t, x)).join(' ')} = <strong>{quantityText(language, t, line.result)}</strong>
      </span>
    </li>
  );
}

function ClaimRow(props: { claim: ClaimCheck; language: Language; t: TcoT }) {
  const { claim: c, language, t } = props;
  const chip = {
    consistent: 'bg-ok-bg text-ok',
    contradiction: 'bg-bad-bg text-bad',
    'not-checkable': 'bg-surface-2 text-muted',
  }[c.verdict];
  const factor =
    c.factor !== null && c.verdict === 'contradiction'
      ? formatNumber(language, c.factor >= 1 ? c.factor : 1 / c.factor, c.factor >= 1.1 || c.factor <= 0.9 ? 1 : 3)
      : null;
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3" data-testid="tco-claim" data-claim={c.id} data-verdict={c.verdict}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <blockquote lang="de" className="max-w-prose border-l-2 border-border pl-2 text-sm italic text-text">
          „{c.quote}“
        </blockquote>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${chip}`}>
          {t(`claim.verdict.${c.verdict}`)}
          {factor ? ` · ${c.factor !== null && c.factor >= 1 ? t('claim.higher', { f: factor }) : t('claim.lower', { f: factor })}` : ''}
        </span>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex justify-between gap-2">
          <dt className="text-muted">{t('claim.claimed')}</dt>
          <dd className="figures font-medium">{quantityText(language, t, c.claimed)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-muted">{t('claim.recomputed')}</dt>
          <dd className="figures font-semibold" data-testid="tco-claim-recomputed">
            {c.recomputed ? quantityText(language, t, c.recomputed) : t('claim.notCheckable')}
            {c.recomputedNever ? ` · ${t('claim.neverWithin')}` : ''}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-muted">{t(`claim.${c.id}` as TcoKey)}</p>
      <details>
        <summary className="cursor-pointer text-xs text-accent">{t('claim.arithmetic')}</summary>
        <ol className="mt-2 grid gap-2 text-sm">
          {c.lines.map((l, i) => (
            <Line key={i} line={l} language={language} t={t} />
          ))}
        </ol>
      </details>
    </li>
  );
}

export const ClaimCheckCard = memo(function ClaimCheckCard(props: {
  article: ArticleId;
  onArticle: (a: ArticleId) => void;
  onLoad: (p: PresetId) => void;
  language: Language;
  t: TcoT;
}) {
  const { article, onArticle, onLoad, language, t } = props;
  const claims = useTcoClaims(ARTICLE_PRESET[article]);
  const list = (claims.data ?? []).filter((c) => c.article === article);
  const count = (v: ClaimCheck['verdict']) => list.filter((c) => c.verdict === v).length;
  return (
    <Card title={t('claims.title')} testId="tco-claims">
      <p className="mb-3 text-sm text-muted">{t('claims.intro')}</p>
      <div role="tablist" aria-label={t('claims.articles')} className="mb-3 flex flex-wrap gap-2">
        {ARTICLES.map((a) => (
          <Button
            key={a}
            role="tab"
            aria-selected={a === article}
            variant={a === article ? 'primary' : 'secondary'}
            size="sm"
            onClick={() => onArticle(a)}
            data-testid={`tco-claims-tab-${a}`}
          >
            {t(`article.${a}`)}
          </Button>
        ))}
      </div>
      <div role="tabpanel" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <SourceBadge source={ARTICLE_SOURCES[article]} />
            <span data-testid="tco-claims-summary">
              {t('claims.summary', { n: list.length, ok: count('consistent'), bad: count('contradiction'), open: count('not-checkable') })}
            </span>
          </p>
          <Button size="sm" onClick={() => onLoad(ARTICLE_PRESET[article])}>
            {t('claims.load')}
          </Button>
        </div>
        <ul className="grid gap-3">
          {list.map((c) => (
            <ClaimRow key={c.id} claim={c} language={language} t={t} />
          ))}
        </ul>
      </div>
    </Card>
  );
});
