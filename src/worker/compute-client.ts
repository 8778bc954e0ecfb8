import { proxy, wrap, type Remote } from 'comlink';
import type { CsvMapping } from '../core/benchmarks/csv';
import type { FileImport, ImportProgress } from '../core/benchmarks/import-contract';
import type { ComputeApi, ComputeMethod } from './api';
import type { PlanConstraints, PlanInputs, PlanScenario, PlanSearch } from '../core/plans/search';
import type { TcoUncertainScenario } from '../core/tco/model';
import type { ImportUpdate, MonteCarloAnswer, UsageAnswer, UsageProgress, UsageRequest } from './contract';
import type { FirstViewMethod, firstViewApi } from './first-view';
import computeWorkerUrl from './compute.worker.ts?worker&url';
import { startModuleWorker, type EvalProbe } from './spawn';

/**
 * The UI's only door to the computation core: `createComputeClient()` gives one typed method per
 * worker method (`compute.evaluateTco(inputs, { signal })`), derived from `ComputeApi`, so "go to
 * definition" leads from a call to the worker's method and a changed signature fails to compile.
 * - Every call takes an AbortSignal (TanStack Query's); an aborted call settles at once and
 *   its late result is dropped, so a newer slider value supersedes an older computation.
 * - If the worker cannot start, dies or stops answering, pending calls are retried on a fresh
 *   worker; if that fails too, the same core runs on the main thread. Inputs live in the store,
 *   so nothing the user typed is lost either way.
 * - A sliced computation runs as a job (`tcoMonteCarlo`, `searchPlans`, `deriveUsage`): aborting its signal also tells the worker to
 *   stop it at its next slice, so a superseded computation stops running, not only its result
 *   dropped.
 * - `importFiles()` runs a benchmark import with progress and cancel; callers never see comlink.
 */
export type EngineState = { mode: 'starting' } | { mode: 'worker'; restarts: number; lastFailure: string | null } | { mode: 'main-thread'; reason: string };

type Args<M extends ComputeMethod> = Parameters<ComputeApi[M]>;
type Out<M extends ComputeMethod> = Awaited<ReturnType<ComputeApi[M]>>;

/** What every call takes last: the signal that cancels it (TanStack Query's, or none: `{}`). */
export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * Worker methods the client drives itself and does not offer as they are: the job and import
 * protocols, and the three jobs, which have methods of their own below (`tcoMonteCarlo`,
 * `searchPlans`, `deriveUsage`).
 */
type Driven =
  | 'abortJob'
  | 'startBenchmarkImport'
  | 'benchmarkImportState'
  | 'cancelBenchmarkImport'
  | 'takeBenchmarkImport'
  | 'deriveUsage'
  | 'tcoMonteCarlo'
  | 'searchPlans';

/** One typed method per worker method: its own parameters, then the call's options. */
export type ComputeCalls = { [M in Exclude<ComputeMethod, Driven>]: (...args: [...Args<M>, options: CallOptions]) => Promise<Out<M>> };

/** The client's own methods besides the worker's. */
export interface ComputeControl {
  getState(): EngineState;
  subscribe(listener: () => void): () => void;
  warmUp(): void;
  /**
   * The Monte Carlo as a job: aborting `signal` stops it in the worker at its next slice.
   * `jobId` names the job for `computeJobState` (a diagnostic); the client names it otherwise.
   */
  tcoMonteCarlo(scenario: TcoUncertainScenario, options: CallOptions & { samples?: number; seed?: number; jobId?: string }): Promise<MonteCarloAnswer>;
  /**
   * The plan search as a job, sent one at a time (see ONE_AT_A_TIME): aborting `signal` stops it
   * in the worker at its next replica shape. `jobId` as for `tcoMonteCarlo`.
   */
  searchPlans(scenario: PlanScenario, constraints: PlanConstraints, inputs: PlanInputs, options: CallOptions & { jobId?: string }): Promise<PlanSearch>;
  /** The workload from usage files as a job (aborting `signal` stops the read at its next chunk), with the bytes read through `onProgress`. */
  deriveUsage(request: UsageRequest, options: CallOptions & { onProgress?: (progress: UsageProgress) => void }): Promise<UsageAnswer>;
  importFiles(files: readonly ImportFile[], options: ImportFilesOptions): Promise<FileImport[]>;
  hasSpare(): boolean;
  probeForTest(): Promise<unknown>;
  crashForTest(): void;
}

export type ComputeClient = ComputeCalls & ComputeControl;

/**
 * The client: the control methods above, and for every other name the worker method of that
 * name, called with the arguments before the last and the last as the call's options. A Proxy,
 * so the page's bundle carries no list of the worker's methods (the types come from `ComputeApi`;
 * `then` is not a method, so the client is never taken for a promise).
 */
export function createComputeClient(options: ComputeClientOptions = {}): ComputeClient {
  const workers = new ComputeWorkers(options);
  const control: ComputeControl = {
    getState: workers.getState,
    subscribe: workers.subscribe,
    warmUp: () => workers.warmUp(),
    tcoMonteCarlo: (scenario, { signal, samples, seed, jobId }) =>
      workers.job('tcoMonteCarlo', (id) => [scenario, { samples, seed, jobId: id }], signal, {}, jobId),
    searchPlans: (scenario, constraints, inputs, { signal, jobId }) =>
      workers.job('searchPlans', (id) => [scenario, constraints, inputs, { jobId: id }], signal, {}, jobId),
    deriveUsage: (request, { signal, onProgress }) => workers.deriveUsage(request, signal, onProgress),
    importFiles: (files, importOptions) => workers.importFiles(files, importOptions),
    hasSpare: () => workers.hasSpare(),
    probeForTest: () => workers.probeForTest(),
    crashForTest: () => workers.crashForTest(),
  };
  const calls = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  const callOf = (method: string) => {
    let fn = calls.get(method);
    if (!fn) {
      fn = (...args: unknown[]) => {
        const { signal } = (args.at(-1) ?? {}) as CallOptions;
        return workers.call(method as ComputeMethod, args.slice(0, -1) as Args<ComputeMethod>, signal);
      };
      calls.set(method, fn);
    }
    return fn;
  };
  return new Proxy(control, {
    get: (target, prop) =>
      Object.hasOwn(target, prop) ? target[prop as keyof ComputeControl] : typeof prop === 'string' && prop !== 'then' ? callOf(prop) : undefined,
  }) as ComputeClient;
}

export class AbortError extends Error {
  constructor() {
    super('Computation superseded');
    this.name = 'AbortError';
  }
}

class WorkerDied extends Error {}

const START_TIMEOUT_MS = 10000;
const CALL_TIMEOUT_MS = 15000;
/**
 * While a call waits, the worker is pinged every second; a worker that leaves a ping without
 * an answer for 2 s is hung or gone (a `self.close()` fires no error event) and is replaced.
 * Computations answer in milliseconds and long ones work in slices that let a ping through,
 * so a live worker always answers; calls without a time limit (file reads) are not watched.
 */
export const HEARTBEAT_MS = 1000;
export const HEARTBEAT_TIMEOUT_MS = 2000;
const MAX_RESTARTS = 3;
/** How long after a worker is up the spare loads, and how often it tries again while a file is read. */
const SPARE_DELAY_MS = 2000;

/** Files for `importFiles`, each with the name to show (a dropped file's path, say). */
export interface ImportFile {
  file: Blob;
  name: string;
}

export interface ImportFilesOptions {
  signal: AbortSignal;
  onProgress: (progress: ImportProgress) => void;
  /** Column mapping for CSV files of unknown layout. */
  mapping?: CsvMapping | null;
}

const IMPORT_HEARTBEAT_MS = 1000;

/**
 * Methods whose calls are sent one at a time: a call waits until the one before has answered and
 * is not sent when it was superseded meanwhile (its query's signal aborted). The worker answers
 * calls in order and cannot drop one it has been sent: a slider dragged with the plans table
 * open sent a plan search (30–40 ms) for every step, and the worker ran each of them before the
 * charts' next evaluation. A search already sent runs as a job: when its signal aborts, the next
 * one is sent and the aborted one stops at its next step in the worker, so the two do not both
 * run beside the charts' evaluations of the final value.
 */
const ONE_AT_A_TIME: ReadonlySet<ComputeMethod> = new Set<ComputeMethod>(['searchPlans']);

/** Methods answered on the main thread (from `first-view.ts`) until the first worker is up. */
const FIRST_VIEW_METHODS: ReadonlySet<ComputeMethod> = new Set<FirstViewMethod>(['summarizeWorkload', 'evaluateTco']);

export interface ComputeClientOptions {
  createWorker?: () => Worker;
  /**
   * Loads the first-view module run on the main thread until the first worker is up. Default:
   * `first-view.ts`, unless `createWorker` is given (tests), where the default is none.
   */
  firstView?: (() => Promise<typeof firstViewApi>) | null;
}

/** The compute worker, its spare and the main-thread fallback, behind `createComputeClient`. */
class ComputeWorkers {
  private worker: Worker | null = null;
  /** A second worker kept loaded in the background, so a crash is recovered from at once. */
  private spare: Worker | null = null;
  private spareTimer: ReturnType<typeof setTimeout> | null = null;
  /** Imports and usage reads in flight: while one runs, the spare waits (see prepareSpare). */
  private reading = 0;
  private remote: Remote<ComputeApi> | null = null;
  private ready: Promise<void> | null = null;
  private fallback: Promise<ComputeApi> | null = null;
  private died: { promise: Promise<never>; reject: (e: Error) => void } | null = null;
  private state: EngineState = { mode: 'starting' };
  private restarts = 0;
  private lastFailure: string | null = null;
  private listeners = new Set<() => void>();
  private jobSerial = 0;
  /**
   * Set once a worker has answered a call; from then on every call goes to a worker. A worker
   * that has only just answered its ping is still cold (its first evaluation queues behind the
   * page's other first calls), so until then the first view's figures come from the main thread.
   */
  private workerAnswered = false;
  private firstView: Promise<typeof firstViewApi> | null = null;
  /** The last call of each ONE_AT_A_TIME method, settled when it has answered. */
  private readonly inFlight = new Map<ComputeMethod, Promise<void>>();

  constructor(private readonly options: ComputeClientOptions = {}) {}

  getState = (): EngineState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setState(state: EngineState): void {
    this.state = state;
    for (const l of this.listeners) l();
  }

  private newDeathSignal(): void {
    let reject!: (e: Error) => void;
    const promise = new Promise<never>((_, r) => {
      reject = r;
    });
    promise.catch(() => undefined);
    this.died = { promise, reject };
  }

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    this.ready = (async () => {
      let worker: Worker;
      try {
        worker = this.spare ?? this.createWorker();
        this.spare = null;
      } catch (e) {
        throw new WorkerDied(`Worker could not be created: ${e instanceof Error ? e.message : String(e)}`);
      }
      this.worker = worker;
      this.newDeathSignal();
      const died = this.died;
      worker.addEventListener('error', (ev) => {
        ev.preventDefault();
        died?.reject(new WorkerDied(ev.message || 'Worker error'));
        this.discard(worker, ev.message || 'Worker error');
      });
      this.remote = wrap<ComputeApi>(worker);
      const pong = await this.race(this.remote.ping(), START_TIMEOUT_MS, undefined);
      if (pong !== 'pong') throw new WorkerDied('Worker did not answer');
      this.setState({ mode: 'worker', restarts: this.restarts, lastFailure: this.lastFailure });
      this.prepareSpare();
    })();
    this.ready.catch(() => undefined);
    return this.ready;
  }

  private createWorker(): Worker {
    return this.options.createWorker ? this.options.createWorker() : startModuleWorker(computeWorkerUrl, 'compute');
  }

  /**
   * Test build only: whether string code runs in the compute worker and in a helper it starts
   * (`stringCodeRuns` in spawn.ts; the worker answers only in the test build).
   */
  probeForTest(): Promise<unknown> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('no worker'));
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => (channel.port1.onmessage = (e) => resolve(e.data)));
    worker.postMessage({ kind: 'e2e-eval-probe' } satisfies EvalProbe, [channel.port2]);
    return answer;
  }

  /**
   * Loads the spare a little later, so it does not compete with the first paint, and not while
   * a file is read: a large log keeps both of a small machine's cores busy (the compute worker
   * and a helper), and loading a worker script beside them would hold up the progress bar.
   */
  private prepareSpare(): void {
    if (this.spare || this.spareTimer || this.fallback) return;
    this.spareTimer = setTimeout(() => {
      this.spareTimer = null;
      if (this.spare || this.fallback) return;
      if (this.reading > 0) {
        this.prepareSpare();
        return;
      }
      try {
        this.spare = this.createWorker();
      } catch {
        this.spare = null;
      }
    }, SPARE_DELAY_MS);
  }

  /** Runs a file read (an import, a usage log), counted so the spare waits until it ends. */
  private async whileReading<T>(work: () => Promise<T>): Promise<T> {
    this.reading += 1;
    try {
      return await work();
    } finally {
      this.reading -= 1;
    }
  }

  /** Drops a dead or hung worker; the next call starts a fresh one and counts a restart. */
  private discard(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.restarts += 1;
    this.lastFailure = reason;
    worker.terminate();
    this.worker = null;
    this.remote = null;
    this.ready = null;
    // Start the replacement right away so it is warm when the next computation arrives.
    if (!this.fallback && this.restarts <= MAX_RESTARTS) {
      this.setState({ mode: 'starting' });
      void this.start().catch(() => undefined);
    }
  }

  /**
   * Starts the worker now instead of at the first call (the entry calls it once the first
   * area's code is in), and loads the first-view module if it is not loaded yet.
   */
  warmUp(): void {
    if (this.fallback) return;
    void this.start().catch(() => undefined);
    void this.loadFirstView()?.catch(() => undefined);
  }

  /** The small first-view module (see `first-view.ts`), loaded once; null when there is none. */
  private loadFirstView(): Promise<typeof firstViewApi> | null {
    const load =
      this.options.firstView !== undefined
        ? this.options.firstView
        : this.options.createWorker
          ? null
          : () => import('./first-view').then((m) => m.firstViewApi);
    if (!load) return null;
    this.firstView ??= load();
    return this.firstView;
  }

  /** Whether a spare worker is loaded and ready to take over (for tests and diagnostics). */
  hasSpare(): boolean {
    return this.spare !== null;
  }

  /** Stops the worker as if it had crashed (used by fault-injection tests and on hangs). */
  crashForTest(): void {
    const worker = this.worker;
    if (!worker) return;
    this.died?.reject(new WorkerDied('Worker terminated'));
    this.discard(worker, 'Worker terminated');
  }

  /** Pings `remote` every HEARTBEAT_MS while a call waits; calls `dead` once a ping goes unanswered too long. */
  private heartbeat(remote: Remote<ComputeApi>, dead: (e: WorkerDied) => void): () => void {
    let waitingSince: number | null = null;
    const timer = setInterval(() => {
      if (waitingSince !== null) {
        if (Date.now() - waitingSince >= HEARTBEAT_TIMEOUT_MS) dead(new WorkerDied(`No heartbeat within ${HEARTBEAT_TIMEOUT_MS} ms`));
        return;
      }
      waitingSince = Date.now();
      remote.ping().then(
        () => {
          waitingSince = null;
        },
        () => undefined,
      );
    }, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }

  private race<T>(work: Promise<T>, timeoutMs: number | null, signal: AbortSignal | undefined, watch: Remote<ComputeApi> | null = null): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = timeoutMs === null ? undefined : setTimeout(() => reject(new WorkerDied(`No answer within ${timeoutMs} ms`)), timeoutMs);
      const stopWatch = watch && timeoutMs !== null ? this.heartbeat(watch, reject) : null;
      const onAbort = () => reject(new AbortError());
      if (signal?.aborted) onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const cleanup = () => {
        clearTimeout(timer);
        stopWatch?.();
        signal?.removeEventListener('abort', onAbort);
      };
      const died = this.died?.promise ?? new Promise<never>(() => undefined);
      Promise.race([work, died]).then(
        (v) => {
          cleanup();
          resolve(v);
        },
        (e: unknown) => {
          cleanup();
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }

  private useMainThread(reason: string): Promise<ComputeApi> {
    if (!this.fallback) {
      this.setState({ mode: 'main-thread', reason });
      this.fallback = import('./api').then((m) => m.computeApi);
    }
    return this.fallback;
  }

  /**
   * @param options.timeoutMs how long a call may take before the worker is considered hung and
   *   replaced (default 15 s); `null` for calls that legitimately run long (they must report
   *   progress by other means).
   */
  call<M extends ComputeMethod>(method: M, args: Args<M>, signal?: AbortSignal, options: { timeoutMs?: number | null } = {}): Promise<Out<M>> {
    if (!ONE_AT_A_TIME.has(method)) return this.send(method, args, signal, options);
    // Sent once the call before has answered; `send` sends nothing when superseded meanwhile.
    const before = this.inFlight.get(method) ?? Promise.resolve();
    const mine = before.then(() => this.send(method, args, signal, options));
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.set(method, settled);
    void settled.then(() => {
      if (this.inFlight.get(method) === settled) this.inFlight.delete(method);
    });
    return mine;
  }

  private async send<M extends ComputeMethod>(method: M, args: Args<M>, signal?: AbortSignal, options: { timeoutMs?: number | null } = {}): Promise<Out<M>> {
    const timeoutMs = options.timeoutMs === undefined ? CALL_TIMEOUT_MS : options.timeoutMs;
    if (signal?.aborted) throw new AbortError();
    // Until a worker has answered a call, the first view's results come from the main thread
    // (a few ms each), so the first figures wait neither for the worker's script nor for its
    // first (cold) evaluation.
    const firstView = !this.workerAnswered && !this.fallback && FIRST_VIEW_METHODS.has(method) ? this.loadFirstView() : null;
    if (firstView) {
      const api = await firstView.catch(() => null);
      if (api && !this.workerAnswered) {
        if (signal?.aborted) throw new AbortError();
        const fn = api[method as FirstViewMethod] as unknown as (...a: Args<M>) => Out<M>;
        return fn(...args);
      }
    }
    for (;;) {
      if (this.fallback) {
        const api = await this.fallback;
        if (signal?.aborted) throw new AbortError();
        const fn = api[method] as (...a: Args<M>) => Out<M>;
        return fn(...args);
      }
      // The worker this call runs on: if it fails, only that one is replaced (several calls in
      // flight on a dead worker must not each kill its replacement).
      let used: Worker | null = null;
      try {
        // start() sets this.worker synchronously to the worker it brings up (null when none
        // could be created), so a failed start is charged to that worker only.
        const ready = this.start();
        used = this.worker;
        await ready;
        used = this.worker;
        const remote = this.remote;
        if (!remote) throw new WorkerDied('Worker went away');
        const fn = remote[method] as unknown as (...a: Args<M>) => Promise<Out<M>>;
        const out = await this.race(fn(...args), timeoutMs, signal, remote);
        this.workerAnswered = true;
        return out;
      } catch (e) {
        if (e instanceof AbortError) throw e;
        if (!(e instanceof WorkerDied)) throw e;
        if (used) {
          // Drops it and starts a replacement (see discard); a no-op if already replaced, so
          // several calls waiting on one dead worker never kill its replacement.
          this.discard(used, e.message);
        } else if (!this.worker) {
          this.restarts += 1;
          this.lastFailure = e.message;
          this.ready = null;
        }
        if (this.restarts > MAX_RESTARTS) {
          void this.useMainThread(e.message);
        } else {
          this.setState({ mode: 'starting' });
        }
      }
    }
  }
  /**
   * Runs a sliced computation as a job named for this call: `args` receives the job's id to pass
   * on. When `signal` aborts, the call settles at once (as any call) and the worker is told to
   * stop the job at its next slice.
   */
  async job<M extends ComputeMethod>(
    method: M,
    args: (jobId: string) => Args<M>,
    signal?: AbortSignal,
    options: { timeoutMs?: number | null } = {},
    name?: string,
  ): Promise<Out<M>> {
    this.jobSerial += 1;
    const jobId = name ?? `job-${this.jobSerial}`;
    const stop = () => void this.call('abortJob', [jobId]).catch(() => undefined);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      return await this.call(method, args(jobId), signal, options);
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  /**
   * The workload from usage files, as a job (aborting `signal` stops the read at its next
   * chunk), with the bytes read arriving through `onProgress` like a benchmark import's.
   */
  deriveUsage(request: UsageRequest, signal?: AbortSignal, onProgress?: (progress: UsageProgress) => void): Promise<UsageAnswer> {
    const callback = onProgress ? proxy((p: UsageProgress) => onProgress(p)) : undefined;
    return this.whileReading(() => this.job('deriveUsage', (jobId) => [request, { jobId }, callback], signal, { timeoutMs: null }));
  }

  /**
   * Imports benchmark result files in the worker: progress arrives through `onProgress`; aborting
   * `signal` stops the import at the worker's next chunk; a heartbeat every second notices an
   * import lost with a restarted worker. Resolves with one result per file, in order.
   */
  importFiles(files: readonly ImportFile[], options: ImportFilesOptions): Promise<FileImport[]> {
    return this.whileReading(() => this.runImport(files, options));
  }

  private async runImport(files: readonly ImportFile[], { signal, onProgress, mapping = null }: ImportFilesOptions): Promise<FileImport[]> {
    let finished!: () => void;
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const callback = proxy((u: ImportUpdate) => {
      if (u.done) finished();
      else onProgress(u);
      return signal.aborted;
    });
    const request = { files: files.map((f) => f.file), names: files.map((f) => f.name), mapping };
    const { importId } = await this.call('startBenchmarkImport', [request, callback], signal);
    const cancel = () => void this.call('cancelBenchmarkImport', [importId]).catch(() => undefined);
    signal.addEventListener('abort', cancel, { once: true });
    try {
      await new Promise<void>((resolve, reject) => {
        const settle = (error: Error | null) => {
          clearInterval(timer);
          signal.removeEventListener('abort', onAbort);
          if (error) reject(error);
          else resolve();
        };
        const timer = setInterval(() => {
          this.call('benchmarkImportState', [importId]).then(
            (s) => {
              if (s.state === 'unknown') settle(new Error('the worker was restarted and the import was lost; please drop the files again'));
              else if (s.state !== 'running') finished();
            },
            (e: unknown) => settle(e instanceof Error ? e : new Error(String(e))),
          );
        }, IMPORT_HEARTBEAT_MS);
        const onAbort = () => settle(new DOMException('Import cancelled', 'AbortError'));
        if (signal.aborted) onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        void done.then(() => settle(null));
      });
      const state = await this.call('benchmarkImportState', [importId], signal);
      if (state.state === 'failed') throw new Error(state.error ?? 'the import failed');
      const taken = await this.call('takeBenchmarkImport', [importId], signal);
      return taken?.results ?? [];
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  }
}
