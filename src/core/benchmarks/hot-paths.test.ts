import { describe, expect, it } from 'vitest';
import { parseTimestamp } from './formats/request-log';
import { RequestTableBuilder } from './request-table';

describe('parseTimestamp fast path (YYYY-MM-DDTHH:MM:SS(.f…)Z)', () => {
  const utc = [
    '2026-01-15T10:00:00Z',
    '2026-01-15T10:00:00.1Z',
    '2026-01-15T10:00:00.12Z',
    '2026-01-15T10:00:00.123Z',
    '1970-01-01T00:00:00Z',
    '2026-01-15T23:59:59.999Z',
    '2026-01-16T00:00:00.000Z',
    '2024-02-29T12:34:56.789Z',
    '9999-12-31T23:59:59Z',
  ];

  it('agrees with Date.parse on UTC strings, also when the day changes between calls', () => {
    // The day is cached between calls: alternate days so a stale cache would show.
    for (const s of [...utc, ...utc.slice().reverse(), utc[0] as string, utc[6] as string, utc[0] as string]) {
      expect(parseTimestamp(s)).toBeCloseTo(Date.parse(s) / 1000, 6);
    }
  });

  it('keeps fractions finer than Date.parse reads (microseconds)', () => {
    expect(parseTimestamp('2026-01-15T10:00:00.000001Z') - parseTimestamp('2026-01-15T10:00:00Z')).toBeCloseTo(0.000001, 6); // within a double's resolution at this epoch
  });

  it('leaves offsets and strings without a zone to Date.parse (no zone = local time, as Date.parse reads it)', () => {
    for (const s of ['2026-01-15T10:00:00+02:00', '2026-01-15T10:00:00.250-05:30', '2026-01-15T10:00:00', '2026-01-15T10:00:00.5', '2026-01-15 10:00:00Z']) {
      expect(parseTimestamp(s)).toBe(Date.parse(s) / 1000);
    }
  });

  it('refuses impossible fields and junk in the fraction', () => {
    for (const s of [
      '2026-13-15T10:00:00Z',
      '2026-00-15T10:00:00Z',
      '2026-01-32T10:00:00Z',
      '1969-12-31T23:59:59Z',
      '2026-01-15T24:00:00Z',
      '2026-01-15T10:60:00Z',
      '2026-01-15T10:00:61Z',
      '2026-01-15T10:00:00.1xZ',
    ]) {
      expect(parseTimestamp(s)).toBeNaN();
    }
  });

  it('reads epoch numbers in seconds or milliseconds', () => {
    expect(parseTimestamp(1_768_471_200)).toBe(1_768_471_200);
    expect(parseTimestamp(1_768_471_200_500)).toBe(1_768_471_200.5);
    expect(parseTimestamp('1768471200')).toBe(1_768_471_200);
    expect(parseTimestamp(-1)).toBeNaN();
    expect(parseTimestamp(null)).toBeNaN();
  });
});

describe('RequestTableBuilder', () => {
  it('keeps every row in order across its column blocks', () => {
    for (const n of [0, 1, 1024, 1025, 65_536, 65_537, 200_000]) {
      const b = new RequestTableBuilder();
      for (let i = 0; i < n; i++) b.add(i % 7 !== 0, i, i * 2 + 1, Number.NaN, Number.NaN, i % 100, i % 13, 1000 + i);
      expect(b.count).toBe(n);
      const t = b.build();
      expect(t.count).toBe(n);
      for (const col of [t.ok, t.ttftMs, t.e2elMs, t.tpotMs, t.perTokenMs, t.inputTokens, t.outputTokens, t.startS]) expect(col.length).toBe(n);
      for (let i = 0; i < n; i++) {
        const ok = i % 7 !== 0;
        const out = i % 13;
        if (
          t.ok[i] !== (ok ? 1 : 0) ||
          t.ttftMs[i] !== i ||
          t.e2elMs[i] !== i * 2 + 1 ||
          t.inputTokens[i] !== i % 100 ||
          t.outputTokens[i] !== out ||
          t.startS[i] !== i
        )
          throw new Error(`row ${i} of ${n} differs`);
        const tpot = ok && out > 1 ? (i + 1) / (out - 1) : Number.NaN;
        const perToken = ok && out > 0 ? (i * 2 + 1) / out : Number.NaN;
        if (!Object.is(t.tpotMs[i], tpot) || !Object.is(t.perTokenMs[i], perToken)) throw new Error(`derived columns of row ${i} of ${n} differ`);
      }
    }
  });

  it('lets go of each block once its rows are in the table (a part read elsewhere included)', () => {
    const part = new RequestTableBuilder();
    for (let i = 0; i < 150_000; i++) part.add(true, i, i + 1, Number.NaN, Number.NaN, 1, 2, i);
    const state = part.save();
    const whole = new RequestTableBuilder();
    for (let i = 0; i < 70_000; i++) whole.add(true, -i, 1, Number.NaN, Number.NaN, 1, 2, -i);
    whole.absorb(state);
    const t = whole.build();
    expect(t.count).toBe(220_000);
    expect(t.ttftMs[70_000 + 149_999]).toBe(149_999);
    // The part's blocks (3 of 65,536 rows or fewer) hold nothing any more: the table is the only copy.
    expect(state.blocks).toHaveLength(3);
    for (const entry of state.blocks) {
      if (!('block' in entry)) throw new Error('a block was sent elsewhere');
      for (const column of Object.values(entry.block)) expect((column as ArrayLike<number>).length).toBe(0);
    }
    expect(whole.count).toBe(0);
  });
});
