import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { CheckoutDetails } from './types.ts';

export type Subject = { kind: 'checkout' | 'cart'; id: number };

/** The conversation's checkout (or cart) with its items, total and link, and the order placed from it. */
export const getCheckout = (brandId: number, subject: Subject, signal?: AbortSignal) =>
  api<CheckoutDetails>(`/api/brands/${brandId}/${subject.kind}s/${subject.id}`, { signal });

export const checkoutQuery = (brandId: number, subject: Subject | null) =>
  queryOptions({
    queryKey: ['brands', brandId, subject?.kind ?? 'none', subject?.id ?? 0],
    queryFn: ({ signal }) => getCheckout(brandId, subject!, signal),
    enabled: subject !== null,
  });

export const useCheckout = (brandId: number, subject: Subject | null) => useQuery(checkoutQuery(brandId, subject));
