import { describe, expect, it } from 'vitest';
import { gpuIdOf, modelIdOf } from './identify';

describe('catalog records named by free text', () => {
  it('finds the model by the longest catalog name its model part starts with', () => {
    expect(modelIdOf('moonshotai/Kimi-K2.6')).toBe('kimi-k2.6');
    // "Kimi K2" is a prefix too, but the version goes on: K2.5, not K2.
    expect(modelIdOf('Kimi-K2.5-NVFP4')).toBe('kimi-k2.5');
    expect(modelIdOf('moonshotai/Kimi-K2-Instruct-0905')).toBe('kimi-k2');
    expect(modelIdOf('Kimi K3')).toBe('kimi-k3');
    expect(modelIdOf('meta-llama/Llama-3.1-70B-Instruct')).toBe('llama-3.1-70b');
    expect(modelIdOf('openai/gpt-oss-120b')).toBe('gpt-oss-120b');
  });

  it('leaves a model the catalog does not hold unknown', () => {
    expect(modelIdOf('gpt-4o')).toBeNull();
    // Not DeepSeek-V3: V3.2 is another release.
    expect(modelIdOf('DeepSeek V3.2')).toBeNull();
    expect(modelIdOf('')).toBeNull();
    expect(modelIdOf(null)).toBeNull();
  });

  it('finds the GPU by a token nothing runs into', () => {
    expect(gpuIdOf('8xH200')).toBe('h200-sxm');
    expect(gpuIdOf('NVIDIA H100 80GB HBM3')).toBe('h100-sxm');
    expect(gpuIdOf('H100 PCIe')).toBe('h100-pcie');
    expect(gpuIdOf('B200')).toBe('b200');
    expect(gpuIdOf('NVIDIA GB200 NVL72')).toBe('gb200');
    expect(gpuIdOf('AMD Instinct MI300X')).toBe('mi300x');
    expect(gpuIdOf('MI355X')).toBe('mi355x');
    expect(gpuIdOf('NVIDIA GeForce RTX 4090')).toBe('rtx-4090');
    expect(gpuIdOf('A100-SXM4-80GB')).toBe('a100-80gb-sxm');
  });

  it('leaves no GPU, an unknown one or two of them unknown', () => {
    expect(gpuIdOf('H1000')).toBeNull();
    expect(gpuIdOf('TPU v5e')).toBeNull();
    expect(gpuIdOf('H100 and H200')).toBeNull();
    expect(gpuIdOf(undefined)).toBeNull();
  });
});
