import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { PeriodParams, WorkflowStats } from './types.ts';

/** Each workflow's funnel, outcomes and recovered orders over the period. */
export const getWorkflowStats = (brandId: number, period: PeriodParams, signal?: AbortSignal) =>
  api<WorkflowStats>(`/api/brands/${brandId}/stats/workflows`, { query: { ...period }, signal });

export const workflowStatsQuery = (brandId: number, period: PeriodParams) =>
  queryOptions({
    queryKey: ['brands', brandId, 'stats', 'workflows', period],
    queryFn: ({ signal }) => getWorkflowStats(brandId, period, signal),
    placeholderData: keepPreviousData,
  });

export const useWorkflowStats = (brandId: number, period: PeriodParams) =>
  useQuery(workflowStatsQuery(brandId, period));
