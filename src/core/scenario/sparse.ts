import { deepEqual, isPlainObject, setOwn } from './json';

/**
 * Sparse documents: only what differs from a base. Share links carry the difference from the
 * defaults so the example scenario makes a short link. Objects are compared key by key;
 * arrays and scalars are taken whole.
 */
export function diffFromBase(value: unknown, base: unknown): unknown {
  if (isPlainObject(value) && isPlainObject(base)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (!Object.hasOwn(base, key)) {
        setOwn(out, key, v);
        continue;
      }
      if (deepEqual(v, base[key])) continue;
      setOwn(out, key, diffFromBase(v, base[key]));
    }
    return out;
  }
  return value;
}

/**
 * Lays a sparse document over a base. Returns a new object; neither input is modified.
 * Note for schema changes: entries of lists without a per-position default (incidents) do not
 * get this merge, so fields added to them need a Zod `.default()`.
 * Keys the base does not know are kept so that validation can name them.
 */
export function mergeOntoBase(sparse: unknown, base: unknown): unknown {
  // Lists of records with a default entry per position (the pilot's seven days) merge entry by
  // entry, so a field added to the entries later takes its default in older documents.
  if (Array.isArray(sparse) && Array.isArray(base)) {
    return sparse.map((item, i) => (isPlainObject(item) && isPlainObject(base[i]) ? mergeOntoBase(item, base[i]) : copy(item)));
  }
  if (isPlainObject(sparse) && isPlainObject(base)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(base)) setOwn(out, key, copy(v));
    for (const [key, v] of Object.entries(sparse)) {
      setOwn(out, key, Object.hasOwn(base, key) ? mergeOntoBase(v, base[key]) : copy(v));
    }
    return out;
  }
  return copy(sparse);
}

function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) setOwn(out, k, copy(v));
    return out;
  }
  return value;
}
