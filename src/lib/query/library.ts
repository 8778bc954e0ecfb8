import { mutationOptions, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { deleteScenario, duplicateScenario, listScenarios, onScenariosChanged, renameScenario, saveScenario } from '../storage/scenarios-db';
import type { ScenarioFileAnswer } from '../../worker/contract';
import { compute } from './compute';
import { rereadOnSettled, watchStore } from './storage-watch';

/** The saved scenarios of this browser (IndexedDB): one key and one policy for every view. */
export const savedScenarioKeys = {
  all: ['saved-scenarios'] as const,
};

export function savedScenariosQuery() {
  return queryOptions({ queryKey: savedScenarioKeys.all, queryFn: listScenarios, retry: 0 });
}

/** The saved scenarios, re-read whenever they change (in this tab or another). */
export function useSavedScenarios() {
  const client = useQueryClient();
  useEffect(() => watchStore(client, savedScenarioKeys.all, onScenariosChanged), [client]);
  return useQuery(savedScenariosQuery());
}

/** A scenario file's text read (parsed, migrated, restored) in the worker, off the page's thread. */
export function readScenarioFile(text: string): Promise<ScenarioFileAnswer> {
  return compute.readScenarioFile(text, {});
}

/*
 * The writes. Each answers the store's result (a conflict or a storage failure is an answer, not
 * an error) and re-reads the saved scenarios once it has settled.
 */

/** Saves the scenario as a new one, or over `id` while its revision is still `expectedRevision` (or with `force`). */
export function saveScenarioMutation() {
  return mutationOptions({ mutationFn: (input: Parameters<typeof saveScenario>[0]) => saveScenario(input), ...rereadOnSettled(savedScenarioKeys.all) });
}

export function renameScenarioMutation() {
  return mutationOptions({ mutationFn: ({ id, name }: { id: string; name: string }) => renameScenario(id, name), ...rereadOnSettled(savedScenarioKeys.all) });
}

export function duplicateScenarioMutation() {
  return mutationOptions({
    mutationFn: ({ id, copySuffix }: { id: string; copySuffix: string }) => duplicateScenario(id, copySuffix),
    ...rereadOnSettled(savedScenarioKeys.all),
  });
}

export function deleteScenarioMutation() {
  return mutationOptions({ mutationFn: (id: string) => deleteScenario(id), ...rereadOnSettled(savedScenarioKeys.all) });
}
