import type { CriterionUnit } from '../../core/pilot/criteria';
import type { Currency, FxRates, Language } from '../../core/scenario/schema';
import { formatInteger, formatMoney, formatNumber, formatPercent } from '../../lib/format/format';
import type { FieldUnit } from './pilot-fields';

/** Figures of the pilot, formatted for the locale with their units. */
export interface Fmt {
  language: Language;
  currency: Currency;
  fx: FxRates;
  /** Unit suffix texts, already translated. */
  units: Record<'ms' | 'tasks' | 'tokens' | 'calls' | 'h' | 'count', string>;
}

export function formatField(f: Fmt, unit: FieldUnit, value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  switch (unit) {
    case 'pct':
      return formatPercent(f.language, value, 1);
    case 'money':
      return formatMoney(f.language, f.currency, f.fx, value);
    case 'ms':
      return `${formatInteger(f.language, value)} ${f.units.ms}`;
    case 'h':
      return `${formatNumber(f.language, value, 1)} ${f.units.h}`;
    default:
      return `${formatInteger(f.language, value)} ${f.units[unit]}`;
  }
}

/** A criterion's value or threshold in its unit (the template, e.g. "{value} pts", is translated). */
export function formatCriterionValue(
  f: Fmt,
  unit: CriterionUnit,
  value: number,
  template: (unit: Exclude<CriterionUnit, 'share'>, value: string) => string,
): string {
  switch (unit) {
    case 'share':
      return formatPercent(f.language, value, 1);
    case 'points':
      return template('points', formatNumber(f.language, value, 1));
    case 'ratio':
      return template('ratio', formatNumber(f.language, value, 2));
    case 'per-day':
      return template('per-day', formatNumber(f.language, value, 2));
    case 'hours-per-week':
      return template('hours-per-week', formatNumber(f.language, value, 1));
    case 'count':
      return template('count', formatInteger(f.language, value));
  }
}
