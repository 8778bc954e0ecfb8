import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listScenarios, onScenariosChanged } from '../storage/scenarios-db';
import { watchStore } from './storage-watch';

/** The saved scenarios of this browser (IndexedDB): one key and one policy for every view. */
export const savedScenariosKey = ['saved-scenarios'] as const;

export function savedScenariosQuery() {
  return queryOptions({ queryKey: savedScenariosKey, queryFn: listScenarios, retry: 0 });
}

/** The saved scenarios, re-read whenever they change (in this tab or another). */
export function useSavedScenarios() {
  const client = useQueryClient();
  useEffect(() => watchStore(client, savedScenariosKey, onScenariosChanged), [client]);
  return useQuery(savedScenariosQuery());
}
