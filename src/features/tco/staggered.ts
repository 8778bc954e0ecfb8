import { useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * Charts adopt new results in turn. Each chart's update is a synchronous render of that chart;
 * if every chart took the newest result in the same task, each input would cost one longer
 * main-thread task. Instead:
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

/** Where the stagger's time and tasks come from (the browser's, or a test's). */
export interface StaggerHost {
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

export interface Stagger {
  /** Makes `id` known; a new one shows `value` at once. */
  register(id: string, value: unknown): void;
  /** The value `id` shows now. */
  shown(id: string): unknown;
  subscribe(id: string, listener: () => void): () => void;
  /** The newest value for `id`; handed over in turn. */
  want(id: string, order: number, minIntervalMs: number, value: unknown): void;
}

export function createStagger(host: StaggerHost): Stagger {
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

function browserHost(): StaggerHost {
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

let pageStagger: Stagger | null = null;

/** The value a chart should draw: the newest one, handed over in turn with the other charts. */
export function useStaggered<T>(id: string, order: number, value: T, minIntervalMs = 0): T {
  const stagger = (pageStagger ??= createStagger(browserHost()));
  // A chart mounted while a result exists shows it at once; a result arriving later (the
  // first one after the page opens, too) is handed over in turn like any other, so the first
  // drawing of all charts is not one long task either.
  stagger.register(id, value);
  const subscribe = useCallback((listener: () => void) => stagger.subscribe(id, listener), [stagger, id]);
  const shown = useSyncExternalStore(subscribe, () => stagger.shown(id) as T, () => value);
  useEffect(() => stagger.want(id, order, minIntervalMs, value), [stagger, id, order, minIntervalMs, value]);
  return shown;
}
