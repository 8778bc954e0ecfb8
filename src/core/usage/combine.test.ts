import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../scenario/defaults';
import { deriveWorkload } from './aggregate';
import { combineUsage } from './combine';
import { readUsageText } from './reader';

const row = (ts: string, model: string, inTok: number, status = 'ok') => JSON.stringify({ ts, model, status, in_tok: inTok, out_tok: 10 });

describe('usage files taken together', () => {
  // File A: model a at 10:00, 10:05 (one quarter hour) and 10:20 (the next); file B: b at 10:02, a at 10:01.
  const a = readUsageText(
    'a.jsonl',
    [row('2026-01-15T10:00:00Z', 'a', 100), row('2026-01-15T10:05:00Z', 'a', 200), row('2026-01-15T10:20:00Z', 'a', 300)].join('\n'),
  );
  const b = readUsageText(
    'b.jsonl',
    [row('2026-01-15T10:02:00Z', 'b', 1000), row('2026-01-15T10:01:00Z', 'a', 400), row('2026-01-15T10:03:00Z', 'b', 5, 'error')].join('\n'),
  );

  it('sum single requests per model and quarter hour as they are read', () => {
    expect(a.records.length).toBe(2);
    expect(a.records.toArray().map((r) => [r.start, r.requests, r.input, r.output])).toEqual([
      [Date.UTC(2026, 0, 15, 10, 0) / 1000, 2, 300, 20],
      [Date.UTC(2026, 0, 15, 10, 20) / 1000, 1, 300, 10],
    ]);
    // b's error row shares b's quarter-hour row: 1 ok, 1 failed, no tokens for the failed one.
    expect(b.records.toArray().map((r) => [r.model, r.requests, r.failed, r.input])).toEqual([
      ['b', 1, 1, 1000],
      ['a', 1, 0, 400],
    ]);
  });

  it('keep every model, largest first by tokens, and the per-request distributions of both files', () => {
    const c = combineUsage([a, b]);
    // Tokens: a = 100 + 200 + 300 + 400 + 4 × 10 = 1,040; b = 1,000 + 10 = 1,010.
    expect(c.models).toEqual(['a', 'b']);
    const d = deriveWorkload(c.records, c.costs, { timeZone: 'UTC', current: DEFAULT_SCENARIO.workload });
    expect(d.granularity).toBe('request');
    expect(d.total.requests).toBe(5);
    expect(d.total.failed).toBe(1);
    // All five inputs [100, 200, 300, 400, 1000]: median 300; p90 at rank 3.6 → 400 + 0.6 × 600 = 760.
    expect(d.total.perRequest?.input.median).toBe(300);
    expect(d.total.perRequest?.input.p90).toBeCloseTo(760, 9);
    // Model a [100, 200, 300, 400]: median at rank 1.5 → 250; p90 at rank 2.7 → 300 + 0.7 × 100 = 370.
    const ma = d.models.find((m) => m.model === 'a');
    expect(ma?.perRequest?.input.median).toBe(250);
    expect(ma?.perRequest?.input.p90).toBeCloseTo(370, 9);
    // 10:00:00 to one second after the last start (10:20:00): the first day's covered share is
    // what remains of the day after 10:00, so at least one day is counted.
    expect(d.period).toMatchObject({ firstDay: '2026-01-15', lastDay: '2026-01-15', days: 1, coveredDays: 1 });
  });

  it('one file is taken as it is, not copied', () => {
    expect(combineUsage([a]).records).toBe(a.records);
  });
});
