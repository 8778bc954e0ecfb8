import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from './defaults';
import { MAX_DOCUMENT_DEPTH, readScenarioDocument } from './document';
import { measureNesting } from './json';
import { SCENARIO_TYPE, SCENARIO_VERSION } from './schema';

/** `levels` containers, alternating arrays and objects {"k": …} when `mixed`, around `inner`. */
function nest(levels: number, mixed: boolean, inner: unknown = 1): unknown {
  let value = inner;
  for (let i = 0; i < levels; i++) value = mixed && i % 2 === 1 ? { k: value } : [value];
  return value;
}

const envelope = { type: SCENARIO_TYPE, version: SCENARIO_VERSION };

describe('measureNesting', () => {
  it('counts the containers below the value and names the keys leading to the deepest one', () => {
    expect(measureNesting(1)).toEqual({ depth: 0, where: [] });
    expect(measureNesting({ a: 1, b: [] })).toEqual({ depth: 1, where: ['b'] });
    expect(measureNesting({ a: { b: [[2]] }, c: [1] })).toEqual({ depth: 3, where: ['a', 'b'] });
    // Keys past an array are not named (the indexes would say nothing), nor more than four.
    expect(measureNesting({ a: [{ b: { c: 1 } }] })).toEqual({ depth: 3, where: ['a'] });
    expect(measureNesting({ a: { b: { c: { d: { e: { f: 1 } } } } } })).toEqual({ depth: 5, where: ['a', 'b', 'c', 'd'] });
  });

  it('measures 1,000,000 levels without recursion', () => {
    expect(measureNesting({ x: nest(1_000_000, true) }).depth).toBe(1_000_000);
  });

  it('the deepest real scenario is far below the cap', () => {
    // Containers below the document: selfHosted.capacity.series[0].points[0] is the deepest in
    // the schema (6, docs/scenario.schema.json); the example scenario has no series (4).
    expect(measureNesting(DEFAULT_SCENARIO).depth).toBe(4);
    expect(MAX_DOCUMENT_DEPTH).toBe(64);
  });
});

describe('readScenarioDocument refuses documents nested too deep', () => {
  it('at the cap it reads the document; one level more is refused, naming where', () => {
    // notes (a string field) holding arrays: the cap counts the containers below the document.
    const at = readScenarioDocument({ ...envelope, notes: nest(64, false) }, true);
    expect(at.ok).toBe(true);
    expect(at.ok && at.value.notices.map((n) => n.path)).toEqual(['notes']);
    expect(readScenarioDocument({ ...envelope, notes: nest(65, false) }, true)).toEqual({
      ok: false,
      error: { kind: 'too-deep', depth: 65, max: 64, path: 'notes' },
    });
  });

  // Each of these would overflow the call stack if read without the depth limit (merge onto the
  // base, copy, validation, the text of a wrong type) and throw RangeError out of readScenarioDocument.
  const places: [string, (deep: unknown) => Record<string, unknown>, string, number][] = [
    ['a string field', (deep) => ({ ...envelope, notes: deep }), 'notes', 0],
    ['an unknown field inside a section', (deep) => ({ ...envelope, workload: { requestsPerDy: deep } }), 'workload.requestsPerDy', 1],
    ['an unknown top-level field', (deep) => ({ ...envelope, extra: deep }), 'extra', 0],
    ['a list of the pilot', (deep) => ({ ...envelope, pilot: { incidents: deep } }), 'pilot.incidents', 1],
    ['the type', (deep) => ({ type: deep, version: SCENARIO_VERSION }), 'type', 0],
    ['the version of an old document', (deep) => ({ type: SCENARIO_TYPE, version: 1, selfHosted: deep }), 'selfHosted', 0],
  ];
  for (const [name, make, path, extra] of places) {
    for (const levels of [3_000, 100_000]) {
      for (const mixed of [false, true]) {
        it(`${name}, ${levels.toLocaleString('en-US')} levels of ${mixed ? 'objects and arrays' : 'arrays'}`, () => {
          const deep = nest(levels, mixed);
          for (const sparse of [true, false]) {
            const r = readScenarioDocument(make(deep), sparse);
            expect(r.ok).toBe(false);
            if (r.ok) return;
            // The outermost of the mixed levels is {"k": [...]}: its key is named as well.
            expect(r.error).toEqual({ kind: 'too-deep', depth: levels + extra, max: 64, path: mixed ? `${path}.k` : path });
          }
        });
      }
    }
  }
});
