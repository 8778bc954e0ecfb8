import { findModel } from '../../core/catalog/catalog';
import { readScenarioDocument } from '../../core/scenario/document';
import { defaultScenario } from '../../core/scenario/defaults';
import { scenarioSchema, type Scenario } from '../../core/scenario/schema';
import { compareEngineLog, parseEngineLog, type EngineComparison, type EngineLog, type EngineLogIssue } from '../../core/hardware/engine-log';
import { parseHfConfig } from '../../core/hardware/hf-config';
import { buildHardwareReport, type HardwareReport } from '../../core/hardware/report';
import { resolveModel } from '../../core/hardware/setup';
import { json, parseFlags, type CliCommand, type CliIo } from '../command';

/**
 * `fit`: does a model fit on N GPUs? Prints the per-GPU memory breakdown as JSON.
 *
 * Every size is printed as `{ "bytes": …, "gib": … }` (GiB = 2^30 bytes). `setup.gpu.memoryGB` is
 * the marketed label ("80 GB"); `setup.gpu.reportedMiB` is what nvidia-smi / rocm-smi reports
 * (null where no reading is on record, then the label × 1e9 bytes stands in). Physical memory is
 * the reported figure: an H100 is 81,559 MiB = 85.52 GB = 79.65 GiB (docs/hardware.md, "Units"). Fields:
 * - `setup`: what was computed (model, GPU, count, nodes, TP, pipeline stages, MLA mode, and
 *   `layout`: how it was chosen (best-fit / pinned), its kind (tp, tp-ep, dp-attention, dcp, tp-pp), DCP
 *   and EP sizes).
 * - `layouts`: every sensible layout at this count: fits, weights / KV / headroom per GPU, KV room
 *   (sequences of this context that fit) and the smallest count of this GPU it would need.
 * - `verdict`: `fits`, `reason` when it does not (weights-exceed-physical,
 *   weights-exceed-budget, fixed-terms-exceed-budget, kv-exceeds-remaining), headroom per GPU
 *   and in total (negative = shortfall), and whether used memory exceeds the physical memory.
 * - `perGpu`: weights, kv, activations, runtime, used, free, budget (= physical × utilisation),
 *   physical.
 * - `total`: the same over all GPUs of the replica (replicated copies counted).
 * - `weights`: checkpoint bytes, their source (checkpoint / variant / estimate), the
 *   parameter-based estimate, attention weights replicated under DP-attention.
 * - `kv`: per attention group: kind, layers, bytes per token, tokens held, bytes per sequence,
 *   distribution rule, GPUs one copy is split over, sequences per GPU, bytes per GPU.
 * - `fixes`: smallest count of this GPU that fits, max sequences at this context, max context
 *   at this concurrency, whether FP8 KV or DP-attention would make it fit.
 * - `checkpoint`: size and download seconds at --download-gbps.
 * - `roofline`: decode step at the configured concurrency, TTFT, estimated output tokens/s.
 * - `warnings`: codes with their numbers (see docs/hardware.md).
 * - `start`: vLLM's start-up check — whether one sequence of the full context fits beside
 *   weights and overheads (the engine refuses to start otherwise), with the reason and the KV it needs.
 * - `overheads`: where activations and runtime come from: `entered`, or `estimated` with the
 *   engine's limits (max_num_batched_tokens, max_num_seqs, CUDA-graph sizes; vLLM's defaults for the
 *   GPU unless --max-batched-tokens / --max-seqs) and the parts (forward pass, sampler, non-torch,
 *   CUDA graphs). --runtime-gib / --activation-gib enter them (as --overheads entered does).
 * - `weights.kernelPadding`: what vLLM's MXFP4 MoE kernel adds to the checkpoint per GPU (counted in
 *   perGpu.weights), with the kernel.
 * - `gpuTable` (with --table): minimum count and nodes for every GPU in the catalog.
 * - `engineLog` (with --engine-log <file>): the figures read from a vLLM / SGLang start-up log, each
 *   beside ours with the difference, what the log's setup differs in, whether the engine started
 *   beside our start-up check, and the overheads the log offers; unreadable lines are listed.
 */
const FLAG_TO_FIELD: Readonly<Record<string, string>> = {
  model: 'selfHosted.modelId',
  gpu: 'selfHosted.gpuId',
  count: 'selfHosted.gpusPerReplica',
  'gpus-per-node': 'selfHosted.gpusPerNode',
  context: 'hardware.contextLength',
  concurrency: 'hardware.concurrentSequences',
  weights: 'hardware.weightFormat',
  kv: 'hardware.kvFormat',
  layout: 'hardware.layout',
  tp: 'hardware.tensorParallel',
  'mla-mode': 'hardware.mlaKvMode',
  dcp: 'hardware.dcpSize',
  util: 'hardware.memoryUtilisation',
  overheads: 'hardware.overheadSource',
  'runtime-gib': 'hardware.runtimeOverheadGiB',
  'activation-gib': 'hardware.activationGiB',
  'max-batched-tokens': 'hardware.maxNumBatchedTokens',
  'max-seqs': 'hardware.maxNumSeqs',
  'download-gbps': 'hardware.downloadGbps',
  'prompt-tokens': 'hardware.promptTokens',
  'bw-eff': 'hardware.bandwidthEfficiency',
  'compute-eff': 'hardware.computeEfficiency',
  'step-ms': 'hardware.stepOverheadMs',
};
const NUMERIC = new Set([
  'count',
  'gpus-per-node',
  'context',
  'concurrency',
  'tp',
  'dcp',
  'util',
  'runtime-gib',
  'activation-gib',
  'max-batched-tokens',
  'max-seqs',
  'download-gbps',
  'prompt-tokens',
  'bw-eff',
  'compute-eff',
  'step-ms',
]);
const KNOWN = new Set([...Object.keys(FLAG_TO_FIELD), 'config', 'scenario', 'table', 'engine-log', 'help']);

const GIB = 2 ** 30;
const size = (bytes: number) => ({ bytes: Math.round(bytes), gib: Math.round((bytes / GIB) * 1000) / 1000 });

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

function flagFor(path: string): string {
  const hit = Object.entries(FLAG_TO_FIELD).find(([, field]) => path === field || path.startsWith(`${field}.`));
  return hit ? `--${hit[0]}` : path;
}

async function baseScenario(flags: Map<string, string | true>, io: CliIo): Promise<Scenario | null> {
  const file = flags.get('scenario');
  if (typeof file !== 'string') return defaultScenario();
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(await io.readFile(file)));
  } catch (e) {
    io.err(`--scenario ${file}: not readable JSON (${e instanceof Error ? e.message : String(e)})`);
    return null;
  }
  const doc = readScenarioDocument(raw, false);
  if (!doc.ok) {
    io.err(`--scenario ${file}: ${json(doc.error)}`);
    return null;
  }
  for (const n of doc.value.notices) io.err(`--scenario ${file}: ${n.path}: ${n.problem} (${n.action})`);
  return doc.value.scenario;
}

function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const [section, field] = path.split('.') as [string, string];
  (target[section] as Record<string, unknown>)[field] = value;
}

const issueText = (i: EngineLogIssue): string => {
  switch (i.code) {
    case 'too-long':
      return `${i.chars} characters, more than the ${i.max} read`;
    case 'no-engine-lines':
      return 'no vLLM or SGLang memory line (paste the lines from "Model loading took" to "Maximum concurrency", or SGLang\'s "Load weight end" to "KV Cache is allocated")';
    case 'bad-number':
      return `line ${i.line}: the ${i.field} figure is not a readable number: ${i.text}`;
  }
};

/** The engine-log comparison as the page's card shows it: each figure beside ours, per GPU. */
function renderLog(log: EngineLog, c: EngineComparison, issues: EngineLogIssue[]) {
  const value = (v: number, unit: 'bytes' | 'tokens' | 'ratio') => (unit === 'bytes' ? size(v) : v);
  return {
    engine: log.engine,
    ranks: log.ranks,
    rows: c.rows.map((r) => ({
      figure: r.key,
      line: r.line,
      engine: value(r.engine, r.unit),
      ours: r.ours === null ? null : value(r.ours, r.unit),
      difference: r.difference === null ? null : value(r.difference, r.unit),
      ...(r.contextTokens !== undefined ? { contextTokens: r.contextTokens } : {}),
      ...(r.kernelPadding
        ? {
            kernelPadding: {
              kernel: r.kernelPadding.kernel,
              line: r.kernelPadding.line,
              includedInOurs: r.kernelPadding.included,
              perGpu: size(r.kernelPadding.extraBytesPerGpu),
              unexplained: size(r.kernelPadding.unexplainedBytes),
            },
          }
        : {}),
      ...(r.kernelMismatch ? { kernelMismatch: r.kernelMismatch } : {}),
    })),
    start: c.start,
    setupDifferences: c.setup.differences,
    suggestedOverheads: c.suggestion,
    unreadable: issues.map(issueText),
  };
}

function render(report: HardwareReport, withTable: boolean) {
  const m = report.memory;
  const o = m.overheads;
  const L = m.layout;
  const n = L.gpus;
  return {
    ok: true,
    setup: {
      model: { id: report.model.id, name: report.model.name, maxContext: report.model.maxContext },
      gpu: { id: report.gpu.id, name: report.gpu.name, memoryGB: report.gpu.memoryGB, reportedMiB: report.gpu.reportedMemory?.mib ?? null },
      gpus: n,
      nodes: L.nodes,
      tensorParallel: L.tp,
      pipelineStages: L.pp,
      mlaKvMode: L.mlaMode,
      layout: { choice: report.layouts.choice, kind: report.layouts.chosen.kind, dcp: L.dcp, ep: report.layouts.chosen.ep },
    },
    verdict: {
      fits: m.verdict.fits,
      reason: m.verdict.reason,
      overPhysical: m.verdict.overPhysical,
      headroomPerGpu: size(m.verdict.headroomPerGpu),
      headroomTotal: size(m.verdict.headroomTotal),
    },
    start: {
      starts: m.start.starts,
      reason: m.start.reason,
      oneSequenceKvPerGpu: size(m.start.neededBytes),
      availableForKvPerGpu: size(m.start.availableBytes),
    },
    overheads:
      o.source === 'entered'
        ? { source: 'entered' }
        : {
            source: 'estimated',
            engine: 'vllm',
            limits: {
              tier: o.limits.tier,
              maxNumBatchedTokens: o.limits.maxNumBatchedTokens,
              maxNumSeqs: o.limits.maxNumSeqs,
              maxCaptureSize: o.limits.maxCaptureSize,
              entered: o.limits.entered,
            },
            forwardPass: size(o.parts.forwardBytes),
            sampler: size(o.parts.samplerBytes),
            nonTorch: size(o.parts.nonTorchBytes),
            cudaGraphs: { count: o.parts.cudaGraphs, memory: size(o.parts.cudaGraphBytes) },
          },
    perGpu: {
      weights: size(m.weights.perGpuBytes),
      kv: size(m.kv.perGpuBytes),
      activations: size(m.activationPerGpu),
      runtime: size(m.runtimePerGpu),
      used: size(m.usedPerGpu),
      free: size(m.freePerGpu),
      budget: size(m.budgetPerGpu),
      physical: size(m.physicalPerGpu),
    },
    total: {
      weights: size(m.weights.perGpuBytes * n),
      kv: size(m.kv.heldBytes),
      activationsAndRuntime: size((m.activationPerGpu + m.runtimePerGpu) * n),
      used: size(m.usedPerGpu * n),
      budget: size(m.budgetPerGpu * n),
      physical: size(m.physicalPerGpu * n),
    },
    weights: {
      source: m.weights.bytes.source,
      checkpoint: size(m.weights.bytes.totalBytes),
      estimate: size(m.weights.bytes.estimateBytes),
      routedExperts: size(m.weights.bytes.routedBytes),
      nonRouted: size(m.weights.bytes.nonRoutedBytes),
      attention: size(m.weights.bytes.attentionBytes),
      replicatedAttentionPerGpu: size(m.weights.replicatedPerGpu),
      kernelPadding: m.weights.kernelPadding
        ? {
            kernel: m.weights.kernelPadding.kernel,
            perGpu: size(m.weights.kernelPadding.extraBytesPerGpu),
            hidden: m.weights.kernelPadding.hidden,
            intermediate: m.weights.kernelPadding.intermediate,
          }
        : null,
    },
    kv: {
      perGpu: size(m.kv.perGpuBytes),
      uniqueAllSequences: size(m.kv.uniqueBytes),
      groups: m.kv.groups.map((g) => ({
        kind: g.kind,
        layers: g.layers,
        bytesPerToken: g.bytesPerToken,
        tokensHeld: g.tokensHeld,
        perSequence: size(g.bytesPerSequence),
        rule: g.rule,
        splitOver: g.splitOver,
        sequencesPerGpu: g.sequencesPerGpu,
        perGpu: size(g.perGpuBytes),
      })),
    },
    layouts: report.layouts.options.map((o) => ({
      kind: o.kind,
      tensorParallel: o.layout.tp,
      pipelineStages: o.layout.pp,
      dcp: o.layout.dcp,
      ep: o.ep,
      fits: o.fits,
      weightsPerGpu: size(o.weightsPerGpu),
      kvPerGpu: size(o.kvPerGpu),
      headroomPerGpu: size(o.headroomPerGpu),
      maxSequencesAtContext: o.maxSequencesAtContext,
      minGpus: o.minGpus.kind === 'fits' ? o.minGpus.count : null,
    })),
    fixes: report.fixes,
    checkpoint: { size: size(report.checkpoint.bytes), downloadGbps: report.checkpoint.downloadGbps, downloadSeconds: report.checkpoint.downloadSeconds },
    roofline: {
      precision: report.roofline.precision,
      decodeContext: report.roofline.decodeContext,
      atConcurrency: report.roofline.atConcurrency,
      ttftMs: report.roofline.ttft.ttftMs,
      estimate: report.roofline.estimate,
    },
    warnings: report.warnings,
    ...(withTable ? { gpuTable: report.minGpuTable.map(({ source: _s, ...row }) => row) } : {}),
  };
}

export const fitCommand: CliCommand = {
  name: 'fit',
  summary: 'Memory per GPU, verdict and roofline for a model on N GPUs (JSON; sizes in bytes and GiB)',
  usage:
    'fit --model <id> --gpu <id> --count <n> [--context <tokens>] [--concurrency <n>] [--weights bf16|fp8|int4|mxfp4] ' +
    '[--kv bf16|fp8] [--layout best-fit|pinned] [--tp <n>] [--gpus-per-node <n>] [--mla-mode replicated|dp-attention|dcp] [--dcp <n>] [--util <0..1>] ' +
    '[--overheads estimated|entered] [--runtime-gib <GiB>] [--activation-gib <GiB>] [--max-batched-tokens <n>] [--max-seqs <n>] ' +
    '[--download-gbps <Gbit/s>] [--config <config.json>] [--scenario <file>] [--table] [--engine-log <file>]\n' +
    "Without --weights, --model and --config use the model's released format. The layout is the best fitting of TP, TP + EP, " +
    "DP-attention and DCP unless --layout pinned (or --tp, --mla-mode, --dcp) is given. Overheads are estimated from vLLM's " +
    'profile unless --overheads entered or --runtime-gib / --activation-gib. --engine-log sets a start-up log beside the fit.',
  async run(args, io) {
    const { flags, positional } = parseFlags(args);
    const unknown = [...flags.keys()].filter((k) => !KNOWN.has(k));
    if (unknown.length > 0 || positional.length > 0) {
      io.err(`Unknown argument(s): ${[...unknown.map((u) => `--${u}`), ...positional].join(', ')}\nUsage: ${this.usage}`);
      return 2;
    }
    const base = await baseScenario(flags, io);
    if (!base) return 1;
    const draft = structuredClone(base) as unknown as Record<string, unknown>;
    const problems: string[] = [];
    for (const [flag, field] of Object.entries(FLAG_TO_FIELD)) {
      const value = flags.get(flag);
      if (value === undefined) continue;
      if (value === true) {
        problems.push(`--${flag}: needs a value`);
        continue;
      }
      if (NUMERIC.has(flag)) {
        const num = Number(value);
        if (value.trim() === '' || !Number.isFinite(num)) problems.push(`--${flag}: "${value}" is not a number`);
        else setAt(draft, field, num);
      } else if (flag === 'layout') setAt(draft, field, { choice: value });
      else setAt(draft, field, value);
    }
    // Entering an overhead means using the entered ones, unless --overheads says otherwise.
    if (!flags.has('overheads') && (flags.has('runtime-gib') || flags.has('activation-gib'))) setAt(draft, 'hardware.overheadSource', 'entered');
    // Naming a TP, MLA mode or DCP size pins the layout unless --layout says otherwise.
    if (!flags.has('layout') && (flags.has('tp') || flags.has('mla-mode') || flags.has('dcp'))) setAt(draft, 'hardware.layout', { choice: 'pinned' });
    // A model chosen without --weights runs in its own released format (as picking it on the
    // page does), not in whatever format the base scenario's model used.
    const modelFlag = flags.get('model');
    if (typeof modelFlag === 'string' && !flags.has('weights')) {
      const record = findModel(modelFlag);
      if (record) setAt(draft, 'hardware.weightFormat', record.releasedFormat);
    }
    const config = flags.get('config');
    if (typeof config === 'string') {
      let text: string;
      try {
        text = new TextDecoder().decode(await io.readFile(config));
      } catch (e) {
        io.err(`--config ${config}: not readable (${e instanceof Error ? e.message : String(e)})`);
        return 1;
      }
      const parsed = parseHfConfig(text);
      if (!parsed.ok) {
        for (const i of parsed.issues)
          io.err(`--config ${config}: ${i.path || '(file)'}: ${i.code}${i.neededFor ? ` (needed for ${i.neededFor})` : ''}${i.detail ? `: ${i.detail}` : ''}`);
        return 1;
      }
      setAt(draft, 'hardware.customModel', parsed.spec);
      setAt(draft, 'selfHosted.modelId', 'custom');
      if (!flags.has('weights')) setAt(draft, 'hardware.weightFormat', parsed.spec.releasedFormat);
    }
    // Without --tp: TP over the largest part of the count that fits in one node.
    if (!flags.has('tp') && (flags.has('count') || flags.has('gpus-per-node'))) {
      const s = draft.selfHosted as Scenario['selfHosted'];
      if (Number.isInteger(s.gpusPerReplica) && Number.isInteger(s.gpusPerNode) && s.gpusPerReplica > 0 && s.gpusPerNode > 0) {
        setAt(draft, 'hardware.tensorParallel', gcd(s.gpusPerReplica, s.gpusPerNode));
      }
    }
    if (problems.length > 0) {
      for (const p of problems) io.err(p);
      return 1;
    }
    const checked = scenarioSchema.safeParse(draft);
    if (!checked.success) {
      for (const i of checked.error.issues) io.err(`${flagFor(i.path.join('.'))}: ${i.message}`);
      return 1;
    }
    const result = buildHardwareReport(checked.data);
    if (!result.ok) {
      for (const i of result.issues) io.err(`${flagFor(i.field)}: ${i.code}${i.params ? ` ${JSON.stringify(i.params)}` : ''}`);
      return 1;
    }
    const out: Record<string, unknown> = render(result.report, flags.has('table'));
    const logFile = flags.get('engine-log');
    if (logFile === true) {
      io.err('--engine-log: needs a file');
      return 1;
    }
    if (typeof logFile === 'string') {
      let text: string;
      try {
        text = new TextDecoder().decode(await io.readFile(logFile));
      } catch (e) {
        io.err(`--engine-log ${logFile}: not readable (${e instanceof Error ? e.message : String(e)})`);
        return 1;
      }
      const parsed = parseEngineLog(text);
      if (!parsed.ok) {
        for (const i of parsed.issues) io.err(`--engine-log ${logFile}: ${issueText(i)}`);
        return 1;
      }
      const model = resolveModel(checked.data);
      out.engineLog = renderLog(parsed.log, compareEngineLog(parsed.log, result.report, model.ok ? model.model : undefined), parsed.issues);
    }
    io.out(json(out));
    return 0;
  },
};
