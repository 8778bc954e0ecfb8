import { useMemo } from 'react';
import { useLanguage, useT } from '../../components/use-t';
import { catalogBasis } from '../../core/catalog/drift';
import type { Language, Scenario } from '../../core/scenario/schema';
import { formatDate } from '../../lib/format/format';
import { reportMessages, type ReportT } from './messages';

/** "Catalog values as of: API prices 22 May 2026 · GPU rent 1 Aug 2026 · …", plus what was entered by hand. */
export function catalogBasisText(scenario: Scenario, language: Language, t: ReportT): string {
  const basis = catalogBasis(scenario);
  const dated = basis.records.map((r) => t(`basis.role.${r.role}`, { date: formatDate(language, r.checked) }));
  const head = dated.length > 0 ? t('basis.line', { list: dated.join(' · ') }) : t('basis.none');
  if (basis.entered.length === 0 || dated.length === 0) return head;
  return `${head} ${t('basis.entered', { list: basis.entered.map((e) => t(`basis.entered.${e}`)).join(', ') })}`;
}

/** One line in the report's assumptions: which catalog dates its figures rest on. Prints. */
export function CatalogBasisLine(props: { scenario: Scenario }) {
  const t = useT(reportMessages);
  const language = useLanguage();
  const text = useMemo(() => catalogBasisText(props.scenario, language, t), [props.scenario, language, t]);
  return (
    <p className="mb-2 text-xs font-medium" data-testid="report-catalog-basis">
      {text}
    </p>
  );
}
