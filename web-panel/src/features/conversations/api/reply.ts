import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { conversationKey } from './get-conversation.ts';
import { conversationListsKey } from './get-conversations.ts';
import type { Message } from './types.ts';

export interface ReplyAnswer {
  message: Message;
  conversational: boolean;
  outcome: 'sent' | 'held' | 'skipped' | 'failed';
}

/** Sends an agent's text (the signed-in user is its author). */
export const sendReply = (brandId: number, id: number, body: string) =>
  api<ReplyAnswer>(`/api/brands/${brandId}/conversations/${id}/reply`, { method: 'POST', body: { body } });

/** The reply changes the thread and the lists (last message, shown again, read). */
export function useReply(brandId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendReply(brandId, id, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKey(brandId, id) }),
        queryClient.invalidateQueries({ queryKey: conversationListsKey(brandId) }),
      ]),
  });
}
