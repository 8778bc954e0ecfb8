import { expose } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { computeApi } from './api';
import { ComputeClient } from './client';

/**
 * Stand-ins for Web Workers over a MessageChannel: a healthy one serves the real API, a hung
 * one never answers. Each knows whether it was terminated.
 */
type FakeWorker = Worker & { terminated: boolean };

function fakeWorker(healthy: boolean): FakeWorker {
  const { port1, port2 } = new MessageChannel();
  if (healthy) expose(computeApi, port2);
  const w = port1 as unknown as FakeWorker;
  w.terminated = false;
  w.terminate = () => {
    w.terminated = true;
    port1.close();
    port2.close();
  };
  return w;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ComputeClient', () => {
  it('answers from the worker it starts', async () => {
    const created: FakeWorker[] = [];
    const client = new ComputeClient({ createWorker: () => (created.push(fakeWorker(true)), created.at(-1) as FakeWorker) });
    await expect(client.call('ping', [])).resolves.toBe('pong');
    expect(client.getState()).toEqual({ mode: 'worker', restarts: 0, lastFailure: null });
    created.forEach((w) => w.terminate());
  });

  it('two calls waiting on a worker that never answers replace it once, not twice', async () => {
    vi.useFakeTimers();
    // The first worker hangs; every later one answers. Both calls wait on the first.
    const created: FakeWorker[] = [];
    const client = new ComputeClient({
      createWorker: () => {
        created.push(fakeWorker(created.length > 0));
        return created.at(-1) as FakeWorker;
      },
    });
    client.warmUp();
    const a = client.call('ping', []);
    const b = client.call('ping', []);
    // The start timeout (10 s) passes without an answer.
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.waitFor(async () => {
      await expect(Promise.all([a, b])).resolves.toEqual(['pong', 'pong']);
    });
    // One restart: the hung worker was terminated, its single replacement still serves.
    expect(client.getState()).toMatchObject({ mode: 'worker', restarts: 1, lastFailure: 'No answer within 10000 ms' });
    expect(created[0]?.terminated).toBe(true);
    expect(created[1]?.terminated).toBe(false);
    // Only one replacement was made (a spare comes 2 s after a successful start, not yet).
    expect(created).toHaveLength(2);
    created.forEach((w) => w.terminate());
  });
});
