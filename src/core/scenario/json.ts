/**
 * Helpers for plain JSON data (the scenario is plain data: no dates, maps or classes).
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type PathSegment = string | number;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
    parent[String(last)] = value;
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
  return path
    .map((seg, i) => (typeof seg === 'number' ? `[${seg}]` : i === 0 ? seg : `.${seg}`))
    .join('');
}
