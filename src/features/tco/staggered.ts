import { useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * Charts adopt new results in turn. A chart library update is a full synchronous render of
 * that chart; if every chart took the newest result in the same task, each input would cost
 * one long main-thread task. Instead:
 * - a round hands the newest result to one chart per task (cost chart first), starting after
 *   a paint, so input events run between the charts' updates;
 * - while input keeps coming, rounds are at least GAP_MS apart and the heavier views refresh
 *   at most every `minIntervalMs` (the cost chart every round, the tornado and Monte Carlo
 *   about four times a second);
 * - once input stops (no new result for IDLE_MS), every chart takes the final result in the
 *   next round.
 * Every chart still ends on the newest result. This holds only which result each chart
 * currently shows (presentation timing); the results come from the worker through TanStack
 * Query.
 */
const GAP_MS = 40;
const IDLE_MS = 30;

interface Slot {
  order: number;
  minIntervalMs: number;
  wanted: unknown;
  shown: unknown;
  lastShownAt: number;
  listeners: Set<() => void>;
}

const slots = new Map<string, Slot>();
/** Slots already updated in the current round. */
const releasedThisRound = new Set<Slot>();
let roundScheduled = false;
let lastChangeAt = 0;

function slot(id: string): Slot {
  let s = slots.get(id);
  if (!s) {
    s = { order: 0, minIntervalMs: 0, wanted: undefined, shown: undefined, lastShownAt: 0, listeners: new Set() };
    slots.set(id, s);
  }
  return s;
}

const waiting = (s: Slot) => s.wanted !== s.shown && s.listeners.size > 0;
const inputActive = (now: number) => now - lastChangeAt < IDLE_MS;

function nextWaiting(now: number): Slot | null {
  let next: Slot | null = null;
  for (const s of slots.values()) {
    if (!waiting(s) || releasedThisRound.has(s)) continue;
    if (inputActive(now) && now - s.lastShownAt < s.minIntervalMs) continue;
    if (next === null || s.order < next.order) next = s;
  }
  return next;
}

/** Hands one chart its newest value; the next chart follows in a new task. */
function step(): void {
  const now = performance.now();
  const next = nextWaiting(now);
  if (!next) {
    releasedThisRound.clear();
    roundScheduled = false;
    if ([...slots.values()].some(waiting)) schedule(inputActive(now) ? GAP_MS : 0);
    return;
  }
  releasedThisRound.add(next);
  next.shown = next.wanted;
  next.lastShownAt = now;
  for (const l of next.listeners) l();
  setTimeout(step, 0);
}

function schedule(delayMs = 0): void {
  if (roundScheduled) return;
  roundScheduled = true;
  // A round starts after the next paint, so the frame showing the last update comes first.
  const start = () => requestAnimationFrame(() => setTimeout(step, 0));
  if (delayMs > 0) setTimeout(start, delayMs);
  else start();
}

/** The value a chart should draw: the newest one, handed over in turn with the other charts. */
export function useStaggered<T>(id: string, order: number, value: T, minIntervalMs = 0): T {
  // A chart mounted while a result exists shows it at once; a result arriving later (the
  // first one after the page opens, too) is handed over in turn like any other, so the first
  // drawing of all charts is not one long task either.
  const fresh = !slots.has(id);
  const s = slot(id);
  if (fresh) s.shown = value;
  const subscribe = useCallback(
    (listener: () => void) => {
      const own = slot(id);
      own.listeners.add(listener);
      return () => {
        own.listeners.delete(listener);
      };
    },
    [id],
  );
  const shown = useSyncExternalStore(subscribe, () => slot(id).shown as T, () => value);
  useEffect(() => {
    const own = slot(id);
    own.order = order;
    own.minIntervalMs = minIntervalMs;
    if (own.wanted === value) return;
    own.wanted = value;
    if (own.wanted !== own.shown) {
      lastChangeAt = performance.now();
      schedule();
    }
  }, [id, order, minIntervalMs, value]);
  return shown;
}
