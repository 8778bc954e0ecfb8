import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../scenario/defaults';
import { deriveWorkload } from './aggregate';
import { readUsageText } from './reader';

/**
 * A week of an office tool: 224 requests on each weekday, 49 on Saturday and on Sunday, so the
 * week has 5 × 224 + 2 × 49 = 1,218 requests and its mean day 1,218 / 7 = 174. Each day's
 * requests are spread over the whole UTC day (the i-th of c at i × 86,400 / c seconds), so every
 * day is covered from its first to its last hour.
 */
const perDay = (weekday: number) => (weekday < 5 ? 224 : 49);

/** A request log from `from` (a Monday-based weekday `fromWeekday`) for `days` days, UTC. */
function log(from: string, fromWeekday: number, days: number, model = 'm'): string {
  const t0 = Date.parse(`${from}T00:00:00Z`) / 1000;
  const lines: string[] = [];
  for (let d = 0; d < days; d++) {
    const c = perDay((fromWeekday + d) % 7);
    for (let i = 0; i < c; i++) {
      const ts = new Date((t0 + d * 86_400 + Math.floor((i * 86_400) / c)) * 1000).toISOString();
      lines.push(JSON.stringify({ ts, model, status: 'ok', in_tok: 1000, out_tok: 100 }));
    }
  }
  return `${lines.join('\n')}\n`;
}

const derive = (text: string, timeZone = 'UTC') => {
  const r = readUsageText('log.jsonl', text);
  return deriveWorkload(r.records, r.costs, { timeZone, current: DEFAULT_SCENARIO.workload });
};

describe('the per-day figure and the days of the week observed', () => {
  it('two weekdays (Mon 5 and Tue 6 Jan 2026): 224 a day from Monday and Tuesday only, no whole week, and said', () => {
    const d = derive(log('2026-01-05', 0, 2));
    // 2 × 224 = 448 requests over 2 days = 224 a day — the mean of the two days seen, not of a
    // week (which is 174): the weekend was not seen.
    expect(d.workload.requestsPerDay).toBe(224);
    expect(d.observation).toEqual({ weekdays: [0, 1], wholeWeeks: 0, perDayDays: 2, window: null, daysLeftOut: 0 });
    expect(d.notes).toContain('per-day-no-whole-week');
  });

  it('ten days (Mon 5 – Wed 14 Jan 2026): the last whole week gives 174 a day, the 3 days before it are left out and said', () => {
    const d = derive(log('2026-01-05', 0, 10));
    // All ten days: (5 × 224 + 2 × 49 + 3 × 224) / 10 = 1,890 / 10 = 189 a day — three extra
    // weekdays weigh in. The last 7 days (Thu 8 – Wed 14): Thu, Fri 448 + Sat, Sun 98 + Mon–Wed 672
    // = 1,218 → 1,218 / 7 = 174.
    expect(d.workload.requestsPerDay).toBe(174);
    expect(d.total.requestsPerDay).toBe(174);
    expect(d.models[0]?.requestsPerDay).toBe(174);
    expect(d.observation).toEqual({
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      wholeWeeks: 1,
      perDayDays: 7,
      window: { from: '2026-01-08', to: '2026-01-14' },
      daysLeftOut: 3,
    });
    expect(d.notes).toContain('per-day-whole-weeks');
    // The per-request figures still take every request: 1,000 input each.
    expect(d.total.requests).toBe(1890);
    expect(d.workload.inputTokensPerRequest).toBe(1000);
  });

  it('a weekend and a week (Sat 3 – Sun 11 Jan 2026, 9 days): the last whole week, Mon 5 – Sun 11', () => {
    const d = derive(log('2026-01-03', 5, 9));
    // All nine days: (4 × 49 + 5 × 224) / 9 = 1,316 / 9 = 146.2; the last 7 days are one week: 174.
    expect(d.workload.requestsPerDay).toBe(174);
    expect(d.observation).toMatchObject({ wholeWeeks: 1, window: { from: '2026-01-05', to: '2026-01-11' }, daysLeftOut: 2 });
  });

  it('two whole weeks: all of it, 2 × 1,218 / 14 = 174', () => {
    const d = derive(log('2026-01-05', 0, 14));
    expect(d.workload.requestsPerDay).toBe(174);
    expect(d.observation).toMatchObject({ wholeWeeks: 2, perDayDays: 14, window: { from: '2026-01-05', to: '2026-01-18' }, daysLeftOut: 0 });
  });

  it('day buckets without request counts (token mode): the month from the last whole week', () => {
    // An Anthropic usage report of day buckets, Mon 5 – Wed 14 Jan 2026: 224,000 input tokens on
    // weekdays, 49,000 on weekend days, 1,000 output each day.
    const data = Array.from({ length: 10 }, (_, d) => {
      const day = new Date(Date.UTC(2026, 0, 5 + d)).toISOString().slice(0, 10);
      return {
        starting_at: `${day}T00:00:00Z`,
        ending_at: `${new Date(Date.UTC(2026, 0, 6 + d)).toISOString().slice(0, 10)}T00:00:00Z`,
        results: [{ uncached_input_tokens: perDay(d % 7) * 1000, cache_read_input_tokens: 0, output_tokens: 1000, model: 'claude' }],
      };
    });
    const r = readUsageText('report.json', JSON.stringify({ data, has_more: false }));
    const d = deriveWorkload(r.records, r.costs, { timeZone: 'UTC', current: DEFAULT_SCENARIO.workload });
    // Thu 8 – Wed 14: 1,218,000 input over 7 days × 30 days a month = 5,220,000 (all ten days
    // gave 1,890,000 / 10 × 30 = 5,670,000); output 7,000 / 7 × 30 = 30,000.
    expect(d.workload).toMatchObject({ mode: 'tokens', inputTokensPerMonth: 5_220_000, outputTokensPerMonth: 30_000 });
    expect(d.observation).toMatchObject({ wholeWeeks: 1, window: { from: '2026-01-08', to: '2026-01-14' } });
  });

  it('the days of the week in the chosen zone: Mon 5 Jan 2026 01:00–22:59 UTC is Monday in Berlin, Monday and Tuesday in Tokyo', () => {
    const text = Array.from({ length: 22 }, (_, h) =>
      JSON.stringify({ ts: `2026-01-05T${String(h + 1).padStart(2, '0')}:00:00Z`, model: 'm', status: 'ok', in_tok: 1, out_tok: 1 }),
    ).join('\n');
    // Berlin is UTC+1: 02:00–23:59 Monday. Tokyo is UTC+9: 10:00 Monday – 07:59 Tuesday.
    expect(derive(text, 'Europe/Berlin').observation.weekdays).toEqual([0]);
    expect(derive(text, 'Asia/Tokyo').observation.weekdays).toEqual([0, 1]);
  });
});
