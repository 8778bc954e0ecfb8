import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import type { Scenario } from '../scenario/schema';
import { compareEngineLog, parseEngineLog, type EngineLog } from './engine-log';
import { readLogSetup, undoPatchFor, type SetupPatch } from './engine-setup';
import { buildHardwareReport } from './report';

const ROOT = resolve(__dirname, '../../../fixtures/engine-logs');
const read = (name: string) => readFileSync(resolve(ROOT, name), 'utf8');

function parsed(name: string): EngineLog {
  const r = parseEngineLog(read(name));
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.log;
}

function report(s: Scenario) {
  const r = buildHardwareReport(s);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.report;
}

function applied(s: Scenario, patch: SetupPatch): Scenario {
  return { ...s, selfHosted: { ...s.selfHosted, ...patch.selfHosted }, hardware: { ...s.hardware, ...patch.hardware } };
}

describe('the setup a start-up log was run with', () => {
  it('vLLM arguments (EuroEval #1120): TP 2 from the arguments, 131,072 tokens, MXFP4, the model named', () => {
    const setup = readLogSetup(read('vllm-gpt-oss-120b-tp2-args.log'));
    // Line 2: non-default args {… 'tensor_parallel_size': 2}; line 4: "Using max model len 131072";
    // line 5: "mxfp4 quantization is not fully optimized yet".
    expect(setup).toEqual({
      context: { value: 131_072, line: 4 },
      tensorParallel: { value: 2, line: 2 },
      pipelineParallel: null,
      weightFormat: { value: 'mxfp4', line: 5 },
      utilisation: null,
      maxNumBatchedTokens: null,
      model: { value: 'openai/gpt-oss-120b', line: 2 },
    });
    // A log with setup lines only is read (no memory figures to compare yet).
    expect(parseEngineLog(read('vllm-gpt-oss-120b-tp2-args.log'))).toMatchObject({ ok: true, log: { figures: [] } });
  });

  it('max_num_batched_tokens from the chunked-prefill line (vllm #23278): offered to the page, which then sizes windows and activations with it', () => {
    // Line 4: "Chunked prefill is enabled with max_num_batched_tokens=8192."
    const setup = readLogSetup(read('vllm-gpt-oss-120b-h100-setup.log'));
    expect(setup).toMatchObject({
      context: { value: 131_072, line: 2 },
      weightFormat: { value: 'mxfp4', line: 3 },
      maxNumBatchedTokens: { value: 8192, line: 4 },
    });
    // From the arguments too: {'max_num_batched_tokens': 1024}.
    expect(readLogSetup("non-default args: {'model': 'openai/gpt-oss-120b', 'max_num_batched_tokens': 1024}").maxNumBatchedTokens).toEqual({
      value: 1024,
      line: 1,
    });
    const page = defaultScenario();
    Object.assign(page.selfHosted, { modelId: 'gpt-oss-120b', gpuId: 'h100-sxm', gpusPerReplica: 1 });
    Object.assign(page.hardware, { weightFormat: 'mxfp4', contextLength: 131_072, concurrentSequences: 1, maxNumBatchedTokens: 2048 });
    const offer = compareEngineLog(parsed('vllm-gpt-oss-120b-h100-setup.log'), report(page)).setup;
    expect(offer.differences).toEqual([{ field: 'maxNumBatchedTokens', log: 8192, page: 2048, line: 4 }]);
    expect(offer.patch.hardware).toEqual({ maxNumBatchedTokens: 8192 });
    // On an H100 8,192 is vLLM's own default: a page left at the default (null) differs in nothing.
    page.hardware.maxNumBatchedTokens = null;
    expect(compareEngineLog(parsed('vllm-gpt-oss-120b-h100-setup.log'), report(page)).setup.differences).toEqual([]);
  });

  it('TP from the ranks that printed, utilisation from the summary or V0 profiling line, context from the concurrency line', () => {
    // Four workers TP0–TP3 print the same summary; "Desired GPU memory utilization is (0.95, 254.3 GiB)".
    expect(readLogSetup(read('vllm-gpu-worker-b300-tp4.log'))).toMatchObject({ tensorParallel: { value: 4, line: 1 }, utilisation: { value: 0.95, line: 1 } });
    // V0: "gpu_memory_utilization=0.90" (line 2), "Maximum concurrency for 20000 tokens per request" (line 4).
    expect(readLogSetup(read('vllm-v0-llama-3.1-8b-rtx3090.log'))).toMatchObject({
      context: { value: 20_000, line: 4 },
      utilisation: { value: 0.9, line: 2 },
      tensorParallel: null,
    });
    // SGLang: ranks TP0 and TP1 → TP 2.
    expect(readLogSetup(read('sglang-cuda-graph-end.log')).tensorParallel).toEqual({ value: 2, line: 1 });
    // One printed rank says nothing about TP.
    expect(readLogSetup(read('vllm-gpt-oss-120b-h100.log')).tensorParallel).toBeNull();
  });

  it("offers the log's setup where the page differs, and nothing once the page has taken it over; undo restores the page", () => {
    const page = defaultScenario();
    Object.assign(page.selfHosted, { modelId: 'gpt-oss-120b', gpuId: 'h100-sxm', gpusPerReplica: 1 });
    Object.assign(page.hardware, { weightFormat: 'bf16', contextLength: 8_192 });
    const log = parsed('vllm-gpt-oss-120b-tp2-args.log');
    const offer = compareEngineLog(log, report(page)).setup;
    expect(offer.differences).toEqual([
      { field: 'context', log: 131_072, page: 8_192, line: 4 },
      { field: 'tensorParallel', log: 2, page: 1, line: 2 },
      { field: 'weightFormat', log: 'mxfp4', page: 'bf16', line: 5 },
    ]);
    // TP 2 × PP 1 = 2 GPUs, plain TP pinned (gpt-oss has no MLA, so its MLA mode is left alone).
    expect(offer.patch).toEqual({
      selfHosted: { gpusPerReplica: 2 },
      hardware: { contextLength: 131_072, layout: { choice: 'pinned' }, tensorParallel: 2, weightFormat: 'mxfp4' },
    });
    const after = applied(page, offer.patch);
    expect(report(after).layouts.chosen.layout).toMatchObject({ tp: 2, pp: 1, gpus: 2 });
    expect(compareEngineLog(log, report(after)).setup).toEqual({ differences: [], patch: { selfHosted: {}, hardware: {} } });
    const undo = undoPatchFor(offer.patch, page);
    expect(applied(after, undo)).toEqual(page);
  });

  it("with the log's context the concurrency and token rows get our figure (V0 log, 20,000 tokens)", () => {
    const page = defaultScenario();
    const log = parsed('vllm-v0-llama-3.1-8b-rtx3090.log');
    const before = compareEngineLog(log, report(page));
    // The default page runs 65,536 tokens; the log's concurrency is for 20,000, so ours is not comparable yet.
    expect(before.rows.find((r) => r.key === 'maxConcurrency')?.ours).toBeNull();
    expect(before.setup.patch.hardware).toMatchObject({ contextLength: 20_000, memoryUtilisation: 0.9 });
    const after = compareEngineLog(log, report(applied(page, before.setup.patch)));
    const conc = after.rows.find((r) => r.key === 'maxConcurrency');
    expect(conc?.ours).not.toBeNull();
    expect(conc?.ours).toBe(report(applied(page, before.setup.patch)).fixes.maxConcurrencyAtContext);
  });

  it('an MLA model taking over a TP from the log holds the latent cache whole on every rank (vLLM plain TP)', () => {
    const page = defaultScenario(); // Kimi K2.6 (MLA) on 8 GPUs
    const offer = compareEngineLog(parsed('vllm-gpu-worker-b300-tp4.log'), report(page)).setup;
    expect(offer.patch.selfHosted).toEqual({ gpusPerReplica: 4 });
    expect(offer.patch.hardware).toMatchObject({ layout: { choice: 'pinned' }, tensorParallel: 4, mlaKvMode: 'replicated', memoryUtilisation: 0.95 });
  });
});
