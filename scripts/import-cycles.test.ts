import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycleReport, findCycles, findFolderCycles, folderImports, importGraph, readSources } from './import-cycles';

const root = resolve(import.meta.dirname, '..');

/** Files of a made-up project under /p, for graphs worked out by hand. */
function project(files: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(files).map(([name, text]) => [`/p/${name}`, text]));
}

describe('import cycles', () => {
  it('finds a cycle made only of type imports and re-exports, as a closed path', () => {
    // a → b (type import), b → c (value import), c → a (type re-export): one cycle of three.
    // d imports a but nothing imports d: outside the cycle.
    const files = project({
      'a.ts': "import type { B } from './b';\nexport type A = { b: B };",
      'b.ts': "import { c } from './c';\nexport type B = typeof c;",
      'c.ts': "export type { A } from './a';\nexport const c = 1;",
      'd.ts': "import type { A } from './a';\nexport type D = A;",
    });
    expect(findCycles(importGraph(files))).toEqual([['/p/a.ts', '/p/b.ts', '/p/c.ts', '/p/a.ts']]);
  });

  it('resolves folders (index.ts) and .tsx files, and ignores packages and dynamic import()', () => {
    // x/index.ts → y.tsx → x (index) is a cycle of two; z's dynamic import of y is not an edge.
    const files = project({
      'x/index.ts': "import { Y } from '../y';\nimport { z } from 'zod';\nexport const X = [Y, z];",
      'y.tsx': "import { X } from './x';\nexport const Y = () => <b>{X.length}</b>;",
      'z.ts': "import { X } from './x/index';\nexport const load = () => import('./y');\nexport const w = X;",
    });
    expect(findCycles(importGraph(files))).toEqual([['/p/x/index.ts', '/p/y.tsx', '/p/x/index.ts']]);
  });

  it('a one-way chain has none', () => {
    const files = project({ 'a.ts': "import './b';", 'b.ts': "import './c';", 'c.ts': 'export {};' });
    expect(findCycles(importGraph(files))).toEqual([]);
  });

  it('finds cycles between folders of core that no file cycle shows, naming the imports of each step', () => {
    // tco/evaluate → capacity/stored → tco/sizing: no file is on a file cycle, but the folders
    // tco and capacity import each other. catalog → tco is one way only. A test in capacity
    // importing tco makes no edge; neither does the import within tco.
    const files = project({
      'core/tco/evaluate.ts': "import { stored } from '../capacity/stored';\nimport { size } from './sizing';\nexport const e = [stored, size];",
      'core/tco/sizing.ts': 'export const size = 1;',
      'core/capacity/stored.ts': "import { size } from '../tco/sizing';\nexport const stored = size;",
      'core/capacity/stored.test.ts': "import { e } from '../tco/evaluate';\nexport const t = e;",
      'core/catalog/gpus.ts': "import { size } from '../tco/sizing';\nexport const g = size;",
    });
    const graph = importGraph(files);
    expect(findCycles(graph)).toEqual([]);
    expect(findFolderCycles(folderImports(graph, '/p/core'))).toEqual([
      {
        folders: ['capacity', 'tco', 'capacity'],
        steps: [
          { from: 'capacity', to: 'tco', imports: [['/p/core/capacity/stored.ts', '/p/core/tco/sizing.ts']] },
          { from: 'tco', to: 'capacity', imports: [['/p/core/tco/evaluate.ts', '/p/core/capacity/stored.ts']] },
        ],
      },
    ]);
  });

  it('names every folder edge on a cycle, each cycle once, from its alphabetically first folder', () => {
    // a → b → c → a and b → a: two cycles (a → b → a, a → b → c → a); d → a is on none.
    const files = project({
      'core/a/x.ts': "import '../b/y';",
      'core/b/y.ts': "import '../c/z';\nimport '../a/w';",
      'core/c/z.ts': "import '../a/w';",
      'core/a/w.ts': 'export {};',
      'core/d/v.ts': "import '../a/w';",
    });
    const cycles = findFolderCycles(folderImports(importGraph(files), '/p/core'));
    expect(cycles.map((c) => c.folders.join(' → '))).toEqual(['a → b → a', 'a → b → c → a']);
  });

  it('fails the tree when a folder cycle is brought in, and passes it without', () => {
    // A tree on disk like the repository's: core/schemas below core/tco; then one schema
    // imports a TCO helper back, and the check must name that import.
    const tree = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(tree, file)), { recursive: true });
      writeFileSync(join(tree, file), text);
    };
    try {
      write('src/core/schemas/slo.ts', 'export const slo = { maxMs: 500 };\n');
      write('src/core/tco/evaluate.ts', "import { slo } from '../schemas/slo';\nexport const evaluate = () => slo.maxMs;\n");
      write('src/core/tco/units.ts', 'export const perMillion = 1e6;\n');
      write('src/features/tco/page.tsx', "import { evaluate } from '../../core/tco/evaluate';\nexport const Page = () => evaluate();\n");
      expect(cycleReport(tree)).toEqual([]);

      write('src/core/schemas/slo.ts', "import { perMillion } from '../tco/units';\nexport const slo = { maxMs: perMillion / 2000 };\n");
      expect(cycleReport(tree)).toEqual([
        'Import cycles between the folders of src/core (1); move schemas and what both sides need below them, and what combines them into a folder above:',
        '  schemas → tco → schemas',
        '    schemas → tco:',
        '      src/core/schemas/slo.ts → src/core/tco/units.ts',
        '    tco → schemas:',
        '      src/core/tco/evaluate.ts → src/core/schemas/slo.ts',
      ]);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it('our own code has none (src, e2e, scripts, bench)', () => {
    const sources = readSources(root);
    // The tree is really read: core, the worker and the page models are all in it.
    expect(sources.has(resolve(root, 'src/core/hardware/report.ts'))).toBe(true);
    expect(sources.has(resolve(root, 'e2e/fixtures.ts'))).toBe(true);
    expect(findCycles(importGraph(sources))).toEqual([]);
    // …nor between the folders of core; the graph is really there (tco imports capacity).
    const folders = folderImports(importGraph(sources), resolve(root, 'src/core'));
    expect(folders.get('tco')?.has('capacity')).toBe(true);
    expect(findFolderCycles(folders)).toEqual([]);
  });
});
