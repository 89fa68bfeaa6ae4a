import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsKey } from './types.ts';

export interface UsageCapAnswer {
  current_cap_usd: number;
  requested_cap_usd: number;
  confirmation_url: string | null;
}

/** Asks Shopify for a higher usage cap; the merchant approves it at the confirmation URL. */
export const raiseUsageCap = (brandId: number, amountUsd: number) =>
  api<UsageCapAnswer>(`/api/brands/${brandId}/subscription/usage-cap`, {
    method: 'POST',
    body: { amount_usd: amountUsd },
  });

export function useRaiseUsageCap(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amountUsd: number) => raiseUsageCap(brandId, amountUsd),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKey(brandId) }),
  });
}
