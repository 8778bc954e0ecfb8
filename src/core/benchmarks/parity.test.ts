import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inThreadParts } from '../../testing/in-thread-parts';
import { platformHost } from '../../platform/host';
import { importFile, sniffMode, type FileImport } from './importer';
import { memorySource } from './memory-source';

/**
 * A reading in parts (one per thread) gives what a reading in one piece gives, bit for bit, for
 * every file in the repository's fixture folders: as it is (parts begin at 4 MiB bounds, so a
 * small file stays in one piece whatever the threads), and, for each file of one JSON value per
 * line, a copy repeated past 9 MiB, read in three parts. The generated 1,000,000-line log is
 * checked the same way by `npm run bench -- import` (too slow for a unit test).
 */
const ROOT = resolve(process.cwd(), 'fixtures');
const MiB = 1024 * 1024;
const host = platformHost();

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

function whole(name: string, bytes: Uint8Array): Promise<FileImport> {
  return importFile(memorySource(name, bytes), host);
}

async function inParts(name: string, bytes: Uint8Array, helpers: number): Promise<{ result: FileImport; started: number }> {
  const parts = inThreadParts(host, name, bytes, helpers);
  const result = await importFile(memorySource(name, bytes), { ...host, parts }, { splitMinBytes: 1 });
  return { result, started: parts.started };
}

/** The file repeated (a newline between copies) until it is past `min` bytes. */
function repeated(bytes: Uint8Array, min: number): Uint8Array {
  const one = bytes[bytes.length - 1] === 10 ? bytes : new Uint8Array([...bytes, 10]);
  const copies = Math.ceil(min / one.length);
  const out = new Uint8Array(copies * one.length);
  for (let k = 0; k < copies; k++) out.set(one, k * one.length);
  return out;
}

const all = files(ROOT).sort();
/** Fixtures whose repeated copy was read in parts. */
const readInParts: string[] = [];

describe('a reading in parts equals a reading in one piece', () => {
  afterAll(() => {
    // The per-request logs of both fixture folders (bench/api-usage, usage/): a check that the split ran at all.
    expect(readInParts.length).toBeGreaterThanOrEqual(2);
  });

  it('covers every fixture folder', () => {
    const folders = new Set(all.map((f) => relative(ROOT, f).split('/')[0]));
    expect([...folders].sort()).toEqual(
      readdirSync(ROOT)
        .filter((d) => statSync(join(ROOT, d)).isDirectory())
        .sort(),
    );
    expect(all.length).toBeGreaterThan(80);
  });

  for (const path of all) {
    const name = relative(ROOT, path);
    it(name, async () => {
      const bytes = new Uint8Array(readFileSync(path));
      const one = await whole(name, bytes);
      const split = await inParts(name, bytes, 3);
      expect(split.result.threads).toBe(1);
      expect(split.result).toEqual(one);
      const head = new TextDecoder().decode(bytes.subarray(0, 64 * 1024));
      if (sniffMode(head).mode !== 'lines') return;
      const big = repeated(bytes, 9 * MiB);
      const oneBig = await whole(name, big);
      const splitBig = await inParts(name, big, 2);
      // Request logs are read in parts; other line formats keep their parser in one piece.
      if (oneBig.format === 'request-log') {
        expect(splitBig.started).toBe(2);
        expect(splitBig.result.threads).toBe(3);
        readInParts.push(name);
      } else expect(splitBig.result.threads).toBe(1);
      expect({ ...splitBig.result, threads: oneBig.threads }).toEqual(oneBig);
    });
  }
});
