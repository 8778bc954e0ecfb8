import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { examplePilot } from '../../core/pilot/samples';
import { SCENARIO_TYPE } from '../../core/scenario/schema';
import { testIo } from '../../testing/cli-test-io';
import { pilotCommand } from './pilot';

const dir = mkdtempSync(join(tmpdir(), 'cli-pilot-'));
function file(name: string, content: unknown): string {
  const p = join(dir, name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
}

interface Out {
  decision: string;
  status: string;
  example: boolean;
  deciding: string[];
  criteria: { id: string; verdict: string; value: number | null }[];
  rules: { decision: string; met: boolean }[];
  flips: { to: string; changes: { criterion: string }[] }[];
  costPerAcceptedTask: {
    api: { usdPerAcceptedTask: number | 'undefined'; reason?: string };
    selfHosted: { usdPerAcceptedTask: number | 'undefined'; reason?: string };
  };
}

async function run(args: string[]) {
  const io = testIo();
  const code = await pilotCommand.run(args, io);
  return { code, io, out: code === 0 ? (JSON.parse(io.stdout.join('\n')) as Out) : null };
}

describe('cli pilot', () => {
  it('decides a file holding only a pilot section and prints the rule trace', async () => {
    const { code, out } = await run([file('hybrid.json', { pilot: examplePilot('hybrid') })]);
    expect(code).toBe(0);
    expect(out?.decision).toBe('hybrid');
    // An invented week says so in the output too.
    expect(out?.example).toBe(true);
    expect(out?.rules.map((r) => [r.decision, r.met])).toEqual([
      ['continue', false],
      ['hybrid', true],
      ['return', false],
    ]);
    expect(out?.deciding).toContain('sensitive-share');
    expect(out?.criteria).toHaveLength(13);
  });

  it('reads a full scenario document and fills missing days and fields as not measured', async () => {
    // Two days of self-hosted evidence only: 3 of 4 tasks accepted on day 1, nothing else.
    const { code, out } = await run([
      file('partial.json', { type: SCENARIO_TYPE, version: 1, pilot: { days: [{ selfHosted: { tasksAttempted: 4, tasksAccepted: 3 } }, {}] } }),
    ]);
    expect(code).toBe(0);
    expect(out?.status).toBe('provisional');
    expect(out?.decision).toBe('return');
    // No API baseline: the comparison is unknown, and the API cost per task is undefined.
    expect(out?.criteria.find((c) => c.id === 'acceptance-gap')?.verdict).toBe('unknown');
    expect(out?.costPerAcceptedTask.api).toMatchObject({ usdPerAcceptedTask: 'undefined', reason: 'no-task-data' });
  });

  it('prints "undefined", not Infinity, for a side without accepted tasks', async () => {
    const p = examplePilot('continue');
    p.days = p.days.map((d) => ({ ...d, selfHosted: { ...d.selfHosted, tasksAccepted: 0 } }));
    const { io, out } = await run([file('zero.json', { pilot: p })]);
    expect(out?.costPerAcceptedTask.selfHosted).toMatchObject({ usdPerAcceptedTask: 'undefined', reason: 'no-accepted-tasks' });
    expect(io.stdout.join('')).not.toMatch(/Infinity|NaN/);
  });

  it('an empty pilot prints "undecided" with the status "no-evidence", and no rule as met', async () => {
    // Nothing recorded for the self-hosted side: the table has nothing to judge. The UI shows
    // "No decision yet"; the CLI must say the same instead of a "return" that no rule produced.
    const { code, out } = await run([file('empty.json', { pilot: { days: [] } })]);
    expect(code).toBe(0);
    expect(out?.decision).toBe('undecided');
    expect(out?.status).toBe('no-evidence');
    expect(out?.example).toBe(false);
    expect(out?.rules.map((r) => r.met)).toEqual([false, false, false]);
    expect(out?.deciding).toEqual([]);
    expect(out?.flips).toEqual([]);
  });

  it('an unknown field anywhere in the file is an error naming it; --lenient decides anyway', async () => {
    // outside the pilot section too: the costs it prices come from the other sections
    const f = file('pilot-typo.json', { pilot: examplePilot('continue'), selfHosted: { staffLoadedYearlyUsdd: 150_000 } });
    let r = await run([f]);
    expect(r.code).toBe(1);
    expect(r.io.stderr.join('\n')).toContain('selfHosted.staffLoadedYearlyUsdd');
    r = await run([f, '--lenient']);
    expect(r.code).toBe(0);
    expect(r.out?.decision).toBe('continue');
  });

  it('rejects inputs outside sense, naming the field', async () => {
    const p = examplePilot('continue');
    p.days[2]!.selfHosted.tasksAccepted = 130;
    p.days[2]!.selfHosted.tasksAttempted = 100;
    p.days[2]!.selfHosted.tasksCompleted = 100;
    let r = await run([file('130.json', { pilot: p })]);
    expect(r.code).toBe(1);
    expect(r.io.stderr.join('\n')).toContain('pilot.days[2].selfHosted.tasksAccepted');
    // --lenient drops the field and decides anyway.
    r = await run([file('130.json', { pilot: p }), '--lenient']);
    expect(r.code).toBe(0);

    const eight = examplePilot('continue');
    r = await run([file('eight.json', { pilot: { ...eight, days: [...eight.days, eight.days[0]] } })]);
    expect(r.code).toBe(1);
    expect(r.io.stderr.join('\n')).toContain('day 8 is outside the pilot');

    const neg = examplePilot('continue');
    neg.days[0]!.selfHosted.teamHours = -3;
    r = await run([file('neg.json', { pilot: neg })]);
    expect(r.code).toBe(1);
    expect(r.io.stderr.join('\n')).toContain('pilot.days[0].selfHosted.teamHours');
  });

  it('fails clearly on unreadable input and without a file', async () => {
    expect((await run([file('text.json', 'hello')])).code).toBe(1);
    expect((await run([file('array.json', [1, 2])])).code).toBe(1);
    expect((await run([])).code).toBe(2);
  });
});
