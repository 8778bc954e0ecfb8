import { describe, expect, it } from 'vitest';
import { BLOB_READ_BYTES, blobSource } from './host';

/** Bytes 0..n-1 of a fixed pseudo-random sequence, so any misplaced range shows. */
function bytes(n: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n);
  let x = 12345;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

describe('blobSource', () => {
  const data = bytes(3 * 1024 * 1024 + 777);
  const blob = new Blob([data]);

  it('gives the bytes of every range asked, sequential or not, whole or the rest of the file', async () => {
    const source = blobSource(blob, 'x.jsonl');
    const ranges: [number, number][] = [
      [0, 16], // the head
      [0, 1024 * 1024], // the first chunk, then the next ones in order
      [1024 * 1024, 1024 * 1024],
      [2 * 1024 * 1024, 1024 * 1024],
      [3 * 1024 * 1024, 1024 * 1024], // past the end: the rest of the file
      [1_500_000, 100], // a small read elsewhere
      [1_500_000, 200_000], // a large read elsewhere
      [1_700_000, 300_000], // and on from where it ended
      [999_999, 65_536],
      [data.length, 1024], // at the end: nothing
    ];
    for (const [offset, length] of ranges) {
      const got = await source.read(offset, length);
      const end = Math.min(data.length, offset + length);
      expect(got.length, `${offset}+${length}`).toBe(Math.max(0, end - offset));
      expect(Buffer.from(got).equals(Buffer.from(data.subarray(offset, end))), `${offset}+${length}`).toBe(true);
    }
    // Reads asked for at once (a Parquet reader's column chunks) each get their own bytes.
    const together: [number, number][] = [
      [100_000, 300_000],
      [400_000, 200_000],
      [2_500_000, 500_000],
      [600_000, 100_000],
    ];
    const got = await Promise.all(together.map(([o, l]) => source.read(o, l)));
    together.forEach(([o, l], i) => expect(Buffer.from(got[i] as Uint8Array).equals(Buffer.from(data.subarray(o, o + l))), `${o}+${l} at once`).toBe(true));
  });

  it('reads chunk after chunk in slices of BLOB_READ_BYTES, small reads in slices of their own', async () => {
    const slices: number[] = [];
    class CountingBlob extends Blob {
      override slice(start?: number, end?: number): Blob {
        slices.push((end ?? this.size) - (start ?? 0));
        return super.slice(start, end);
      }
    }
    const big = bytes(10 * 1024 * 1024 + 5);
    const source = blobSource(new CountingBlob([big]), 'x.jsonl');
    let at = 0;
    while (at < big.length) {
      const got = await source.read(at, 1024 * 1024);
      expect(Buffer.from(got).equals(Buffer.from(big.subarray(at, at + got.length)))).toBe(true);
      at += got.length;
    }
    // 11 chunks of 1 MiB: three slices, 4 + 4 + 2 MiB (and 5 bytes).
    expect(slices).toEqual([BLOB_READ_BYTES, BLOB_READ_BYTES, 2 * 1024 * 1024 + 5]);
    await source.read(5_000_000, 8);
    expect(slices.at(-1)).toBe(8);
  });
});
