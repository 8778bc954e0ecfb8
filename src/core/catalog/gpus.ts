import type { GpuRecord, SourceRef } from './types';

/**
 * GPU datasheet figures. `memoryGB` is the marketed label ("80 GB"); `reportedMemory` is the total
 * the runtime reports (nvidia-smi / rocm-smi, MiB), which the memory model uses (docs/hardware.md,
 * "Units"). Bandwidth in TB/s, dense tensor TFLOPS without sparsity, scale-up bandwidth
 * unidirectional per GPU (bidirectional NVLink figures are twice these).
 *
 * All figures were collected in the hardware reference compiled on 2026-08-15; the sources
 * below are the ones that reference cites.
 */
const COMPILED = '2026-08-15';

const INFERENCEX: SourceRef = {
  title: 'SemiAnalysisAI/InferenceX-app gpu-specs.ts',
  url: 'https://github.com/SemiAnalysisAI/InferenceX-app/blob/main/packages/app/src/lib/gpu-specs.ts',
  checked: COMPILED,
  kind: 'aggregator',
  note: 'Dense tensor TFLOPS (no sparsity); scale-up bandwidth unidirectional per GPU (docs/gpu-specs.md).',
};

const LLM_ANALYSIS: SourceRef = {
  title: 'cli99/llm-analysis gpu_configs/*.json',
  url: 'https://github.com/cli99/llm-analysis/tree/main/llm_analysis/gpu_configs',
  checked: COMPILED,
  kind: 'aggregator',
};

/** Date the runtime-reported memory figures were checked (anchors reference, 2026-12). */
const MEM_CHECKED = '2026-12-01';

const MODAL_PR: SourceRef = {
  title: 'modal-labs/modal-client PR #2797 (nvidia-smi memory.total)',
  url: 'https://github.com/modal-labs/modal-client/pull/2797',
  checked: MEM_CHECKED,
  kind: 'community',
};

const publicSmi = (tool: string, note?: string): SourceRef => ({
  title: `Public ${tool} output`,
  checked: MEM_CHECKED,
  kind: 'community',
  ...(note === undefined ? {} : { note }),
});

const webTdp = (note: string): SourceRef => ({
  title: 'Web spec pages (as collected in the hardware reference)',
  checked: COMPILED,
  kind: 'aggregator',
  note,
});

export const GPUS: readonly GpuRecord[] = [
  {
    id: 'h100-sxm',
    name: 'NVIDIA H100 SXM',
    vendor: 'NVIDIA',
    memoryGB: 80,
    reportedMemory: {
      mib: 81_559,
      source: {
        ...MODAL_PR,
        note: 'H100 80GB HBM3: nvidia-smi memory.total 81,559 MiB (85.52 GB). CUDA totalGlobalMem reports 81,106 MiB (NVIDIA/nccl #1264); a serving engine starts from a little less still (≈450 MiB on H100).',
      },
    },
    bandwidthTBps: 3.35,
    tflops: { bf16: 989, fp8: 1979, fp4: null },
    interconnect: { kind: 'nvlink', scaleUpGBps: 450, domainSize: 8 },
    tdpW: 700,
    gpusPerNode: 8,
    source: {
      ...INFERENCEX,
      note: 'HBM3. NVLink4 450 GB/s per direction (900 GB/s bidirectional). Same figures in cli99/llm-analysis. No FP4 tensor cores: MXFP4 weights run through weight-only dequantisation.',
    },
    tdpSource: webTdp('700 W listed from web spec pages.'),
  },
  {
    id: 'h100-pcie',
    name: 'NVIDIA H100 PCIe',
    vendor: 'NVIDIA',
    memoryGB: 80,
    reportedMemory: null,
    bandwidthTBps: 2.0,
    tflops: { bf16: 756, fp8: 1513, fp4: null },
    interconnect: { kind: 'pcie', scaleUpGBps: 64, domainSize: 1 },
    tdpW: 350,
    gpusPerNode: 8,
    source: {
      ...LLM_ANALYSIS,
      kind: 'derived',
      note:
        'Memory bandwidth ">2,000 GB/s" per the NVIDIA H100 PCIe product brief PB-11133-001. ' +
        'llm-analysis lists 1,513 TFLOPS as INT8; FP8 at the same rate is assumed. ' +
        'Scale-up 64 GB/s = nominal PCIe Gen5 x16 per direction (derived); an NVLink bridge option is unverified and not modelled. ' +
        'Other tools list 2,039 GB/s (llmfit).',
    },
    tdpSource: {
      title: 'NVIDIA H100 PCIe Product Brief PB-11133-001 (manuals.plus mirror)',
      checked: COMPILED,
      kind: 'vendor',
    },
  },
  {
    id: 'h200-sxm',
    name: 'NVIDIA H200 SXM',
    vendor: 'NVIDIA',
    memoryGB: 141,
    reportedMemory: {
      mib: 143_771,
      source: publicSmi('nvidia-smi', 'Driver 570.'),
    },
    bandwidthTBps: 4.8,
    tflops: { bf16: 989, fp8: 1979, fp4: null },
    interconnect: { kind: 'nvlink', scaleUpGBps: 450, domainSize: 8 },
    tdpW: 700,
    gpusPerNode: 8,
    source: { ...INFERENCEX, note: 'HBM3e. NVLink 450 GB/s per direction (900 bidirectional). No FP4 tensor cores.' },
    tdpSource: webTdp('700 W listed from web spec pages.'),
  },
  {
    id: 'b200',
    name: 'NVIDIA B200 (HGX)',
    vendor: 'NVIDIA',
    memoryGB: 180,
    reportedMemory: {
      mib: 183_359,
      source: {
        title: 'Modal GPU glossary "What is nvidia-smi?"',
        url: 'https://modal.com/gpu-glossary/host-software/nvidia-smi',
        checked: MEM_CHECKED,
        kind: 'community',
      },
    },
    bandwidthTBps: 8,
    tflops: { bf16: 2250, fp8: 4500, fp4: 9000 },
    interconnect: { kind: 'nvlink', scaleUpGBps: 900, domainSize: 8 },
    tdpW: 1000,
    gpusPerNode: 8,
    source: { ...INFERENCEX, note: 'NVLink5 900 GB/s per direction (1,800 bidirectional).' },
    tdpSource: webTdp(
      '~1,000 W from web spec pages, marked unverified in the hardware reference; the TCO reference quotes the same 1,000 W (awesomeagents.ai, spheron).',
    ),
  },
  {
    id: 'gb200',
    name: 'NVIDIA GB200 (NVL72)',
    vendor: 'NVIDIA',
    memoryGB: 192,
    reportedMemory: {
      mib: 189_471,
      source: publicSmi('nvidia-smi'),
    },
    bandwidthTBps: 8,
    tflops: { bf16: 2500, fp8: 5000, fp4: 10000 },
    interconnect: { kind: 'nvlink', scaleUpGBps: 900, domainSize: 72 },
    tdpW: null,
    gpusPerNode: 4,
    source: {
      ...INFERENCEX,
      note:
        'Figures per Blackwell GPU; a GB200 superchip carries 2 GPUs and a compute tray 4. ' +
        'TDP unverified: the TCO reference quotes "GB200 ≈ 1,200 W per chip" (kshirol-dev) without saying whether chip means GPU or superchip, and ≈120 kW per 72-GPU rack.',
    },
  },
  {
    id: 'b300',
    name: 'NVIDIA B300 (HGX)',
    vendor: 'NVIDIA',
    memoryGB: 268,
    reportedMemory: {
      mib: 275_040,
      source: publicSmi(
        'nvidia-smi',
        'B300 SXM6. vLLM sees 267.69 GiB total (SemiAnalysisAI/InferenceX-app fixture packages/db/src/lib/fixtures/agentic-memory-vllm.json).',
      ),
    },
    bandwidthTBps: 8,
    tflops: { bf16: 2250, fp8: 4500, fp4: 13500 },
    interconnect: { kind: 'nvlink', scaleUpGBps: 900, domainSize: 8 },
    tdpW: null,
    gpusPerNode: 8,
    source: {
      ...INFERENCEX,
      note: 'Memory as listed by InferenceX (268 GB). Blackwell Ultra raises only FP4 compute versus Blackwell. TDP unverified.',
    },
  },
  {
    id: 'gb300',
    name: 'NVIDIA GB300 (NVL72)',
    vendor: 'NVIDIA',
    memoryGB: 288,
    reportedMemory: {
      mib: 284_208,
      source: publicSmi('nvidia-smi'),
    },
    bandwidthTBps: 8,
    tflops: { bf16: 2500, fp8: 5000, fp4: 15000 },
    interconnect: { kind: 'nvlink', scaleUpGBps: 900, domainSize: 72 },
    tdpW: null,
    gpusPerNode: 4,
    source: { ...INFERENCEX, note: 'Figures per GPU; 4 GPUs per compute tray, 72-GPU NVLink domain. TDP unverified.' },
  },
  {
    id: 'mi300x',
    name: 'AMD Instinct MI300X',
    vendor: 'AMD',
    memoryGB: 192,
    reportedMemory: {
      mib: 196_592,
      source: {
        title: 'thamada/nvidia-smi package/MI300X_deviceQuery.py',
        url: 'https://github.com/thamada/nvidia-smi',
        checked: MEM_CHECKED,
        kind: 'community',
        note:
          'HIP totalGlobalMem 196,592 MiB ("[GPU 0] 196592: Total Global Memory (MB)"), what the serving engine sees; ' +
          '196,608 MiB would be the 192 GiB of HBM exactly, which no reading on record shows.',
      },
    },
    bandwidthTBps: 5.3,
    tflops: { bf16: 1307, fp8: 2615, fp4: null },
    interconnect: { kind: 'infinity-fabric', scaleUpGBps: 448, domainSize: 8 },
    tdpW: 750,
    gpusPerNode: 8,
    source: { ...INFERENCEX, note: 'HBM3. Infinity Fabric 448 GB/s (7 links × 64 GB/s) on the 8-GPU platform.' },
    tdpSource: webTdp('750 W from web spec pages; the TCO reference quotes the same (aiwiki.ai).'),
  },
  {
    id: 'mi325x',
    name: 'AMD Instinct MI325X',
    vendor: 'AMD',
    memoryGB: 256,
    reportedMemory: null,
    bandwidthTBps: 6,
    tflops: { bf16: 1307, fp8: 2615, fp4: null },
    interconnect: { kind: 'infinity-fabric', scaleUpGBps: 448, domainSize: 8 },
    tdpW: null,
    gpusPerNode: 8,
    source: { ...INFERENCEX, note: 'HBM3e. TDP unverified.' },
  },
  {
    id: 'mi350x',
    name: 'AMD Instinct MI350X',
    vendor: 'AMD',
    memoryGB: 288,
    reportedMemory: null,
    bandwidthTBps: 8,
    tflops: { bf16: 2300, fp8: 4600, fp4: 9200 },
    interconnect: { kind: 'infinity-fabric', scaleUpGBps: 576, domainSize: 8 },
    tdpW: 1000,
    gpusPerNode: 8,
    source: {
      title: 'Derived from the MI355X figures (hardware reference §3)',
      checked: COMPILED,
      kind: 'derived',
      note:
        'Compute ≈ 0.92 × MI355X, rounded as in the hardware reference: FP8 ≈ 4,600, FP4 ≈ 9,200, BF16 ≈ 2,300 ' +
        '(0.92 × 2,516 = 2,315; 2,300 keeps the 1:2:4 BF16:FP8:FP4 ratio of MI355X). Memory and bandwidth as MI355X; ' +
        'Infinity Fabric assumed equal to MI355X (576 GB/s). Not from an MI350X datasheet.',
    },
    tdpSource: {
      title: 'The Register; wccftech (MI350X 1,000 W)',
      checked: COMPILED,
      kind: 'aggregator',
      note: 'The TCO reference also gives MI350X 1,000 W (hyper.ai, AMD Advancing AI 2025-06).',
    },
  },
  {
    id: 'mi355x',
    name: 'AMD Instinct MI355X',
    vendor: 'AMD',
    memoryGB: 288,
    reportedMemory: {
      mib: 294_896,
      source: publicSmi('rocm-smi'),
    },
    bandwidthTBps: 8,
    tflops: { bf16: 2516, fp8: 5033, fp4: 10066 },
    interconnect: { kind: 'infinity-fabric', scaleUpGBps: 576, domainSize: 8 },
    tdpW: 1400,
    gpusPerNode: 8,
    source: {
      ...INFERENCEX,
      note: 'HBM3e. Scale-up 576 GB/s is the InferenceX table value; its own doc says 7 × 76.8 GB/s (= 537.6 GB/s). The table value is used.',
    },
    tdpSource: webTdp('1,400 W from web spec pages; the TCO reference gives 1,400 W TBP (hyper.ai, AMD Advancing AI 2025-06).'),
  },
  {
    id: 'a100-80gb-sxm',
    name: 'NVIDIA A100 80GB SXM',
    vendor: 'NVIDIA',
    memoryGB: 80,
    reportedMemory: {
      mib: 81_920,
      source: { ...MODAL_PR, note: 'A100 80GB: 81,920 MiB (85.89 GB).' },
    },
    bandwidthTBps: 2.039,
    tflops: { bf16: 312, fp8: null, fp4: null },
    interconnect: { kind: 'nvlink', scaleUpGBps: 300, domainSize: 8 },
    tdpW: 400,
    gpusPerNode: 8,
    source: { ...LLM_ANALYSIS, note: 'No FP8 or FP4 tensor cores. NVLink3 300 GB/s per direction (600 bidirectional).' },
    tdpSource: webTdp('400 W, marked unverified in the hardware reference.'),
  },
  {
    id: 'l40s',
    name: 'NVIDIA L40S',
    vendor: 'NVIDIA',
    memoryGB: 48,
    reportedMemory: {
      mib: 46_068,
      source: { ...MODAL_PR, note: 'L40S: 46,068 MiB (48.30 GB).' },
    },
    bandwidthTBps: 0.864,
    tflops: { bf16: 362, fp8: 733, fp4: null },
    interconnect: { kind: 'pcie', scaleUpGBps: 32, domainSize: 1 },
    tdpW: 350,
    gpusPerNode: 8,
    source: {
      title: 'NVIDIA L40S datasheet table (reseller mirrors)',
      checked: COMPILED,
      kind: 'vendor',
      note: "GDDR6, no NVLink. Scale-up 32 GB/s = the datasheet's PCIe Gen4 64 GB/s bidirectional, halved.",
    },
  },
  {
    id: 'rtx-4090',
    name: 'NVIDIA GeForce RTX 4090',
    vendor: 'NVIDIA',
    memoryGB: 24,
    reportedMemory: {
      mib: 24_564,
      source: {
        title: 'thamada/nvidia-smi package/RTX4090_smi.py (nvidia-smi, driver 550.127.05)',
        url: 'https://github.com/thamada/nvidia-smi',
        checked: MEM_CHECKED,
        kind: 'community',
        note: 'nvidia-smi prints "24564MiB" per card; vllm-project/vllm issue #7553 shows the same total ("23859MiB / 24564MiB") on 4× RTX 4090.',
      },
    },
    bandwidthTBps: 1.008,
    tflops: { bf16: 165, fp8: 330, fp4: null },
    interconnect: { kind: 'pcie', scaleUpGBps: null, domainSize: 1 },
    tdpW: 450,
    gpusPerNode: 1,
    source: {
      title: 'AlexsJones/llmfit hardware.rs (bandwidth) and web spec pages',
      url: 'https://github.com/AlexsJones/llmfit/blob/main/llmfit-core/src/hardware.rs',
      checked: COMPILED,
      kind: 'aggregator',
      note:
        'GDDR6X, no NVLink; PCIe host link bandwidth not recorded. BF16 165 and FP8 330 TFLOPS are with FP32 accumulate; ' +
        'with FP16 accumulate FP8 is 660 (GeForce halves the rate for FP32 accumulate).',
    },
  },
  {
    id: 'rtx-5090',
    name: 'NVIDIA GeForce RTX 5090',
    vendor: 'NVIDIA',
    memoryGB: 32,
    reportedMemory: null,
    bandwidthTBps: 1.792,
    tflops: { bf16: 419, fp8: 838, fp4: 1676 },
    interconnect: { kind: 'pcie', scaleUpGBps: null, domainSize: 1 },
    tdpW: 575,
    gpusPerNode: 1,
    source: {
      title: 'AlexsJones/llmfit hardware.rs (bandwidth) and web spec pages',
      url: 'https://github.com/AlexsJones/llmfit/blob/main/llmfit-core/src/hardware.rs',
      checked: COMPILED,
      kind: 'aggregator',
      note:
        'GDDR7, no NVLink; PCIe host link bandwidth not recorded. Approximate dense figures (sparse: 838 / 1,677 / 3,352). ' +
        'BF16 ~419 is the FP16-accumulate rate; GeForce runs FP32 accumulate at half that rate, so this is not directly comparable with the RTX 4090 entry (FP32 accumulate).',
    },
  },
];
