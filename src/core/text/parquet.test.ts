import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { gzipHeaderLength, isParquet, openParquet } from './parquet';

/** A file's bytes as the reader reads them (by ranges). */
const inMemory = (bytes: Uint8Array) => ({ size: bytes.length, read: async (offset: number, length: number) => bytes.subarray(offset, offset + length) });

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
  const source = inMemory(bytes);

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

describe('reading time and 64-bit integer columns', () => {
  // Raw integers written as they are (a writer's INT64 / INT32 with a time annotation), 3,000
  // rows in row groups of 1,000 and small pages. The expected values come from BigInt arithmetic
  // (`Number(bigint)`, then the unit's factor), not from the reader's own conversion.
  const n = 3_000;
  const ms = Array.from({ length: n }, (_, i) => 1_768_471_200_015n + BigInt(i) * 35n - (i % 500 === 7 ? 1_768_471_300_000n : 0n));
  const us = Array.from({ length: n }, (_, i) => (i % 11 === 4 ? null : 1_768_471_200_015_123n + BigInt(i) * 35_001n));
  // Nanoseconds since 1970 are beyond 2^53: Number() rounds them, and so must the reader.
  const ns = Array.from({ length: n }, (_, i) => (i % 13 === 0 ? null : 1_768_471_200_015_123_457n + BigInt(i) * 35_000_001_003n));
  const days = Array.from({ length: n }, (_, i) => 20_468 + i - (i === 5 ? 30_000 : 0));
  const wide = Array.from({ length: n }, (_, i) =>
    i === 0 ? -(2n ** 63n) : i === 1 ? 2n ** 63n - 1n : i === 2 ? -(2n ** 53n) - 3n : BigInt(i) * 3_037_000_499n * (i % 2 ? -1n : 1n),
  );
  const bytes = new Uint8Array(
    parquetWriteBuffer({
      schema: [
        { name: 'root', num_children: 5 },
        { name: 'ms', type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', repetition_type: 'REQUIRED' },
        { name: 'us', type: 'INT64', converted_type: 'TIMESTAMP_MICROS', repetition_type: 'OPTIONAL' },
        { name: 'ns', type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'NANOS' }, repetition_type: 'OPTIONAL' },
        { name: 'day', type: 'INT32', converted_type: 'DATE', repetition_type: 'REQUIRED' },
        { name: 'wide', type: 'INT64', repetition_type: 'REQUIRED' },
      ],
      columnData: [
        { name: 'ms', data: ms },
        { name: 'us', data: us },
        { name: 'ns', data: ns },
        { name: 'day', data: days },
        { name: 'wide', data: wide },
      ],
      rowGroupSize: 1_000,
      pageSize: 2_048,
    }),
  );
  const source = inMemory(bytes);

  it('gives times as epoch milliseconds and 64-bit integers as the nearest number, nulls kept', async () => {
    const opened = await openParquet(source);
    if (!opened.ok) throw new Error(opened.problem);
    expect(opened.file.columns).toEqual([
      { name: 'ms', kind: 'timestamp' },
      { name: 'us', kind: 'timestamp' },
      { name: 'ns', kind: 'timestamp' },
      { name: 'day', kind: 'timestamp' },
      { name: 'wide', kind: 'number' },
    ]);
    const names = ['ms', 'us', 'ns', 'day', 'wide'];
    const got: Record<string, unknown[]> = Object.fromEntries(names.map((c) => [c, []]));
    for (const index of opened.file.groups.keys()) {
      const data = await opened.file.readGroup(index, names);
      // Read from the raw integers: arrays of numbers, not one boxed number (or Date) per row.
      for (const c of ['ms', 'day', 'wide']) expect(data.get(c)).toBeInstanceOf(Float64Array);
      for (const c of names) (got[c] as unknown[]).push(...Array.from(data.get(c) as ArrayLike<unknown>));
    }
    expect(got.ms).toEqual(ms.map((v) => Number(v)));
    expect(got.us).toEqual(us.map((v) => (v === null ? null : Number(v) / 1000)));
    expect(got.ns).toEqual(ns.map((v) => (v === null ? null : Number(v) / 1e6)));
    expect(got.day).toEqual(days.map((d) => d * 86_400_000));
    expect(got.wide).toEqual(wide.map((v) => Number(v)));
    // Spot checks by hand: 2^63 − 1 rounds to 2^63; 2026-01-15 is day 20,468 since 1970.
    expect((got.wide as number[])[1]).toBe(9_223_372_036_854_775_808);
    expect((got.day as number[])[0]).toBe(Date.UTC(2026, 0, 15));
    expect((got.ms as number[])[0]).toBe(Date.UTC(2026, 0, 15, 10, 0, 0, 15));
  });
});
