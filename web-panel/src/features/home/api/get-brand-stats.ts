import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { BrandStats, PeriodParams } from './types.ts';

/** Every metric of the period against the previous one, with the chart's points (API granularity). */
export const getBrandStats = (brandId: number, period: PeriodParams, signal?: AbortSignal) =>
  api<BrandStats>(`/api/brands/${brandId}/stats/brand`, { query: { ...period, chart: true }, signal });

export const brandStatsQuery = (brandId: number, period: PeriodParams) =>
  queryOptions({
    queryKey: ['brands', brandId, 'stats', 'brand', period],
    queryFn: ({ signal }) => getBrandStats(brandId, period, signal),
    placeholderData: keepPreviousData,
  });

export const useBrandStats = (brandId: number, period: PeriodParams) => useQuery(brandStatsQuery(brandId, period));
