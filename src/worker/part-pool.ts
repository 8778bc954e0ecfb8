import {
  SPLIT_MIN_BYTES,
  type ImportParts,
  type PartHandle,
  type PartRequest,
  type PartResult,
  type StreamPartHandle,
  type StreamPartRequest,
} from '../core/benchmarks/import-contract';
import type { ColumnBlock } from '../core/benchmarks/request-table';

/**
 * Helper threads that read parts of a large JSON Lines file (`importPart`) while the importing
 * thread reads the first part: Web Workers under the browser's compute worker, worker threads
 * under Node (CLI, bench). The pool keeps its threads for the next file and ends them after a
 * while without work. One message protocol for both; `S` is what names the file to a helper
 * (a Blob in the browser, a path under Node).
 */
export type PartMessage<S> =
  | { kind: 'part'; id: number; source: S; name: string; request: PartRequest }
  | { kind: 'stream'; id: number; name: string; request: StreamPartRequest }
  | { kind: 'bytes'; id: number; bytes: Uint8Array<ArrayBuffer> }
  | { kind: 'end'; id: number }
  | { kind: 'cancel'; id: number }
  | { kind: 'shorten'; id: number; to: number };
export type PartReply =
  | { kind: 'progress'; id: number; bytes: number; rows: number }
  | { kind: 'taken'; id: number; bytes: number; rows: number }
  | { kind: 'shortened'; id: number; to: number }
  /** A full block of one of the part's tables, its `n`-th sent (before the part's 'done'). */
  | { kind: 'block'; id: number; n: number; block: ColumnBlock }
  | { kind: 'done'; id: number; result: PartResult | null | string };

/** A started helper thread, as the pool sees it. */
export interface PartPort<S> {
  /** `transfer`: buffers moved to the thread rather than copied. */
  post(message: PartMessage<S>, transfer?: ArrayBuffer[]): void;
  /** `onError` is called when the thread fails (it cannot load, or it crashed). */
  listen(onReply: (reply: PartReply) => void, onError: (message: string) => void): void;
  terminate(): void;
}

interface Job {
  resolve: (r: PartResult | null | string) => void;
  progress: (bytes: number, rows: number) => void;
  /** A fed part: the helper has parsed `bytes` more of the bytes handed over. */
  taken?: (bytes: number) => void;
  /** Where a part asked to end sooner will end. */
  shortened?: (to: number) => void;
  /** The table blocks the part has sent so far, by number. */
  blocks?: ColumnBlock[];
}

/** Bytes handed to a fed part and not yet parsed, past which the feeding thread waits: memory stays bounded when it unpacks faster than the helper parses. */
export const FED_AHEAD_BYTES = 16 * 1024 * 1024;

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

  /**
   * The importer's view of the pool for one file. Given the file's size, a file large enough to be
   * split starts the helpers now (`warm`), while its first chunk or row group is read.
   */
  forFile(source: S, name: string, size = 0): ImportParts {
    if (size >= SPLIT_MIN_BYTES) this.warm();
    return {
      helpers: this.helpers,
      run: (request, progress) => this.run(source, name, request, progress),
      stream: (request, progress) => this.stream(name, request, progress),
    };
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
        else if (reply.kind === 'shortened') job.shortened?.(reply.to);
        else if (reply.kind === 'block') (job.blocks ??= [])[reply.n] = reply.block;
        else if (reply.kind === 'taken') {
          job.taken?.(reply.bytes);
          job.progress(0, reply.rows);
        } else {
          thread.jobs.delete(reply.id);
          const result = reply.result;
          if (job.blocks && result !== null && typeof result === 'object') result.blocks = job.blocks;
          job.resolve(result);
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

  /** A part whose bytes the importing thread hands over (ImportParts.stream); null when no thread could start. */
  private stream(name: string, request: StreamPartRequest, progress: (rows: number) => void): StreamPartHandle | null {
    let thread: Thread<S>;
    try {
      thread = this.take();
    } catch {
      return null;
    }
    const id = ++this.serial;
    let ahead = 0;
    let room: (() => void) | null = null;
    const wake = () => {
      const r = room;
      room = null;
      r?.();
    };
    const result = new Promise<PartResult | null | string>((resolve) =>
      thread.jobs.set(id, {
        resolve: (r) => {
          // A thread that failed takes nothing more: the feeding thread must not wait for room.
          wake();
          resolve(r);
        },
        progress: (_bytes, rows) => progress(rows),
        taken: (bytes) => {
          ahead -= bytes;
          if (ahead <= FED_AHEAD_BYTES) wake();
        },
      }),
    );
    let settled = false;
    void result.then(() => (settled = true));
    thread.port.post({ kind: 'stream', id, name, request });
    return {
      push: async (bytes) => {
        if (settled) return;
        ahead += bytes.length;
        thread.port.post({ kind: 'bytes', id, bytes }, [bytes.buffer]);
        if (ahead > FED_AHEAD_BYTES) await new Promise<void>((r) => (room = r));
      },
      end: () => {
        thread.port.post({ kind: 'end', id });
        return result;
      },
      cancel: () => thread.port.post({ kind: 'cancel', id }),
    };
  }

  private run(source: S, name: string, request: PartRequest, progress: (bytes: number, rows: number) => void): PartHandle {
    let thread: Thread<S>;
    try {
      thread = this.take();
    } catch (e) {
      return { result: Promise.resolve(e instanceof Error ? e.message : String(e)), cancel: () => undefined };
    }
    const id = ++this.serial;
    const job: Job = { resolve: () => undefined, progress };
    let ended = false;
    const result = new Promise<PartResult | null | string>((resolve) => {
      job.resolve = (r) => {
        ended = true;
        // A part that ended before it was asked to end sooner ends where it was to.
        job.shortened?.(request.to);
        resolve(r);
      };
      thread.jobs.set(id, job);
    });
    thread.port.post({ kind: 'part', id, source, name, request });
    return {
      result,
      cancel: () => thread.port.post({ kind: 'cancel', id }),
      // Asked after its result came, the helper no longer knows the part and would not answer.
      shorten: (to) =>
        ended
          ? Promise.resolve(request.to)
          : new Promise<number>((resolve) => {
              job.shortened = (end) => {
                job.shortened = undefined;
                resolve(end);
              };
              thread.port.post({ kind: 'shorten', id, to });
            }),
    };
  }
}
