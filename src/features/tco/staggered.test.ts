import { describe, expect, it } from 'vitest';
import { createStagger, IDLE_MS, type StaggerHost } from './staggered';

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
  readonly host: StaggerHost;

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
  const stagger = createStagger(loop.host);
  const adopted: Adopted[] = [];
  for (const id of ids) {
    stagger.register(id, 'v0');
    stagger.subscribe(id, () => {
      adopted.push({ id, value: stagger.shown(id) as string, at: loop.t });
      loop.t += costMs;
    });
  }
  const want = (value: string, minIntervalMs = 0) => ids.forEach((id, order) => stagger.want(id, order, minIntervalMs, value));
  return { stagger, adopted, want };
}

describe('charts taking results in turn', () => {
  it('once input has stopped, a chart that had its turn in the round takes the final value before the charts after it', () => {
    const loop = new Loop();
    const { adopted, want } = charts(loop, ['A', 'B', 'C', 'D']);
    want('v1');
    // A takes v1 in the first frame's task (t = 16 to 36); the final value, due at 20, is
    // handed in when that task is done (t = 36).
    loop.post(20, false, () => want('v2'));
    loop.run();
    const final = adopted.filter((a) => a.value === 'v2');
    // B (t = 36) and C (t = 56) are next in the running round; input counts as active for
    // IDLE_MS after the change. At t = 76 it has stopped (40 ms after it), so A, whose turn in
    // this round is over, comes before D. Before, D went first and A waited for a new round
    // after the next paint (t = 112).
    expect(76 - 36).toBeGreaterThanOrEqual(IDLE_MS);
    expect(final.map((a) => `${a.id}@${a.at}`)).toEqual(['B@36', 'C@56', 'A@76', 'D@96']);
  });

  it('while input keeps coming, a chart waits behind tasks of normal priority; after it stops, the last round runs on plain timers', () => {
    const loop = new Loop();
    const { adopted, want } = charts(loop, ['A', 'B']);
    const order: string[] = [];
    want('v1');
    // An input event due in the same frame as the round's first chart task runs first.
    loop.post(16, false, () => order.push(`input@${loop.t}`));
    loop.run(16);
    loop.run();
    expect(order).toEqual(['input@16']);
    expect(adopted[0]).toEqual({ id: 'A', value: 'v1', at: 16 });
    // The first chart's task was posted with background priority (input active), the last
    // round's (at 36, 36 ms after the change at 0) was not.
    expect(loop.backgroundPosts).toEqual([16]);
    expect(adopted.map((a) => `${a.id}@${a.at}`)).toEqual(['A@16', 'B@36']);
  });

  it('every chart ends on the newest value after a long drag, with priorities and without', () => {
    for (const priorities of [true, false]) {
      const loop = new Loop(priorities);
      const { stagger, adopted, want } = charts(loop, ['A', 'B', 'C', 'D'], 25);
      // A new result every 12 ms for 2 s; the heavier views at most every 100 ms while it lasts.
      for (let i = 1; i <= 166; i++) loop.post(i * 12, false, () => want(`v${i}`, 100));
      loop.run();
      for (const id of ['A', 'B', 'C', 'D']) expect(stagger.shown(id)).toBe('v166');
      // During the drag no chart was redrawn more often than every 100 ms (the last round after it stops aside).
      for (const id of ['A', 'B', 'C', 'D']) {
        const times = adopted.filter((a) => a.id === id && a.at < 166 * 12).map((a) => a.at);
        for (let k = 1; k < times.length; k++) expect((times[k] as number) - (times[k - 1] as number)).toBeGreaterThanOrEqual(100);
      }
    }
  });
});
