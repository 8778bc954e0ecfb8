/**
 * Numbers in CSV cells written under either decimal convention: `0.0076` (English locales) or
 * `0,0076` (German, French and most of Europe: what Excel writes when such a locale saves a CSV,
 * with `;` between cells because the comma is taken). Which mark a column uses is decided per
 * column from its cells (docs/usage.md, "Decimal marks"):
 * - a cell with both marks: the last one is the decimal mark, the other groups thousands
 *   (`1.234,5`, `1,234.5`);
 * - one mark, more than once: it groups thousands (`1.234.567`), so the other is the decimal mark;
 * - one mark once, not followed by exactly three digits, or after a lone 0 (`0,0076`, `12,5`,
 *   `0.250`): the decimal mark;
 * - one mark once after one to three digits (not a lone 0) and followed by exactly three digits
 *   (`1,234`, `1.500`): either reading is possible; such a cell waits for a cell of the column that
 *   decides, and without one the file's convention decides (a `;`-separated file: decimal comma);
 * - integers read the same under both conventions and decide nothing.
 * Spaces (also no-break and narrow no-break) and apostrophes may group thousands too. A minus
 * sign, a currency sign, a unit or text makes the cell unreadable.
 */
export type DecimalMark = '.' | ',';

export type CellNumber =
  | { kind: 'empty' }
  /** `mark`: the decimal mark the cell proves; null when it reads the same under both. */
  | { kind: 'number'; mark: DecimalMark | null; value: number }
  /** One mark once before three digits: `asPoint` when '.' is the decimal mark, `asComma` when ',' is. */
  | { kind: 'ambiguous'; asPoint: number; asComma: number }
  | { kind: 'unreadable' };

const EMPTY: CellNumber = { kind: 'empty' };
const UNREADABLE: CellNumber = { kind: 'unreadable' };

const DIGITS = /^\d+$/;
/** Digits grouped by threes with spaces or apostrophes: `1 234 567`, `1'234`. */
const SPACE_GROUPED = /^\d{1,3}(?:[ \u00a0\u202f']\d{3})+(?=$|[.,])/;
/** `1,5E-05` or `2.25e-5`: the mark before an exponent is always the decimal mark. */
const EXPONENT = /^(\d+)(?:([.,])(\d+))?[eE]([+-]?\d+)$/;

function grouped(s: string, group: DecimalMark): boolean {
  const parts = s.split(group);
  return (parts[0] as string).length >= 1 && (parts[0] as string).length <= 3 && parts.every((p, i) => DIGITS.test(p) && (i === 0 || p.length === 3));
}

function plainNumber(intPart: string, frac: string | null): number {
  return Number(frac === null ? intPart : `${intPart}.${frac}`);
}

/** What one cell says as a non-negative number, and which decimal mark it proves. */
export function readCellNumber(raw: string): CellNumber {
  let s = raw.trim();
  if (s === '') return EMPTY;
  if (DIGITS.test(s)) return { kind: 'number', mark: null, value: Number(s) };
  const spaced = SPACE_GROUPED.exec(s);
  if (spaced) s = s.replace(/[ \u00a0\u202f']/g, '');
  else if (/[ \u00a0\u202f']/.test(s)) return UNREADABLE;
  if (DIGITS.test(s)) return { kind: 'number', mark: null, value: Number(s) };
  const exp = EXPONENT.exec(s);
  if (exp) {
    const [, int, mark, frac, e] = exp as unknown as [string, string, DecimalMark | undefined, string | undefined, string];
    return { kind: 'number', mark: mark ?? null, value: Number(`${int}${frac === undefined ? '' : `.${frac}`}e${e}`) };
  }
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot !== -1 && lastComma !== -1) {
    const mark: DecimalMark = lastDot > lastComma ? '.' : ',';
    const group: DecimalMark = mark === '.' ? ',' : '.';
    const at = Math.max(lastDot, lastComma);
    const int = s.slice(0, at);
    const frac = s.slice(at + 1);
    if (!DIGITS.test(frac) || !grouped(int, group) || spaced) return UNREADABLE;
    return { kind: 'number', mark, value: plainNumber(int.split(group).join(''), frac) };
  }
  const only: DecimalMark | null = lastDot !== -1 ? '.' : lastComma !== -1 ? ',' : null;
  if (only === null) return UNREADABLE;
  const other: DecimalMark = only === '.' ? ',' : '.';
  const parts = s.split(only);
  if (parts.length > 2) {
    // The mark is repeated: it groups thousands, and the number is whole.
    return grouped(s, only) && !spaced ? { kind: 'number', mark: other, value: Number(parts.join('')) } : UNREADABLE;
  }
  const [int, frac] = parts as [string, string];
  if (!DIGITS.test(frac) || (int !== '' && !DIGITS.test(int))) return UNREADABLE;
  const asDecimal = plainNumber(int === '' ? '0' : int, frac);
  // Digits grouped by spaces leave the mark no grouping role: it is the decimal mark.
  if (spaced || frac.length !== 3 || int === '' || int === '0' || int.length > 3) return { kind: 'number', mark: only, value: asDecimal };
  const asGroup = Number(int + frac);
  return only === '.' ? { kind: 'ambiguous', asPoint: asDecimal, asComma: asGroup } : { kind: 'ambiguous', asPoint: asGroup, asComma: asDecimal };
}

/** A cell's value under a column's decimal mark; NaN for an empty cell, −1 when unreadable (or the cell proves the other mark). */
export function cellValue(cell: CellNumber, mark: DecimalMark): number {
  switch (cell.kind) {
    case 'empty':
      return Number.NaN;
    case 'unreadable':
      return -1;
    case 'ambiguous':
      return mark === '.' ? cell.asPoint : cell.asComma;
    case 'number':
      return cell.mark === null || cell.mark === mark ? cell.value : -1;
  }
}

/** The decimal mark a file's own delimiter implies: `;` is what locales with a decimal comma separate cells with. */
export function defaultMark(delimiter: ',' | ';' | '\t'): DecimalMark {
  return delimiter === ';' ? ',' : '.';
}
