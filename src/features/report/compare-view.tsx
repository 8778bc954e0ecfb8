import { useMemo, type ReactNode } from 'react';
import type { Fmt } from '../../lib/format/fmt';
import { Banner, Card } from '../../components/card';
import { useLanguage, useT } from '../../components/use-t';
import { assumptionRows, withOrigin, type AssumptionRow } from '../../core/export/assumptions';
import type { Figure, TcoEvaluation } from '../../core/tco/evaluate';
import { formatMoney, formatPercent } from '../../lib/format/format';
import { useSavedScenarios } from '../../lib/query/library';
import { useSessionStore } from '../../state/session';
import { useAppStore } from '../../state/store';
import { assumptionValueText, useAssumptionLabel } from './assumptions-table';
import { makeFmt } from '../../lib/format/fmt';
import { reportMessages, type ReportT } from './messages';
import { useTcoForMany } from './use-report';

/**
 * Two or three saved scenarios side by side: every input with the differing ones highlighted,
 * and the key results with absolute and relative differences against the first.
 */
/** The chart of the compared scenarios' costs, drawn by the TCO feature (handed in by the app). */
export type CompareSlot = (props: { names: string[]; results: TcoEvaluation[]; fmt: Fmt; t: ReportT }) => ReactNode;

export function CompareView(props: { compareChart: CompareSlot }) {
  const { compareChart } = props;
  const t = useT(reportMessages);
  const label = useAssumptionLabel();
  const language = useLanguage();
  const currency = useAppStore((s) => s.currency);
  const fx = useAppStore((s) => s.scenario.fx);
  const ids = useSessionStore((s) => s.compareIds);
  const library = useSavedScenarios();
  const picked = useMemo(() => ids.map((id) => library.data?.scenarios.find((s) => s.id === id)).filter((s) => s !== undefined), [ids, library.data]);
  const results = useTcoForMany(picked.map((p) => p.scenario));

  const inputRows = useMemo(() => {
    const perScenario = picked.map((p) => new Map(withOrigin(assumptionRows(p.scenario)).map((r) => [r.key, r])));
    const keys: string[] = [];
    for (const m of perScenario) for (const k of m.keys()) if (!keys.includes(k)) keys.push(k);
    return keys.map((key) => {
      const cells = perScenario.map((m) => m.get(key) ?? null);
      const texts = cells.map((c) => (c ? assumptionValueText(language, c) : '–'));
      return { key, cells, texts, differs: new Set(texts).size > 1 };
    });
  }, [picked, language]);

  if (ids.length < 2) return <Banner tone="info">{t('compareNone')}</Banner>;
  const money = (usd: number | null) => formatMoney(language, currency, fx, usd);
  const fmt = makeFmt(language, currency, fx);
  const done = results.map((r) => r.data);
  /** One result row: per scenario a number, 'na' (not defined, e.g. no break-even) or null (still computing). */
  const metric = (label: string, pick: (e: TcoEvaluation) => Figure | number | null, kind: 'money' | 'tokens' = 'money') => {
    const values = done.map((e): number | 'na' | null => {
      if (!e) return null;
      const v = pick(e);
      if (v === null) return 'na';
      return typeof v === 'number' ? v : v.ok ? v.value : 'na';
    });
    const first = typeof values[0] === 'number' ? values[0] : null;
    return { label, values, first, kind };
  };
  const metrics = [
    metric(t('apiMonthly'), (e) => e.api.monthlyUsd),
    metric(t('selfMonthly'), (e) => e.selfHosted.monthlyUsd),
    metric(t('hybridMonthly'), (e) => e.hybrid.monthlyUsd),
    metric(t('perAcceptedApi'), (e) => e.api.perAcceptedTask),
    metric(t('perAcceptedSelf'), (e) => e.selfHosted.perAcceptedTask),
    metric(t('breakEvenTokens'), (e) => e.breakEven.tokensPerMonth, 'tokens'),
  ];
  const th = 'border-b border-border px-2 py-1 text-left text-xs font-medium text-muted';
  const td = 'border-b border-border/60 px-2 py-1 text-right';
  return (
    <div className="space-y-4" data-testid="compare">
      {picked.length < ids.length ? <Banner tone="warn">{t('compareMissing')}</Banner> : null}
      <p className="text-sm text-muted">{t('compareHint')}</p>
      <Card title={t('compareResults')}>
        <div className="overflow-x-auto">
          <table className="figures w-full border-collapse text-sm" data-testid="compare-results">
            <thead>
              <tr>
                <th scope="col" className={th} />
                {picked.map((p, i) => (
                  <th key={p.id} scope="col" className={`${th} text-right`}>
                    {p.name}
                    {i > 0 ? <span className="block font-normal">({t('compareDiff')})</span> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {metrics.map((m) => (
                <tr key={m.label}>
                  <th scope="row" className="border-b border-border/60 px-2 py-1 text-left font-normal text-muted">
                    {m.label}
                  </th>
                  {m.values.map((v, i) => {
                    const show = (n: number) => (m.kind === 'tokens' ? fmt.compact(n) : money(n));
                    const diff = i > 0 && typeof v === 'number' && m.first !== null ? v - m.first : null;
                    const rel = diff !== null && m.first ? diff / m.first : null;
                    return (
                      <td key={picked[i]?.id ?? i} className={td}>
                        {v === null ? '…' : v === 'na' ? t('notAvailable') : show(v)}
                        {diff !== null ? (
                          <span className={`block text-xs ${m.kind === 'tokens' ? 'text-muted' : diff > 0 ? 'text-bad' : diff < 0 ? 'text-ok' : 'text-muted'}`}>
                            {diff > 0 ? '+' : ''}
                            {show(diff)}
                            {rel !== null ? ` (${diff > 0 ? '+' : ''}${formatPercent(language, rel, 1)})` : ''}
                          </span>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      {done.every((d) => d !== undefined) && done.length >= 2 ? (
        <Card>{compareChart({ names: picked.map((p) => p.name), results: done as TcoEvaluation[], fmt, t })}</Card>
      ) : null}
      <Card title={t('compareInputs')}>
        <div className="overflow-x-auto">
          <table className="figures w-full border-collapse text-xs" data-testid="compare-inputs">
            <thead>
              <tr>
                <th scope="col" className={th}>
                  {t('colInput')}
                </th>
                {picked.map((p) => (
                  <th key={p.id} scope="col" className={`${th} text-right`}>
                    {p.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {inputRows.map((r) => (
                <tr key={r.key} className={r.differs ? 'bg-warn-bg' : ''} data-differs={r.differs ? 'true' : 'false'} data-key={r.key}>
                  <th scope="row" className="border-b border-border/60 px-2 py-1 text-left font-normal text-muted">
                    {label(r.key)}
                  </th>
                  {r.texts.map((text, i) => (
                    <td key={picked[i]?.id ?? i} className={`${td} ${r.differs ? 'font-semibold' : ''}`}>
                      {text}
                      {(r.cells[i] as AssumptionRow | null)?.custom ? ' *' : ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </div>
  );
}
