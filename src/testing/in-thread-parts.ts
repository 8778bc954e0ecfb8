import { importPart, streamPart } from '../core/benchmarks/import-stream';
import { type ImportHost, type ImportParts, type PartHandle, type StreamPartHandle } from '../core/benchmarks/import-contract';
import { memorySource } from '../core/benchmarks/memory-source';

/**
 * Helper "threads" for the parts of a large JSON Lines file that run in the test's own thread,
 * interleaved at their reads: a reading in parts without workers. `fail` makes the given part's
 * helper fail (as a thread that cannot start); `cancelled` lists the parts told to stop. A part
 * fed as bytes (a compressed file) is parsed as each batch is handed over; `fed` counts the batches.
 */
export function inThreadParts(
  host: Omit<ImportHost, 'progress' | 'cancelled' | 'parts'>,
  name: string,
  bytes: Uint8Array,
  helpers: number,
  fail: number[] = [],
): ImportParts & { started: number; cancelled: number[]; fed: number } {
  const source = memorySource(name, bytes);
  const parts = {
    helpers,
    started: 0,
    cancelled: [] as number[],
    fed: 0,
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
    stream(request: Parameters<NonNullable<ImportParts['stream']>>[0], progress: (rows: number) => void): StreamPartHandle | null {
      const index = parts.started++;
      if (fail.includes(index)) return null;
      const part = streamPart(host, name, request);
      let cancelled = false;
      return {
        push: async (batch) => {
          parts.fed += 1;
          if (!cancelled) part.feed(batch);
          progress(part.rows);
          await Promise.resolve();
        },
        end: () => Promise.resolve(cancelled ? null : part.end()),
        cancel: () => {
          cancelled = true;
          parts.cancelled.push(index);
        },
      };
    },
  };
  return parts;
}
