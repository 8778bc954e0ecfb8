import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../core/scenario/defaults';
import type { Scenario } from '../core/scenario/schema';
import { throughputForAfter, useAppStore } from './store';

function withSelf(s: Scenario, patch: Partial<Scenario['selfHosted']>): Scenario {
  return { ...s, selfHosted: { ...s.selfHosted, ...patch } };
}

describe('the deployment the single throughput figure holds for', () => {
  it("a GPU change keeps the figure's deployment; coming back or a new figure clears it", () => {
    const h200 = defaultScenario();
    const b200 = withSelf(h200, { gpuId: 'b200' });
    const forH200 = { modelId: 'kimi-k2.6', gpuId: 'h200-sxm' };
    expect(throughputForAfter(h200, b200, null)).toEqual(forH200);
    // A second change keeps the first record.
    const gb300 = withSelf(b200, { gpuId: 'gb300' });
    expect(throughputForAfter(b200, gb300, forH200)).toEqual(forH200);
    expect(throughputForAfter(gb300, h200, forH200)).toBeNull();
    const entered = withSelf(b200, { throughput: { ...b200.selfHosted.throughput, tokensPerSecond: 4_000 } });
    expect(throughputForAfter(b200, entered, forH200)).toBeNull();
    // Other edits leave it as it is.
    expect(throughputForAfter(b200, withSelf(b200, { replicas: 2 }), forH200)).toEqual(forH200);
  });

  it('the store records it on an edit and forgets it when a scenario is loaded; the untouched title follows', () => {
    const store = useAppStore.getState();
    store.replaceScenario(defaultScenario());
    useAppStore.getState().updateSection('selfHosted', { gpuId: 'b200' });
    expect(useAppStore.getState().throughputFor).toEqual({ modelId: 'kimi-k2.6', gpuId: 'h200-sxm' });
    expect(useAppStore.getState().scenario.name).toBe('Kimi K2.6: 8× B200 vs Moonshot API');
    useAppStore.getState().replaceScenario(defaultScenario());
    expect(useAppStore.getState().throughputFor).toBeNull();
  });
});
