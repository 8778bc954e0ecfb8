import type { ImportParts, PartHandle, PartRequest, PartResult } from '../core/benchmarks/import-contract';

/**
 * Helper threads that read parts of a large JSON Lines file (`importPart`) while the importing
 * thread reads the first part: Web Workers under the browser's compute worker, worker threads
 * under Node (CLI, bench). The pool keeps its threads for the next file and ends them after a
 * while without work. One message protocol for both; `S` is what names the file to a helper
 * (a Blob in the browser, a path under Node).
 */
export type PartMessage<S> = { kind: 'part'; id: number; source: S; name: string; request: PartRequest } | { kind: 'cancel'; id: number };
export type PartReply = { kind: 'progress'; id: number; bytes: number; rows: number } | { kind: 'done'; id: number; result: PartResult | null | string };

/** A started helper thread, as the pool sees it. */
export interface PartPort<S> {
  post(message: PartMessage<S>): void;
  /** `onError` is called when the thread fails (it cannot load, or it crashed). */
  listen(onReply: (reply: PartReply) => void, onError: (message: string) => void): void;
  terminate(): void;
}

interface Job {
  resolve: (r: PartResult | null | string) => void;
  progress: (bytes: number, rows: number) => void;
}

interface Thread<S> {
  port: PartPort<S>;
  jobs: Map<number, Job>;
}

const IDLE_MS = 60_000;

/** Helpers at most (a 64-core machine still reads a file in 16 parts: each part's start costs a thread). */
export const MAX_HELPERS = 15;

export class PartPool<S> {
  private readonly idle: Thread<S>[] = [];
  private serial = 0;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  /** `spawn` throws when the platform cannot start a thread; the part is then read by the importer itself. */
  constructor(
    private readonly spawn: () => PartPort<S>,
    readonly helpers: number,
    private readonly unref: (timer: ReturnType<typeof setTimeout>) => void = () => undefined,
  ) {}

  /** The importer's view of the pool for one file. */
  forFile(source: S, name: string): ImportParts {
    return { helpers: this.helpers, run: (request, progress) => this.run(source, name, request, progress) };
  }

  /**
   * Starts the helpers before a large file's first chunk is read, so that their scripts load
   * while the importing thread reads it (a helper started at the split began 0.2–0.5 s late).
   * Threads that get no part end after the idle time like any other.
   */
  warm(): void {
    try {
      while (this.idle.length < this.helpers) this.release(this.startThread());
    } catch {
      // A thread that cannot start: the parts are read by the importer itself (see run()).
    }
  }

  private take(): Thread<S> {
    const ready = this.idle.pop();
    if (ready) return ready;
    return this.startThread();
  }

  private startThread(): Thread<S> {
    const port = this.spawn();
    const thread: Thread<S> = { port, jobs: new Map() };
    port.listen(
      (reply) => {
        const job = thread.jobs.get(reply.id);
        if (!job) return;
        if (reply.kind === 'progress') job.progress(reply.bytes, reply.rows);
        else {
          thread.jobs.delete(reply.id);
          job.resolve(reply.result);
          this.release(thread);
        }
      },
      (message) => {
        for (const job of thread.jobs.values()) job.resolve(message);
        thread.jobs.clear();
        const at = this.idle.indexOf(thread);
        if (at !== -1) this.idle.splice(at, 1);
        port.terminate();
      },
    );
    return thread;
  }

  private release(thread: Thread<S>): void {
    if (thread.jobs.size > 0) return;
    this.idle.push(thread);
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      for (const t of this.idle.splice(0)) t.port.terminate();
      this.idleTimer = null;
    }, IDLE_MS);
    this.unref(this.idleTimer);
  }

  private run(source: S, name: string, request: PartRequest, progress: (bytes: number, rows: number) => void): PartHandle {
    let thread: Thread<S>;
    try {
      thread = this.take();
    } catch (e) {
      return { result: Promise.resolve(e instanceof Error ? e.message : String(e)), cancel: () => undefined };
    }
    const id = ++this.serial;
    const result = new Promise<PartResult | null | string>((resolve) => thread.jobs.set(id, { resolve, progress }));
    thread.port.post({ kind: 'part', id, source, name, request });
    return { result, cancel: () => thread.port.post({ kind: 'cancel', id }) };
  }
}
