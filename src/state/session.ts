import { create } from 'zustand';
import type { CatalogDrift } from '../core/catalog/drift';
import type { RestoreNotice } from '../core/scenario/restore';
import type { Scenario } from '../core/scenario/schema';
import type { LinkError } from '../core/link/share-link';
import type { StorageFailure } from '../platform/idb';

/**
 * Ephemeral state of this tab: which area is open and what happened to the link it was
 * opened with. Not persisted, not shared.
 */
export const areas = ['tco', 'usage', 'hardware', 'benchmarks', 'pilot', 'report'] as const;
export type Area = (typeof areas)[number];

export function isArea(value: string): value is Area {
  return (areas as readonly string[]).includes(value);
}

export type LinkStatus =
  | { kind: 'none' }
  | { kind: 'opened'; notices: RestoreNotice[]; fromVersion: number; previous: Scenario | null }
  // `area`: the area the link opened, so the link offered for copying is the one that came in.
  | { kind: 'broken'; error: LinkError; payload: string; area: Area; showing: 'example' | 'yours' }
  | { kind: 'confirm'; incoming: Scenario; notices: RestoreNotice[]; fromVersion: number; payload: string; area: Area }
  | { kind: 'kept-local'; payload: string; area: Area };

/**
 * Figures of a scenario just opened from a link or a file that differ from today's catalog
 * (`core/catalog/drift`): listed until the user keeps them or takes today's values.
 */
export type DriftStatus =
  { kind: 'none' } | { kind: 'found'; origin: 'link' | 'file'; items: CatalogDrift[] } | { kind: 'applied'; origin: 'link' | 'file'; items: CatalogDrift[] };

export type StorageStatus = { kind: 'ok' } | { kind: 'quarantined'; key: string; reason: string } | { kind: 'write-failed'; reason: StorageFailure };

/** The saved scenario the current inputs were loaded from or last saved to. */
export interface SavedRef {
  id: string;
  revision: number;
  /** JSON of the scenario as saved, to tell whether there are unsaved changes. */
  snapshot: string;
}

interface SessionState {
  area: Area;
  link: LinkStatus;
  drift: DriftStatus;
  storage: StorageStatus;
  saved: SavedRef | null;
  /**
   * `recent`: this tab had no working copy of its own and started from the most recent one of
   * any tab (a new tab), which the page says until dismissed.
   */
  startedFrom: 'recent' | null;
  /** Saved scenarios picked for side-by-side comparison (2 or 3). */
  compareIds: string[];
  /**
   * The user's merges and splits of the imported runs' automatic series grouping (run id →
   * series key), kept for the tab across pages but not in the link: the link stores the chosen
   * series itself, never the raw runs.
   */
  capacityGroupOverrides: Readonly<Record<string, string>>;
  /**
   * What the user says an imported series was measured on, where the file does not (series key
   * → catalog model, GPU and count), for the plan search. Kept for the tab, not in the link; a
   * plan that uses the series carries it into the scenario.
   */
  planSeriesTags: Readonly<Record<string, SeriesTag>>;
  setArea: (area: Area) => void;
  setLink: (link: LinkStatus) => void;
  setDrift: (drift: DriftStatus) => void;
  setStorage: (storage: StorageStatus) => void;
  setSaved: (saved: SavedRef | null) => void;
  setStartedFrom: (from: 'recent' | null) => void;
  setCompareIds: (ids: string[]) => void;
  setCapacityGroupOverrides: (overrides: Readonly<Record<string, string>>) => void;
  setPlanSeriesTags: (tags: Readonly<Record<string, SeriesTag>>) => void;
}

export interface SeriesTag {
  modelId: string | null;
  gpuId: string | null;
  gpus: number | null;
}

export const useSessionStore = create<SessionState>()((set) => ({
  area: 'tco',
  link: { kind: 'none' },
  drift: { kind: 'none' },
  storage: { kind: 'ok' },
  saved: null,
  startedFrom: null,
  compareIds: [],
  capacityGroupOverrides: {},
  planSeriesTags: {},
  setArea: (area) => set({ area }),
  setCapacityGroupOverrides: (capacityGroupOverrides) => set({ capacityGroupOverrides }),
  setPlanSeriesTags: (planSeriesTags) => set({ planSeriesTags }),
  setSaved: (saved) => set({ saved }),
  setStartedFrom: (startedFrom) => set({ startedFrom }),
  setCompareIds: (compareIds) => set({ compareIds }),
  setLink: (link) => set({ link }),
  setDrift: (drift) => set({ drift }),
  setStorage: (storage) => set({ storage }),
}));
