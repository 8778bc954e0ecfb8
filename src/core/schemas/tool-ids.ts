import { z } from 'zod';

/**
 * The load-test tools a run can come from: part of the normalised run record
 * (benchmarks/run-schema.ts) and of a published measurement's source (catalog), so it sits
 * below both.
 */
export const toolIds = [
  'vllm',
  'sglang',
  'guidellm',
  'llmperf',
  'aiperf',
  'genai-perf',
  'inferencex',
  'inference-perf',
  'client-log',
  'api-usage',
  'csv',
] as const;
export const toolIdSchema = z.enum(toolIds);
export type ToolId = z.infer<typeof toolIdSchema>;
