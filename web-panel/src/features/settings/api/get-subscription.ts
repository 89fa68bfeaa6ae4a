import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsKey, type Subscription } from './types.ts';

/** The live subscription (else the newest) with its plan; null without one. */
export const getSubscription = (brandId: number, signal?: AbortSignal) =>
  api<{ subscription: Subscription | null }>(`/api/brands/${brandId}/subscription`, { signal });

export const subscriptionQuery = (brandId: number) =>
  queryOptions({
    queryKey: [...settingsKey(brandId), 'subscription'],
    queryFn: ({ signal }) => getSubscription(brandId, signal),
  });

export const useSubscription = (brandId: number) => useQuery(subscriptionQuery(brandId));
