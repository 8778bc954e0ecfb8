import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listScenarios, onScenariosChanged } from '../lib/storage/scenarios-db';

export const LIBRARY_KEY = ['saved-scenarios'] as const;

/** The saved scenarios of this browser, refreshed when another tab changes them. */
export function useLibrary() {
  const client = useQueryClient();
  useEffect(() => onScenariosChanged(() => void client.invalidateQueries({ queryKey: LIBRARY_KEY })), [client]);
  return useQuery({ queryKey: LIBRARY_KEY, queryFn: listScenarios, retry: 0 });
}
