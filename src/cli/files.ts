import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import type { z } from 'zod';
import type { ByteSource } from '../core/benchmarks/import-contract';
import type { CliIo } from './command';

/**
 * File handling the commands share: each file on disk as a byte source read in chunks (never
 * whole), and a JSON option file (a column mapping) checked against its schema.
 */

/** A file on disk as the importers' byte source. */
export function fileSource(path: string, size: number, handle: Awaited<ReturnType<typeof open>>): ByteSource {
  return {
    name: basename(path),
    size,
    read: async (offset, length) => {
      const buffer = new Uint8Array(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    },
  };
}

/**
 * Runs `read` on each path in order with the file open, closing it afterwards. Returns null
 * after printing "<path>: cannot open (…)" when a file cannot be opened.
 */
export async function readEachFile<T>(paths: readonly string[], io: CliIo, read: (source: ByteSource, index: number) => Promise<T>): Promise<T[] | null> {
  const out: T[] = [];
  for (const [i, path] of paths.entries()) {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(path, 'r');
    } catch (e) {
      io.err(`${path}: cannot open (${e instanceof Error ? e.message : String(e)})`);
      return null;
    }
    try {
      const { size } = await handle.stat();
      out.push(await read(fileSource(path, size, handle), i));
    } finally {
      await handle.close();
    }
  }
  return out;
}

/** A JSON option file checked against `schema`; a string is the message naming what is wrong. */
export async function readJsonOption<T>(path: string, io: CliIo, schema: z.ZodType<T>): Promise<T | string> {
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(await io.readFile(path)));
  } catch (e) {
    return `${path}: not readable JSON (${e instanceof Error ? e.message : String(e)})`;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return `${path}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`;
  return parsed.data;
}
