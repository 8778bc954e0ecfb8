import { describe, expect, it, vi } from 'vitest';
import { cloneJson } from './json';
import type * as Defaults from './defaults';
import type { Scenario } from './schema';

/**
 * What a later release that edits a default does to links already sent: nothing. The live
 * defaults are replaced here by an edited copy (rent 4.29 → 3.99 USD/GPU-h, 1 → 2 replicas,
 * as a careless edit of defaults.ts would do); links must still be read against bases/v1.json.
 */
vi.mock('./defaults', async (importOriginal) => {
  const real = await importOriginal<typeof Defaults>();
  const edited: Scenario = cloneJson(real.DEFAULT_SCENARIO);
  edited.selfHosted.rentPrice = 3.99;
  edited.selfHosted.replicas = 2;
  return { ...real, DEFAULT_SCENARIO: edited, defaultScenario: () => cloneJson(edited) };
});

const { DEFAULT_SCENARIO } = await import('./defaults');
const { readScenarioDocument, toSparseDocument } = await import('./document');
const { SCENARIO_TYPE, SCENARIO_VERSION } = await import('./schema');

describe('after a default was edited without a new version', () => {
  it('an old link keeps the values of its frozen base', () => {
    // A v1 link that changed only the name: rent and replicas come from bases/v1.json (4.29, 1).
    const r = readScenarioDocument({ type: SCENARIO_TYPE, version: 1, name: 'Sent to management' }, true);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.scenario.selfHosted.rentPrice).toBe(4.29);
    expect(r.value.scenario.selfHosted.replicas).toBe(1);
    expect(DEFAULT_SCENARIO.selfHosted.rentPrice).toBe(3.99);
  });

  it('a new link writes what differs from the frozen base, so it reads back the same', () => {
    const s = cloneJson(DEFAULT_SCENARIO); // rent 3.99, replicas 2: both differ from the base
    const sparse = toSparseDocument(s);
    expect(sparse).toEqual({ type: SCENARIO_TYPE, version: SCENARIO_VERSION, selfHosted: { rentPrice: 3.99, replicas: 2 } });
    const back = readScenarioDocument(JSON.parse(JSON.stringify(sparse)), true);
    expect(back.ok && back.value.scenario).toEqual(s);
  });
});
