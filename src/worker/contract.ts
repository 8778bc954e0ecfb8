import type { DerivedWorkload } from './aggregate';
import type { UsageReadResult } from './reader';

/**
 * What the usage read answers the page (src/worker/usage-api.ts runs it): each file's status,
 * issues and models, every model, and the derived workload. The rows stay in the worker.
 */
export type UsageFileSummary = Omit<UsageReadResult, 'records' | 'costs'> & { models: string[] };

export interface UsageResult {
  state: 'done';
  files: UsageFileSummary[];
  /** Every model named in the files, largest first by tokens. */
  models: string[];
  derived: DerivedWorkload;
}

export type UsageAnswer = UsageResult | { state: 'cancelled' };

/** How far the read has got, over all files of the request (bytes). */
export interface UsageProgress {
  fileName: string;
  fileIndex: number;
  fileCount: number;
  bytesRead: number;
  totalBytes: number;
}
