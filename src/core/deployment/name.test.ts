import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, defaultScenario } from '../scenario/defaults';
import { autoName, followName, shortGpuName } from './name';

describe('a title that follows the deployment', () => {
  it("the example scenario's title is the one its deployment makes", () => {
    expect(autoName(DEFAULT_SCENARIO)).toBe('Kimi K2.6: 8× H200 vs Moonshot API');
    expect(DEFAULT_SCENARIO.name).toBe('Kimi K2.6: 8× H200 vs Moonshot API');
  });

  it('short GPU names', () => {
    expect(shortGpuName('NVIDIA H200 SXM')).toBe('H200');
    expect(shortGpuName('NVIDIA B200 (HGX)')).toBe('B200');
    expect(shortGpuName('NVIDIA GB300 (NVL72)')).toBe('GB300');
    expect(shortGpuName('AMD Instinct MI300X')).toBe('MI300X');
    expect(shortGpuName('NVIDIA H100 PCIe')).toBe('H100 PCIe');
    expect(shortGpuName('NVIDIA GeForce RTX 4090')).toBe('RTX 4090');
  });

  it('an untouched title follows a change of model, GPU count and API; an edited one stays', () => {
    const prev = defaultScenario();
    const next = { ...prev, selfHosted: { ...prev.selfHosted, modelId: 'kimi-k3', gpuId: 'gb300', gpusPerReplica: 16 } };
    expect(followName(prev, next).name).toBe('Kimi K3: 16× GB300 vs Moonshot API');
    const api = { ...prev, api: { ...prev.api, provider: 'DeepSeek', model: 'DeepSeek V3' } };
    expect(followName(prev, api).name).toBe('Kimi K2.6: 8× H200 vs DeepSeek API');
    const edited = { ...prev, name: 'Board meeting, December' };
    const after = { ...edited, selfHosted: { ...edited.selfHosted, modelId: 'kimi-k3' } };
    expect(followName(edited, after).name).toBe('Board meeting, December');
    // The change that edits the title itself keeps the edit.
    expect(followName(prev, { ...prev, name: 'Mine' }).name).toBe('Mine');
  });
});
