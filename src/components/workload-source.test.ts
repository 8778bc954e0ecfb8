import { beforeEach, describe, expect, it } from 'vitest';
import { defaultScenario } from '../core/scenario/defaults';
import type { UsageSource } from '../core/scenario/schema';
import { useAppStore } from '../state/store';
import { droppedSource, editWorkloadByHand, restoreDroppedSource } from './workload-source';

const source: UsageSource = { files: ['usage.jsonl'], firstDay: '2026-01-05', lastDay: '2026-02-01', timeZone: 'UTC', models: [], profile: 'median' };

describe('a hand edit of a workload taken from usage files', () => {
  beforeEach(() => {
    const s = defaultScenario();
    useAppStore.getState().replaceScenario({ ...s, workload: { ...s.workload, requestsPerDay: 4000 }, usage: { source } });
  });

  it('removes the source label, and undo brings back the files’ workload and its label', () => {
    editWorkloadByHand({ requestsPerDay: 5000 });
    const after = useAppStore.getState().scenario;
    expect(after.workload.requestsPerDay).toBe(5000);
    expect(after.usage.source).toBeNull();
    expect(droppedSource()).toEqual(source);
    // A second edit keeps the note; undo goes back to before the first one.
    editWorkloadByHand({ outputTokensPerRequest: 77 });
    expect(droppedSource()).toEqual(source);
    restoreDroppedSource();
    const back = useAppStore.getState().scenario;
    expect(back.workload.requestsPerDay).toBe(4000);
    expect(back.workload.outputTokensPerRequest).toBe(defaultScenario().workload.outputTokensPerRequest);
    expect(back.usage.source).toEqual(source);
    expect(droppedSource()).toBeNull();
  });

  it('a "change" to the same value keeps the label; another scenario ends the note', () => {
    editWorkloadByHand({ requestsPerDay: 4000 });
    expect(useAppStore.getState().scenario.usage.source).toEqual(source);
    editWorkloadByHand({ requestsPerDay: 6000 });
    expect(droppedSource()).toEqual(source);
    useAppStore.getState().replaceScenario(defaultScenario());
    expect(droppedSource()).toBeNull();
  });
});
