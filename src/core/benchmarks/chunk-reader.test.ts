import { describe, expect, it } from 'vitest';
import { chunkReader, type ByteSource } from './importer';

/** A 10-byte source that logs every read it is asked for. */
function source(fail: number | null = null): ByteSource & { reads: number[] } {
  const data = Uint8Array.from({ length: 10 }, (_, i) => i);
  const reads: number[] = [];
  return {
    name: 'ten.bin',
    size: data.length,
    reads,
    read: async (offset, length) => {
      reads.push(offset);
      if (offset === fail) throw new Error(`no data at ${offset}`);
      return data.slice(offset, offset + length);
    },
  };
}

describe('chunk reader', () => {
  it('asks for the next chunk while the current one is handed out', async () => {
    const s = source();
    const read = chunkReader(s, 4);
    expect([...(await read(0))]).toEqual([0, 1, 2, 3]);
    // Chunk 4–7 was requested as soon as chunk 0–3 arrived, before anyone asked for it.
    expect(s.reads).toEqual([0, 4]);
    expect([...(await read(4))]).toEqual([4, 5, 6, 7]);
    expect([...(await read(8))]).toEqual([8, 9]);
    // Nothing is requested past the end; each chunk was read once.
    expect(s.reads).toEqual([0, 4, 8]);
  });

  it('reads afresh when asked for another offset than the one prefetched', async () => {
    const s = source();
    const read = chunkReader(s, 4);
    await read(0);
    expect([...(await read(2))]).toEqual([2, 3, 4, 5]);
    expect(s.reads).toEqual([0, 4, 2, 6]);
  });

  it('a failed read fails the caller that collects it; one never collected goes unobserved', async () => {
    const s = source(4);
    const read = chunkReader(s, 4);
    await read(0);
    await expect(read(4)).rejects.toThrow('no data at 4');
    // A prefetch that fails while nobody asks for it must not surface as an unhandled rejection
    // (vitest fails the run on one).
    const t = source(4);
    await chunkReader(t, 4)(0);
    await new Promise((r) => setTimeout(r, 10));
    expect(t.reads).toEqual([0, 4]);
  });
});
