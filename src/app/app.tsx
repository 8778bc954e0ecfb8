import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { queryClient } from '../lib/query/compute';
import { Shell } from './shell';

export function App() {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Shell />
      </QueryClientProvider>
    </StrictMode>
  );
}
