import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A Stripe billing portal session (cards, invoices, billing address): its URL. */
export const openBillingPortal = (brandId: number) =>
  api<{ url: string }>(`/api/brands/${brandId}/billing-portal`, { method: 'POST' });

export const useBillingPortal = (brandId: number) => useMutation({ mutationFn: () => openBillingPortal(brandId) });
