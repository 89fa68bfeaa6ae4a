import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ConversationDetail } from './types.ts';

/** One conversation with its messages, codes, links and clicks, consent and whether a reply may go. */
export const getConversation = (brandId: number, id: number, signal?: AbortSignal) =>
  api<{ conversation: ConversationDetail }>(`/api/brands/${brandId}/conversations/${id}`, { signal }).then(
    (answer) => answer.conversation,
  );

export const conversationKey = (brandId: number, id: number) =>
  ['brands', brandId, 'conversations', 'detail', id] as const;

export const conversationQuery = (brandId: number, id: number) =>
  queryOptions({
    queryKey: conversationKey(brandId, id),
    queryFn: ({ signal }) => getConversation(brandId, id, signal),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });

export const useConversation = (brandId: number, id: number) => useQuery(conversationQuery(brandId, id));
