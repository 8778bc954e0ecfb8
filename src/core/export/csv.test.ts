import { describe, expect, it } from 'vitest';
import { csvCell, escapeCsvText, toCsv } from './csv';

describe('CSV export', () => {
  it('neutralises every formula-starting character', () => {
    expect(escapeCsvText('=cmd|"/c calc"!A1')).toBe(`"'=cmd|""/c calc""!A1"`);
    expect(escapeCsvText('+1')).toBe("'+1");
    expect(escapeCsvText('-2')).toBe("'-2");
    expect(escapeCsvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvText('\tx')).toBe("'\tx");
    expect(escapeCsvText('\rx')).toBe(`"'\rx"`);
  });
  it('leaves ordinary text and numbers alone', () => {
    expect(escapeCsvText('Kimi K2.6')).toBe('Kimi K2.6');
    expect(csvCell(-1234.5)).toBe('-1234.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
  });
  it('quotes separators and writes CRLF rows', () => {
    expect(
      toCsv(
        ['name', 'usd'],
        [
          ['a, b', 1],
          ['=cmd', 2.5],
        ],
      ),
    ).toBe('name,usd\r\n"a, b",1\r\n\'=cmd,2.5\r\n');
  });
});
