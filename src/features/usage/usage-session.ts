import { create } from 'zustand';
import type { Scenario, UsageSource, Workload } from '../../core/scenario/schema';
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
  /**
   * The last "Use as workload": what it changed against the hand-entered workload, that workload
   * (undo goes back to it, also after applying other files on top), and the source it applied.
   */
  applied: { changes: AppliedChange[]; previous: Pick<Scenario, 'workload' | 'usage'>; source: UsageSource | null } | null;
  undone: boolean;
  /** The files are the bundled example (shown labelled as example data), not the user's own. */
  example: boolean;
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
  example: false,
  set: (patch) => set(patch),
}));
