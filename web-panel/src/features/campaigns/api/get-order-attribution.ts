import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { OrderAttribution } from './types.ts';

/** Why an order counts as recovered: the rule, the window and each piece of evidence. */
export const getOrderAttribution = (brandId: number, orderId: number, signal?: AbortSignal) =>
  api<OrderAttribution>(`/api/brands/${brandId}/orders/${orderId}/attribution`, { signal });

export const orderAttributionQuery = (brandId: number, orderId: number) =>
  queryOptions({
    queryKey: ['brands', brandId, 'orders', orderId, 'attribution'],
    queryFn: ({ signal }) => getOrderAttribution(brandId, orderId, signal),
    staleTime: 60_000,
  });

export const useOrderAttribution = (brandId: number, orderId: number, enabled: boolean) =>
  useQuery({ ...orderAttributionQuery(brandId, orderId), enabled });
