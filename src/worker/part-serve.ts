import { importPart, shortenPart, streamPart } from '../core/benchmarks/import-stream';
import { type ByteSource, type ImportHost, type PartLimit, type PartResult } from '../core/benchmarks/import-contract';
import { blockBuffers, type BlockOutlet } from '../core/benchmarks/request-table';
import type { PartMessage, PartReply } from './part-pool';

/**
 * The helper's side: reads the parts it is sent and answers with their results, the typed
 * arrays transferred. `open` turns the message's source into bytes to read. A part fed as bytes
 * (a compressed file, which the importing thread unpacks) is parsed batch by batch as the bytes
 * arrive, each batch acknowledged ('taken') so that the feeding thread knows how far ahead it is.
 * A part's per-request tables go over a block at a time as they fill ('block'), not all at its end.
 */
export function servePart<S>(
  host: Omit<ImportHost, 'progress' | 'cancelled'>,
  open: (source: S, name: string) => Promise<{ source: ByteSource; close(): Promise<void> }>,
  reply: (message: PartReply, transfer: ArrayBuffer[]) => void,
): (message: PartMessage<S>) => void {
  const cancelled = new Set<number>();
  /** Parts fed as bytes, by id: parsed as each batch arrives. */
  const fed = new Map<number, ReturnType<typeof streamPart>>();
  /** Where each running part ends, by id (the importing thread may ask it to end sooner). */
  const limits = new Map<number, PartLimit>();
  const outlet = (id: number): BlockOutlet => {
    let sent = 0;
    return (block) => {
      reply({ kind: 'block', id, n: sent, block }, blockBuffers(block));
      return sent++;
    };
  };
  const done = (id: number, result: PartResult | null | string) => {
    cancelled.delete(id);
    reply({ kind: 'done', id, result }, result !== null && typeof result === 'object' ? result.transfer : []);
  };
  return (message) => {
    if (message.kind === 'cancel') {
      cancelled.add(message.id);
      if (fed.delete(message.id)) done(message.id, null);
      return;
    }
    if (message.kind === 'shorten') {
      const limit = limits.get(message.id);
      // A part that has ended answers with its result, which says where it ended.
      if (limit) reply({ kind: 'shortened', id: message.id, to: shortenPart(limit, message.to) }, []);
      return;
    }
    if (message.kind === 'stream') {
      fed.set(message.id, streamPart(host, message.name, message.request, outlet(message.id)));
      return;
    }
    if (message.kind === 'bytes') {
      const part = fed.get(message.id);
      if (!part) return;
      part.feed(message.bytes);
      reply({ kind: 'taken', id: message.id, bytes: message.bytes.length, rows: part.rows }, []);
      return;
    }
    if (message.kind === 'end') {
      const part = fed.get(message.id);
      if (!part) return;
      fed.delete(message.id);
      done(message.id, part.end());
      return;
    }
    const { id } = message;
    const limit: PartLimit = { to: message.request.to, at: message.request.from };
    limits.set(id, limit);
    void (async () => {
      let result: PartResult | null | string;
      try {
        const file = await open(message.source, message.name);
        try {
          result = await importPart(
            file.source,
            { ...host, cancelled: () => cancelled.has(id) },
            message.request,
            (bytes, rows) => reply({ kind: 'progress', id, bytes, rows }, []),
            limit,
            outlet(id),
          );
        } finally {
          await file.close();
        }
      } catch (e) {
        result = e instanceof Error ? e.message : String(e);
      }
      limits.delete(id);
      done(id, result);
    })();
  };
}
