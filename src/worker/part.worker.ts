/// <reference lib="webworker" />
import type { PartMessage } from './part-pool';
import { servePart } from './part-serve';
import { blobSource, platformHost } from './platform';

/** A helper of the compute worker: reads one part of a large JSON Lines file (see part-pool.ts). */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const serve = servePart<Blob>(
  platformHost(),
  (blob, name) => Promise.resolve({ source: blobSource(blob, name), close: () => Promise.resolve() }),
  (message, transfer) => scope.postMessage(message, transfer),
);
scope.onmessage = (e: MessageEvent<PartMessage<Blob>>) => serve(e.data);
