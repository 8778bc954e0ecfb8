import { importPart } from '../core/benchmarks/import-stream';
import { type ByteSource, type ImportHost, type PartResult } from '../core/benchmarks/import-contract';
import type { PartMessage, PartReply } from './part-pool';

/**
 * The helper's side: reads the parts it is sent and answers with their results, the typed
 * arrays transferred. `open` turns the message's source into bytes to read.
 */
export function servePart<S>(
  host: Omit<ImportHost, 'progress' | 'cancelled'>,
  open: (source: S, name: string) => Promise<{ source: ByteSource; close(): Promise<void> }>,
  reply: (message: PartReply, transfer: ArrayBuffer[]) => void,
): (message: PartMessage<S>) => void {
  const cancelled = new Set<number>();
  return (message) => {
    if (message.kind === 'cancel') {
      cancelled.add(message.id);
      return;
    }
    const { id } = message;
    void (async () => {
      let result: PartResult | null | string;
      try {
        const file = await open(message.source, message.name);
        try {
          result = await importPart(file.source, { ...host, cancelled: () => cancelled.has(id) }, message.request, (bytes, rows) =>
            reply({ kind: 'progress', id, bytes, rows }, []),
          );
        } finally {
          await file.close();
        }
      } catch (e) {
        result = e instanceof Error ? e.message : String(e);
      }
      cancelled.delete(id);
      reply({ kind: 'done', id, result }, result !== null && typeof result === 'object' ? result.transfer : []);
    })();
  };
}
