import type { GpuPurchaseRecord, SourceRef } from './types';

/**
 * Purchase prices in USD per GPU (low and high end of the quoted range) and power per GPU.
 * Server and rack prices are divided by their GPU count; such figures include CPUs, memory,
 * networking and chassis, which the note says. Street prices vary widely and move quickly.
 */

const AIINTELREPORT: SourceRef = {
  title: 'aiintelreport.com (citing CloudZero H100 cost analysis)',
  checked: '2026-06-14',
  kind: 'aggregator',
};

export const GPU_PURCHASES: readonly GpuPurchaseRecord[] = [
  {
    id: 'h100-sxm-gpu',
    gpuId: 'h100-sxm',
    usdLow: 35_000,
    usdHigh: 40_000,
    powerW: 700,
    source: { ...AIINTELREPORT, note: 'H100 SXM5 GPU alone, $35k–40k; 700 W TDP.' },
  },
  {
    id: 'h100-pcie-gpu',
    gpuId: 'h100-pcie',
    usdLow: 25_000,
    usdHigh: 25_000,
    powerW: 350,
    source: {
      ...AIINTELREPORT,
      note: 'Quoted as "PCIe ≈ $25k" (a point estimate, so low = high). The 350 W is from the NVIDIA H100 PCIe product brief, not from this price source.',
    },
  },
  {
    id: 'h100-8gpu-server',
    gpuId: 'h100-sxm',
    usdLow: 31_250,
    usdHigh: 50_000,
    powerW: 1275,
    source: {
      ...AIINTELREPORT,
      note:
        '8-GPU H100/H200 server or DGX quoted at $250k–400k+ → ÷ 8 = $31,250–50,000 per GPU, including CPUs, memory, networking and chassis; ' +
        'the upper end is open ("+"). Power 1,275 W = DGX H100 ≈ 10.2 kW system ÷ 8 (kshirol-dev learnAI infra page), i.e. the GPU\'s share of the whole server.',
    },
  },
  {
    id: 'h200-8gpu-server',
    gpuId: 'h200-sxm',
    usdLow: 31_250,
    usdHigh: 50_000,
    powerW: null,
    source: {
      ...AIINTELREPORT,
      note:
        'Same quote as h100-8gpu-server: "8-GPU H100/H200 server or DGX" $250k–400k+ → ÷ 8 = $31,250–50,000 per GPU, the source does not separate H100 and H200. ' +
        'No system power figure for an H200 server in the source.',
    },
  },
  {
    id: 'gb200-nvl72-rack',
    gpuId: 'gb200',
    usdLow: 41_667,
    usdHigh: 43_056,
    powerW: 1667,
    source: {
      title: 'TweakTown (≈$3M, 96M NTD per rack); fetchlogic.net citing SemiAnalysis (≈$3.1M)',
      checked: '2024-05-02',
      kind: 'aggregator',
      note:
        'GB200 NVL72 rack of 72 GPUs at ≈$3.0M–3.1M → ÷ 72 = $41,667–43,056 per GPU, including Grace CPUs, NVLink switches and rack. ' +
        'Date is the TweakTown article; the fetchlogic figure is undated. Power 1,667 W = ≈120 kW per rack ÷ 72 (kshirol-dev), ' +
        "the GPU's share of the whole rack.",
    },
  },
];
