import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { insightsKey, type ApiPeriod, type InsightCount, type PeriodParams } from './types.ts';

/** Conversations and shopper messages by category and tag over the period. */
export const getInsightCounts = (brandId: number, period: PeriodParams, signal?: AbortSignal) =>
  api<{ period: ApiPeriod; counts: InsightCount[] }>(`/api/brands/${brandId}/stats/insights`, {
    query: { ...period },
    signal,
  });

export const insightCountsQuery = (brandId: number, period: PeriodParams) =>
  queryOptions({
    queryKey: [...insightsKey(brandId), 'counts', period],
    queryFn: ({ signal }) => getInsightCounts(brandId, period, signal),
    placeholderData: keepPreviousData,
  });

export const useInsightCounts = (brandId: number, period: PeriodParams) =>
  useQuery(insightCountsQuery(brandId, period));
