import type { MlperfModel, MlperfScenario, PublishedRecord } from './published-records';

/**
 * MLPerf Inference v6.1 results (closed division, systems "available"), Server and Interactive
 * scenarios, for DeepSeek-R1, Llama 2 70B (99.9 % accuracy target) and gpt-oss-120b, checked
 * against `publishedRecordSchema` and against an extract of the round's summary.csv by
 * `published-records.test.ts`. Which rows were taken and which left out:
 * `docs/published-measurements.md`.
 */

const SUMMARY = {
  repo: 'mlcommons/inference_results_v6.1',
  path: 'summary.csv',
  commit: 'e777c7be4514bc1e28f657ad7c30167167fb7c41',
} as const;

const CONF = {
  repo: 'mlcommons/inference',
  path: 'loadgen/mlperf.conf',
  commit: 'b66003e10e2db4b8c36a448b0545ec90fcc6e9e9',
} as const;

const CHECKED = '2026-12-01';

/** The LoadGen config key prefix of a (model, scenario): Interactive runs as "<model>-interactive".Server. */
function confPrefix(model: MlperfModel, scenario: MlperfScenario): string {
  const base = model === 'llama2-70b-99.9' ? 'llama2-70b' : model;
  return scenario === 'Interactive' ? `${base}-interactive.Server` : `${base}.Server`;
}

/** p99 limits in ms, as `loadgen/mlperf.conf` sets them (`ttft_latency`, `tpot_latency`). */
export const MLPERF_V61_SLO_LIMITS: Readonly<Record<MlperfModel, Readonly<Record<MlperfScenario, { ttftP99Ms: number; tpotP99Ms: number }>>>> = {
  'deepseek-r1': { Server: { ttftP99Ms: 2000, tpotP99Ms: 80 }, Interactive: { ttftP99Ms: 1500, tpotP99Ms: 15 } },
  'llama2-70b-99.9': { Server: { ttftP99Ms: 2000, tpotP99Ms: 200 }, Interactive: { ttftP99Ms: 450, tpotP99Ms: 40 } },
  'gpt-oss-120b': { Server: { ttftP99Ms: 3000, tpotP99Ms: 80 }, Interactive: { ttftP99Ms: 2000, tpotP99Ms: 15 } },
};

const MODELS: Readonly<Record<MlperfModel, { modelId: string | null; modelName: string }>> = {
  // DeepSeek-R1 has the DeepSeek-V3 architecture (671B MoE with MLA), as in the published series.
  'deepseek-r1': { modelId: 'deepseek-v3', modelName: 'DeepSeek-R1' },
  'llama2-70b-99.9': { modelId: null, modelName: 'Llama 2 70B Chat (99.9 % accuracy target)' },
  'gpt-oss-120b': { modelId: 'gpt-oss-120b', modelName: 'gpt-oss-120b' },
};

/** summary.csv `accelerator_model_name` → catalog GPU id. */
const GPU_IDS: Readonly<Record<string, string>> = {
  'NVIDIA B200-SXM-180GB': 'b200',
  'NVIDIA B300-SXM-270GB': 'b300',
  'NVIDIA GB200': 'gb200',
  'NVIDIA GB300': 'gb300',
  'AMD Instinct MI300X 192GB HBM3': 'mi300x',
  'AMD Instinct MI350X 288GB HBM3e': 'mi350x',
  'AMD Instinct MI355X 288GB HBM3e': 'mi355x',
};

/** The serving stack the `framework` column names; TensorRT-LLM wins where a row lists several. */
export function stackOf(framework: string): PublishedRecord['stack'] {
  if (framework.includes('TensorRT-LLM')) return 'TensorRT-LLM';
  if (framework.includes('SGLang')) return 'SGLang';
  if (framework.includes('vLLM')) return 'vLLM';
  if (/pytorch/i.test(framework)) return 'PyTorch';
  return 'ROCm';
}

/**
 * One summary.csv row, in its column order: Organization, SystemName, Platform, Model, Scenario,
 * Result (Tokens/s), number_of_nodes, accelerator_model_name, total_accelerators, framework,
 * weight_data_types.
 */
type SummaryRow = readonly [string, string, string, MlperfModel, MlperfScenario, number, number, string, number, string, string];

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '');
}

function toRecord([submitter, systemName, platform, model, scenario, tokensPerS, nodes, acceleratorName, accelerators, framework, precision]: SummaryRow): PublishedRecord {
  const limits = MLPERF_V61_SLO_LIMITS[model][scenario];
  const prefix = confPrefix(model, scenario);
  return {
    id: `mlperf-v6.1-${slug(submitter)}-${slug(platform)}-${slug(model)}-${scenario.toLowerCase()}`,
    kind: 'record',
    benchmark: 'MLPerf Inference',
    round: 'v6.1',
    division: 'closed',
    availability: 'available',
    ...MODELS[model],
    mlperfModel: model,
    scenario,
    submitter,
    systemName,
    platform,
    gpuId: GPU_IDS[acceleratorName] ?? null,
    acceleratorName,
    nodes,
    accelerators,
    tokensPerS,
    tokensPerSPerGpu: Math.round((tokensPerS / accelerators) * 100) / 100,
    framework,
    stack: stackOf(framework),
    precision: precision.toUpperCase(),
    slo: { ...limits, source: { ...CONF, keys: [`${prefix}.ttft_latency`, `${prefix}.tpot_latency`] } },
    source: {
      publisher: 'MLCommons',
      ...SUMMARY,
      resultPath: `./closed/${submitter}/results/${platform}/${model}/${scenario}/performance/run_1`,
      roundDate: null,
      checked: CHECKED,
    },
  };
}

const ROWS: readonly SummaryRow[] = [
  ['Azure', 'Azure GB200 NVL72 (288x GB200-186GB_aarch64, TensorRT)', 'Azure-GB200-NVL72_186GBx288', 'deepseek-r1', 'Server', 1598510, 72, 'NVIDIA GB200', 288, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf', 'fp4'],
  ['Azure', 'Azure GB200 NVL72 (72x GB200-186GB_aarch64, TensorRT)', 'Azure-GB200-NVL72_186GBx72', 'deepseek-r1', 'Server', 426796, 18, 'NVIDIA GB200', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf', 'fp4'],
  ['Azure', 'Azure GB300 NVL72 (72x GB300-288GB_aarch64 TensorRT)', 'Azure-GB300-NVL72_288GBx72', 'deepseek-r1', 'Interactive', 260098, 18, 'NVIDIA GB300', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf', 'fp4'],
  ['Azure', 'Azure GB300 NVL72 (72x GB300-288GB_aarch64 TensorRT)', 'Azure-GB300-NVL72_288GBx72', 'deepseek-r1', 'Server', 589391, 18, 'NVIDIA GB300', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf', 'fp4'],
  ['CoreWeave', 'CoreWeave B200 SXM (8x B200-SXM-180GB)', 'B200-SXM-180GBx8_TRT', 'deepseek-r1', 'Server', 56121.3, 1, 'NVIDIA B200-SXM-180GB', 8, 'TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0', 'fp4'],
  ['CoreWeave', 'CoreWeave GB200 NVL72 (72x GB200-186GB_aarch64)', 'GB200-NVL72_GB200-186GB_aarch64x72_TRT', 'deepseek-r1', 'Server', 419778, 18, 'NVIDIA GB200', 72, 'TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0', 'fp4'],
  ['Crusoe', 'Crusoe Cloud 64x8 MI355X (512 GPU) — DeepSeek-R1 / SGLang', '512xMI355X_Crusoe_DS', 'deepseek-r1', 'Server', 2405310, 64, 'AMD Instinct MI355X 288GB HBM3e', 512, 'SGLang 0.5.15.post1 (ROCm 7.2.0), PyTorch 2.x', 'fp4'],
  ['Google', 'NVIDIA GB200 NVL72 (72x GB200-186GB_aarch64, TensorRT)', 'GB200-NVL72_GB200-186GB_aarch64x72_TRT', 'deepseek-r1', 'Interactive', 232160, 18, 'NVIDIA GB200', 72, 'PyTorch 2.10.0a0+b4e4ee81d3.nv25.12, TensorRT 10.14.1.48, CUDA Toolkit 13.1, cuDNN 9.17.0, TensorRT-LLM 1.3.0rc0', 'fp4'],
  ['Google', 'NVIDIA GB200 NVL72 (72x GB200-186GB_aarch64, TensorRT)', 'GB200-NVL72_GB200-186GB_aarch64x72_TRT', 'deepseek-r1', 'Server', 388590, 18, 'NVIDIA GB200', 72, 'PyTorch 2.10.0a0+b4e4ee81d3.nv25.12, TensorRT 10.14.1.48, CUDA Toolkit 13.1, cuDNN 9.17.0, TensorRT-LLM 1.3.0rc0', 'fp4'],
  ['NVIDIA', 'NVIDIA DGX B300 (8x B300-SXM-270GB, TensorRT)', 'B300-SXM-270GBx8_TRT', 'deepseek-r1', 'Server', 59867.8, 1, 'NVIDIA B300-SXM-270GB', 8, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.1', 'fp4'],
  ['NVIDIA', 'NVIDIA GB200 NVL72 (72x GB200-186GB_aarch64, TensorRT)', 'GB200-NVL72_GB200-186GB_aarch64x72_TRT', 'deepseek-r1', 'Interactive', 240274, 18, 'NVIDIA GB200', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.1', 'fp4'],
  ['NVIDIA', 'NVIDIA GB200 NVL72 (72x GB200-186GB_aarch64, TensorRT)', 'GB200-NVL72_GB200-186GB_aarch64x72_TRT', 'deepseek-r1', 'Server', 395940, 18, 'NVIDIA GB200', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.1', 'fp4'],
  ['NVIDIA', 'NVIDIA GB300 NVL72 (72x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x288_TRT', 'deepseek-r1', 'Server', 2028030, 72, 'NVIDIA GB300', 288, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.1', 'fp4'],
  ['NVIDIA', 'NVIDIA GB300 NVL72 (72x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x72_TRT', 'deepseek-r1', 'Interactive', 253506, 18, 'NVIDIA GB300', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.1', 'fp4'],
  ['NVIDIA', 'NVIDIA GB300 NVL72 (72x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x72_TRT', 'deepseek-r1', 'Server', 596944, 18, 'NVIDIA GB300', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.1', 'fp4'],
  ['NVIDIA', 'NVIDIA GB300 NVL72 (8x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x8_TRT', 'deepseek-r1', 'Server', 67578.3, 2, 'NVIDIA GB300', 8, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.1', 'fp4'],
  ['Nebius', 'Nebius B200 n1 (8x B200-SXM-180GB, TensorRT)', 'B200-SXM-180GBx8_TRT', 'deepseek-r1', 'Server', 55869, 1, 'NVIDIA B200-SXM-180GB', 8, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0', 'fp4'],
  ['Nebius', 'Nebius GB300 NVL72 (72x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x72_TRT', 'deepseek-r1', 'Server', 603023, 18, 'NVIDIA GB300', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0', 'fp4'],
  ['Oracle', 'NVIDIA GB300 NVL72 (72x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x72_TRT', 'deepseek-r1', 'Interactive', 235807, 18, 'NVIDIA GB300', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0', 'fp4'],
  ['Oracle', 'NVIDIA GB300 NVL72 (72x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x72_TRT', 'deepseek-r1', 'Server', 586852, 18, 'NVIDIA GB300', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0', 'fp4'],
  ['Oracle', 'NVIDIA GB300 NVL72 (8x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x8_TRT', 'deepseek-r1', 'Server', 68138, 2, 'NVIDIA GB300', 8, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0', 'fp4'],
  ['AMD', 'smci355-ccs-aus-m13-13 (AS -4126GS-NMR-LCC)', '8xMI355X_2xEPYC_9575F', 'llama2-70b-99.9', 'Interactive', 73191.5, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'PyTorch 2.10.0+git8514f05, ROCm 7.2.2', 'fp4'],
  ['AMD', 'smci355-ccs-aus-m13-13 (AS -4126GS-NMR-LCC)', '8xMI355X_2xEPYC_9575F', 'llama2-70b-99.9', 'Server', 103275, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'PyTorch 2.10.0+git8514f05, ROCm 7.2.2', 'fp4'],
  ['CoreWeave', 'CoreWeave B200 SXM (8x B200-SXM-180GB)', 'B200-SXM-180GBx8_TRT', 'llama2-70b-99.9', 'Server', 102398, 1, 'NVIDIA B200-SXM-180GB', 8, 'TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0', 'fp4'],
  ['CoreWeave', 'CoreWeave GB200 NVL72 (72x GB200-186GB_aarch64)', 'GB200-NVL72_GB200-186GB_aarch64x72_TRT', 'llama2-70b-99.9', 'Server', 910621, 18, 'NVIDIA GB200', 72, 'TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0', 'fp4'],
  ['CoreWeave', 'CoreWeave GB300 NVL72 (72x GB300-288GB_aarch64)', 'GB300-NVL72_GB300-288GB_aarch64x72_TRT', 'llama2-70b-99.9', 'Server', 944902, 18, 'NVIDIA GB300', 72, 'TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0', 'fp4'],
  ['Dell', 'XE9785L_8xMI355X', 'XE9785L_8xMI355X', 'llama2-70b-99.9', 'Interactive', 73238.1, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'vLLM 0.22.0, PyTorch 2.10.0, ROCm 7.2.2', 'fp4'],
  ['Dell', 'XE9785L_8xMI355X', 'XE9785L_8xMI355X', 'llama2-70b-99.9', 'Server', 103932, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'vLLM 0.22.0, PyTorch 2.10.0, ROCm 7.2.2', 'fp4'],
  ['HPE', 'HPE ProLiant Compute XD685 (8x AMD MI355X-288GB, vLLM)', 'HPE_XD685_MI355X_288GBx8_vLLM', 'llama2-70b-99.9', 'Interactive', 72977.2, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'vLLM 0.22.0, PyTorch 2.10.0, ROCm 7.2.2', 'fp4'],
  ['HPE', 'HPE ProLiant Compute XD685 (8x AMD MI355X-288GB, vLLM)', 'HPE_XD685_MI355X_288GBx8_vLLM', 'llama2-70b-99.9', 'Server', 101979, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'vLLM 0.22.0, PyTorch 2.10.0, ROCm 7.2.2', 'fp4'],
  ['MiTAC', 'G8825Z5', '8xMI350X_2xEPYC-9755', 'llama2-70b-99.9', 'Interactive', 56673, 1, 'AMD Instinct MI350X 288GB HBM3e', 8, 'Pytorch 2.10, ROCm 7.2.2', 'fp4'],
  ['MiTAC', 'G8825Z5', '8xMI350X_2xEPYC-9755', 'llama2-70b-99.9', 'Server', 85004.8, 1, 'AMD Instinct MI350X 288GB HBM3e', 8, 'Pytorch 2.10, ROCm 7.2.2', 'fp4'],
  ['MiTAC', 'G4826', '8xMI355X_2xEPYC-9755', 'llama2-70b-99.9', 'Interactive', 74385.6, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'vLLM 0.22.0, PyTorch 2.10.0+git8514f05, ROCm 7.2.53211', 'fp4'],
  ['MiTAC', 'G4826', '8xMI355X_2xEPYC-9755', 'llama2-70b-99.9', 'Server', 104541, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'vLLM 0.22.0, PyTorch 2.10.0+git8514f05, ROCm 7.2.53211', 'fp4'],
  ['NVIDIA', 'NVIDIA DGX B300 (8x B300-SXM-270GB, TensorRT)', 'B300-SXM-270GBx8_TRT', 'llama2-70b-99.9', 'Server', 106949, 1, 'NVIDIA B300-SXM-270GB', 8, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.1', 'fp4'],
  ['NVIDIA', 'NVIDIA GB300 NVL72 (8x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x8_TRT', 'llama2-70b-99.9', 'Server', 127911, 2, 'NVIDIA GB300', 8, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.1', 'fp4'],
  ['Oracle', '8xMI355X_2xEPYC_9575F', '8xMI355X_2xEPYC-9575F', 'llama2-70b-99.9', 'Interactive', 70421.7, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'vLLM 0.22.0, PyTorch 2.10.0, ROCm 7.2.2', 'fp4'],
  ['Oracle', '8xMI355X_2xEPYC_9575F', '8xMI355X_2xEPYC-9575F', 'llama2-70b-99.9', 'Server', 100392, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'vLLM 0.22.0, PyTorch 2.10.0, ROCm 7.2.2', 'fp4'],
  ['Oracle', 'NVIDIA GB300 NVL72 (4x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x4_TRT', 'llama2-70b-99.9', 'Server', 58991.9, 1, 'NVIDIA GB300', 4, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0', 'fp4'],
  ['Oracle', 'NVIDIA GB300 NVL72 (8x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x8_TRT', 'llama2-70b-99.9', 'Server', 127984, 2, 'NVIDIA GB300', 8, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0', 'fp4'],
  ['Supermicro', 'AS-4126GS-NMR-LCC', '8xMI355X_2xEPYC-9575F', 'llama2-70b-99.9', 'Interactive', 73181.5, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'vLLM 0.22.0, PyTorch 2.10.0, ROCm 7.2.4', 'fp4'],
  ['Supermicro', 'AS-4126GS-NMR-LCC', '8xMI355X_2xEPYC-9575F', 'llama2-70b-99.9', 'Server', 103032, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'vLLM 0.22.0, PyTorch 2.10.0, ROCm 7.2.4', 'fp4'],
  ['AMD', 'smci355-ccs-aus-m13-13 (AS -4126GS-NMR-LCC)', '8xMI355X_2xEPYC_9575F', 'gpt-oss-120b', 'Server', 113241, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'PyTorch 2.10.0+git8514f05, ROCm 7.2.2', 'fp4'],
  ['AMD', '9x8xMI355X_2xEPYC_9575F', '9x8xMI355X_2xEPYC_9575F', 'gpt-oss-120b', 'Server', 964468, 9, 'AMD Instinct MI355X 288GB HBM3e', 72, 'vLLM 0.22.1.dev0, PyTorch 2.10.0, ROCm 7.2.2', 'mxfp4'],
  ['CoreWeave', 'CoreWeave B200 SXM (8x B200-SXM-180GB)', 'B200-SXM-180GBx8_TRT', 'gpt-oss-120b', 'Server', 90204.7, 1, 'NVIDIA B200-SXM-180GB', 8, 'TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0', 'fp4'],
  ['CoreWeave', 'CoreWeave GB200 NVL72 (72x GB200-186GB_aarch64)', 'GB200-NVL72_GB200-186GB_aarch64x72_TRT', 'gpt-oss-120b', 'Server', 901058, 18, 'NVIDIA GB200', 72, 'TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0', 'fp4'],
  ['CoreWeave', 'CoreWeave GB300 NVL72 (72x GB300-288GB_aarch64)', 'GB300-NVL72_GB300-288GB_aarch64x72_TRT', 'gpt-oss-120b', 'Server', 1160490, 18, 'NVIDIA GB300', 72, 'TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0', 'fp4'],
  ['Crusoe', 'Crusoe Cloud 64x8 MI355X (512 GPU) — gpt-oss-120b / vLLM', '512xMI355X_Crusoe_GPT', 'gpt-oss-120b', 'Server', 5392930, 64, 'AMD Instinct MI355X 288GB HBM3e', 512, 'vLLM 0.22.1 (ROCm 7.2.2), PyTorch 2.10', 'mxfp4'],
  ['Crusoe', 'NVIDIA GB200 NVL72 (4x GB200-186GB_aarch64, TensorRT)', 'GB200-NVL72_GB200-186GB_aarch64x4_TRT', 'gpt-oss-120b', 'Server', 50613.5, 1, 'NVIDIA GB200', 4, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf', 'fp4'],
  ['Dell', 'XE9785L_8xMI355X', 'XE9785L_8xMI355X', 'gpt-oss-120b', 'Server', 110188, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'vLLM 0.22.0, PyTorch 2.10.0, ROCm 7.2.2', 'fp4'],
  ['Dell_MangoBoost', 'PowerEdge XE9785', 'XE9785', 'gpt-oss-120b', 'Interactive', 28265.9, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'ROCm', 'fp8'],
  ['Dell_MangoBoost', 'PowerEdge XE9785', 'XE9785', 'gpt-oss-120b', 'Server', 109065, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'ROCm', 'fp8'],
  ['Dell_MangoBoost', 'PowerEdge XE9785L', 'XE9785L', 'gpt-oss-120b', 'Interactive', 29585.5, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'ROCm', 'fp8'],
  ['Dell_MangoBoost', 'PowerEdge XE9785L', 'XE9785L', 'gpt-oss-120b', 'Server', 110153, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'ROCm', 'fp8'],
  ['HPE', 'NVIDIA GB200 NVL72 by HPE (8x GB200-186GB_aarch64, TensorRT)', 'HPE_GB200-NVL72_GB200-186GB_aarch64x8', 'gpt-oss-120b', 'Server', 100714, 2, 'NVIDIA GB200', 8, 'TensorRT 10.14, CUDA 13.1, TensorRT-LLM 1.3.0rc0', 'fp4'],
  ['HPE', 'HPE ProLiant Compute XD685 (8x AMD MI355X-288GB, vLLM)', 'HPE_XD685_MI355X_288GBx8_vLLM', 'gpt-oss-120b', 'Server', 108836, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'vLLM 0.22.0, PyTorch 2.10.0, ROCm 7.2.2', 'fp4'],
  ['Lambda', 'Lambda 4x GB300-288GB (GB300 NVL4, aarch64)', 'GB300-NVL4_GB300-288GB_aarch64x4', 'gpt-oss-120b', 'Server', 58195.8, 1, 'NVIDIA GB300', 4, 'TensorRT-LLM 1.3.0rc14 (GPT-OSS-120B); vLLM (CentML) 0.20.2rc1.dev2091+g2e1040b7e + NVIDIA Dynamo (Qwen3-VL-235B); CUDA 13.0', 'mxfp4'],
  ['MangoBoost', 'MangoBoost 2x8 MI355X (16x MI355X, LLMBoost P/D Disaggregated Interactive Engine)', '16xMI355X_2xEPYC_9575F', 'gpt-oss-120b', 'Interactive', 59297.4, 2, 'AMD Instinct MI355X 288GB HBM3e', 16, 'ROCm 7.2.0', 'fp8'],
  ['MangoBoost', '8xMI300X_2xEPYC_9534', '8xMI300X_2xEPYC_9534', 'gpt-oss-120b', 'Server', 24863, 1, 'AMD Instinct MI300X 192GB HBM3', 8, 'vLLM 0.24.0 (stock vllm/vllm-openai-rocm:v0.24.0), ROCm 7.2.1', 'fp8'],
  ['MiTAC', 'G8825Z5', '8xMI350X_2xEPYC-9755', 'gpt-oss-120b', 'Server', 87549.5, 1, 'AMD Instinct MI350X 288GB HBM3e', 8, 'Pytorch 2.10, ROCm 7.2.2', 'fp4'],
  ['MiTAC', 'G4826', '8xMI355X_2xEPYC-9755', 'gpt-oss-120b', 'Server', 108861, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'vLLM 0.22.0, PyTorch 2.10.0+git8514f05, ROCm 7.2.53211', 'fp4'],
  ['NVIDIA', 'NVIDIA DGX B300 (8x B300-SXM-270GB, TensorRT)', 'B300-SXM-270GBx8_TRT', 'gpt-oss-120b', 'Server', 100630, 1, 'NVIDIA B300-SXM-270GB', 8, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.1', 'fp4'],
  ['NVIDIA', 'NVIDIA GB200 NVL72 (72x GB200-186GB_aarch64, TensorRT)', 'GB200-NVL72_GB200-186GB_aarch64x72_TRT', 'gpt-oss-120b', 'Interactive', 625205, 18, 'NVIDIA GB200', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.1', 'fp4'],
  ['NVIDIA', 'NVIDIA GB200 NVL72 (72x GB200-186GB_aarch64, TensorRT)', 'GB200-NVL72_GB200-186GB_aarch64x72_TRT', 'gpt-oss-120b', 'Server', 899005, 18, 'NVIDIA GB200', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.1', 'fp4'],
  ['NVIDIA', 'NVIDIA GB300 NVL72 (72x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x72_TRT', 'gpt-oss-120b', 'Interactive', 669305, 18, 'NVIDIA GB300', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.1', 'fp4'],
  ['NVIDIA', 'NVIDIA GB300 NVL72 (72x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x72_TRT', 'gpt-oss-120b', 'Server', 1120710, 18, 'NVIDIA GB300', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.1', 'fp4'],
  ['NVIDIA', 'NVIDIA GB300 NVL72 (8x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x8_TRT', 'gpt-oss-120b', 'Server', 128173, 2, 'NVIDIA GB300', 8, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.1', 'fp4'],
  ['Nebius', 'Nebius B200 n1 (8x B200-SXM-180GB, TensorRT)', 'B200-SXM-180GBx8_TRT', 'gpt-oss-120b', 'Server', 89856.3, 1, 'NVIDIA B200-SXM-180GB', 8, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0', 'fp4'],
  ['Nebius', 'Nebius GB300 NVL72 (72x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x72_TRT', 'gpt-oss-120b', 'Server', 1122490, 18, 'NVIDIA GB300', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0', 'fp4'],
  ['Nebius', 'Nebius GB300 NVL72 (8x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x8_TRT', 'gpt-oss-120b', 'Server', 127921, 2, 'NVIDIA GB300', 8, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0', 'fp4'],
  ['Oracle', '8xMI355X_2xEPYC_9575F', '8xMI355X_2xEPYC-9575F', 'gpt-oss-120b', 'Server', 109083, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'vLLM 0.22.0, PyTorch 2.10.0, ROCm 7.2.2', 'fp4'],
  ['Oracle', 'NVIDIA GB300 NVL72 (4x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x4_TRT', 'gpt-oss-120b', 'Server', 59996, 1, 'NVIDIA GB300', 4, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0', 'fp4'],
  ['Oracle', 'NVIDIA GB300 NVL72 (72x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x72_TRT', 'gpt-oss-120b', 'Server', 1092610, 18, 'NVIDIA GB300', 72, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0', 'fp4'],
  ['RedHat_Supermicro', 'SMC Lab OpenShift GB200-NVL4 4xGB200-186GB', 'GB200-NVL4_186GB_Openshift_VLLM', 'gpt-oss-120b', 'Server', 51095.2, 1, 'NVIDIA GB200', 4, 'vLLM 0.24.0, Red Hat OpenShift 4.21', 'fp8'],
  ['Supermicro', 'AS-4126GS-NMR-LCC', '8xMI355X_2xEPYC-9575F', 'gpt-oss-120b', 'Server', 109184, 1, 'AMD Instinct MI355X 288GB HBM3e', 8, 'vLLM 0.22.0, PyTorch 2.10.0, ROCm 7.2.4', 'fp4'],
  ['Wiwynn', 'OneW GB300 NVL72 (4x GB300-288GB_aarch64, TensorRT)', 'GB300-NVL72_GB300-288GB_aarch64x4_TRT', 'gpt-oss-120b', 'Server', 60466.2, 1, 'NVIDIA GB300', 4, 'TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf', 'fp4'],
];

export const PUBLISHED_RECORDS: readonly PublishedRecord[] = ROWS.map(toRecord);
