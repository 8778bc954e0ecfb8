import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../scenario/defaults';
import { deriveWorkload } from './aggregate';
import { readUsageText } from './reader';

/** An hourly aggregate CSV with one request in every hour from `fromUtc` (inclusive) for `hours` hours. */
function hourly(fromUtc: string, hours: number): string {
  const t0 = Date.parse(fromUtc);
  const rows = ['hour,model,requests,failed,input_tokens,cached_tokens,output_tokens'];
  for (let h = 0; h < hours; h++) rows.push(`${new Date(t0 + h * 3_600_000).toISOString()},m,1,0,100,0,10`);
  return `${rows.join('\n')}\n`;
}

const derive = (text: string, timeZone: string) => {
  const r = readUsageText('hourly.csv', text);
  expect(r.status).toBe('ok');
  return deriveWorkload(r.records, r.costs, { timeZone, current: DEFAULT_SCENARIO.workload });
};

describe('requests per day count the covered hours of partial first and last days', () => {
  it('Mon 14:00 – Wed 10:00 UTC: 3 calendar days, 44 hours covered', () => {
    // Buckets 2026-01-05T14:00Z … 2026-01-07T09:00Z (the last ends 10:00): 10 + 24 + 10 = 44
    // hours, one request each. Days: 3 − 14/24 (Mon before 14:00) − 14/24 (Wed after 10:00)
    // = 44/24 = 1.8333; requests per day = 44 ÷ 44/24 = 24 (not 44 ÷ 3 = 14.67).
    const text = hourly('2026-01-05T14:00:00Z', 44);
    const utc = derive(text, 'UTC');
    expect(utc.period).toMatchObject({ firstDay: '2026-01-05', lastDay: '2026-01-07', days: 3 });
    expect(utc.period?.coveredDays).toBeCloseTo(44 / 24, 12);
    expect(utc.workload.requestsPerDay).toBeCloseTo(24, 9);
    // Europe/Berlin in January is UTC+1: 15:00 Mon – 11:00 Wed local; 3 − 15/24 − 13/24 = 44/24.
    const berlin = derive(text, 'Europe/Berlin');
    expect(berlin.period?.coveredDays).toBeCloseTo(44 / 24, 12);
    expect(berlin.workload.requestsPerDay).toBeCloseTo(24, 9);
  });

  it('a 23-hour daylight-saving day counts as one day', () => {
    // Europe/Berlin: Sat 2026-03-28 12:00 local (11:00Z, UTC+1) to Sun 2026-03-29 24:00 local
    // (22:00Z, UTC+2): 13 + 22 = 35 hours = 35 requests. Saturday counts 12/24, Sunday (23
    // hours, 02:00 skipped) counts whole: 1.5 days → 35 ÷ 1.5 = 23.333 requests per day.
    const d = derive(hourly('2026-03-28T11:00:00Z', 35), 'Europe/Berlin');
    expect(d.period).toMatchObject({ firstDay: '2026-03-28', lastDay: '2026-03-29', days: 2 });
    expect(d.period?.coveredDays).toBeCloseTo(1.5, 12);
    expect(d.workload.requestsPerDay).toBeCloseTo(35 / 1.5, 9);
  });

  it('less than a day of data is counted as one day, not scaled up', () => {
    // 08:00–10:00 UTC: 2 requests; 2 hours would be 1/12 day (24 requests per day); the floor of
    // one day keeps 2.
    const d = derive(hourly('2026-01-05T08:00:00Z', 2), 'UTC');
    expect(d.period?.coveredDays).toBe(1);
    expect(d.workload.requestsPerDay).toBe(2);
  });
});
