import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { setPartReload } from '../components/part-boundary';
import { queryClient } from '../lib/query/compute';
import { reloadKeepingWork } from './reload';
import { Shell } from './shell';

// "Reload" in a failed part's message stores the working copy first.
setPartReload(reloadKeepingWork);

export function App() {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Shell />
      </QueryClientProvider>
    </StrictMode>
  );
}
