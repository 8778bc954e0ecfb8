import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCENARIO_TYPE, SCENARIO_VERSION } from '../../core/scenario/schema';
import golden from '../../core/link/fixtures/golden-links-v1.json';
import { testIo } from '../../testing/cli-test-io';
import { validateCommand } from './validate';

const dir = mkdtempSync(join(tmpdir(), 'cli-validate-'));
function file(name: string, content: string): string {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
}

describe('cli validate', () => {
  it('prints the resolved scenario of a hand-written partial file', async () => {
    const io = testIo();
    const p = file('partial.json', JSON.stringify({ type: SCENARIO_TYPE, version: 1, name: 'By hand', workload: { requestsPerDay: 42 } }));
    expect(await validateCommand.run([p], io)).toBe(0);
    const out = JSON.parse(io.stdout.join('\n')) as { scenario: { name: string; workload: { requestsPerDay: number; daysPerMonth: number } } };
    expect(out.scenario.name).toBe('By hand');
    expect(out.scenario.workload.requestsPerDay).toBe(42);
    expect(out.scenario.workload.daysPerMonth).toBe(30);
  });

  it('a rejected field is an error naming it; --lenient prints the scenario with the default in its place', async () => {
    const p = file('bad-field.json', JSON.stringify({ type: SCENARIO_TYPE, version: SCENARIO_VERSION, workload: { retryRateApi: -1 } }));
    const strict = testIo();
    expect(await validateCommand.run([p], strict)).toBe(1);
    expect(strict.stderr.join('\n')).toContain('workload.retryRateApi');
    expect(strict.stdout).toEqual([]);
    const lenient = testIo();
    expect(await validateCommand.run([p, '--lenient'], lenient)).toBe(0);
    const out = JSON.parse(lenient.stdout.join('\n')) as { notices: { path: string; action: string }[]; scenario: { workload: { retryRateApi: number } } };
    expect(out.notices).toMatchObject([{ path: 'workload.retryRateApi', action: 'reset-to-default' }]);
    expect(out.scenario.workload.retryRateApi).toBe(0.03);
  });

  it('an unknown (misspelt) field is an error naming its path', async () => {
    const io = testIo();
    const p = file('typo.json', JSON.stringify({ type: SCENARIO_TYPE, version: 1, workload: { requestsPerDy: 5 } }));
    expect(await validateCommand.run([p], io)).toBe(1);
    expect(io.stderr.join('\n')).toContain('workload.requestsPerDy');
  });

  it('fails with a reason on a file from the future and on non-JSON', async () => {
    const io = testIo();
    expect(await validateCommand.run([file('future.json', JSON.stringify({ type: SCENARIO_TYPE, version: 99 }))], io)).toBe(1);
    expect(io.stderr.join('\n')).toContain('too-new');
    expect(await validateCommand.run([file('text.json', 'hello')], io)).toBe(1);
    expect(io.stderr.join('\n')).toContain('not readable JSON');
  });

  it('decodes a share link, full URL or bare payload', async () => {
    const io = testIo();
    expect(await validateCommand.run(['--link', `https://example.org/app/#/tco?s=${golden.links['h100-cheaper-output']}`], io)).toBe(0);
    expect((JSON.parse(io.stdout.join('\n')) as { scenario: { name: string } }).scenario.name).toBe('Golden B');
  });
});

describe('cli validate: documents nested too deep', () => {
  // The 66-character link whose notes hold an array nested 3,000 levels deep: without the depth limit
  // it would end in "Unexpected error: RangeError: Maximum call stack size exceeded".
  const DEEP_LINK = '1.ePmHfcpz7dcxDQAACMAwoQQpeIcDAZwcrYll9-WaiuxFBQAA8F4CAADvVQMjZ39G';

  it('refuses the link with its depth and where, exit 1, no stack', async () => {
    const io = testIo();
    expect(await validateCommand.run(['--link', `https://example.org/#/tco?s=${DEEP_LINK}`], io)).toBe(1);
    expect(io.stderr[0]).toBe('link: nested 3,000 levels deep under "notes"; at most 64 allowed');
    expect(
      JSON.parse(
        io.stderr
          .slice(1)
          .join('\n')
          .replace(/^link: /, ''),
      ),
    ).toEqual({ kind: 'too-deep', depth: 3000, max: 64, path: 'notes' });
    expect(io.stderr.join('\n')).not.toMatch(/RangeError|\n\s+at /);
    expect(io.stdout).toEqual([]);
  });

  it('refuses a file nested 100,000 levels deep the same way', async () => {
    const io = testIo();
    const text = `{"type":"${SCENARIO_TYPE}","version":${SCENARIO_VERSION},"workload":{"extra":${'{"a":['.repeat(50_000)}${']}'.repeat(50_000)}}}`;
    const p = file('deep.json', text);
    expect(await validateCommand.run([p], io)).toBe(1);
    // workload (1) + extra (1) + 50,000 × (object + array) - the innermost array is level 100,001.
    expect(io.stderr[0]).toBe(`${p}: nested 100,001 levels deep under "workload.extra.a"; at most 64 allowed`);
    expect(io.stderr.join('\n')).not.toMatch(/RangeError/);
  });
});
