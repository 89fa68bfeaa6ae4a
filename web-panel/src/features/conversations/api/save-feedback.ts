import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { conversationKey } from './get-conversation.ts';
import type { Feedback } from './types.ts';

export interface FeedbackInput {
  messageId: number;
  rating: number | null;
  comment: string | null;
}

/** Rates a message (one feedback per message: saving again updates it). */
export const saveFeedback = (brandId: number, conversationId: number, input: FeedbackInput) =>
  api<{ feedback: Feedback }>(
    `/api/brands/${brandId}/conversations/${conversationId}/messages/${input.messageId}/feedback`,
    {
      method: 'PUT',
      body: { rating: input.rating, comment: input.comment },
    },
  );

export function useSaveFeedback(brandId: number, conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FeedbackInput) => saveFeedback(brandId, conversationId, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKey(brandId, conversationId) }),
        queryClient.invalidateQueries({ queryKey: ['brands', brandId, 'feedback'] }),
      ]),
  });
}
