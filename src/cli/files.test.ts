import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testIo } from '../testing/cli-test-io';
import { capacityCommand } from './commands/capacity';
import { importCommand } from './commands/import';
import { workloadCommand } from './commands/workload';
import { readEachFile, readJsonOption } from './files';

const dir = mkdtempSync(join(tmpdir(), 'cli-files-'));

describe('cli files', () => {
  it('reads each file in chunks, in order, and stops at one that cannot be opened', async () => {
    const a = join(dir, 'a.txt');
    writeFileSync(a, 'hello');
    const io = testIo();
    const ok = await readEachFile([a, a], io, async (s, i) => `${i}:${s.name}:${s.size}:${new TextDecoder().decode(await s.read(1, 3))}`);
    expect(ok).toEqual(['0:a.txt:5:ell', '1:a.txt:5:ell']);
    const missing = join(dir, 'missing.json');
    expect(await readEachFile([a, missing], io, async () => 1)).toBeNull();
    expect(io.stderr.join('\n')).toContain(`${missing}: cannot open`);
  });

  it.each([
    ['import', importCommand],
    ['capacity', capacityCommand],
    ['workload', workloadCommand],
  ] as const)('%s: a file that cannot be opened is named and exits 1', async (_name, command) => {
    const io = testIo();
    const missing = join(dir, 'nowhere.json');
    expect(await command.run([missing], io)).toBe(1);
    expect(io.stderr.join('\n')).toContain(`${missing}: cannot open`);
  });

  it('a JSON option file is checked against its schema and the message names the field', async () => {
    const p = join(dir, 'mapping.json');
    writeFileSync(p, JSON.stringify({ column: 7 }));
    const io = testIo();
    const schema = z.strictObject({ column: z.string() });
    const r = await readJsonOption(p, io, schema);
    expect(typeof r === 'string' && r.startsWith(`${p}: column:`)).toBe(true);
    writeFileSync(p, '{ not json');
    expect(await readJsonOption(p, io, schema)).toMatch(/not readable JSON/);
    writeFileSync(p, JSON.stringify({ column: 'ttft' }));
    expect(await readJsonOption(p, io, schema)).toEqual({ column: 'ttft' });
  });
});
