import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ApiAnswer } from '../../../lib/api.ts';

export type ConversationAgent = ApiAnswer<'/api/brands/{brandId}/agent/conversations/{conversationId}'>;
export type AgentDecision = ConversationAgent['decisions'][number];

export const agentKey = (brandId: number, conversationId: number) =>
  ['brands', brandId, 'conversations', 'agent', conversationId] as const;

/** The shopper agent on one conversation: its mode, whether a person has it, its decisions with their sources. */
export const agentQuery = (brandId: number, conversationId: number) =>
  queryOptions({
    queryKey: agentKey(brandId, conversationId),
    queryFn: ({ signal }) =>
      api<ConversationAgent>(`/api/brands/${brandId}/agent/conversations/${conversationId}`, { signal }),
  });

export const useConversationAgent = (brandId: number, conversationId: number) =>
  useQuery(agentQuery(brandId, conversationId));
