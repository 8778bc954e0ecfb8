import { describe, expect, it } from 'vitest';
import { PartPool, type PartMessage, type PartPort } from './part-pool';

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

  it('reads the part itself when a thread cannot start', async () => {
    const pool = new PartPool<string>(() => {
      throw new Error('no workers here');
    }, 2);
    pool.warm();
    const handle = pool.forFile('log.jsonl', 'log.jsonl').run({ from: 0, to: 4, format: 'request-log', rowRate: 1 }, () => undefined);
    expect(await handle.result).toBe('no workers here');
  });
});
