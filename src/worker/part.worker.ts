/// <reference lib="webworker" />
import type { PartMessage } from './part-pool';
import { servePart } from './part-serve';
import { blobSource, platformHost } from '../platform/host';
import { stringCodeRuns, type EvalProbe } from './spawn';

/** A helper of the compute worker: reads one part of a large JSON Lines file (see part-pool.ts). */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const serve = servePart<Blob>(
  platformHost(),
  (blob, name) => Promise.resolve({ source: blobSource(blob, name), close: () => Promise.resolve() }),
  (message, transfer) => scope.postMessage(message, transfer),
);
scope.onmessage = (e: MessageEvent<PartMessage<Blob> | EvalProbe>) => {
  // Test build only (VITE_E2E_HOOKS=1): the compute worker's probe (spawn.ts).
  if (import.meta.env.VITE_E2E_HOOKS === '1' && e.data.kind === 'e2e-eval-probe') {
    const port = e.ports[0];
    void stringCodeRuns().then((answer) => port?.postMessage(answer));
    return;
  }
  serve(e.data as PartMessage<Blob>);
};
