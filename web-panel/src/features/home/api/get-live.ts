import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LiveFeed } from './types.ts';

/** The newest conversations and orders; polled while the page is open. */
export const getLive = (brandId: number, signal?: AbortSignal) =>
  api<LiveFeed>(`/api/brands/${brandId}/stats/live`, { signal });

export const liveQuery = (brandId: number) =>
  queryOptions({
    queryKey: ['brands', brandId, 'stats', 'live'],
    queryFn: ({ signal }) => getLive(brandId, signal),
    refetchInterval: 30_000,
  });

export const useLive = (brandId: number) => useQuery(liveQuery(brandId));
