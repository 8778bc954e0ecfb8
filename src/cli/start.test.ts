import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The CLI runs under plain Node (tsx), without Vite's transforms: a module of the worker that
 * imports `?worker&url` or another Vite-only form breaks every command there, though the
 * commands' own tests (run through Vite) pass. Each command's module is loaded for real here.
 */
describe('the CLI under Node', () => {
  it('starts and reads a real benchmark file', () => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'import', join(root, 'fixtures/bench/llmperf/leaderboard_groq_70b_summary.json')],
      { cwd: root, encoding: 'utf8' },
    );
    const parsed = JSON.parse(out) as { files: { file: { name: string } }[] };
    expect(parsed.files.map((f) => f.file.name)).toEqual(['leaderboard_groq_70b_summary.json']);
  }, 30_000);
});
