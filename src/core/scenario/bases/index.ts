import v1 from './v1.json' with { type: 'json' };
import v2 from './v2.json' with { type: 'json' };
import v3 from './v3.json' with { type: 'json' };
import v4 from './v4.json' with { type: 'json' };
import v5 from './v5.json' with { type: 'json' };
import v6 from './v6.json' with { type: 'json' };

/**
 * The frozen diff base of every released scenario version: the defaults as they stood when the
 * version was released, committed as JSON. A share link of version N holds only what differs
 * from FROZEN_BASES[N], so these documents must never change — not when a default is edited,
 * not when a catalog price is updated. Changing the defaults means a new version: bump
 * SCENARIO_VERSION, add a migration step, run `npm run freeze-base` and add the new file here.
 * `frozen-bases.test.ts` fails when the live defaults differ from the base of the current version.
 *
 * Version 0 (the prototype) never published links, so it has no base.
 */
export const FROZEN_BASES: Readonly<Record<number, unknown>> = { 1: deepFreeze(v1), 2: deepFreeze(v2), 3: deepFreeze(v3), 4: deepFreeze(v4), 5: deepFreeze(v5), 6: deepFreeze(v6) };

/** The base share links of `version` are diffs against, or undefined if none was frozen. */
export function frozenBase(version: number): unknown {
  return Object.hasOwn(FROZEN_BASES, version) ? FROZEN_BASES[version] : undefined;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * Null when `defaults` equal the frozen base of `version`; otherwise the message the frozen-base
 * test fails with, naming the changed fields. Used by that test (with the live defaults) and by
 * its own test (with edited defaults, to prove the check bites).
 */
export function defaultsChangedMessage(defaults: unknown, version: number): string | null {
  const base = frozenBase(version);
  if (base === undefined) return `Scenario version ${version} has no frozen base: run npm run freeze-base and add it to bases/index.ts.`;
  const changed = changedPaths(defaults, base, '');
  if (changed.length === 0) return null;
  return (
    `DEFAULT_SCENARIO differs from the frozen base of version ${version} at ${changed.slice(0, 8).join(', ')}${changed.length > 8 ? ', …' : ''}. ` +
    'Every share link of that version is a diff against its frozen base, so changing defaults needs a new version with a migration step and a new frozen base ' +
    '(bump SCENARIO_VERSION, add the step in migrations.ts, run npm run freeze-base).'
  );
}

function changedPaths(a: unknown, b: unknown, at: string): string[] {
  const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObj(a) && isObj(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => changedPaths(a[k], b[k], at ? `${at}.${k}` : k));
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    return a.flatMap((v, i) => changedPaths(v, b[i], `${at}[${i}]`));
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [at || '(root)'];
}
