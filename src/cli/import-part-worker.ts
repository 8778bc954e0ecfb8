import { open } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { PartMessage } from '../worker/part-pool';
import { servePart } from '../worker/part-serve';
import { platformHost } from '../platform/host';
import { fileSource } from './files';

/** A worker thread that reads one part of a large JSON Lines file for the CLI (see src/worker/part-pool.ts). */
const port = parentPort;
if (port) {
  const serve = servePart<string>(
    platformHost(),
    async (path) => {
      const handle = await open(path, 'r');
      const { size } = await handle.stat();
      return { source: fileSource(path, size, handle), close: () => handle.close() };
    },
    (message, transfer) => port.postMessage(message, transfer),
  );
  port.on('message', (m: PartMessage<string>) => serve(m));
}
