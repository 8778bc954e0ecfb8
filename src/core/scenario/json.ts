/**
 * Helpers for plain JSON data (the scenario is plain data: no dates, maps or classes).
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type PathSegment = string | number;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How deep a value nests, and where: the leading object keys on the way to its deepest point. */
export interface Nesting {
  /** Containers (arrays, objects) below the value itself: `{a: [1]}` is 1, `{a: [[1]]}` is 2. */
  depth: number;
  /** Object keys from the value down towards the deepest point, up to the first array or 4 keys. */
  where: string[];
}

const WHERE_KEYS = 4;

/**
 * Measures nesting without recursion, so a document nested 100,000 levels deep (which a
 * 66-character share link can carry) is measured instead of overflowing the call stack. Run on
 * untrusted data before anything walks it recursively (merge, copy, compare, validate).
 */
export function measureNesting(value: unknown): Nesting {
  let deepest: Nesting = { depth: 0, where: [] };
  const stack: { node: unknown; depth: number; where: string[]; keysOnly: boolean }[] = [{ node: value, depth: 0, where: [], keysOnly: true }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { node, depth, where, keysOnly } = item;
    if (depth > deepest.depth) deepest = { depth, where };
    if (Array.isArray(node)) {
      for (const child of node) if (typeof child === 'object' && child !== null) stack.push({ node: child, depth: depth + 1, where, keysOnly: false });
    } else if (isPlainObject(node)) {
      for (const [key, child] of Object.entries(node)) {
        if (typeof child !== 'object' || child === null) continue;
        const extend = keysOnly && where.length < WHERE_KEYS;
        stack.push({ node: child, depth: depth + 1, where: extend ? [...where, key] : where, keysOnly: extend });
      }
    }
  }
  return deepest;
}

/**
 * Sets `key` as an own property. JSON.parse makes "__proto__" an own key like any other, but an
 * assignment `out["__proto__"] = v` replaces the prototype instead, so the key would vanish
 * without a notice (while "constructor" is reported as unknown).
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** Deep copy of JSON-compatible data. */
export function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

export function getAt(root: unknown, path: readonly PathSegment[]): unknown {
  let node: unknown = root;
  for (const seg of path) {
    if (Array.isArray(node) && typeof seg === 'number') node = node[seg];
    else if (isPlainObject(node) && Object.hasOwn(node, String(seg))) node = node[String(seg)];
    else return undefined;
  }
  return node;
}

/** Sets a value in place; intermediate containers must exist. Returns false if they do not. */
export function setAt(root: unknown, path: readonly PathSegment[], value: unknown): boolean {
  if (path.length === 0) return false;
  const parent = getAt(root, path.slice(0, -1));
  const last = path[path.length - 1] as PathSegment;
  if (Array.isArray(parent) && typeof last === 'number') {
    parent[last] = value;
    return true;
  }
  if (isPlainObject(parent)) {
    setOwn(parent, String(last), value);
    return true;
  }
  return false;
}

/** Removes a key or an array element in place. */
export function deleteAt(root: unknown, path: readonly PathSegment[]): boolean {
  if (path.length === 0) return false;
  const parent = getAt(root, path.slice(0, -1));
  const last = path[path.length - 1] as PathSegment;
  if (Array.isArray(parent) && typeof last === 'number') {
    parent.splice(last, 1);
    return true;
  }
  if (isPlainObject(parent) && Object.hasOwn(parent, String(last))) {
    delete parent[String(last)];
    return true;
  }
  return false;
}

export function formatPath(path: readonly PathSegment[]): string {
  return path.map((seg, i) => (typeof seg === 'number' ? `[${seg}]` : i === 0 ? seg : `.${seg}`)).join('');
}
