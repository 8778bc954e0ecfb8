import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries in eslint.config.js, tried on made-up files: each case is an import a
 * file in that folder may or may not write, and whether lint must refuse it.
 */
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '..') });

async function refused(file: string, from: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import { x } from '${from}';\nexport const y = x;\n`, { filePath: file });
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports');
}

describe('import boundaries', () => {
  it.each([
    // A feature imports no other feature, however the path is written, and not the app shell.
    ['src/features/report/a.tsx', '../tco/verdict', true],
    ['src/features/report/a.tsx', '../../features/tco/verdict', true],
    ['src/features/report/a.tsx', '../hardware', true],
    ['src/features/pilot/a.tsx', '../../app/shell', true],
    // …but its own files, shared components, lib and core are fine.
    ['src/features/report/a.tsx', './report-page', false],
    ['src/features/report/a.tsx', '../../components/card', false],
    ['src/features/report/a.tsx', '../../core/tco/evaluate', false],
    // A feature reaches the worker only through lib/query; of the worker it sees the contract's types.
    ['src/features/tco/a.tsx', 'comlink', true],
    ['src/features/usage/a.tsx', '../../worker/usage-api', true],
    ['src/features/usage/a.tsx', '../../worker', true],
    ['src/features/usage/a.tsx', '../../worker/contract', false],
    ['src/features/usage/a.tsx', '../../worker/contract-extra', true],
    ['src/features/usage/a.test.ts', '../../worker/benchmarks-api', false],
    ['src/features/usage/a.tsx', '../tco/verdict', true],
    ['src/features/tco/a.tsx', '../../lib/query/compute', false],
    ['src/components/card.tsx', '../lib/query/compute', false],
    // components/ knows no feature and not the app shell.
    ['src/components/card.tsx', '../features/tco/verdict', true],
    ['src/components/card.tsx', '../app/shell', true],
    ['src/state/store.ts', '../features/pilot/pilot-page', true],
    ['src/components/card.tsx', './source-badge', false],
    ['src/components/card.tsx', '../core/tco/evaluate', false],
    // The worker sees core and platform/ (the IndexedDB wrapper it shares with the page), no lib.
    ['src/worker/benchmarks-api.ts', '../platform/idb', false],
    ['src/worker/benchmarks-api.ts', '../lib/storage/runs-db', true],
    ['src/worker/benchmarks-api.ts', '../lib/format/format', true],
    ['src/worker/benchmarks-api.ts', '../lib/query/compute', true],
    ['src/worker/benchmarks-api.ts', '../core/benchmarks/importer', false],
    // Only the chart kit imports the chart library; charts take its parts from the kit.
    ['src/features/hardware/a.tsx', 'recharts', true],
    ['src/features/tco/a.test.ts', 'recharts', true],
    ['src/features/pilot/a.tsx', 'recharts/types/util/types', true],
    ['src/components/card.tsx', 'recharts', true],
    ['src/app/shell.tsx', 'recharts', true],
    ['src/lib/export/chart-image.ts', 'recharts', true],
    ['src/features/hardware/a.tsx', '../../components/chart/recharts', false],
    ['src/components/chart/recharts.tsx', 'recharts', false],
    ['src/components/chart/plot.tsx', '../../features/tco/verdict', true],
    // The CLI reads share links and plural forms through core, and imports nothing of lib.
    ['src/cli/commands/validate.ts', '../../core/link/share-link', false],
    ['src/cli/commands/validate.ts', '../../lib/url/share-link', true],
    ['src/cli/commands/validate.ts', '../../lib/storage/runs-db', true],
    ['src/cli/notices.ts', '../core/text/plural', false],
    ['src/cli/notices.ts', '../lib/i18n/plural', true],
    ['src/cli/commands/import.ts', '../../platform/host', false],
    // platform/ sits between core and the worker: it sees core only.
    ['src/platform/idb.ts', '../core/scenario/schema', false],
    ['src/platform/idb.ts', '../worker/contract', true],
    ['src/platform/idb.ts', '../lib/storage/runs-db', true],
    ['src/core/scenario/restore.ts', '../../platform/idb', true],
  ])('%s importing %s: refused %s', async (file, from, expected) => {
    expect(await refused(file, from)).toBe(expected);
  });
});

describe('the worker client', () => {
  it('is called by lib/query alone: a feature or a shared component importing `compute` is refused', async () => {
    const lint = async (file: string, from: string) => {
      const [result] = await eslint.lintText(`import { compute, inputKey } from '${from}';\nexport const y = [compute, inputKey];\n`, { filePath: file });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message.split("'")[1]);
    };
    expect(await lint('src/features/tco/a.tsx', '../../lib/query/compute')).toEqual(['compute']);
    expect(await lint('src/components/a.tsx', '../lib/query/compute')).toEqual(['compute']);
    expect(await lint('src/lib/query/a.ts', './compute')).toEqual([]);
  });
});

describe('the worker contract', () => {
  it('holds types only: a value, a function or a value import in it is refused', async () => {
    const lint = async (text: string) => {
      const [result] = await eslint.lintText(text, { filePath: 'src/worker/contract.ts' });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').length;
    };
    expect(await lint(`import type { Scenario } from '../core/scenario/schema';\nexport interface A {\n  s: Scenario;\n}\nexport type B = A | null;\n`)).toBe(
      0,
    );
    expect(await lint(`export const limit = 3;\n`)).toBe(1);
    expect(await lint(`export function f(): number {\n  return 1;\n}\n`)).toBe(1);
    expect(await lint(`import { defaultScenario } from '../core/scenario/defaults';\nexport type D = typeof defaultScenario;\n`)).toBe(1);
  });
});

describe('a new feature folder', () => {
  it('is a feature the moment it exists: another feature may not import it, and it may not import the others', () => {
    // A copy of the config beside a tree with one more feature folder than the repository has,
    // inside node_modules/.cache so that the config's packages resolve (ESLint skips files in
    // the system's temporary folder). Linted in a process of its own: the TypeScript parser
    // keeps one project root per process.
    const root = resolve(import.meta.dirname, '..');
    const cache = join(root, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    // ESLint reports real paths: node_modules may be a link (a second checkout sharing one).
    const tree = realpathSync(mkdtempSync(join(cache, 'lint-features-')));
    try {
      copyFileSync(join(root, 'eslint.config.js'), join(tree, 'eslint.config.js'));
      const folders = readdirSync(join(root, 'src/features'), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name);
      for (const f of [...folders, 'brand-new']) mkdirSync(join(tree, 'src/features', f), { recursive: true });
      const cases = [
        ['src/features/tco/a.ts', '../brand-new/page', true],
        ['src/features/brand-new/a.ts', '../tco/verdict', true],
        ['src/features/brand-new/b.ts', '../../worker/usage-api', true],
        ['src/features/brand-new/c.ts', './page', false],
      ] as const;
      for (const [file, from] of cases) writeFileSync(join(tree, file), `import { x } from '${from}';\nexport const y = x;\n`);
      const run = spawnSync(process.execPath, [join(root, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', 'src'], { cwd: tree, encoding: 'utf8' });
      const results = JSON.parse(run.stdout) as { filePath: string; messages: { ruleId: string | null }[] }[];
      for (const [file, , expected] of cases) {
        const r = results.find((x) => x.filePath === join(tree, file));
        expect({ file, refused: (r?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports') }).toEqual({ file, refused: expected });
      }
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
