import { describe, expect, it } from 'vitest';
import { gzipHeaderLength, isParquet } from './parquet';

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
