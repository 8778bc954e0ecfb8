import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, readSources } from './import-cycles';

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

  it('our own code has none (src, e2e, scripts, bench)', () => {
    const sources = readSources(root);
    // The tree is really read: core, the worker and the page models are all in it.
    expect(sources.has(resolve(root, 'src/core/hardware/report.ts'))).toBe(true);
    expect(sources.has(resolve(root, 'e2e/fixtures.ts'))).toBe(true);
    expect(findCycles(importGraph(sources))).toEqual([]);
  });
});
