/**
 * Import cycles in our own TypeScript, type-only imports included (ESLint's import plugins skip
 * those, and a type-only cycle still ties two modules into one). Static `import` / `export … from`
 * declarations count; a dynamic `import()` does not (it is how code is split on purpose).
 *
 * Two checks: cycles between files, and cycles between the folders of src/core (core/tco →
 * core/capacity → core/tco is one even when no file of it is on a file cycle): the areas of the
 * core stand in layers, schemas below, what combines areas above them.
 * Run by `npm run lint` (`tsx scripts/import-cycles.ts`) and tested in import-cycles.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Folders whose .ts / .tsx files are checked, relative to the repository root. */
export const CHECKED_FOLDERS = ['src', 'e2e', 'scripts', 'bench'];

/** The folder whose sub-folders may not import each other in a cycle, relative to the repository root. */
export const LAYERED_FOLDER = 'src/core';

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

/** The strongly connected components of a graph (Tarjan) that hold a cycle: more than one node, or a node importing itself. */
export function cyclicComponents(graph: ReadonlyMap<string, readonly string[]>): Set<string>[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: Set<string>[] = [];
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
      const component = new Set<string>();
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.add(w);
      } while (w !== v);
      if (component.size > 1 || (graph.get(v) ?? []).includes(v)) components.push(component);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components;
}

/**
 * Every import cycle, one per strongly connected component (Tarjan), each as a closed path
 * `a → b → … → a` starting at its alphabetically first file.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  return cyclicComponents(graph).map((component) => pathThrough(graph, component));
}

/** A closed path through a strongly connected component, from its first file back to it. */
function pathThrough(
  graph: ReadonlyMap<string, readonly string[]>,
  members: ReadonlySet<string>,
  start = [...members].sort()[0] ?? '',
  first?: string,
): string[] {
  // Breadth-first from the start to itself, staying inside the component: the shortest cycle
  // (through the edge start → first, when given).
  const previous = new Map<string, string>();
  if (first !== undefined && first === start) return [start, start];
  if (first !== undefined) previous.set(first, start);
  const queue = first === undefined ? [start] : [first];
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
  for (const folder of CHECKED_FOLDERS) if (existsSync(join(root, folder))) walk(join(root, folder));
  return files;
}

/** Test files: nothing imports them, so they make no code depend on other code. */
const TEST_FILE = /\.test\.tsx?$/;

/**
 * The imports between the folders directly under `layered` (an absolute path): folder name →
 * folder name → the file imports (`from → to`, absolute paths) that make that edge. A file
 * directly in `layered` is a node of its own. Imports within one folder and those of test files
 * are left out: a test of how two areas work together may sit in either.
 */
export function folderImports(graph: ReadonlyMap<string, readonly string[]>, layered: string): Map<string, Map<string, [string, string][]>> {
  const folderOf = (file: string): string | undefined => {
    const rel = relative(layered, file);
    if (rel === '' || rel.startsWith('..')) return undefined;
    return rel.split(sep)[0];
  };
  const edges = new Map<string, Map<string, [string, string][]>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (from === undefined || TEST_FILE.test(file)) continue;
    const out = edges.get(from) ?? new Map<string, [string, string][]>();
    edges.set(from, out);
    for (const target of targets) {
      const to = folderOf(target);
      if (to === undefined || to === from) continue;
      out.set(to, [...(out.get(to) ?? []), [file, target]]);
    }
  }
  return edges;
}

/** A cycle between folders: the closed path of folder names and, per step, the file imports that make it. */
export interface FolderCycle {
  folders: string[];
  steps: { from: string; to: string; imports: [string, string][] }[];
}

/**
 * The cycles between folders: for every import between two folders that lies on a cycle, the
 * shortest cycle through it, each cycle once (from its alphabetically first folder). Folders are
 * few, so every edge that has to go is named, not only one cycle per tangle.
 */
export function findFolderCycles(imports: ReadonlyMap<string, ReadonlyMap<string, [string, string][]>>): FolderCycle[] {
  const graph = new Map([...imports].map(([from, out]) => [from, [...out.keys()].sort()]));
  const cycles = new Map<string, string[]>();
  for (const component of cyclicComponents(graph)) {
    for (const from of [...component].sort()) {
      for (const to of graph.get(from) ?? []) {
        if (!component.has(to)) continue;
        const path = pathThrough(graph, component, from, to).slice(0, -1);
        const first = path.indexOf([...path].sort()[0] ?? '');
        const rotated = [...path.slice(first), ...path.slice(0, first)];
        const folders = [...rotated, rotated[0] ?? ''];
        cycles.set(folders.join(' → '), folders);
      }
    }
  }
  return [...cycles.keys()].sort().map((key) => {
    const folders = cycles.get(key) ?? [];
    return {
      folders,
      steps: folders.slice(1).map((to, i) => {
        const from = folders[i] ?? '';
        return { from, to, imports: imports.get(from)?.get(to) ?? [] };
      }),
    };
  });
}

/** File imports named per step of a folder cycle. */
const SHOWN_IMPORTS = 5;

/** The lines `npm run lint` prints for the tree under `root`: empty when it has no cycle. */
export function cycleReport(root: string): string[] {
  const graph = importGraph(readSources(root));
  const lines: string[] = [];
  const cycles = findCycles(graph);
  if (cycles.length > 0) {
    lines.push(`Import cycles (${cycles.length}); break each by moving what both sides need into a module of its own:`);
    for (const cycle of cycles) lines.push(`  ${cycle.map((f) => relative(root, f)).join(' → ')}`);
  }
  const folderCycles = findFolderCycles(folderImports(graph, join(root, LAYERED_FOLDER)));
  if (folderCycles.length > 0) {
    lines.push(
      `Import cycles between the folders of ${LAYERED_FOLDER} (${folderCycles.length}); move schemas and what both sides need below them, and what combines them into a folder above:`,
    );
    for (const cycle of folderCycles) {
      lines.push(`  ${cycle.folders.join(' → ')}`);
      for (const step of cycle.steps) {
        lines.push(`    ${step.from} → ${step.to}:`);
        for (const [from, to] of step.imports.slice(0, SHOWN_IMPORTS)) lines.push(`      ${relative(root, from)} → ${relative(root, to)}`);
        if (step.imports.length > SHOWN_IMPORTS) lines.push(`      … and ${step.imports.length - SHOWN_IMPORTS} more`);
      }
    }
  }
  return lines;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const report = cycleReport(root);
  if (report.length > 0) {
    for (const line of report) console.error(line);
    process.exit(1);
  }
  console.log(`No import cycles in ${CHECKED_FOLDERS.join(', ')}, nor between the folders of ${LAYERED_FOLDER}.`);
}
