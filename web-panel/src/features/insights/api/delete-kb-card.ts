import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { kbKey } from './types.ts';

/** Deletes a card (admins). */
export const deleteKbCard = (brandId: number, cardId: number) =>
  api<{ id: number; deleted: true }>(`/api/brands/${brandId}/kb/cards/${cardId}`, { method: 'DELETE' });

export function useDeleteKbCard(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: number) => deleteKbCard(brandId, cardId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kbKey(brandId) }),
  });
}
