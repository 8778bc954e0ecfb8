import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { PartBoundary } from '../part-boundary';

/**
 * Pacing: a page's chart work spread over tasks, so input is handled and frames are painted
 * between them. One chart's layout and drawing is one synchronous render; a page that mounts or
 * updates several charts in one task holds the main thread for all of them. Three tools, one
 * rule (at most one chart's piece of work per task):
 *
 * - `usePacedResult`: charts that follow a fast stream of results (the TCO page while a slider
 *   moves) take the newest result in turn, one chart per task, after a paint.
 * - `PacedMount`: a block of charts mounts once it scrolls near the viewport, one block per task.
 * - `usePacedParts`: a chart whose renderer lays out the whole chart in one pass (Recharts) draws
 *   its first mount in parts (axes, grid, one series at a time), one part per task, and
 *   `useTipOnEnter` mounts its tooltip when the pointer or focus first enters it.
 *
 * Mounts and parts share one queue (`queueTask`); result hand-overs have their own rounds,
 * driven by paints and input (below).
 */

/** Tasks run one per macrotask, in order: mounting a block, drawing a part of a chart. */
const queue: (() => void)[] = [];
let pumping = false;

function pump(): void {
  const next = queue.shift();
  if (!next) {
    pumping = false;
    return;
  }
  pumping = true;
  next();
  setTimeout(pump, 0);
}

/** Runs `task` in a task of its own after those queued before it; the function returned drops it if it has not run. */
export function queueTask(task: () => void): () => void {
  queue.push(task);
  if (!pumping) {
    pumping = true;
    setTimeout(pump, 0);
  }
  return () => {
    const i = queue.indexOf(task);
    if (i !== -1) queue.splice(i, 1);
  };
}

/**
 * Mounts its children only once they scroll near the viewport (300 px ahead), through the
 * queue, so several blocks that come into view together mount in separate tasks. Each block
 * fails alone: a chart that throws says so in its place.
 */
export function PacedMount(props: { minHeight: number; children: ReactNode; testId?: string }) {
  const { minHeight, children, testId } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const show = () => setShown(true);
    if (typeof IntersectionObserver === 'undefined') return queueTask(show);
    let cancel: (() => void) | null = null;
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        cancel = queueTask(show);
      },
      { rootMargin: '300px' },
    );
    io.observe(el);
    return () => {
      io.disconnect();
      cancel?.();
    };
  }, []);

  return (
    <div ref={ref} style={shown ? undefined : { minHeight }} data-testid={testId} data-shown={shown}>
      {shown ? <PartBoundary kind="chart">{children}</PartBoundary> : null}
    </div>
  );
}

/**
 * How many of a chart's `total` parts to draw (and the `onResize` to pass to the chart's
 * ResponsiveContainer). A chart first mounts with none, then one more part appears per queued
 * task until all are drawn; from then on (new data, another metric, more runs) all parts render
 * at once. While `ready` is false (the chart shows a "no data" line instead, e.g. until the
 * worker sends its curves) nothing is counted, so the chart's first real mount is the one drawn
 * in parts. Recharts computes a whole chart's layout in one synchronous pass per change: with
 * axes, grid and every series at once, the first mount after a large import is one long task;
 * in parts, each task stays short.
 */
export function usePacedParts(total: number, ready = true): [parts: number, onResize: () => void] {
  const [shown, setShown] = useState(0);
  // Counting starts once the chart has its size (the container's first measurement), so the
  // sized bare chart and its first part never land in one render.
  const [sized, setSized] = useState(false);
  const onResize = useCallback(() => setSized(true), []);
  const complete = shown === Number.POSITIVE_INFINITY;
  useEffect(() => {
    if (complete || !ready || !sized) return;
    return queueTask(() => setShown((s) => (s + 1 >= total ? Number.POSITIVE_INFINITY : s + 1)));
  }, [complete, ready, sized, shown, total]);
  return [Math.min(shown, total), onResize];
}

/**
 * A chart's tooltip is mounted when the pointer or keyboard focus first enters the chart, not
 * with the chart: until then nobody can see it, and it is one of the costlier parts of a mount.
 * Spread `props` on the element around the chart.
 */
export function useTipOnEnter(): [armed: boolean, props: { onPointerEnter: () => void; onFocus: () => void }] {
  const [armed, setArmed] = useState(false);
  const arm = useCallback(() => setArmed(true), []);
  return [armed, { onPointerEnter: arm, onFocus: arm }];
}

/*
 * Results in turn. Each chart's update is a synchronous render of that chart; if every chart
 * took the newest result in the same task, each input would cost one longer main-thread task.
 * Instead:
 * - a round hands the newest result to one chart per task (cost chart first), starting after
 *   a paint, so input events run between the charts' updates, and a new round starts after the
 *   next paint (at most one round per frame);
 * - while input keeps coming, a view given a `minIntervalMs` refreshes at most that often, and
 *   each chart's task waits behind every task of normal priority (the input's own handling,
 *   the worker's newest result, the figures' render) where the browser has task priorities
 *   (`scheduler.postTask`);
 * - once input stops (no pointer button or key held, and no new result for IDLE_MS), the charts
 *   take the final result in their order, one task after the other, whether or not they had
 *   their turn in the current round. (A held pointer counts because a drag's results can come
 *   further apart than IDLE_MS.)
 * Every chart still ends on the newest result. This holds only which result each chart
 * currently shows (presentation timing); the results come from the worker through TanStack
 * Query.
 */
export const IDLE_MS = 10;

/** Where the pacer's time and tasks come from (the browser's, or a test's). */
export interface PaceHost {
  now(): number;
  /** Runs `cb` in a new task after the next paint. */
  afterPaint(cb: () => void): void;
  /** Runs `cb` in a new task after `ms` (0: as soon as the tasks before it have run). */
  timer(cb: () => void, ms: number): void;
  /** Runs `cb` in a task after every waiting task of normal priority; null where there are no priorities. */
  background: ((cb: () => void) => void) | null;
  /** Whether a pointer button or a key is held down (a drag or a held arrow key is going on). */
  inputHeld(): boolean;
}

interface Slot {
  order: number;
  minIntervalMs: number;
  wanted: unknown;
  shown: unknown;
  lastShownAt: number;
  listeners: Set<() => void>;
}

export interface Pacer {
  /** Makes `id` known; a new one shows `value` at once. */
  register(id: string, value: unknown): void;
  /** The value `id` shows now. */
  shown(id: string): unknown;
  subscribe(id: string, listener: () => void): () => void;
  /** The newest value for `id`; handed over in turn. */
  want(id: string, order: number, minIntervalMs: number, value: unknown): void;
}

export function createPacer(host: PaceHost): Pacer {
  const slots = new Map<string, Slot>();
  /** Slots already updated in the current round. */
  const releasedThisRound = new Set<Slot>();
  let roundScheduled = false;
  let lastChangeAt = Number.NEGATIVE_INFINITY;

  const slot = (id: string): Slot => {
    let s = slots.get(id);
    if (!s) {
      s = { order: 0, minIntervalMs: 0, wanted: undefined, shown: undefined, lastShownAt: Number.NEGATIVE_INFINITY, listeners: new Set() };
      slots.set(id, s);
    }
    return s;
  };
  const waiting = (s: Slot) => s.wanted !== s.shown && s.listeners.size > 0;
  const inputActive = (now: number) => host.inputHeld() || now - lastChangeAt < IDLE_MS;

  const nextWaiting = (now: number): Slot | null => {
    let next: Slot | null = null;
    for (const s of slots.values()) {
      if (!waiting(s)) continue;
      if (inputActive(now) && (releasedThisRound.has(s) || now - s.lastShownAt < s.minIntervalMs)) continue;
      if (next === null || s.order < next.order) next = s;
    }
    return next;
  };

  const later = (cb: () => void): void => {
    if (host.background && inputActive(host.now())) host.background(cb);
    else host.timer(cb, 0);
  };

  /** Hands one chart its newest value; the next chart follows in a new task. */
  const step = (): void => {
    const now = host.now();
    const next = nextWaiting(now);
    if (!next) {
      releasedThisRound.clear();
      roundScheduled = false;
      if ([...slots.values()].some(waiting)) schedule();
      return;
    }
    releasedThisRound.add(next);
    next.shown = next.wanted;
    next.lastShownAt = now;
    for (const l of next.listeners) l();
    later(step);
  };

  const schedule = (): void => {
    if (roundScheduled) return;
    roundScheduled = true;
    // A round starts after the next paint, so the frame showing the last update comes first.
    host.afterPaint(() => later(step));
  };

  return {
    register(id, value) {
      if (!slots.has(id)) slot(id).shown = value;
    },
    shown: (id) => slot(id).shown,
    subscribe(id, listener) {
      const own = slot(id);
      own.listeners.add(listener);
      return () => {
        own.listeners.delete(listener);
      };
    },
    want(id, order, minIntervalMs, value) {
      const own = slot(id);
      own.order = order;
      own.minIntervalMs = minIntervalMs;
      if (own.wanted === value) return;
      own.wanted = value;
      if (own.wanted !== own.shown) {
        lastChangeAt = host.now();
        schedule();
      }
    },
  };
}

type PostTask = (cb: () => void, options: { priority: 'background' }) => Promise<unknown>;

function browserHost(): PaceHost {
  const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
  const postTask = scheduler?.postTask?.bind(scheduler);
  // Buttons and keys held now (a released key or button outside the window ends with a blur).
  const held = new Set<string>();
  window.addEventListener('pointerdown', (e) => held.add(`p${e.pointerId}`), true);
  window.addEventListener('pointerup', (e) => held.delete(`p${e.pointerId}`), true);
  window.addEventListener('pointercancel', (e) => held.delete(`p${e.pointerId}`), true);
  window.addEventListener('keydown', (e) => held.add(`k${e.code}`), true);
  window.addEventListener('keyup', (e) => held.delete(`k${e.code}`), true);
  window.addEventListener('blur', () => held.clear());
  return {
    inputHeld: () => held.size > 0,
    now: () => performance.now(),
    afterPaint: (cb) => requestAnimationFrame(() => setTimeout(cb, 0)),
    timer: (cb, ms) => setTimeout(cb, ms),
    background: postTask ? (cb) => void postTask(cb, { priority: 'background' }) : null,
  };
}

let pagePacer: Pacer | null = null;

/**
 * The result a chart should draw: the newest one, handed over in turn with the page's other
 * charts (`order`: whose turn comes first; `minIntervalMs`: how often a costlier view takes a
 * new one while input keeps coming).
 */
export function usePacedResult<T>(id: string, order: number, value: T, minIntervalMs = 0): T {
  const pacer = (pagePacer ??= createPacer(browserHost()));
  // A chart mounted while a result exists shows it at once; a result arriving later (the
  // first one after the page opens, too) is handed over in turn like any other, so the first
  // drawing of all charts is not one long task either.
  pacer.register(id, value);
  const subscribe = useCallback((listener: () => void) => pacer.subscribe(id, listener), [pacer, id]);
  const shown = useSyncExternalStore(
    subscribe,
    () => pacer.shown(id) as T,
    () => value,
  );
  useEffect(() => pacer.want(id, order, minIntervalMs, value), [pacer, id, order, minIntervalMs, value]);
  return shown;
}
