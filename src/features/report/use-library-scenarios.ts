import { useQuery } from '@tanstack/react-query';
import { listScenarios } from '../../lib/storage/scenarios-db';

/** Saved scenarios for the compare view (same query key as the library panel, so both stay in step). */
export function useLibraryScenarios() {
  return useQuery({ queryKey: ['saved-scenarios'], queryFn: listScenarios, retry: 0 });
}
