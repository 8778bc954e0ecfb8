import { describe, expect, it } from 'vitest';
import { FROZEN_BASES, defaultsChangedMessage, frozenBase } from './bases';
import { DEFAULT_SCENARIO } from './defaults';
import { readScenarioDocument } from './document';
import { migrate } from './migrations';
import { restoreScenario } from './restore';
import { SCENARIO_TYPE, SCENARIO_VERSION, type Scenario } from './schema';

describe('frozen diff bases', () => {
  it('the live defaults equal the frozen base of the current version', () => {
    // Fails with: "changing defaults needs a new version with a migration step and a new frozen base".
    const message = defaultsChangedMessage(DEFAULT_SCENARIO, SCENARIO_VERSION);
    if (message !== null) expect.fail(message);
    expect(DEFAULT_SCENARIO).toEqual(frozenBase(SCENARIO_VERSION));
  });

  it('the check fails when a default changes without a version bump', () => {
    // As if someone updated the example's rent to a newer catalog rate (4.29 → 3.99 USD/GPU-h)
    // and the pilot's cost threshold (1 → 1.2) in defaults.ts, and nothing else.
    const edited = structuredClone(frozenBase(SCENARIO_VERSION)) as Scenario;
    edited.selfHosted.rentPrice = 3.99;
    edited.pilot.thresholds.costRatioMax = 1.2;
    const message = defaultsChangedMessage(edited, SCENARIO_VERSION);
    expect(message).toContain('selfHosted.rentPrice, pilot.thresholds.costRatioMax');
    expect(message).toContain('changing defaults needs a new version with a migration step and a new frozen base');
    // A removed or added field counts as well.
    const added = { ...(frozenBase(SCENARIO_VERSION) as Scenario), extra: 1 };
    expect(defaultsChangedMessage(added, SCENARIO_VERSION)).toContain(' at extra.');
  });

  it('every released version from 1 to the current one has a base and a migration path to the current version', () => {
    expect(Object.keys(FROZEN_BASES).map(Number)).toEqual(Array.from({ length: SCENARIO_VERSION }, (_, i) => i + 1));
    for (let version = 1; version <= SCENARIO_VERSION; version++) {
      const base = frozenBase(version) as Record<string, unknown>;
      expect(base, `bases/v${version}.json`).toBeDefined();
      expect(base.type).toBe(SCENARIO_TYPE);
      expect(base.version).toBe(version);
      const migrated = migrate(base, SCENARIO_VERSION);
      expect(migrated.ok, `migration from ${version}`).toBe(true);
      if (!migrated.ok) continue;
      // Each base is a complete, valid scenario of its version: after migrating nothing needs repair.
      expect(restoreScenario(migrated.doc).notices).toEqual([]);
      // The envelope of a version (an empty link) means exactly its base.
      const empty = readScenarioDocument({ type: SCENARIO_TYPE, version }, true);
      expect(empty.ok && empty.value.scenario).toEqual(restoreScenario(migrated.doc).scenario);
    }
  });

  it('is frozen in memory too, so no caller can edit a base by accident', () => {
    const base = frozenBase(1) as { selfHosted: { rentPrice: number } };
    expect(Object.isFrozen(base.selfHosted)).toBe(true);
  });
});
