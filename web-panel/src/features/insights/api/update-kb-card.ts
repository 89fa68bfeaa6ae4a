import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { kbKey, type KbCard } from './types.ts';

export type KbCardPatch = Partial<Pick<KbCard, 'status'>> & { title?: string; content?: string };

/** Changes a card's text or status (publishing, unpublishing and changing a published card are an admin's). */
export const updateKbCard = (brandId: number, cardId: number, body: KbCardPatch) =>
  api<{ card: KbCard }>(`/api/brands/${brandId}/kb/cards/${cardId}`, { method: 'PATCH', body }).then((a) => a.card);

export function useUpdateKbCard(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: KbCardPatch & { id: number }) => updateKbCard(brandId, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kbKey(brandId) }),
  });
}
