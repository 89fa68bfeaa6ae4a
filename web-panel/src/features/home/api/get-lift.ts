import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LiftStats } from './types.ts';

/** Recovery rate of texted carts against held-out carts between two instants. */
export const getLift = (brandId: number, range: { since: string; until: string }, signal?: AbortSignal) =>
  api<LiftStats>(`/api/brands/${brandId}/stats/lift`, { query: range, signal });

export const liftQuery = (brandId: number, range: { since: string; until: string } | null) =>
  queryOptions({
    queryKey: ['brands', brandId, 'stats', 'lift', range],
    queryFn: ({ signal }) => getLift(brandId, range!, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });

export const useLift = (brandId: number, range: { since: string; until: string } | null) =>
  useQuery(liftQuery(brandId, range));
