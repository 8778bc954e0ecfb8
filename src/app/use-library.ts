import { savedScenariosKey, useSavedScenarios } from '../lib/query/library';

export const LIBRARY_KEY = savedScenariosKey;

/** The saved scenarios of this browser, refreshed when another tab changes them. */
export function useLibrary() {
  return useSavedScenarios();
}
