import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../scenario/defaults';
import { HOURS_PER_WEEK } from '../scenario/schema';
import { deriveWorkload } from './aggregate';
import { readUsageText } from './reader';
import { ZoneClock } from './time';
import { Counts } from './counts';
import { percentileOfSorted } from '../benchmarks/stats';

/**
 * A generated request log with a known weekly pattern, written in local wall-clock time of a
 * zone and converted to UTC with the zone's offsets worked out by hand (not through the code
 * under test):
 * - Europe/Berlin: UTC+1, UTC+2 from Sunday 2026-03-29 01:00 UTC (02:00 local jumps to 03:00);
 * - America/New_York: UTC−5, UTC−4 from Sunday 2026-03-08 07:00 UTC (02:00 local → 03:00).
 * Four local weeks each, one of them with the daylight-saving Sunday. Requests in local hour h
 * of the week: N(h) = 1 + (h mod 7) + 10 on weekdays 09:00–17:00. The skipped hour (Sunday
 * 02:00 in the DST week) has no requests, so its median over the four weeks is still N(h)
 * (median of N, N, N, 0 = N).
 */
const N = (h: number) => 1 + (h % 7) + (Math.floor(h / 24) < 5 && h % 24 >= 9 && h % 24 < 17 ? 10 : 0);

interface Zone {
  zone: string;
  /** Local Mondays 00:00 of the four weeks, as epoch seconds of that wall-clock time read as UTC. */
  mondays: string[];
  /** The daylight-saving switch: at this UTC instant the offset goes from `before` to `after` hours. */
  switchUtc: string;
  before: number;
  after: number;
}

const ZONES: Zone[] = [
  { zone: 'Europe/Berlin', mondays: ['2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'], switchUtc: '2026-03-29T01:00:00Z', before: 1, after: 2 },
  { zone: 'America/New_York', mondays: ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23'], switchUtc: '2026-03-08T07:00:00Z', before: -5, after: -4 },
];

function generate(z: Zone): { text: string; requests: number } {
  const switchS = Date.parse(z.switchUtc) / 1000;
  const lines: string[] = [];
  for (const monday of z.mondays) {
    const wall0 = Date.parse(`${monday}T00:00:00Z`) / 1000;
    for (let h = 0; h < HOURS_PER_WEEK; h++) {
      for (let i = 0; i < N(h); i++) {
        // Wall clock h hours and 10 + i minutes after Monday 00:00; UTC = wall − offset.
        const wall = wall0 + h * 3600 + (10 + i) * 60;
        const beforeUtc = wall - z.before * 3600;
        const afterUtc = wall - z.after * 3600;
        let utc: number;
        if (beforeUtc < switchS) utc = beforeUtc;
        else if (afterUtc >= switchS) utc = afterUtc;
        else continue; // this wall-clock time does not exist (the skipped hour)
        lines.push(JSON.stringify({ ts: new Date(utc * 1000).toISOString(), model: 'm', status: 'ok', in_tok: 100, out_tok: 10 }));
      }
    }
  }
  return { text: `${lines.join('\n')}\n`, requests: lines.length };
}

const sumN = Array.from({ length: HOURS_PER_WEEK }, (_, h) => N(h)).reduce((a, b) => a + b, 0);

describe('the weekly profile of a generated log', () => {
  for (const z of ZONES) {
    it(`recovers the pattern exactly in ${z.zone}, across the daylight-saving day`, () => {
      const { text, requests } = generate(z);
      // Four weeks of ΣN requests, less the skipped hour: Sunday 02:00 is h = 6 × 24 + 2 = 146, N = 1 + 146 mod 7 = 1 + 6 = 7.
      expect(requests).toBe(4 * sumN - N(146));
      const r = readUsageText('generated.jsonl', text);
      const d = deriveWorkload(r.records, r.costs, { timeZone: z.zone, current: DEFAULT_SCENARIO.workload });
      expect(d.period?.days).toBe(28);
      expect(d.period?.firstDay).toBe(z.mondays[0]);
      expect(d.workload.requestsPerDay).toBeCloseTo(requests / 28, 9);
      expect(d.profile?.fullWeeks).toBe(4);
      const mean = sumN / HOURS_PER_WEEK;
      const expected = Array.from({ length: HOURS_PER_WEEK }, (_, h) => N(h) / mean);
      const got = d.workload.weeklyProfile ?? [];
      expect(got).toHaveLength(HOURS_PER_WEEK);
      got.forEach((w, h) => expect(w, `hour ${h}`).toBeCloseTo(expected[h] as number, 12));
      // Peak: a weekday 09–17 hour with h mod 7 = 6, N = 17 → 17 / mean.
      expect(d.workload.peakToAverage).toBeCloseTo(17 / mean, 12);
      // The DST Sunday is one day with one hour fewer: 23 local hours of requests.
      const dst = d.daily.find((x) => x.day === new Date(Date.parse(z.switchUtc)).toISOString().slice(0, 10));
      expect(dst?.requests).toBe(Array.from({ length: 24 }, (_, hr) => N(144 + hr)).reduce((a, b) => a + b, 0) - N(146));
    });
  }

  it('the same log read in UTC is shifted: the zone matters', () => {
    const z = ZONES[0] as Zone;
    const r = readUsageText('generated.jsonl', generate(z).text);
    const d = deriveWorkload(r.records, r.costs, { timeZone: 'UTC', current: DEFAULT_SCENARIO.workload });
    const mean = sumN / HOURS_PER_WEEK;
    // Berlin 09:00 Monday is 08:00 UTC (winter): UTC hour 8 carries N(9) = 1 + 2 + 10 = 13.
    expect(d.profile?.median.weights[8]).toBeCloseTo(13 / mean, 12);
  });

  it('a repeated hour (autumn) counts both times on the wall clock', () => {
    const clock = new ZoneClock('Europe/Berlin');
    // 2026-10-25: 00:30 UTC = 02:30 CEST, 01:30 UTC = 02:30 CET — both Sunday 02:00 (h = 146).
    expect(clock.at(Date.parse('2026-10-25T00:30:00Z') / 1000).hourOfWeek).toBe(146);
    expect(clock.at(Date.parse('2026-10-25T01:30:00Z') / 1000).hourOfWeek).toBe(146);
    // India is +05:30: 2026-01-05T18:29Z is 23:59 Monday, 18:31Z is 00:01 Tuesday (h = 24).
    const kolkata = new ZoneClock('Asia/Kolkata');
    expect(kolkata.at(Date.parse('2026-01-05T18:29:00Z') / 1000).hourOfWeek).toBe(23);
    expect(kolkata.at(Date.parse('2026-01-05T18:31:00Z') / 1000).hourOfWeek).toBe(24);
  });
});

describe('per-request counts', () => {
  const countsOf = (values: number[]) => {
    const c = new Counts();
    for (const v of values) c.add(v);
    return c;
  };

  it('give the median and p90 of whole token counts', () => {
    // Hand: [950, 1200]: p50 at rank 0.5 → 1,075; p90 at rank 0.9 → 950 + 0.9 × 250 = 1,175
    // (the median's upper rank, 1, lies above the p90's lower rank, 0).
    expect(countsOf([1200, 950]).medianAndP90()).toEqual({ median: 1075, p90: 1175 });
    // Hand: [300, 500, 800, 900, 1200, 1500, 1800]: p50 = rank 3 = 900; p90 at rank 5.4 → 1,500 + 0.4 × 300 = 1,620.
    expect(countsOf([1200, 300, 800, 1800, 500, 1500, 900]).medianAndP90()).toEqual({ median: 900, p90: 1620 });
    expect(countsOf([]).medianAndP90()).toBeNull();
  });

  it('keep values that are not whole numbers as they are', () => {
    // Hand: [1.5, 2, 2.5, 10, 3,000,000]: p50 = rank 2 = 2.5; p90 at rank 3.6 → 10 + 0.6 × 2,999,990 = 1,800,004.
    const c = countsOf([10, 2.5, 3_000_000, 2, 1.5]);
    expect(c.other).toEqual([2.5, 3_000_000, 1.5]);
    expect(c.medianAndP90()?.median).toBe(2.5);
    expect(c.medianAndP90()?.p90).toBeCloseTo(1_800_004, 6);
  });

  it('match the linear-interpolation percentile of a sorted copy, merged or not', () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const n of [1, 2, 3, 4, 10, 101, 1000]) {
      const values = Array.from({ length: n }, () => (next() < 0.05 ? next() * 100 : Math.floor(next() * 5000)));
      const sorted = Float64Array.from(values).sort();
      const whole = countsOf(values);
      const merged = countsOf(values.slice(0, n >> 1));
      merged.merge(countsOf(values.slice(n >> 1)));
      for (const c of [whole, merged]) {
        const got = c.medianAndP90();
        expect(got?.median, `n ${n} p50`).toBeCloseTo(percentileOfSorted(sorted, 50, 'linear') as number, 9);
        expect(got?.p90, `n ${n} p90`).toBeCloseTo(percentileOfSorted(sorted, 90, 'linear') as number, 9);
      }
    }
  });
});
