import { resolve } from 'node:path';
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
    // A feature reaches the worker only through lib/query.
    ['src/features/tco/a.tsx', 'comlink', true],
    ['src/features/tco/a.tsx', '../../lib/query/compute', false],
    // components/ knows no feature and not the app shell.
    ['src/components/card.tsx', '../features/tco/verdict', true],
    ['src/components/card.tsx', '../app/shell', true],
    ['src/state/store.ts', '../features/pilot/pilot-page', true],
    ['src/components/card.tsx', './source-badge', false],
    ['src/components/card.tsx', '../core/tco/evaluate', false],
    // The worker sees core, and of lib only the IndexedDB wrapper it shares with the page.
    ['src/worker/benchmarks-api.ts', '../lib/storage/idb', false],
    ['src/worker/benchmarks-api.ts', '../lib/storage/runs-db', true],
    ['src/worker/benchmarks-api.ts', '../lib/query/compute', true],
    ['src/worker/benchmarks-api.ts', '../core/benchmarks/importer', false],
  ])('%s importing %s: refused %s', async (file, from, expected) => {
    expect(await refused(file, from)).toBe(expected);
  });
});
