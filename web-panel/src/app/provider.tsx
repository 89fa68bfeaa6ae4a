/**
 * The app's providers: one QueryClient. A 4xx is never retried (a 401 was already refreshed once
 * by the API client). Lists and reports opt in to `placeholderData: keepPreviousData` so the
 * previous figures stay on screen while a new period loads; the brand shell remounts its pages on
 * a brand change, so one brand's figures never stand in for another's. Sign-out clears the cache.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
