import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Order, Page } from './types.ts';

/** The shopper's latest orders, newest first. */
export const getContactOrders = (brandId: number, contactId: number, signal?: AbortSignal) =>
  api<Page<Order>>(`/api/brands/${brandId}/contacts/${contactId}/orders`, { query: { limit: 5 }, signal });

export const contactOrdersKey = (brandId: number, contactId: number) =>
  ['brands', brandId, 'contacts', contactId, 'orders'] as const;

export const contactOrdersQuery = (brandId: number, contactId: number | null) =>
  queryOptions({
    queryKey: contactOrdersKey(brandId, contactId ?? 0),
    queryFn: ({ signal }) => getContactOrders(brandId, contactId!, signal),
    enabled: contactId !== null,
  });

export const useContactOrders = (brandId: number, contactId: number | null) =>
  useQuery(contactOrdersQuery(brandId, contactId));
