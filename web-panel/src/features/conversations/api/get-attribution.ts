import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { OrderAttribution } from './types.ts';

/** Why the brand is billed (or not) for an order: the rule, the window and each piece of evidence. */
export const getAttribution = (brandId: number, orderId: number, signal?: AbortSignal) =>
  api<OrderAttribution>(`/api/brands/${brandId}/orders/${orderId}/attribution`, { signal });

export const attributionQuery = (brandId: number, orderId: number | null) =>
  queryOptions({
    queryKey: ['brands', brandId, 'orders', orderId ?? 0, 'attribution'],
    queryFn: ({ signal }) => getAttribution(brandId, orderId!, signal),
    enabled: orderId !== null,
  });

export const useAttribution = (brandId: number, orderId: number | null) => useQuery(attributionQuery(brandId, orderId));
