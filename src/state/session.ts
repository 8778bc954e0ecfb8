import { create } from 'zustand';
import type { RestoreNotice } from '../core/scenario/restore';
import type { Scenario } from '../core/scenario/schema';
import type { LinkError } from '../lib/url/share-link';

/**
 * Ephemeral state of this tab: which area is open and what happened to the link it was
 * opened with. Not persisted, not shared.
 */
export const areas = ['tco', 'hardware', 'benchmarks', 'pilot', 'report'] as const;
export type Area = (typeof areas)[number];

export function isArea(value: string): value is Area {
  return (areas as readonly string[]).includes(value);
}

export type LinkStatus =
  | { kind: 'none' }
  | { kind: 'opened'; notices: RestoreNotice[]; fromVersion: number; previous: Scenario | null }
  | { kind: 'broken'; error: LinkError; payload: string; showing: 'example' | 'yours' }
  | { kind: 'confirm'; incoming: Scenario; notices: RestoreNotice[]; fromVersion: number; payload: string }
  | { kind: 'kept-local'; payload: string };

export type StorageStatus =
  | { kind: 'ok' }
  | { kind: 'quarantined'; key: string; reason: string }
  | { kind: 'write-failed'; reason: string };

interface SessionState {
  area: Area;
  link: LinkStatus;
  storage: StorageStatus;
  setArea: (area: Area) => void;
  setLink: (link: LinkStatus) => void;
  setStorage: (storage: StorageStatus) => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  area: 'tco',
  link: { kind: 'none' },
  storage: { kind: 'ok' },
  setArea: (area) => set({ area }),
  setLink: (link) => set({ link }),
  setStorage: (storage) => set({ storage }),
}));
