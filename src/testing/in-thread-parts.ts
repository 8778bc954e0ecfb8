import { importPart, shortenPart, streamPart } from '../core/benchmarks/import-stream';
import { type ImportHost, type ImportParts, type PartHandle, type PartLimit, type StreamPartHandle } from '../core/benchmarks/import-contract';
import { memorySource } from '../core/benchmarks/memory-source';
import type { BlockOutlet, ColumnBlock } from '../core/benchmarks/request-table';

/** A helper's outlet for its tables' full blocks, kept to come back with its result (as the pool does). */
function collecting(): { outlet: BlockOutlet; blocks: ColumnBlock[]; attach<R>(result: R): R } {
  const blocks: ColumnBlock[] = [];
  return {
    blocks,
    outlet: (block) => blocks.push(block) - 1,
    attach: (result) => {
      if (blocks.length > 0 && result !== null && typeof result === 'object') (result as { blocks?: ColumnBlock[] }).blocks = blocks;
      return result;
    },
  };
}

/**
 * Helper "threads" for the parts of a large JSON Lines file that run in the test's own thread,
 * interleaved at their reads: a reading in parts without workers. `fail` makes the given part's
 * helper fail (as a thread that cannot start); `cancelled` lists the parts told to stop. A part
 * fed as bytes (a compressed file) is parsed as each batch is handed over; `fed` counts the batches.
 * A part can be asked to end sooner (`shorten`); `shortened` counts those asked while they ran.
 * `hold` makes a helper's read at byte `at` wait until the part is asked to end sooner, so that the
 * question arrives while that read is on its way; `to` replaces the end the importing thread asks
 * for (`heldAsks` counts the questions that arrived while a read was held; `reached` resolves
 * when the held read has begun). As in a helper thread, a part's tables hand over their full blocks
 * as it reads (`sentBlocks` counts them), which come back with the part's result.
 */
export function inThreadParts(
  host: Omit<ImportHost, 'progress' | 'cancelled' | 'parts'>,
  name: string,
  bytes: Uint8Array,
  helpers: number,
  fail: number[] = [],
  /** Turns of the event loop each helper read waits: a helper slower than the importing thread. */
  slow = 0,
  hold?: { at: number; to?: (asked: number) => number },
): ImportParts & { started: number; cancelled: number[]; fed: number; shortened: number; heldAsks: number; sentBlocks: number; reached: Promise<void> } {
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
  let release: (() => void) | null = null;
  let reach = () => undefined as void;
  const reached = new Promise<void>((r) => (reach = r));
  const held =
    hold === undefined
      ? source
      : {
          ...source,
          read: async (offset: number, length: number) => {
            if (offset === hold.at && release === null && parts.heldAsks === 0) {
              const asked = new Promise<void>((r) => (release = r));
              reach();
              await asked;
            }
            return source.read(offset, length);
          },
        };
  const parts = {
    helpers,
    heldAsks: 0,
    sentBlocks: 0,
    reached,
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
      const sent = collecting();
      const result = importPart(held, { ...host, cancelled: () => cancelled }, request, progress, limit, sent.outlet).then((r) => {
        parts.sentBlocks += sent.blocks.length;
        return sent.attach(r);
      });
      void result.then(() => (ended = true));
      return {
        result,
        cancel: () => {
          cancelled = true;
          parts.cancelled.push(index);
        },
        shorten: (asked) => {
          if (!ended) parts.shortened += 1;
          const end = ended ? request.to : shortenPart(limit, hold?.to ? hold.to(asked) : asked);
          if (release) {
            parts.heldAsks += 1;
            release();
            release = null;
          }
          return Promise.resolve(end);
        },
      };
    },
    stream(request: Parameters<NonNullable<ImportParts['stream']>>[0], progress: (rows: number) => void): StreamPartHandle | null {
      const index = parts.started++;
      if (fail.includes(index)) return null;
      const sent = collecting();
      const part = streamPart(host, name, request, sent.outlet);
      let cancelled = false;
      return {
        push: async (batch) => {
          parts.fed += 1;
          if (!cancelled) part.feed(batch);
          progress(part.rows);
          await Promise.resolve();
        },
        end: () => {
          parts.sentBlocks += sent.blocks.length;
          return Promise.resolve(cancelled ? null : sent.attach(part.end()));
        },
        cancel: () => {
          cancelled = true;
          parts.cancelled.push(index);
        },
      };
    },
  };
  return parts;
}
