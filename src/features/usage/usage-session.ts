import { create } from 'zustand';
import type { Scenario, Workload } from '../../core/scenario/schema';
import type { ProfileChoice } from '../../core/usage/aggregate';
import type { UsageCsvMapping } from '../../core/usage/csv';

/**
 * The usage page's own inputs for this session (not in the scenario, not shared): the dropped
 * files, the chosen zone, profile and models, and the workload before the last "Use as
 * workload" so that it can be undone after visiting the TCO page. Results are never kept here;
 * they come from the worker through the usage query.
 */
export interface AppliedChange {
  field: keyof Workload;
  before: string;
  after: string;
}

interface UsageSession {
  files: File[];
  timeZone: string | null;
  profile: ProfileChoice;
  models: string[];
  /** Column mappings the user chose, per CSV file name. */
  mappings: Record<string, UsageCsvMapping>;
  applied: { changes: AppliedChange[]; previous: Pick<Scenario, 'workload' | 'usage'> } | null;
  undone: boolean;
  set: (patch: Partial<Omit<UsageSession, 'set'>>) => void;
}

export const useUsageSession = create<UsageSession>()((set) => ({
  files: [],
  timeZone: null,
  profile: 'median',
  models: [],
  mappings: {},
  applied: null,
  undone: false,
  set: (patch) => set(patch),
}));
