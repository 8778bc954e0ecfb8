/**
 * Import cycles in our own TypeScript, type-only imports included (ESLint's import plugins skip
 * those, and a type-only cycle still ties two modules into one). Static `import` / `export … from`
 * declarations count; a dynamic `import()` does not (it is how code is split on purpose).
 * Run by `npm run lint` (`tsx scripts/import-cycles.ts`) and tested in import-cycles.test.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Folders whose .ts / .tsx files are checked, relative to the repository root. */
export const CHECKED_FOLDERS = ['src', 'e2e', 'scripts', 'bench'];

/** Relative module specifiers of a file's static imports and re-exports. */
export function staticImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    const spec =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
        ? statement.moduleSpecifier
        : ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)
          ? statement.moduleReference.expression
          : undefined;
    if (spec && ts.isStringLiteral(spec) && spec.text.startsWith('.')) specifiers.push(spec.text);
  }
  return specifiers;
}

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The import graph of the given files (absolute path → text): file → files it imports. */
export function importGraph(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of files) {
    const targets: string[] = [];
    for (const spec of staticImports(file, text)) {
      const base = resolve(dirname(file), spec.replace(/\.(js|mjs)$/, ''));
      const target = CANDIDATES.map((c) => base + c).find((p) => files.has(p));
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * Every import cycle, one per strongly connected component (Tarjan), each as a closed path
 * `a → b → … → a` starting at its alphabetically first file.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.map((component) => pathThrough(graph, new Set(component)));
}

/** A closed path through a strongly connected component, from its first file back to it. */
function pathThrough(graph: ReadonlyMap<string, readonly string[]>, members: ReadonlySet<string>): string[] {
  const start = [...members].sort()[0] ?? '';
  // Breadth-first from the start to itself, staying inside the component: the shortest cycle.
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift() ?? '';
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const between: string[] = [];
        for (let u = v; u !== start; u = previous.get(u) ?? start) between.unshift(u);
        return [start, ...between, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

/** The .ts / .tsx files of the checked folders under `root`, with their text. */
export function readSources(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.set(path, readFileSync(path, 'utf8'));
    }
  };
  for (const folder of CHECKED_FOLDERS) walk(join(root, folder));
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const cycles = findCycles(importGraph(readSources(root)));
  if (cycles.length > 0) {
    console.error(`Import cycles (${cycles.length}); break each by moving what both sides need into a module of its own:`);
    for (const cycle of cycles) console.error(`  ${cycle.map((f) => relative(root, f)).join(' → ')}`);
    process.exit(1);
  }
  console.log(`No import cycles in ${CHECKED_FOLDERS.join(', ')}.`);
}
