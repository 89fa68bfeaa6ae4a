import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { insightsKey, type ApiPeriod, type Insight, type PeriodParams } from './types.ts';

export const INSIGHT_PAGE_SIZE = 20;

export type InsightParams = PeriodParams & { category?: string; tag?: string; offset: number };

/** The brand's insights whose conversations started in the period, most conversations first. */
export const getInsights = (brandId: number, params: InsightParams, signal?: AbortSignal) =>
  api<{ items: Insight[]; total: number; period: ApiPeriod }>(`/api/brands/${brandId}/insights`, {
    query: { ...params, limit: INSIGHT_PAGE_SIZE },
    signal,
  });

export const insightsQuery = (brandId: number, params: InsightParams) =>
  queryOptions({
    queryKey: [...insightsKey(brandId), 'list', params],
    queryFn: ({ signal }) => getInsights(brandId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useInsights = (brandId: number, params: InsightParams) => useQuery(insightsQuery(brandId, params));
