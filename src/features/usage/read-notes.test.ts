import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../../core/scenario/defaults';
import { deriveWorkload } from '../../core/usage/aggregate';
import { combineUsage } from '../../core/usage/combine';
import { DuplicateFilter } from '../../core/usage/dedupe';
import { duplicateFileResult, readUsageText, type UsageReadResult } from '../../core/usage/reader';
import type { UsageFileSummary } from '../../worker/contract';
import { readNotes } from './read-notes';

const fixture = (name: string) => readFileSync(new URL(`../../../fixtures/usage/${name}`, import.meta.url), 'utf8');
const summary = ({ records, costs: _costs, ...rest }: UsageReadResult): UsageFileSummary => ({ ...rest, models: [...records.models] });

describe('the notes on what was read', () => {
  it('name duplicates, a file not read, a dropped column, decimal commas and the days of the week', () => {
    const seen = new DuplicateFilter();
    const german = fixture('GERMAN_EXCEL_hourly_aggregate.csv');
    // The German hourly aggregate with line 2 written twice, and its cost column in Excel's currency format in a copy.
    const lines = german.split('\r\n');
    const a = readUsageText('stunden.csv', [...lines.slice(0, 2), lines[1], ...lines.slice(2)].join('\r\n'), null, seen);
    const b = readUsageText(
      'kosten.csv',
      german.replace('2026-01-05T08', '2026-01-06T08').replace('2026-01-05T09', '2026-01-06T09').replace(';0,25\r', ';0,25 $\r'),
      null,
      seen,
    );
    const c = duplicateFileResult('stunden (1).csv', 'stunden.csv');
    const all = [a, b, c];
    const combined = combineUsage(all);
    const derived = deriveWorkload(combined.records, combined.costs, { timeZone: 'UTC', current: DEFAULT_SCENARIO.workload });
    const notes = readNotes(all.map(summary), derived);
    expect(notes.slice(0, 4)).toEqual([
      { kind: 'duplicate-rows', rows: 1, files: ['stunden.csv'] },
      { kind: 'duplicate-file', file: 'stunden (1).csv', sameAs: 'stunden.csv' },
      { kind: 'decimal-comma', file: 'stunden.csv', columns: ['cost_usd'] },
      { kind: 'column-dropped', file: 'kosten.csv', column: 'cost_usd', line: 2, value: '0,25 $' },
    ]);
    // Mon 5 08:00 – Tue 6 10:00 UTC: Monday and Tuesday, no whole week; 1 day 2 hours covered
    // (2 − 8/24 − 14/24 = 26/24 days).
    expect(notes[4]).toMatchObject({ kind: 'weekdays', weekdays: [0, 1], wholeWeeks: 0, window: null, daysLeftOut: 0 });
    expect(notes[4]?.kind === 'weekdays' && notes[4].perDayDays).toBeCloseTo(26 / 24, 12);
    expect(notes).toHaveLength(5);
  });
});
