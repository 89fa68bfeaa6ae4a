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

/**
 * How many conversations the same filters would add when hidden ones were shown too (the inbox
 * says so under its default "Visible" filter); asked only while that filter hides them.
 */
export const useHiddenCount = (brandId: number, query: Query, enabled: boolean) =>
  useQuery({
    ...conversationsQuery(brandId, { ...query, is_hidden: true, offset: 0, limit: 1 }),
    enabled,
    select: (page) => page.total,
  });
