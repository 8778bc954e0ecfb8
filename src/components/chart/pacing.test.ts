import { describe, expect, it } from 'vitest';
import { createPacer, IDLE_MS, type PaceHost } from './pacing';

/**
 * The charts' turn-taking on a simulated main thread: a clock, tasks of normal and background
 * priority (a background task runs only when no normal task is due), frames every 16 ms, and
 * charts whose update takes a fixed time.
 */
class Loop {
  t = 0;
  private seq = 0;
  private tasks: { at: number; bg: boolean; seq: number; cb: () => void }[] = [];
  readonly backgroundPosts: number[] = [];
  /** A pointer button held down (a drag). */
  held = false;
  readonly host: PaceHost;

  constructor(priorities = true) {
    this.host = {
      now: () => this.t,
      afterPaint: (cb) => this.post((Math.floor(this.t / 16) + 1) * 16, false, cb),
      timer: (cb, ms) => this.post(this.t + ms, false, cb),
      background: priorities
        ? (cb) => {
            this.backgroundPosts.push(this.t);
            this.post(this.t, true, cb);
          }
        : null,
      inputHeld: () => this.held,
    };
  }

  post(at: number, bg: boolean, cb: () => void): void {
    this.tasks.push({ at, bg, seq: this.seq++, cb });
  }

  /** Runs tasks until none is left before `until`. */
  run(until = Number.POSITIVE_INFINITY): void {
    for (;;) {
      const due = this.tasks.filter((k) => k.at <= this.t);
      const pick = (list: typeof due) => list.sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      const task = pick(due.filter((k) => !k.bg)) ?? pick(due);
      if (!task) {
        const next = Math.min(...this.tasks.map((k) => k.at));
        if (!Number.isFinite(next) || next > until) return;
        this.t = next;
        continue;
      }
      this.tasks.splice(this.tasks.indexOf(task), 1);
      task.cb();
    }
  }
}

type Adopted = { id: string; value: string; at: number };

/** Charts A, B, C (in this order), each update taking `costMs`. */
function charts(loop: Loop, ids: string[], costMs = 20) {
  const pacer = createPacer(loop.host);
  const adopted: Adopted[] = [];
  for (const id of ids) {
    pacer.register(id, 'v0');
    pacer.subscribe(id, () => {
      adopted.push({ id, value: pacer.shown(id) as string, at: loop.t });
      loop.t += costMs;
    });
  }
  const want = (value: string, minIntervalMs = 0) => ids.forEach((id, order) => pacer.want(id, order, minIntervalMs, value));
  return { pacer, adopted, want };
}

describe('charts taking results in turn', () => {
  it('once input has stopped, a chart that had its turn in the round takes the final value before the charts after it', () => {
    const loop = new Loop();
    const { adopted, want } = charts(loop, ['A', 'B', 'C', 'D']);
    // A drag: the pointer is held until t = 50.
    loop.held = true;
    loop.post(50, false, () => (loop.held = false));
    want('v1');
    // A takes v1 in the first frame's task (t = 16 to 36); the final value, due at 20, is
    // handed in when that task is done (t = 36).
    loop.post(20, false, () => want('v2'));
    loop.run();
    const final = adopted.filter((a) => a.value === 'v2');
    // B is next in the running round (t = 36, pointer held). At t = 56 the pointer is up and
    // the last change is 20 ms old (more than IDLE_MS), so A, whose turn in this round is over,
    // comes before C and D: once input stops, charts take the final value in their order, not
    // after a new round at the next paint (t = 112).
    expect(56 - 36).toBeGreaterThanOrEqual(IDLE_MS);
    expect(final.map((a) => `${a.id}@${a.at}`)).toEqual(['B@36', 'A@56', 'C@76', 'D@96']);
  });

  it('while input keeps coming, a chart waits behind tasks of normal priority; after it stops, the last round runs on plain timers', () => {
    const loop = new Loop();
    const { adopted, want } = charts(loop, ['A', 'B']);
    const order: string[] = [];
    loop.held = true;
    want('v1');
    // An input event due in the same frame as the round's first chart task runs first.
    loop.post(16, false, () => order.push(`input@${loop.t}`));
    // The pointer is released while A is drawn (its task runs from 16 to 36).
    loop.post(30, false, () => (loop.held = false));
    loop.run();
    expect(order).toEqual(['input@16']);
    expect(adopted.map((a) => `${a.id}@${a.at}`)).toEqual(['A@16', 'B@36']);
    // A's task, and the next chart's task posted at its end while the pointer was still held,
    // had background priority; after the release the pacer posts plain timers only.
    expect(loop.backgroundPosts).toEqual([16, 36]);
  });

  it('while a pointer is held, results further apart than the idle time keep the drag pacing: a heavy view is redrawn at most every 250 ms', () => {
    const run = (held: boolean) => {
      const loop = new Loop();
      const pacer = createPacer(loop.host);
      const redraws: number[] = [];
      for (const id of ['cost', 'tornado']) {
        pacer.register(id, 'v0');
        pacer.subscribe(id, () => {
          if (id === 'tornado') redraws.push(loop.t);
          loop.t += 10;
        });
      }
      loop.held = held;
      // A drag whose results come every 80 ms (more than IDLE_MS apart) for 1.6 s, then release.
      for (let i = 1; i <= 20; i++)
        loop.post(i * 80, false, () => {
          pacer.want('cost', 0, 0, `v${i}`);
          pacer.want('tornado', 1, 250, `v${i}`);
        });
      loop.post(1_600, false, () => (loop.held = false));
      loop.run();
      expect(pacer.shown('cost')).toBe('v20');
      expect(pacer.shown('tornado')).toBe('v20');
      return redraws.filter((t) => t < 1_600);
    };
    const held = run(true);
    for (let k = 1; k < held.length; k++) expect((held[k] as number) - (held[k - 1] as number)).toBeGreaterThanOrEqual(250);
    // Without the held pointer, the gap after each result counts as "input stopped", and the
    // heavy view follows every result.
    expect(held.length).toBeLessThanOrEqual(7);
    expect(run(false).length).toBeGreaterThanOrEqual(held.length + 3);
  });

  it('every chart ends on the newest value after a long drag, with priorities and without', () => {
    for (const priorities of [true, false]) {
      const loop = new Loop(priorities);
      const { pacer, adopted, want } = charts(loop, ['A', 'B', 'C', 'D'], 25);
      // A drag of 2 s with a new result every 12 ms; the heavier views at most every 100 ms while it lasts.
      loop.held = true;
      for (let i = 1; i <= 166; i++) loop.post(i * 12, false, () => want(`v${i}`, 100));
      loop.post(166 * 12, false, () => (loop.held = false));
      loop.run();
      for (const id of ['A', 'B', 'C', 'D']) expect(pacer.shown(id)).toBe('v166');
      // During the drag no chart was redrawn more often than every 100 ms (the last round after it stops aside).
      for (const id of ['A', 'B', 'C', 'D']) {
        const times = adopted.filter((a) => a.id === id && a.at < 166 * 12).map((a) => a.at);
        for (let k = 1; k < times.length; k++) expect((times[k] as number) - (times[k - 1] as number)).toBeGreaterThanOrEqual(100);
      }
    }
  });
});
