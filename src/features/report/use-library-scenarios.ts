import { useSavedScenarios } from '../../lib/query/library';

/** Saved scenarios for the compare view (the same query as the library panel, so both stay in step). */
export function useLibraryScenarios() {
  return useSavedScenarios();
}
