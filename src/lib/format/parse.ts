import type { Language } from '../../core/scenario/schema';

/**
 * Reads a number typed in the user's locale. German uses a decimal comma and a thousands dot
 * ("1.234,5"); English the reverse ("1,234.5"). Spaces and apostrophes as group separators are
 * accepted; anything else that is not a finite number is rejected (null).
 */
export function parseLocaleNumber(language: Language, text: string): number | null {
  let t = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (t === '' || t === '-' || t === '+') return null;
  if (language === 'de') {
    if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
    else if (/^[+-]?\d{1,3}(\.\d{3})+$/.test(t)) t = t.replace(/\./g, '');
  } else {
    // Commas only as thousands separators ("1,234.5"); "1,5" is ambiguous and refused.
    if (t.includes(',')) {
      if (!/^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/.test(t)) return null;
      t = t.replace(/,/g, '');
    }
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}
