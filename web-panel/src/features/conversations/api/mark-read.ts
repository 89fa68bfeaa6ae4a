import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { conversationListsKey } from './get-conversations.ts';

/** Marks the conversation read by the signed-in user (the list's unread marker goes). */
export const markRead = (brandId: number, id: number) =>
  api<{ conversation: { id: number } }>(`/api/brands/${brandId}/conversations/${id}/read`, {
    method: 'POST',
    body: {},
  });

export function useMarkRead(brandId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markRead(brandId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationListsKey(brandId) }),
  });
}
