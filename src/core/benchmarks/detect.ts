import { isRecord, type FileContext, type ValueParser } from './common';
import { aiperfJsonParser, aiperfRecordsParser, looksLikeAiperfJson, looksLikeAiperfRecord, looksLikeGenaiPerfJson } from './formats/aiperf';
import { looksLikeOrgUsagePage, looksLikeUsageObject, orgUsageParser, usageObjectsParser } from './formats/api-usage';
import { guidellmParser, looksLikeGuidellm } from './formats/guidellm';
import { inferencePerfParser, looksLikeInferencePerf } from './formats/inference-perf';
import { inferencexParser, looksLikeInferencex } from './formats/inferencex';
import { llmperfIndividualParser, llmperfSummaryParser, looksLikeLlmperfRow, looksLikeLlmperfSummary } from './formats/llmperf';
import { looksLikeRequestLogRow, requestLogParser } from './formats/request-log';
import { looksLikeSglang, sglangParser } from './formats/sglang';
import { looksLikeVllm, vllmParser } from './formats/vllm';
import type { FormatId } from './run-schema';

/**
 * Content sniffing (bench-formats.md §9 "Detection heuristics"): the format is chosen from
 * the keys of the first JSON value, never from the file name. Order matters where shapes
 * overlap: SGLang lines also look like vLLM results, so SGLang is tested first.
 */
type Detector = [FormatId, (v: Record<string, unknown>) => boolean];

const OBJECT_FORMATS: Detector[] = [
  ['guidellm', looksLikeGuidellm],
  ['llmperf-summary', looksLikeLlmperfSummary],
  ['aiperf-json', looksLikeAiperfJson],
  ['genai-perf-json', looksLikeGenaiPerfJson],
  ['aiperf-jsonl', looksLikeAiperfRecord],
  ['sglang', looksLikeSglang],
  ['vllm', looksLikeVllm],
  ['inferencex', looksLikeInferencex],
  ['inference-perf', looksLikeInferencePerf],
  ['openai-org-usage', looksLikeOrgUsagePage],
  ['llmperf-individual', looksLikeLlmperfRow],
  ['request-log', looksLikeRequestLogRow],
  ['api-usage', looksLikeUsageObject],
];

/** Formats whose files may be a JSON array of rows/runs; the importer feeds elements one by one. */
const ROW_FORMATS = new Set<FormatId>(['vllm', 'sglang', 'inferencex', 'llmperf-individual', 'request-log', 'api-usage', 'aiperf-jsonl']);

export function isRowFormat(format: FormatId): boolean {
  return ROW_FORMATS.has(format);
}

export function detectValue(value: unknown): FormatId | null {
  if (Array.isArray(value)) {
    const first = value.find((v) => isRecord(v));
    if (!isRecord(first)) return null;
    const f = detectValue(first);
    return f !== null && ROW_FORMATS.has(f) ? f : null;
  }
  if (!isRecord(value)) return null;
  for (const [id, test] of OBJECT_FORMATS) if (test(value)) return id;
  return null;
}

export function createParser(format: FormatId, ctx: FileContext): ValueParser | null {
  switch (format) {
    case 'vllm':
      return vllmParser(ctx);
    case 'sglang':
      return sglangParser(ctx);
    case 'guidellm':
      return guidellmParser(ctx);
    case 'llmperf-summary':
      return llmperfSummaryParser(ctx);
    case 'llmperf-individual':
      return llmperfIndividualParser(ctx);
    case 'aiperf-json':
      return aiperfJsonParser(ctx, 'aiperf-json');
    case 'genai-perf-json':
      return aiperfJsonParser(ctx, 'genai-perf-json');
    case 'aiperf-jsonl':
      return aiperfRecordsParser(ctx);
    case 'inferencex':
      return inferencexParser(ctx);
    case 'inference-perf':
      return inferencePerfParser(ctx);
    case 'request-log':
      return requestLogParser(ctx);
    case 'api-usage':
      return usageObjectsParser(ctx);
    case 'openai-org-usage':
      return orgUsageParser(ctx);
    default:
      return null;
  }
}

/** CSV layouts recognised from the header line. */
export function detectCsvHeader(firstLine: string): 'aiperf-csv' | 'genai-perf-csv' | null {
  const h = firstLine.replace(/\s/g, '').toLowerCase();
  if (h.startsWith('metric,avg,min,max,sum,p1')) return 'aiperf-csv';
  if (h.startsWith('metric,avg,min,max,p99')) return 'genai-perf-csv';
  return null;
}
