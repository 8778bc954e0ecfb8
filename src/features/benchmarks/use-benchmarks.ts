import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { BenchRun, MetricId, SloLimits } from '../../core/benchmarks/run-schema';
import {
  cdfsQuery,
  clearQuarantineMutation,
  deleteFileMutation,
  deleteRunMutation,
  goodputQuery,
  importFilesMutation,
  loadPublishedSeriesMutation,
  saveSloMutation,
  sloLimitsQuery,
  warmImportHelpers,
} from '../../lib/query/benchmarks';

/**
 * Data of the benchmarks page (factories in `src/lib/query/benchmarks.ts`): the stored runs
 * (IndexedDB, through TanStack Query; `useStoredRunsQuery`), the import (a worker job with a
 * progress callback and cancel), goodput and CDFs (worker queries that read the per-request data
 * in the worker; it never passes through the main thread). Every write re-reads the stored runs.
 */

/** Imports files in the worker, then stores every file that yielded runs. */
export function useImportFiles() {
  return useMutation(importFilesMutation());
}

/**
 * The import's helper threads, started once the import panel is on screen and the page is idle
 * (the first file then does not wait for them); `warm` starts them again before a file comes
 * (dragged over, picker opened), as idle helpers end after a minute.
 */
export function useWarmImportHelpers(): () => void {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(warmImportHelpers, 1000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(warmImportHelpers, { timeout: 3000 });
    return () => cancelIdleCallback(idle);
  }, []);
  return warmImportHelpers;
}

/** Stores a series of the library of published measurements as runs. */
export function useLoadPublishedExample() {
  return useMutation(loadPublishedSeriesMutation());
}

/** Deleting a run or a file and clearing the quarantine. */
export function useRunWrites() {
  return {
    deleteRun: useMutation(deleteRunMutation()),
    deleteFile: useMutation(deleteFileMutation()),
    clearQuarantine: useMutation(clearQuarantineMutation()),
  };
}

export function useSloLimits() {
  return useQuery(sloLimitsQuery());
}

export function useSaveSlo() {
  return useMutation(saveSloMutation());
}

/** Goodput of the runs that have per-request data, under the current limits. */
export function useGoodput(runs: readonly BenchRun[], limits: SloLimits | undefined) {
  return useQuery(goodputQuery(runs, limits));
}

export function useCdfs(runs: readonly BenchRun[], metric: MetricId) {
  return useQuery(cdfsQuery(runs, metric));
}
