/// <reference lib="webworker" />
import type { PartMessage } from './part-pool';
import { servePart } from './part-serve';
import { blobSource, platformHost } from '../platform/host';
import { stringCodeRuns, type EvalProbe } from './spawn';

/** A helper of the compute worker: reads one part of a large JSON Lines file (see part-pool.ts). */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const serve = servePart<Blob>(
  platformHost(),
  (blob, name) => {
    const source = blobSource(blob, name);
    return Promise.resolve({ source, close: () => Promise.resolve(source.close()) });
  },
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
