import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { kbKey, type KbCard } from './types.ts';

/** Makes an insight a KB card (a draft); the same card when it already is one (`created` false). */
export const promoteInsight = (brandId: number, insightId: number) =>
  api<{ card: KbCard; created: boolean }>(`/api/brands/${brandId}/insights/${insightId}/kb-card`, {
    method: 'POST',
    body: {},
  });

export function usePromoteInsight(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (insightId: number) => promoteInsight(brandId, insightId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kbKey(brandId) }),
  });
}
