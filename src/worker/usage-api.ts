import { deriveWorkload, type DerivedWorkload, type ProfileChoice } from '../core/usage/aggregate';
import type { UsageCsvMapping } from '../core/usage/csv';
import { loadListPrices, providerOfFormats } from '../core/usage/list-prices';
import { readUsageSource, type UsageReadResult } from '../core/usage/reader';
import { UsageTable } from '../core/usage/table';
import type { CostRecord } from '../core/usage/types';
import type { Workload } from '../core/scenario/schema';
import { blobSource, platformHost } from './benchmarks-api';
import { beginJob } from './jobs';

/**
 * Usage files → the derived workload (src/core/usage). Each file is read chunk by chunk, cut at
 * character boundaries; the records never leave the worker, only the derived figures and each
 * file's status and issues do.
 */
export interface UsageRequest {
  files: Blob[];
  names: string[];
  /** Column mapping per CSV file name (from the page's mapping form); others are recognised by their headers. */
  mappings: Record<string, UsageCsvMapping>;
  timeZone: string;
  /** Models to keep; empty = all. */
  models: string[];
  profile: ProfileChoice;
  current: Workload;
}

export type UsageFileSummary = Omit<UsageReadResult, 'records' | 'costs'> & { models: string[] };

export type UsageAnswer = UsageResult | { state: 'cancelled' };

export interface UsageResult {
  state: 'done';
  files: UsageFileSummary[];
  /** Every model named in the files, largest first by tokens. */
  models: string[];
  derived: DerivedWorkload;
}

export const usageApi = {
  /**
   * Runs as a job: when the page gives up (a new drop, another zone, Cancel), the read stops
   * at its next 1 MiB chunk.
   */
  async deriveUsage(request: UsageRequest, options: { jobId?: string } = {}): Promise<UsageAnswer> {
    const job = beginJob(options.jobId);
    const host = platformHost();
    const records = new UsageTable();
    const costs: CostRecord[] = [];
    const files: UsageFileSummary[] = [];
    for (const [i, blob] of request.files.entries()) {
      const name = request.names[i] ?? `file ${i + 1}`;
      const r = await readUsageSource(blobSource(blob, name), { decoder: host.decoder, cancelled: () => job.signal.aborted }, request.mappings[name] ?? null);
      if (r === null) {
        job.finish('stopped');
        return { state: 'cancelled' };
      }
      const { records: rs, costs: cs, ...summary } = r;
      records.append(rs);
      for (const x of cs) costs.push(x);
      files.push({ ...summary, models: [...rs.models] });
    }
    const tokens = new Map<string, number>();
    for (let i = 0; i < records.length; i++) {
      const m = records.modelAt(i) ?? '';
      tokens.set(m, (tokens.get(m) ?? 0) + (records.input[i] as number) + (records.output[i] as number));
    }
    const models = [...tokens.entries()].sort((a, b) => b[1] - a[1]).map(([m]) => m);
    const priceOf = await loadListPrices(providerOfFormats(files.flatMap((f) => f.formats)));
    const derived = deriveWorkload(records, costs, { timeZone: request.timeZone, models: request.models, profile: request.profile, current: request.current, priceOf });
    job.finish('finished');
    return { state: 'done', files, models, derived };
  },
};
