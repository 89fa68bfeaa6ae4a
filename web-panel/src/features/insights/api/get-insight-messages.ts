import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { insightsKey, type InsightMessage } from './types.ts';

export const EXAMPLE_MESSAGES = 3;

/** The newest shopper messages behind one insight (its examples). */
export const getInsightMessages = (brandId: number, insightId: number, signal?: AbortSignal) =>
  api<{ items: InsightMessage[]; total: number }>(`/api/brands/${brandId}/insights/messages`, {
    query: { brand_insight_id: insightId, limit: EXAMPLE_MESSAGES },
    signal,
  });

export const insightMessagesQuery = (brandId: number, insightId: number, enabled: boolean) =>
  queryOptions({
    queryKey: [...insightsKey(brandId), 'messages', insightId],
    queryFn: ({ signal }) => getInsightMessages(brandId, insightId, signal),
    enabled,
  });

export const useInsightMessages = (brandId: number, insightId: number, enabled: boolean) =>
  useQuery(insightMessagesQuery(brandId, insightId, enabled));
