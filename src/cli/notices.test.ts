import { describe, expect, it } from 'vitest';
import type { RestoreNotice } from '../core/scenario/restore';
import type { CliIo } from './command';
import { checkNotices } from './notices';

function io(): CliIo & { errors: string[] } {
  const errors: string[] = [];
  return { errors, out: () => undefined, err: (t) => errors.push(t), readFile: () => Promise.reject(new Error('no files')) };
}

const unknown = (path: string): RestoreNotice => ({ path, problem: 'Unknown field', action: 'ignored-unknown', rejected: '5' });
const rejected = (path: string): RestoreNotice => ({ path, problem: 'must be at most 1', action: 'reset-to-default', rejected: '7' });

describe('the CLI summary of a file’s notices counts in words that read right', () => {
  it('one of each: "1 unknown field", "1 field rejected"', () => {
    const out = io();
    expect(checkNotices('a.json', [unknown('workload.x'), rejected('workload.cacheHitShare')], out, { lenient: false })).toBe(false);
    expect(out.errors.at(-1)).toBe(
      'a.json: 1 unknown field: workload.x; 1 field rejected: workload.cacheHitShare. Fix them, or pass --lenient to ignore unknown fields and use the defaults in place of rejected ones.',
    );
  });
  it('two of each: "2 unknown fields", "2 fields rejected"', () => {
    const out = io();
    expect(checkNotices('a.json', [unknown('a'), unknown('b'), rejected('c'), rejected('d')], out, { lenient: false })).toBe(false);
    expect(out.errors.at(-1)).toBe(
      'a.json: 2 unknown fields: a, b; 2 fields rejected: c, d. Fix them, or pass --lenient to ignore unknown fields and use the defaults in place of rejected ones.',
    );
  });
  it('unknown fields past the first 20 are counted, not listed', () => {
    const out = io();
    const more: RestoreNotice = { path: '', problem: '59980 more unknown fields', action: 'ignored-unknown', rejected: '', more: 59_980 };
    expect(checkNotices('a.json', [unknown('a'), unknown('b'), more], out, { lenient: false })).toBe(false);
    expect(out.errors).toEqual([
      'a.json: error: a: unknown field (check the spelling; was 5)',
      'a.json: error: b: unknown field (check the spelling; was 5)',
      'a.json: error: … and 59980 more unknown fields',
      'a.json: 59982 unknown fields: a, b, and 59980 more. Fix them, or pass --lenient to ignore unknown fields and use the defaults in place of rejected ones.',
    ]);
  });
});
