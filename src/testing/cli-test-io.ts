import { readFile } from 'node:fs/promises';
import type { CliIo } from '../cli/command';

/** An in-memory CliIo for tests: collects stdout and stderr, reads real files. */
export function testIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (t) => stdout.push(t),
    err: (t) => stderr.push(t),
    readFile: async (p) => new Uint8Array(await readFile(p)),
  };
}
