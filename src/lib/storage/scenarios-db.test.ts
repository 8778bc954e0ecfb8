import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultScenario } from '../../core/scenario/defaults';
import { SCENARIO_TYPE } from '../../core/scenario/schema';
import { deleteScenario, duplicateScenario, listScenarios, putRawRecordForTests, renameScenario, resetScenariosDbForTests, saveScenario } from './scenarios-db';

beforeEach(async () => {
  await resetScenariosDbForTests();
  await new Promise<void>((resolve) => {
    const r = indexedDB.deleteDatabase('llm-selfhost-scenarios');
    r.onsuccess = () => resolve();
    r.onerror = () => resolve();
  });
});

describe('saved scenarios', () => {
  it('save, list, rename, duplicate, delete', async () => {
    const s = defaultScenario();
    s.name = 'API only';
    const first = await saveScenario({ scenario: s, name: 'API only' });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.saved.revision).toBe(1);

    const renamed = await renameScenario(first.saved.id, 'API only (Q1)');
    expect(renamed.ok && renamed.saved.revision).toBe(2);
    const dup = await duplicateScenario(first.saved.id, '(copy)');
    expect(dup.ok && dup.saved.name).toBe('API only (Q1) (copy)');

    let list = await listScenarios();
    expect(list.scenarios.map((x) => x.name).sort()).toEqual(['API only (Q1)', 'API only (Q1) (copy)']);
    expect(list.scenarios.find((x) => x.id === first.saved.id)?.scenario.name).toBe('API only (Q1)');

    await deleteScenario(first.saved.id);
    list = await listScenarios();
    expect(list.scenarios.map((x) => x.name)).toEqual(['API only (Q1) (copy)']);
  });

  it('refuses to overwrite a newer revision saved elsewhere (two tabs)', async () => {
    const s = defaultScenario();
    const a = await saveScenario({ scenario: s, name: 'Shared' });
    if (!a.ok) throw new Error('save failed');
    // Tab 1 and tab 2 both loaded revision 1. Tab 2 saves first.
    const tab2 = await saveScenario({ id: a.saved.id, expectedRevision: 1, name: 'Shared', scenario: { ...s, notes: 'tab 2' } });
    expect(tab2.ok && tab2.saved.revision).toBe(2);
    const tab1 = await saveScenario({ id: a.saved.id, expectedRevision: 1, name: 'Shared', scenario: { ...s, notes: 'tab 1' } });
    expect(tab1).toMatchObject({ ok: false, kind: 'conflict' });
    if (!tab1.ok && tab1.kind === 'conflict') expect(tab1.theirs.scenario.notes).toBe('tab 2');
    // The user chooses to overwrite.
    const forced = await saveScenario({ id: a.saved.id, expectedRevision: 1, name: 'Shared', scenario: { ...s, notes: 'tab 1' }, force: true });
    expect(forced.ok && forced.saved.revision).toBe(3);
  });

  it('quarantines a corrupted record with a reason and keeps the good ones', async () => {
    const good = await saveScenario({ scenario: defaultScenario(), name: 'Good' });
    expect(good.ok).toBe(true);
    await putRawRecordForTests({
      type: 'saved-scenario',
      version: 1,
      id: 'broken',
      name: 'Broken',
      createdAt: 'x',
      updatedAt: 'x',
      revision: 'three',
      scenario: {},
    });
    await putRawRecordForTests({
      type: 'saved-scenario',
      version: 1,
      id: 'future',
      name: 'F',
      createdAt: 'x',
      updatedAt: 'x',
      revision: 1,
      scenario: { type: SCENARIO_TYPE, version: 99 },
    });
    const list = await listScenarios();
    expect(list.scenarios.map((s) => s.name)).toEqual(['Good']);
    expect(list.quarantined.map((q) => q.reason).sort()).toEqual(['revision: Invalid input: expected number, received string', 'scenario: too-new']);
    // Quarantined records are moved aside, not read again.
    expect((await listScenarios()).quarantined).toEqual([]);
  });
});
