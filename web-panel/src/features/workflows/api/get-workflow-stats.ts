import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './get-workflows.ts';
import type { PeriodParams, WorkflowStats } from './types.ts';

/** One workflow's funnel, outcomes and orders over the period, against the previous period. */
export const getWorkflowStats = (brandId: number, workflowId: number, period: PeriodParams, signal?: AbortSignal) =>
  api<WorkflowStats>(`/api/brands/${brandId}/stats/workflows`, {
    query: { ...period, workflow_id: workflowId },
    signal,
  });

export const workflowStatsQuery = (brandId: number, workflowId: number, period: PeriodParams) =>
  queryOptions({
    queryKey: [...workflowsKey(brandId), 'stats', workflowId, period],
    queryFn: ({ signal }) => getWorkflowStats(brandId, workflowId, period, signal),
    placeholderData: keepPreviousData,
  });

export const useWorkflowStats = (brandId: number, workflowId: number, period: PeriodParams) =>
  useQuery(workflowStatsQuery(brandId, workflowId, period));
