import { expose } from 'comlink';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { CATALOG, NO_CONSTRAINTS, planSearchSteps } from '../core/plans/search';
import { DEFAULT_SCENARIO } from '../core/scenario/defaults';
import { tcoUncertainScenarioOf } from '../core/tco/model';
import { computeApi, type ComputeApi } from './api';
import { createComputeClient, type ComputeCalls } from './compute-client';

/**
 * Stand-ins for Web Workers over a MessageChannel: a healthy one serves the real API, a hung
 * one never answers. Each knows whether it was terminated.
 */
type FakeWorker = Worker & { terminated: boolean };

function fakeWorker(healthy: boolean | object): FakeWorker {
  const { port1, port2 } = new MessageChannel();
  // `true` serves the real API, an object serves that one, `false` never answers.
  if (healthy) expose(healthy === true ? computeApi : healthy, port2);
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

describe('the compute client', () => {
  it('answers from the worker it starts', async () => {
    const created: FakeWorker[] = [];
    const client = createComputeClient({ createWorker: () => (created.push(fakeWorker(true)), created.at(-1) as FakeWorker) });
    await expect(client.ping({})).resolves.toBe('pong');
    expect(client.getState()).toEqual({ mode: 'worker', restarts: 0, lastFailure: null });
    created.forEach((w) => w.terminate());
  });

  it('calls the worker method of the name it is called by, with the arguments before the options', async () => {
    const created: FakeWorker[] = [];
    // A worker whose parseHfConfig answers with the arguments it received.
    const echo = { ...computeApi, parseHfConfig: (...args: unknown[]) => args };
    const client = createComputeClient({ createWorker: () => (created.push(fakeWorker(echo)), created.at(-1) as FakeWorker) });
    const controller = new AbortController();
    await expect(client.parseHfConfig('{"x":1}', 'config.json', { signal: controller.signal })).resolves.toStrictEqual(['{"x":1}', 'config.json']);
    await expect(client.parseHfConfig('{}', undefined, {})).resolves.toStrictEqual(['{}', undefined]);
    // An aborted signal settles the call at once.
    controller.abort();
    await expect(client.parseHfConfig('{}', undefined, { signal: controller.signal })).rejects.toThrow('Computation superseded');
    // The client is no promise: awaiting it gives the client itself.
    expect(await Promise.resolve(client)).toBe(client);
    created.forEach((w) => w.terminate());
  });

  it('sends plan searches one at a time: one superseded while the one before ran is never sent', async () => {
    const created: FakeWorker[] = [];
    const received: string[] = [];
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    // A worker whose plan search records its call and answers once the gate opens.
    const slow = {
      ...computeApi,
      searchPlans: async (label: unknown) => {
        received.push(String(label));
        await gate;
        return label;
      },
    };
    const client = createComputeClient({ createWorker: () => (created.push(fakeWorker(slow)), created.at(-1) as FakeWorker) });
    const search = client.searchPlans as unknown as (label: string, c: unknown, i: unknown, o: { signal?: AbortSignal }) => Promise<unknown>;
    const superseded = new AbortController();
    const first = search('first', {}, {}, {});
    const second = search('second', {}, {}, { signal: superseded.signal });
    const third = search('third', {}, {}, {});
    await vi.waitFor(() => expect(received).toEqual(['first']));
    superseded.abort();
    release();
    await expect(first).resolves.toBe('first');
    await expect(second).rejects.toThrow('Computation superseded');
    await expect(third).resolves.toBe('third');
    expect(received).toEqual(['first', 'third']);
    // Other methods are sent at once, whatever a plan search does.
    await expect(client.ping({})).resolves.toBe('pong');
    created.forEach((w) => w.terminate());
  });

  it('offers no worker method as it is that takes a callback (comlink must proxy those: the client does it in its own methods)', () => {
    type Offered = keyof ComputeCalls;
    type TakesCallback = { [M in Offered]: Extract<Parameters<ComputeApi[M]>[number], (...args: never[]) => unknown> extends never ? never : M }[Offered];
    expectTypeOf<TakesCallback>().toEqualTypeOf<never>();
    // …while the methods that do take one are the client's own.
    expectTypeOf<'deriveUsage' | 'startBenchmarkImport'>().not.toExtend<Offered>();
  });

  it('answers the first view on the main thread while the worker is still loading', async () => {
    const created: FakeWorker[] = [];
    const client = createComputeClient({
      createWorker: () => (created.push(fakeWorker(false)), created.at(-1) as FakeWorker),
      firstView: () => import('./first-view').then((m) => m.firstViewApi),
    });
    const summary = await client.summarizeWorkload(DEFAULT_SCENARIO, {});
    // 30,000 req/day × 30 days × (12,000 in + 800 out + 1,200 reasoning) tokens × 1.03 retries
    // = 900,000 × 14,000 × 1.03 = 12,978,000,000 tokens (the footer's 12.98B), with no worker up.
    expect(summary.totalTokens).toBeCloseTo(12_978_000_000, -3);
    expect(client.getState()).toEqual({ mode: 'starting' });
    // Methods outside the first view still wait for a worker.
    let pinged = false;
    void client.ping({}).then(
      () => (pinged = true),
      () => undefined,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(pinged).toBe(false);
    created.forEach((w) => w.terminate());
  });

  it('sends the first-view methods to the worker once it has answered', async () => {
    const created: FakeWorker[] = [];
    const firstView = vi.fn(() => import('./first-view').then((m) => m.firstViewApi));
    const client = createComputeClient({ createWorker: () => (created.push(fakeWorker(true)), created.at(-1) as FakeWorker), firstView });
    await client.ping({});
    const summary = await client.summarizeWorkload(DEFAULT_SCENARIO, {});
    expect(summary.totalTokens).toBeCloseTo(12_978_000_000, -3);
    expect(firstView).not.toHaveBeenCalled();
    created.forEach((w) => w.terminate());
  });

  it('keeps the first view on the main thread while a started worker has answered no call yet', async () => {
    const created: FakeWorker[] = [];
    const api = (await import('./first-view')).firstViewApi;
    const onMain = vi.fn(api.summarizeWorkload);
    const client = createComputeClient({
      createWorker: () => (created.push(fakeWorker(true)), created.at(-1) as FakeWorker),
      firstView: async () => ({ ...api, summarizeWorkload: onMain }),
    });
    client.warmUp();
    await vi.waitFor(() => expect(client.getState().mode).toBe('worker'));
    // The worker answered its ping but no call: the first view is still answered here.
    await client.summarizeWorkload(DEFAULT_SCENARIO, {});
    expect(onMain).toHaveBeenCalledTimes(1);
    // Once the worker has answered a call, the first-view methods go to it.
    await client.ping({});
    const summary = await client.summarizeWorkload(DEFAULT_SCENARIO, {});
    expect(summary.totalTokens).toBeCloseTo(12_978_000_000, -3);
    expect(onMain).toHaveBeenCalledTimes(1);
    created.forEach((w) => w.terminate());
  });

  it('two calls waiting on a worker that never answers replace it once, not twice', async () => {
    vi.useFakeTimers();
    // The first worker hangs; every later one answers. Both calls wait on the first.
    const created: FakeWorker[] = [];
    const client = createComputeClient({
      createWorker: () => {
        created.push(fakeWorker(created.length > 0));
        return created.at(-1) as FakeWorker;
      },
    });
    client.warmUp();
    const a = client.ping({});
    const b = client.ping({});
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

  it('a worker that goes silent mid-call (self.close, a hang) is replaced after a missed heartbeat, not after the 15 s limit', async () => {
    vi.useFakeTimers();
    const created: FakeWorker[] = [];
    const client = createComputeClient({
      createWorker: () => {
        if (created.length > 0) {
          created.push(fakeWorker(true));
          return created.at(-1) as FakeWorker;
        }
        // Answers its start-up ping, then nothing more: the call and every later ping hang.
        let up = false;
        const never = () => new Promise<never>(() => undefined);
        created.push(fakeWorker({ ...computeApi, ping: () => (up ? never() : ((up = true), 'pong')), summarizeWorkload: never }));
        return created.at(-1) as FakeWorker;
      },
    });
    const result = client.summarizeWorkload(DEFAULT_SCENARIO, {});
    // The start-up ping is answered (messages between ports take real turns of the event loop).
    await vi.waitFor(() => expect(client.getState().mode).toBe('worker'));
    // Ping at 1 s, unanswered at 3 s (2 s later): the worker is replaced and the call goes to the new one.
    await vi.advanceTimersByTimeAsync(3_100);
    await vi.waitFor(async () => {
      await expect(result).resolves.toMatchObject({ totalTokens: expect.closeTo(12_978_000_000, -3) as number });
    });
    expect(client.getState()).toMatchObject({ mode: 'worker', restarts: 1, lastFailure: 'No heartbeat within 2000 ms' });
    expect(created[0]?.terminated).toBe(true);
    created.forEach((w) => w.terminate());
  });

  it('a cancelled Monte Carlo stops running in the worker, and the next run still answers', async () => {
    const created: FakeWorker[] = [];
    const client = createComputeClient({ createWorker: () => (created.push(fakeWorker(true)), created.at(-1) as FakeWorker) });
    const inputs = tcoUncertainScenarioOf(DEFAULT_SCENARIO);
    // 2,000,000 samples in slices of 2,000 = 1,000 slices: far more than run before the abort.
    const controller = new AbortController();
    const jobId = 'mc-first';
    const first = client.tcoMonteCarlo(inputs, { samples: 2_000_000, seed: 7, jobId, signal: controller.signal });
    // Wait until the worker has run at least one slice, then give up on the run (a newer input).
    await vi.waitFor(async () => expect((await client.computeJobState(jobId, {})).slices).toBeGreaterThan(0), { timeout: 5000, interval: 5 });
    controller.abort();
    await expect(first).rejects.toThrow('Computation superseded');
    // The worker-side loop exits at its next slice: the job ends as stopped, not finished, and it
    // ran only a few of its 1,000 slices.
    await vi.waitFor(async () => expect((await client.computeJobState(jobId, {})).state).toBe('stopped'), { timeout: 5000, interval: 5 });
    const stopped = await client.computeJobState(jobId, {});
    expect(stopped.slices).toBeLessThan(1000);
    const slicesAtStop = stopped.slices;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await client.computeJobState(jobId, {})).slices).toBe(slicesAtStop);
    // The next run answers in full: 4,000 requested samples are 2 slices of 2,000, all drawn.
    const nextId = 'mc-next';
    const next = await client.tcoMonteCarlo(inputs, { samples: 4_000, seed: 7, jobId: nextId });
    expect(next.state).toBe('done');
    expect(next.state === 'done' ? next.result.samples : null).toBe(4_000);
    await expect(client.computeJobState(nextId, {})).resolves.toEqual({ state: 'finished', slices: 2 });
    created.forEach((w) => w.terminate());
  });

  it('a superseded plan search stops running in the worker at its next step, and the next one answers in full', async () => {
    const created: FakeWorker[] = [];
    const client = createComputeClient({ createWorker: () => (created.push(fakeWorker(true)), created.at(-1) as FakeWorker) });
    // The search's steps counted here, by the core's own generator: one slice per step and one for the answer.
    const steps = planSearchSteps(DEFAULT_SCENARIO, NO_CONSTRAINTS, CATALOG);
    let total = 1;
    while (!steps.next().done) total += 1;
    expect(total).toBeGreaterThan(3);
    const controller = new AbortController();
    const first = client.searchPlans(DEFAULT_SCENARIO, NO_CONSTRAINTS, {}, { signal: controller.signal, jobId: 'plans-first' });
    await vi.waitFor(async () => expect((await client.computeJobState('plans-first', {})).slices).toBeGreaterThan(0), { timeout: 5000, interval: 1 });
    controller.abort();
    await expect(first).rejects.toThrow('Computation superseded');
    await vi.waitFor(async () => expect((await client.computeJobState('plans-first', {})).state).toBe('stopped'), { timeout: 5000, interval: 5 });
    const stopped = await client.computeJobState('plans-first', {});
    expect(stopped.slices).toBeLessThan(total);
    const next = await client.searchPlans(DEFAULT_SCENARIO, NO_CONSTRAINTS, {}, { jobId: 'plans-next' });
    expect(next.plans.length).toBeGreaterThan(0);
    await expect(client.computeJobState('plans-next', {})).resolves.toEqual({ state: 'finished', slices: total });
    created.forEach((w) => w.terminate());
  });

  it('a newer Monte Carlo supersedes a running one in the worker', async () => {
    const created: FakeWorker[] = [];
    const client = createComputeClient({ createWorker: () => (created.push(fakeWorker(true)), created.at(-1) as FakeWorker) });
    const inputs = tcoUncertainScenarioOf(DEFAULT_SCENARIO);
    const oldId = 'mc-old';
    const old = client.tcoMonteCarlo(inputs, { samples: 2_000_000, seed: 7, jobId: oldId });
    await vi.waitFor(async () => expect((await client.computeJobState(oldId, {})).slices).toBeGreaterThan(0), { timeout: 5000, interval: 5 });
    // 2,000 samples = one slice; the older run sees the newer one at its next slice and returns.
    const newer = await client.tcoMonteCarlo(inputs, { samples: 2_000, seed: 7 });
    expect(newer.state).toBe('done');
    await expect(old).resolves.toEqual({ state: 'superseded' });
    const state = await client.computeJobState(oldId, {});
    expect(state.state).toBe('stopped');
    expect(state.slices).toBeLessThan(1000);
    created.forEach((w) => w.terminate());
  });

  it('loads the spare worker 2 s after start, but not while a file is being read', async () => {
    vi.useFakeTimers();
    // A worker whose import runs until the test says it is done.
    let done = false;
    const importing = {
      ...computeApi,
      startBenchmarkImport: () => ({ importId: 'i1' }),
      benchmarkImportState: () => ({ state: done ? 'done' : 'running', error: null }),
      takeBenchmarkImport: () => ({ results: [], tablesStored: false }),
    };
    const created: FakeWorker[] = [];
    const client = createComputeClient({
      createWorker: () => {
        const { port1, port2 } = new MessageChannel();
        expose(importing, port2);
        const w = Object.assign(port1, { terminated: false }) as unknown as FakeWorker;
        w.terminate = () => {
          w.terminated = true;
          port1.close();
          port2.close();
        };
        created.push(w);
        return w;
      },
    });
    await client.ping({});
    const read = client.importFiles([{ file: new Blob(['{}']), name: 'a.jsonl' }], { signal: new AbortController().signal, onProgress: () => undefined });
    // 2 s after start, and 4 s more: the import still runs, so no second worker loads.
    await vi.advanceTimersByTimeAsync(2000);
    expect(client.hasSpare()).toBe(false);
    await vi.advanceTimersByTimeAsync(4000);
    expect(created).toHaveLength(1);
    // The import ends (its next heartbeat sees it), and at the next try the spare loads.
    done = true;
    await vi.advanceTimersByTimeAsync(1000);
    await expect(read).resolves.toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(client.hasSpare()).toBe(true);
    expect(created).toHaveLength(2);
    created.forEach((w) => w.terminate());
  });
});
