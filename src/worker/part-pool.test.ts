import { describe, expect, it } from 'vitest';
import { PartPool, type PartMessage, type PartPort, type PartReply } from './part-pool';
import { servePart } from './part-serve';
import { platformHost } from '../platform/host';
import { SPLIT_MIN_BYTES } from '../core/benchmarks/import-contract';

/** Threads that answer nothing: what the pool starts and posts is what is tested. */
function fakeThreads() {
  const posted: PartMessage<string>[][] = [];
  const spawn = (): PartPort<string> => {
    const mine: PartMessage<string>[] = [];
    posted.push(mine);
    return { post: (m) => void mine.push(m), listen: () => undefined, terminate: () => undefined };
  };
  return { posted, spawn };
}

describe('the pool of part helpers', () => {
  it('warms as many threads as it has helpers, and a file then uses them without starting more', () => {
    const t = fakeThreads();
    const pool = new PartPool(t.spawn, 3, (timer) => clearTimeout(timer));
    pool.warm();
    pool.warm();
    expect(t.posted).toHaveLength(3);
    const parts = pool.forFile('log.jsonl', 'log.jsonl');
    for (const from of [4, 8, 12]) parts.run({ from, to: from + 4, format: 'request-log', rowRate: 1 }, () => undefined);
    expect(t.posted).toHaveLength(3);
    // Each thread got one part.
    expect(t.posted.map((m) => m.length)).toEqual([1, 1, 1]);
  });

  it('starts its threads when a file large enough to be split is opened, not for a small one', () => {
    const t = fakeThreads();
    const pool = new PartPool(t.spawn, 2, (timer) => clearTimeout(timer));
    pool.forFile('small.jsonl', 'small.jsonl', SPLIT_MIN_BYTES - 1);
    expect(t.posted).toHaveLength(0);
    pool.forFile('big.jsonl', 'big.jsonl', SPLIT_MIN_BYTES);
    expect(t.posted).toHaveLength(2);
    pool.forFile('next.jsonl', 'next.jsonl', 10 * SPLIT_MIN_BYTES);
    expect(t.posted).toHaveLength(2);
  });

  it('asks a running part to end sooner and says where it will end; a part already done ends where it was to', async () => {
    let reply: ((r: PartReply) => void) | null = null;
    const posted: PartMessage<string>[] = [];
    const pool = new PartPool<string>(
      () => ({ post: (m) => void posted.push(m), listen: (on) => void (reply = on), terminate: () => undefined }),
      1,
      (timer) => clearTimeout(timer),
    );
    const parts = pool.forFile('log.jsonl', 'log.jsonl');
    const running = parts.run({ from: 0, to: 64, format: 'request-log', rowRate: 1 }, () => undefined);
    const asked = running.shorten?.(30);
    expect(posted.at(-1)).toEqual({ kind: 'shorten', id: 1, to: 30 });
    (reply as unknown as (r: PartReply) => void)({ kind: 'shortened', id: 1, to: 32 });
    expect(await asked).toBe(32);
    (reply as unknown as (r: PartReply) => void)({ kind: 'done', id: 1, result: null });
    const next = parts.run({ from: 64, to: 128, format: 'request-log', rowRate: 1 }, () => undefined);
    const late = next.shorten?.(90);
    // The part's result comes first (it had ended): no bound was lowered.
    (reply as unknown as (r: PartReply) => void)({ kind: 'done', id: 2, result: null });
    expect(await late).toBe(128);
    // Asked after its result came: the helper would not answer, the handle does.
    const third = parts.run({ from: 128, to: 192, format: 'request-log', rowRate: 1 }, () => undefined);
    (reply as unknown as (r: PartReply) => void)({ kind: 'done', id: 3, result: null });
    await third.result;
    const before = posted.length;
    expect(await third.shorten?.(150)).toBe(192);
    expect(posted.length).toBe(before);
  });

  it('reads the part itself when a thread cannot start', async () => {
    const pool = new PartPool<string>(() => {
      throw new Error('no workers here');
    }, 2);
    pool.warm();
    const handle = pool.forFile('log.jsonl', 'log.jsonl').run({ from: 0, to: 4, format: 'request-log', rowRate: 1 }, () => undefined);
    expect(await handle.result).toBe('no workers here');
  });
});

describe('a part fed as bytes (a compressed file)', () => {
  /** One thread serving parts in this thread; its replies wait in `held` until `flush()`. */
  function servedThread(onError?: { fail: (message: string) => void }) {
    const held: (() => void)[] = [];
    const spawn = (): PartPort<string> => {
      let reply: ((r: PartReply) => void) | null = null;
      const serve = servePart<string>(
        platformHost(),
        () => Promise.reject(new Error('no files here')),
        (message) => void held.push(() => reply?.(message)),
      );
      return {
        post: (m) => serve(m),
        listen: (r, e) => {
          reply = r;
          if (onError) onError.fail = e;
        },
        terminate: () => undefined,
      };
    };
    return { spawn, flush: () => held.splice(0).forEach((f) => f()) };
  }
  const line = (i: number) =>
    `{"ts":"2026-01-15T10:00:${String(i % 60).padStart(2, '0')}Z","model":"m","status":"ok","ttft_ms":100,"duration_ms":900,"in_tok":10,"out_tok":20}\n`;

  it('parses what it is handed, in order; the feeder waits once 16 MiB are ahead of the parser, and goes on when they are taken', async () => {
    const t = servedThread();
    const pool = new PartPool(t.spawn, 1, (timer) => clearTimeout(timer));
    const handle = pool.forFile('log.jsonl.gz', 'log.jsonl.gz').stream?.({ format: 'request-log', rowRate: 1 }, () => undefined);
    if (!handle) throw new Error('no fed part');
    // Batches of 4 MiB of lines: the fifth passes the 16 MiB mark and waits.
    const batch = new TextEncoder().encode(Array.from({ length: Math.floor((4 * 1024 * 1024) / line(0).length) }, (_, i) => line(i)).join(''));
    const rowsPerBatch = batch.length / line(0).length;
    let waiting = true;
    for (let k = 0; k < 4; k++) await handle.push(batch.slice());
    const fifth = handle.push(batch.slice()).then(() => (waiting = false));
    await new Promise((r) => setTimeout(r, 20));
    expect(waiting).toBe(true);
    t.flush();
    await fifth;
    expect(waiting).toBe(false);
    const result = handle.end();
    t.flush();
    const part = await result;
    if (part === null || typeof part === 'string') throw new Error(String(part));
    expect(part.lines).toBe(5 * rowsPerBatch);
    expect(part.issues.rowsRead).toBe(5 * rowsPerBatch);
    expect(part.rest).toBe('');
    // The table's full blocks came over while the part was read ('block' replies), with the result.
    const rows = 5 * rowsPerBatch;
    expect(part.blocks?.map((b) => b.ttft.length)).toEqual(Array.from({ length: Math.floor(rows / 65_536) }, () => 65_536));
  });

  it('a thread that fails: the feeder does not wait for room, and the part ends with the message', async () => {
    const hook = { fail: (_m: string) => undefined as void };
    const t = servedThread(hook);
    const pool = new PartPool(t.spawn, 1, (timer) => clearTimeout(timer));
    const handle = pool.forFile('log.jsonl.gz', 'log.jsonl.gz').stream?.({ format: 'request-log', rowRate: 1 }, () => undefined);
    if (!handle) throw new Error('no fed part');
    const big = handle.push(new Uint8Array(17 * 1024 * 1024).fill(10));
    hook.fail('the helper crashed');
    await big;
    expect(await handle.end()).toBe('the helper crashed');
  });
});
