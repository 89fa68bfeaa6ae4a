import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { conversationKey } from './get-conversation.ts';
import { conversationListsKey } from './get-conversations.ts';

/** Hides a conversation from the default inbox view, or shows it again. */
export const setHidden = (brandId: number, id: number, hidden: boolean) =>
  api<{ conversation: { id: number; is_hidden: boolean } }>(
    `/api/brands/${brandId}/conversations/${id}/${hidden ? 'hide' : 'unhide'}`,
    { method: 'POST', body: {} },
  );

export function useSetHidden(brandId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hidden: boolean) => setHidden(brandId, id, hidden),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKey(brandId, id) }),
        queryClient.invalidateQueries({ queryKey: conversationListsKey(brandId) }),
      ]),
  });
}
