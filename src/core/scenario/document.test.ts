import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, defaultScenario } from './defaults';
import { readScenarioDocument, toSparseDocument } from './document';
import { noticedFields } from './restore';
import { SCENARIO_TYPE, SCENARIO_VERSION, scenarioSchema } from './schema';

describe('default scenario', () => {
  it('is valid under its own schema', () => {
    expect(scenarioSchema.safeParse(DEFAULT_SCENARIO).success).toBe(true);
  });
  it('diffs to an envelope with nothing else', () => {
    expect(toSparseDocument(defaultScenario())).toEqual({ type: SCENARIO_TYPE, version: SCENARIO_VERSION });
  });
});

describe('readScenarioDocument', () => {
  it('round-trips a changed scenario through its sparse form', () => {
    const s = defaultScenario();
    s.workload.requestsPerDay = 1234;
    s.api.priceOutputPerM = 2.5;
    s.pilot.days[2]!.selfHosted.ttftP95Ms = 850;
    const sparse = toSparseDocument(s);
    expect(sparse).toEqual({
      type: SCENARIO_TYPE,
      version: SCENARIO_VERSION,
      workload: { requestsPerDay: 1234 },
      api: { priceOutputPerM: 2.5 },
      pilot: { days: s.pilot.days },
    });
    const back = readScenarioDocument(JSON.parse(JSON.stringify(sparse)), true);
    expect(back.ok && back.value.scenario).toEqual(s);
    expect(back.ok && back.value.notices).toEqual([]);
  });

  it('rejects what is not a scenario before looking at fields', () => {
    expect(readScenarioDocument([1, 2], true)).toEqual({ ok: false, error: { kind: 'not-an-object' } });
    expect(readScenarioDocument({ type: 'excalidraw', version: 1 }, true)).toEqual({
      ok: false,
      error: { kind: 'wrong-type', found: 'excalidraw' },
    });
    expect(readScenarioDocument({ type: SCENARIO_TYPE, version: '1' }, true)).toEqual({
      ok: false,
      error: { kind: 'bad-version', found: '1' },
    });
  });

  it('refuses a document from a newer version instead of guessing', () => {
    const r = readScenarioDocument({ type: SCENARIO_TYPE, version: SCENARIO_VERSION + 1 }, true);
    expect(r).toEqual({ ok: false, error: { kind: 'too-new', version: SCENARIO_VERSION + 1, supported: SCENARIO_VERSION } });
  });

  it('costs a bad field that field only, and names it', () => {
    const r = readScenarioDocument(
      {
        type: SCENARIO_TYPE,
        version: 1,
        workload: { cacheHitShare: 1.7, requestsPerDay: 500 },
        api: { priceInputPerM: 'cheap' },
      },
      true,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.scenario.workload.requestsPerDay).toBe(500);
    expect(r.value.scenario.workload.cacheHitShare).toBe(DEFAULT_SCENARIO.workload.cacheHitShare);
    expect(r.value.scenario.api.priceInputPerM).toBe(DEFAULT_SCENARIO.api.priceInputPerM);
    const paths = r.value.notices.map((n) => `${n.path}:${n.action}:${n.rejected}`).sort();
    expect(paths).toEqual(['api.priceInputPerM:reset-to-default:"cheap"', 'workload.cacheHitShare:reset-to-default:1.7']);
  });

  it('rejects non-finite numbers smuggled in as huge literals', () => {
    const r = readScenarioDocument(JSON.parse(`{"type":"${SCENARIO_TYPE}","version":1,"selfHosted":{"rentPrice":1e999}}`), true);
    expect(r.ok && r.value.scenario.selfHosted.rentPrice).toBe(DEFAULT_SCENARIO.selfHosted.rentPrice);
    expect(r.ok && r.value.notices.map((n) => n.path)).toEqual(['selfHosted.rentPrice']);
  });

  it('drops an invalid list entry but keeps the valid ones', () => {
    const good = { day: 2, start: '09:10', recoveryMinutes: 40, cause: 'oom', affectedTasks: 3, countermeasure: 'lower max-num-seqs', outOfHours: false };
    const r = readScenarioDocument({ type: SCENARIO_TYPE, version: 1, pilot: { incidents: [good, { ...good, day: 8 }, good] } }, true);
    expect(r.ok && r.value.scenario.pilot.incidents).toEqual([good, good]);
    expect(r.ok && r.value.notices.map((n) => `${n.path}:${n.action}`)).toEqual(['pilot.incidents[1]:dropped']);
  });

  it('reports unknown fields instead of silently keeping or losing them', () => {
    const r = readScenarioDocument({ type: SCENARIO_TYPE, version: 1, workload: { colour: 'red' } }, true);
    expect(r.ok && r.value.notices).toEqual([
      { path: 'workload.colour', problem: 'Unknown field', action: 'ignored-unknown', rejected: '"red"', issue: { code: 'unrecognized_keys' } },
    ]);
  });

  it('fills a partial hand-written complete document from the defaults', () => {
    const r = readScenarioDocument({ type: SCENARIO_TYPE, version: 1, name: 'Hand-written' }, false);
    expect(r.ok && r.value.scenario.name).toBe('Hand-written');
    expect(r.ok && r.value.scenario.selfHosted).toEqual(DEFAULT_SCENARIO.selfHosted);
  });
});

describe('forward compatibility of list entries', () => {
  it("fills a field missing from a pilot day from that day's default instead of dropping the day", () => {
    const s = defaultScenario();
    const day = { ...s.pilot.days[0]!.api, ttftP95Ms: 900 } as Record<string, unknown>;
    delete day.costUsd; // as if the link predates the field
    const r = readScenarioDocument(
      { type: SCENARIO_TYPE, version: 1, pilot: { days: [{ api: day, selfHosted: s.pilot.days[0]!.selfHosted }, ...s.pilot.days.slice(1)] } },
      true,
    );
    expect(r.ok && r.value.notices).toEqual([]);
    expect(r.ok && r.value.scenario.pilot.days[0]?.api.ttftP95Ms).toBe(900);
    expect(r.ok && r.value.scenario.pilot.days[0]?.api.costUsd).toBeNull();
  });
});

describe('"__proto__" keys', () => {
  // JSON.parse makes "__proto__" an own key; assigning it while laying the document over its base
  // would replace the copy's prototype instead: the key would vanish without a notice (and a
  // complete document end in "Could not be repaired"), while "constructor" is reported.
  const text = (version: number) => `{"type":"${SCENARIO_TYPE}","version":${version},"__proto__":{"polluted":1},"constructor":2,"workload":{"__proto__":5}}`;
  for (const version of [1, SCENARIO_VERSION]) {
    for (const sparse of [true, false]) {
      it(`are reported as unknown fields like any other (version ${version}, ${sparse ? 'link' : 'file'})`, () => {
        const r = readScenarioDocument(JSON.parse(text(version)), sparse);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value.notices.map((n) => `${n.path} ${n.action} ${n.rejected}`).sort()).toEqual([
          '__proto__ ignored-unknown {"polluted":1}',
          'constructor ignored-unknown 2',
          'workload.__proto__ ignored-unknown 5',
        ]);
        expect(Object.getPrototypeOf(r.value.scenario)).toBe(Object.prototype);
        expect(Object.getPrototypeOf(r.value.scenario.workload)).toBe(Object.prototype);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      });
    }
  }
});

describe('a document with very many unknown fields', () => {
  it('names the first 20 and counts the rest in one notice, in linear time', () => {
    const doc: Record<string, unknown> = { ...defaultScenario(), workload: { ...DEFAULT_SCENARIO.workload, requestsPerDay: 12_345 } };
    for (let i = 0; i < 60_000; i++) doc[`extra${i}`] = i;
    const started = performance.now();
    const read = readScenarioDocument(doc, false);
    const ms = performance.now() - started;
    if (!read.ok) throw new Error('expected the document to be read');
    const { notices, scenario } = read.value;
    expect(notices).toHaveLength(21);
    expect(notices.slice(0, 20).map((n) => `${n.path} ${n.rejected}`)).toEqual(Array.from({ length: 20 }, (_, i) => `extra${i} ${i}`));
    expect(notices[20]).toMatchObject({ path: '', action: 'ignored-unknown', more: 59_980 });
    expect(noticedFields(notices)).toBe(60_000);
    // The known fields are kept; none of the unknown ones is.
    expect(scenario.workload.requestsPerDay).toBe(12_345);
    expect(Object.keys(scenario).some((k) => k.startsWith('extra'))).toBe(false);
    // About 0.2 s here; a quadratic walk over 60,000 keys would take minutes.
    expect(ms).toBeLessThan(5_000);
  });

  it('lists 20 or fewer without a count', () => {
    const doc: Record<string, unknown> = { ...defaultScenario() };
    for (let i = 0; i < 20; i++) doc[`extra${i}`] = i;
    const read = readScenarioDocument(doc, false);
    if (!read.ok) throw new Error('expected the document to be read');
    expect(read.value.notices).toHaveLength(20);
    expect(read.value.notices.some((n) => n.more !== undefined)).toBe(false);
  });
});
