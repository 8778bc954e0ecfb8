import { memo } from 'react';
import { todayIso } from '../../components/source-badge';
import { useLanguage, useT } from '../../components/use-t';
import { isStale } from '../../core/catalog/catalog';
import type { AssumptionGroup, AssumptionRow } from '../../core/export/assumptions';
import type { Language } from '../../core/scenario/schema';
import { formatDate, formatNumber, formatPercent } from '../../lib/format/format';
import { fieldLabels, isFieldPath } from '../../lib/i18n/fields';
import { reportMessages } from './messages';
import { localOption, localUnit } from './format-report';

/** A value with its unit, formatted for the locale (shares as percent, option words translated). */
export function assumptionValueText(language: Language, row: Pick<AssumptionRow, 'value' | 'unit' | 'qualifiers'>): string {
  const { value } = row;
  const unit = localUnit(language, row.unit);
  const qualifiers = row.qualifiers?.length ? ` (${row.qualifiers.map((q) => localOption(language, q)).join(', ')})` : '';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') {
    if (row.unit === 'date') return formatDate(language, value);
    const text = localOption(language, value);
    return `${unit ? `${text} ${unit}` : text}${qualifiers}`;
  }
  if (row.unit === 'share') return formatPercent(language, value, 1);
  // One of a counted unit is singular: "1 replica", "1 sequence".
  const counted = value === 1 && /^(replicas|sequences|GPUs|days|months)$/.test(row.unit) ? localUnit(language, row.unit.replace(/s$/, '')) : unit;
  return `${formatNumber(language, value, value >= 100 ? 0 : 4)}${counted ? ` ${counted}` : ''}${qualifiers}`;
}

/**
 * The label of an assumption row, whose key is the scenario path it shows: a field other areas
 * label too takes its words from the field glossary (lib/i18n/fields.ts), any other row from the
 * report's messages.
 */
export function useAssumptionLabel(): (key: string) => string {
  const t = useT(reportMessages);
  const ft = useT(fieldLabels);
  return (key) => (isFieldPath(key) ? ft(key) : t(key as Parameters<typeof t>[0]));
}

/** Beyond this a value (a long file name, a run's label) is shortened; the cell's title holds it whole. */
const MAX_VALUE_CHARS = 48;

/** A value that wraps anywhere and is shortened when long, so no column is squeezed to a letter a line. */
function ValueCell(props: { text: string }) {
  const { text } = props;
  const long = text.length > MAX_VALUE_CHARS;
  return (
    <td className="max-w-[14rem] py-0.5 pr-2 text-right font-medium [overflow-wrap:anywhere]" {...(long ? { title: text } : {})}>
      {long ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text}
    </td>
  );
}

const GROUPS: AssumptionGroup[] = ['workload', 'api', 'selfHosted', 'hardware', 'pilot', 'fx'];

export const AssumptionsTable = memo(function AssumptionsTable(props: { rows: AssumptionRow[]; highlight?: ReadonlySet<string> }) {
  const t = useT(reportMessages);
  const label = useAssumptionLabel();
  const language = useLanguage();
  const today = todayIso();
  return (
    <div className="columns-1 gap-6 text-xs lg:columns-2 print:columns-2" data-testid="assumptions">
      {GROUPS.map((g) => {
        const rows = props.rows.filter((r) => r.group === g);
        if (rows.length === 0) return null;
        return (
          <table key={g} className="figures mb-3 w-full break-inside-avoid border-collapse">
            <caption className="py-1 text-left text-xs font-semibold">{t(`group.${g}`)}</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">{t('colInput')}</th>
                <th scope="col">{t('colValue')}</th>
                <th scope="col">{t('colSource')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const stale = r.source ? isStale(r.source.checked, today) : false;
                return (
                  <tr key={r.key} className={`border-b border-border/60 align-top ${props.highlight?.has(r.key) ? 'bg-warn-bg' : ''}`} data-key={r.key}>
                    <th scope="row" className="py-0.5 pr-2 text-left font-normal text-muted">
                      {label(r.key)}
                    </th>
                    <ValueCell text={assumptionValueText(language, r)} />
                    <td className="py-0.5 text-[0.68rem] leading-tight text-muted [overflow-wrap:anywhere]">
                      {r.custom ? (
                        <span className="font-medium text-warn">{t('custom', { value: String(r.custom.catalogValue) })}</span>
                      ) : r.source ? (
                        <span>
                          {r.source.title} · {formatDate(language, r.source.checked)}
                          {stale ? <span className="font-medium text-warn"> · {t('stale')}</span> : null}
                        </span>
                      ) : r.origin === 'entered' ? (
                        <span className="font-medium text-text">{t('sourceEntered')}</span>
                      ) : (
                        t('sourceDefault')
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        );
      })}
    </div>
  );
});
