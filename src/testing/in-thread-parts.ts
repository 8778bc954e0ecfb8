import { importPart, shortenPart, streamPart } from '../core/benchmarks/import-stream';
import { type ImportHost, type ImportParts, type PartHandle, type PartLimit, type StreamPartHandle } from '../core/benchmarks/import-contract';
import { memorySource } from '../core/benchmarks/memory-source';

/**
 * Helper "threads" for the parts of a large JSON Lines file that run in the test's own thread,
 * interleaved at their reads: a reading in parts without workers. `fail` makes the given part's
 * helper fail (as a thread that cannot start); `cancelled` lists the parts told to stop. A part
 * fed as bytes (a compressed file) is parsed as each batch is handed over; `fed` counts the batches.
 * A part can be asked to end sooner (`shorten`); `shortened` counts those asked while they ran.
 */
export function inThreadParts(
  host: Omit<ImportHost, 'progress' | 'cancelled' | 'parts'>,
  name: string,
  bytes: Uint8Array,
  helpers: number,
  fail: number[] = [],
  /** Turns of the event loop each helper read waits: a helper slower than the importing thread. */
  slow = 0,
): ImportParts & { started: number; cancelled: number[]; fed: number; shortened: number } {
  const fast = memorySource(name, bytes);
  const source =
    slow === 0
      ? fast
      : {
          ...fast,
          read: async (offset: number, length: number) => {
            for (let k = 0; k < slow; k++) await new Promise((r) => setTimeout(r, 0));
            return fast.read(offset, length);
          },
        };
  const parts = {
    helpers,
    started: 0,
    cancelled: [] as number[],
    fed: 0,
    /** Parts asked to end sooner while they ran. */
    shortened: 0,
    run(request: Parameters<ImportParts['run']>[0], progress: Parameters<ImportParts['run']>[1]): PartHandle {
      let cancelled = false;
      const index = parts.started++;
      if (fail.includes(index)) return { result: Promise.resolve('the helper could not start'), cancel: () => undefined };
      const limit: PartLimit = { to: request.to, at: request.from };
      let ended = false;
      const result = importPart(source, { ...host, cancelled: () => cancelled }, request, progress, limit);
      void result.then(() => (ended = true));
      return {
        result,
        cancel: () => {
          cancelled = true;
          parts.cancelled.push(index);
        },
        shorten: (to) => {
          if (!ended) parts.shortened += 1;
          return Promise.resolve(ended ? request.to : shortenPart(limit, to));
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
