import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client.ts';
import type { ConversationSummary, Page } from './types.ts';

/** The brand's conversations, newest first, as the filters select them (phones masked). */
export const getConversations = (brandId: number, query: Query, signal?: AbortSignal) =>
  api<Page<ConversationSummary>>(`/api/brands/${brandId}/conversations`, { query, signal });

/** Every list of the brand's conversations starts with this key (mutations invalidate it). */
export const conversationListsKey = (brandId: number) => ['brands', brandId, 'conversations', 'list'] as const;

export const conversationsQuery = (brandId: number, query: Query) =>
  queryOptions({
    queryKey: [...conversationListsKey(brandId), query],
    queryFn: ({ signal }) => getConversations(brandId, query, signal),
    placeholderData: keepPreviousData,
  });

export const useConversations = (brandId: number, query: Query) => useQuery(conversationsQuery(brandId, query));
