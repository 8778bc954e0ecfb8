import { expect, it } from 'vitest';
import { frozenBase } from '../core/scenario/bases';
import { cloneJson, setAt } from '../core/scenario/json';
import { SCENARIO_VERSION, type Scenario } from '../core/scenario/schema';
import { mergeOntoBase } from '../core/scenario/sparse';
import { decodeLinkPayload } from '../core/link/codec';
import { decodeScenario } from '../core/link/share-link';

/**
 * The checks every set of golden share links gets (src/core/link/fixtures/golden-links-v*.json):
 * each link has an expected document, written by hand, that is the frozen base of its version
 * plus exactly its listed changes; the link laid over that base is that document; and it decodes
 * to the expected scenario of today's version without repairs.
 */
export interface GoldenExpected {
  link: string;
  about: string;
  changes: Record<string, unknown>;
  current: { version: number; scenario: Scenario };
  /** The document in the link's own version, under `v1`, `v3` … */
  [version: `v${number}`]: Record<string, unknown>;
}

export function decodeOk(payload: string) {
  const r = decodeScenario(payload);
  if (!r.ok) throw new Error(`expected a valid link, got ${JSON.stringify(r.error)}`);
  return r.value;
}

/** "pilot.days[0].api.ttftP95Ms" or "pilot.days.0.api" → ["pilot", "days", 0, "api", …] */
export function pathOf(text: string): (string | number)[] {
  return text.split('.').flatMap((p) =>
    p
      .split(/\[(\d+)\]/)
      .filter((x) => x !== '')
      .map((x) => (/^\d+$/.test(x) ? Number(x) : x)),
  );
}

/**
 * Registers the common checks inside the caller's `describe`. `expected` is the eager
 * `import.meta.glob` of `./fixtures/golden-v{version}/*.json` (keys as the glob gives them).
 */
export function goldenLinkChecks(version: 1 | 3, links: Record<string, string>, expected: Record<string, GoldenExpected>): (name: string) => GoldenExpected {
  const dir = `./fixtures/golden-v${version}`;
  const key = `v${version}` as const;
  const names = Object.keys(links);
  const expectedFor = (name: string): GoldenExpected => {
    const e = expected[`${dir}/${name}.json`];
    if (!e) throw new Error(`no expected document ${dir.slice(2)}/${name}.json for golden link "${name}"`);
    return e;
  };

  it('every golden link has its expected document, and no expected document lacks its link', () => {
    expect(Object.keys(expected).sort()).toEqual(names.map((n) => `${dir}/${n}.json`).sort());
  });

  it.each(names)(`%s: the expected v${version} document is the frozen base plus exactly its listed changes`, (name) => {
    const e = expectedFor(name);
    expect(e.link).toBe(name);
    const built = cloneJson(frozenBase(version)) as Record<string, unknown>;
    for (const [path, value] of Object.entries(e.changes)) expect(setAt(built, pathOf(path), value), path).toBe(true);
    expect(e[key]).toEqual(built);
  });

  it.each(names)(`%s: the link laid over the frozen v${version} base is the full expected v${version} document`, (name) => {
    const text = decodeLinkPayload(links[name] as string);
    if (!text.ok) throw new Error(`golden link ${name} no longer decodes: ${JSON.stringify(text.error)}`);
    expect(mergeOntoBase(JSON.parse(text.text), frozenBase(version))).toEqual(expectedFor(name)[key]);
  });

  it.each(names)('%s: decodes to the full expected scenario of the current version, with no repairs', (name) => {
    const e = expectedFor(name);
    expect(e.current.version).toBe(SCENARIO_VERSION);
    const v = decodeOk(links[name] as string);
    expect(v.scenario).toEqual(e.current.scenario);
    expect(v.notices).toEqual([]);
    expect(v.fromVersion).toBe(version);
  });

  return expectedFor;
}
