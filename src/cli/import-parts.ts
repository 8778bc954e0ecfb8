import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { MAX_HELPERS, PartPool, type PartPort, type PartReply } from '../worker/part-pool';

/**
 * Worker threads for the parts of a large JSON Lines file under Node: the CLI and the bench
 * read such a file the way the browser's compute worker does. The CLI runs its TypeScript
 * through tsx, so a thread registers tsx before it loads its module.
 */
const MODULE = new URL('./import-part-worker.ts', import.meta.url).href;
const TSX = import.meta.resolve('tsx/esm/api');

/** One worker thread that reads parts. */
export function partThread(): PartPort<string> {
  const worker = new Worker(`import(${JSON.stringify(TSX)}).then(({ register }) => { register(); return import(${JSON.stringify(MODULE)}); });`, {
    eval: true,
  });
  // A thread keeps the process alive only while it has work.
  let busy = 0;
  worker.unref();
  return {
    post: (message, transfer = []) => {
      if ((message.kind === 'part' || message.kind === 'stream') && busy++ === 0) worker.ref();
      worker.postMessage(message, transfer);
    },
    listen: (onReply, onError) => {
      worker.on('message', (reply: PartReply) => {
        if (reply.kind === 'done' && --busy === 0) worker.unref();
        onReply(reply);
      });
      worker.on('error', (e: Error) => onError(e.message));
    },
    terminate: () => void worker.terminate(),
  };
}

export const nodeParts = new PartPool<string>(partThread, Math.max(0, Math.min(availableParallelism() - 1, MAX_HELPERS)), (timer) => timer.unref());
