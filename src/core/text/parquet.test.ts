import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { gzipHeaderLength, isParquet, openParquet } from './parquet';

describe('Parquet helpers', () => {
  it('knows a Parquet file by its first four bytes, "PAR1"', () => {
    expect(isParquet(new TextEncoder().encode('PAR1\u0015'))).toBe(true);
    expect(isParquet(new TextEncoder().encode('PAR2'))).toBe(false);
  });

  it('skips a gzip header with its optional fields (RFC 1952 §2.3)', () => {
    const base = [0x1f, 0x8b, 8];
    // No flags: 10 bytes.
    expect(gzipHeaderLength(new Uint8Array([...base, 0, 0, 0, 0, 0, 0, 3, 0xaa]))).toBe(10);
    // FNAME "ab" + NUL: 10 + 3 = 13.
    expect(gzipHeaderLength(new Uint8Array([...base, 8, 0, 0, 0, 0, 0, 3, 0x61, 0x62, 0, 0xaa]))).toBe(13);
    // FEXTRA of 2 bytes (XLEN 2) + FCOMMENT "c" + NUL + FHCRC: 10 + 2 + 2 + 2 + 2 = 18.
    expect(gzipHeaderLength(new Uint8Array([...base, 4 | 16 | 2, 0, 0, 0, 0, 0, 3, 2, 0, 0x78, 0x79, 0x63, 0, 0x12, 0x34, 0xaa]))).toBe(18);
    expect(() => gzipHeaderLength(new Uint8Array([0x78, 0x9c]))).toThrow('a gzip page without a gzip header');
  });
});

describe('reading row groups', () => {
  // 3,000 rows in row groups of 1,000, pages of about 1 KB (many pages per column chunk): a
  // column with every value present, one with a null in every 7th row, and strings.
  const n = 3_000;
  const full = Array.from({ length: n }, (_, i) => i * 0.5);
  const gaps = Array.from({ length: n }, (_, i) => (i % 7 === 3 ? null : i));
  const names = Array.from({ length: n }, (_, i) => (i % 2 ? 'kimi-k2' : 'glm-5'));
  const bytes = new Uint8Array(
    parquetWriteBuffer({
      columnData: [
        { name: 'full', data: full, type: 'DOUBLE', nullable: true },
        { name: 'gaps', data: gaps, type: 'DOUBLE', nullable: true },
        { name: 'model', data: names, type: 'STRING', nullable: true },
      ],
      rowGroupSize: 1_000,
      pageSize: 1_024,
    }),
  );
  const source = { size: bytes.length, read: async (offset: number, length: number) => bytes.subarray(offset, offset + length) };

  it('gives every value, nulls where the file has none, in row order', async () => {
    const opened = await openParquet(source);
    if (!opened.ok) throw new Error(opened.problem);
    expect(opened.file.groups.map((g) => [g.rowStart, g.rowEnd])).toEqual([
      [0, 1_000],
      [1_000, 2_000],
      [2_000, 3_000],
    ]);
    for (const [index, group] of opened.file.groups.entries()) {
      const data = await opened.file.readGroup(index, ['full', 'gaps', 'model']);
      expect(Array.from(data.get('full') as ArrayLike<unknown>)).toEqual(full.slice(group.rowStart, group.rowEnd));
      expect(Array.from(data.get('gaps') as ArrayLike<unknown>)).toEqual(gaps.slice(group.rowStart, group.rowEnd));
      expect(Array.from(data.get('model') as ArrayLike<unknown>)).toEqual(names.slice(group.rowStart, group.rowEnd));
    }
  });

  it('keeps an optional column without nulls as one array of numbers (the reader is patched: patches/hyparquet+*.patch)', async () => {
    const opened = await openParquet(source);
    if (!opened.ok) throw new Error(opened.problem);
    const data = await opened.file.readGroup(1, ['full', 'gaps']);
    // Without the patch each value is copied into a plain array, one boxed number per row.
    expect(data.get('full')).toBeInstanceOf(Float64Array);
    expect(data.get('gaps')).toBeInstanceOf(Array);
  });
});
