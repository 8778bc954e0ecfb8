import { importPart } from '../core/benchmarks/import-stream';
import { type ImportHost, type ImportParts, type PartHandle } from '../core/benchmarks/import-contract';
import { memorySource } from '../core/benchmarks/memory-source';

/**
 * Helper "threads" for the parts of a large JSON Lines file that run in the test's own thread,
 * interleaved at their reads: a reading in parts without workers. `fail` makes the given part's
 * helper fail (as a thread that cannot start); `cancelled` lists the parts told to stop.
 */
export function inThreadParts(
  host: Omit<ImportHost, 'progress' | 'cancelled' | 'parts'>,
  name: string,
  bytes: Uint8Array,
  helpers: number,
  fail: number[] = [],
): ImportParts & { started: number; cancelled: number[] } {
  const source = memorySource(name, bytes);
  const parts = {
    helpers,
    started: 0,
    cancelled: [] as number[],
    run(request: Parameters<ImportParts['run']>[0], progress: Parameters<ImportParts['run']>[1]): PartHandle {
      let cancelled = false;
      const index = parts.started++;
      if (fail.includes(index)) return { result: Promise.resolve('the helper could not start'), cancel: () => undefined };
      return {
        result: importPart(source, { ...host, cancelled: () => cancelled }, request, progress),
        cancel: () => {
          cancelled = true;
          parts.cancelled.push(index);
        },
      };
    },
  };
  return parts;
}
