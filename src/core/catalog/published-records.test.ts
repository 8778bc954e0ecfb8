import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findGpu, findModel } from './catalog';
import { publishedRecordSchema, recordBadgeLabel, recordCountsFor, recordsFor, type PublishedRecord } from './published-records';
import { MLPERF_V61_SLO_LIMITS, PUBLISHED_RECORDS } from './published-records.data';

const REVIEW_DATE = '2026-12-01';
const FIXTURES = resolve(__dirname, '../../../fixtures/published');

/** Rows of the summary.csv extract: every field quoted, no quotes inside fields. */
function summaryRows(): Record<string, string>[] {
  const [header, ...lines] = readFileSync(resolve(FIXTURES, 'mlperf-inference-v6.1_summary_llm-server-interactive_extract.csv'), 'utf8').trim().split('\n');
  const cells = (line: string): string[] => line.slice(1, -1).split('","');
  const keys = (header ?? '').split(',');
  return lines.map((line) => Object.fromEntries(cells(line).map((v, i) => [keys[i] ?? '', v])));
}

/** `key = value` lines of the LoadGen config copy. */
function confValue(key: string): number {
  const conf = readFileSync(resolve(FIXTURES, 'mlcommons-inference_loadgen_mlperf.conf'), 'utf8');
  const line = conf.split('\n').find((l) => l.split('=')[0]?.trim() === key);
  if (line === undefined) throw new Error(`no ${key} in mlperf.conf`);
  return Number(line.split('=')[1]);
}

function record(submitter: string, platform: string, model: string, scenario: string): PublishedRecord {
  const r = PUBLISHED_RECORDS.find((x) => x.submitter === submitter && x.platform === platform && x.mlperfModel === model && x.scenario === scenario);
  if (!r) throw new Error(`no record ${submitter} ${platform} ${model} ${scenario}`);
  return r;
}

describe('the published records', () => {
  it('are each valid against the schema, with unique ids', () => {
    expect(PUBLISHED_RECORDS.length).toBe(76);
    for (const r of PUBLISHED_RECORDS) {
      const parsed = publishedRecordSchema.safeParse(r);
      expect(parsed.success, `${r.id}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}`).toBe(true);
    }
    expect(new Set(PUBLISHED_RECORDS.map((r) => r.id)).size).toBe(PUBLISHED_RECORDS.length);
  });

  it('use catalog ids only where the catalog has that model or GPU', () => {
    for (const r of PUBLISHED_RECORDS) {
      if (r.modelId !== null) expect(findModel(r.modelId), r.id).toBeDefined();
      if (r.gpuId !== null) expect(findGpu(r.gpuId), r.id).toBeDefined();
      expect(r.source.checked <= REVIEW_DATE, r.id).toBe(true);
    }
    expect(PUBLISHED_RECORDS.every((r) => r.gpuId !== null)).toBe(true);
    expect(PUBLISHED_RECORDS.filter((r) => r.mlperfModel === 'llama2-70b-99.9').every((r) => r.modelId === null)).toBe(true);
  });

  it('are exactly the rows of the summary.csv extract, value for value', () => {
    const rows = summaryRows();
    expect(rows).toHaveLength(PUBLISHED_RECORDS.length);
    for (const row of rows) {
      const r = PUBLISHED_RECORDS.find((x) => x.source.resultPath === row['Location']);
      expect(r, row['Location']).toBeDefined();
      if (!r) continue;
      expect(row['Division']).toBe('closed');
      expect(row['Availability']).toBe('available');
      expect(row['Units']).toBe('Tokens/s');
      expect(r.submitter).toBe(row['Organization']);
      expect(r.systemName).toBe(row['SystemName']);
      expect(r.scenario).toBe(row['Scenario']);
      expect(r.tokensPerS).toBe(Number(row['Result']));
      expect(r.nodes).toBe(Number(row['number_of_nodes']));
      expect(r.accelerators).toBe(Number(row['total_accelerators']));
      expect(r.acceleratorName).toBe(row['accelerator_model_name']);
      expect(r.framework).toBe(row['framework']);
      expect(r.precision).toBe(row['weight_data_types']?.toUpperCase());
    }
  });

  it('carry figures as printed in summary.csv', () => {
    // CoreWeave B200 SXM (8x B200-SXM-180GB), DeepSeek-R1 Server: "56121.3" Tokens/s, 8 accelerators.
    const coreweave = record('CoreWeave', 'B200-SXM-180GBx8_TRT', 'deepseek-r1', 'Server');
    expect(coreweave.tokensPerS).toBe(56121.3);
    expect(coreweave.tokensPerSPerGpu).toBe(7015.16); // 56,121.3 / 8 = 7,015.1625
    expect(coreweave.gpuId).toBe('b200');
    // NVIDIA GB200 NVL72 (72 GPUs, 18 nodes), gpt-oss-120b Interactive: "625205.0".
    const nvl72 = record('NVIDIA', 'GB200-NVL72_GB200-186GB_aarch64x72_TRT', 'gpt-oss-120b', 'Interactive');
    expect(nvl72.tokensPerS).toBe(625205);
    expect(nvl72.accelerators).toBe(72);
    expect(nvl72.nodes).toBe(18);
    // Crusoe, 512 MI355X on SGLang, DeepSeek-R1 Server: "2405310.0".
    const crusoe = record('Crusoe', '512xMI355X_Crusoe_DS', 'deepseek-r1', 'Server');
    expect(crusoe.tokensPerS).toBe(2405310);
    expect(crusoe.stack).toBe('SGLang');
    expect(crusoe.gpuId).toBe('mi355x');
  });

  it('hold the p99 limits of loadgen/mlperf.conf for their model and scenario', () => {
    for (const r of PUBLISHED_RECORDS) {
      const [ttftKey, tpotKey] = r.slo.source.keys;
      expect(r.slo.ttftP99Ms, r.id).toBe(confValue(ttftKey));
      expect(r.slo.tpotP99Ms, r.id).toBe(confValue(tpotKey));
    }
    // As the file says: Interactive is stricter than Server for every model.
    expect(confValue('deepseek-r1.Server.ttft_latency')).toBe(2000);
    expect(confValue('deepseek-r1.Server.tpot_latency')).toBe(80);
    expect(confValue('deepseek-r1-interactive.Server.ttft_latency')).toBe(1500);
    expect(confValue('deepseek-r1-interactive.Server.tpot_latency')).toBe(15);
    expect(confValue('llama2-70b.Server.tpot_latency')).toBe(200);
    expect(confValue('llama2-70b-interactive.Server.ttft_latency')).toBe(450);
    expect(confValue('gpt-oss-120b.Server.ttft_latency')).toBe(3000);
    expect(confValue('gpt-oss-120b-interactive.Server.tpot_latency')).toBe(15);
    expect(MLPERF_V61_SLO_LIMITS['llama2-70b-99.9'].Interactive).toEqual({ ttftP99Ms: 450, tpotP99Ms: 40 });
  });
});

describe('recordCountsFor', () => {
  const server = record('CoreWeave', 'B200-SXM-180GBx8_TRT', 'deepseek-r1', 'Server'); // 2,000 ms / 80 ms
  const interactive = record('NVIDIA', 'GB200-NVL72_GB200-186GB_aarch64x72_TRT', 'deepseek-r1', 'Interactive'); // 1,500 / 15

  it('counts a record for a user SLO as loose as or looser than its limits', () => {
    expect(recordCountsFor(server, { ttftP99Ms: 2000, tpotP99Ms: 80 })).toBe(true);
    expect(recordCountsFor(server, { ttftP99Ms: 5000, tpotP99Ms: 100 })).toBe(true);
    expect(recordCountsFor(interactive, { ttftP99Ms: 2000, tpotP99Ms: 80 })).toBe(true);
  });

  it('never counts a record for a stricter user SLO, in either limit', () => {
    expect(recordCountsFor(server, { ttftP99Ms: 1500, tpotP99Ms: 15 })).toBe(false);
    expect(recordCountsFor(server, { ttftP99Ms: 1999, tpotP99Ms: 80 })).toBe(false);
    expect(recordCountsFor(server, { ttftP99Ms: 10_000, tpotP99Ms: 50 })).toBe(false);
    expect(recordCountsFor(interactive, { ttftP99Ms: 1000, tpotP99Ms: 80 })).toBe(false);
    expect(recordCountsFor(interactive, { ttftP99Ms: 5000, tpotP99Ms: 10 })).toBe(false);
  });
});

describe('recordsFor and the badge', () => {
  it('lists the records of a model and GPU that count, highest per GPU first', () => {
    // gpt-oss-120b on B200 at the Server limits: CoreWeave "90204.7" and Nebius "89856.3", 8 GPUs each.
    const b200 = recordsFor(PUBLISHED_RECORDS, { modelId: 'gpt-oss-120b', gpuId: 'b200', slo: { ttftP99Ms: 3000, tpotP99Ms: 80 } });
    expect(b200.map((r) => [r.submitter, r.tokensPerS])).toEqual([
      ['CoreWeave', 90204.7],
      ['Nebius', 89856.3],
    ]);
    // Nothing on B200 was submitted in Interactive, so a 15 ms TPOT SLO finds no B200 record.
    expect(recordsFor(PUBLISHED_RECORDS, { modelId: 'gpt-oss-120b', gpuId: 'b200', slo: { ttftP99Ms: 2000, tpotP99Ms: 15 } })).toEqual([]);
    // At the Interactive limits only Interactive records count: GB300 NVL72 "669305.0" from NVIDIA.
    const gb300 = recordsFor(PUBLISHED_RECORDS, { modelId: 'gpt-oss-120b', gpuId: 'gb300', slo: { ttftP99Ms: 2000, tpotP99Ms: 15 } });
    expect(gb300.map((r) => r.tokensPerS)).toEqual([669305]);
  });

  it('says kind, stack, precision and round', () => {
    expect(recordBadgeLabel(record('NVIDIA', 'GB200-NVL72_GB200-186GB_aarch64x72_TRT', 'deepseek-r1', 'Server'))).toBe(
      'record, TensorRT-LLM FP4, MLPerf v6.1 closed',
    );
    expect(recordBadgeLabel(record('AMD', '9x8xMI355X_2xEPYC_9575F', 'gpt-oss-120b', 'Server'))).toBe('record, vLLM MXFP4, MLPerf v6.1 closed');
    expect(PUBLISHED_RECORDS.every((r) => r.kind === 'record')).toBe(true);
  });
});
