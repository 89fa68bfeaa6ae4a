import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { PeriodParams, WorkflowPage } from './types.ts';

export const WORKFLOW_PAGE_SIZE = 25;

/** The brand's workflows, newest first, each with its funnel and recovered sales over the period. */
export const getWorkflows = (brandId: number, params: PeriodParams & { offset: number }, signal?: AbortSignal) =>
  api<WorkflowPage>(`/api/brands/${brandId}/workflows`, {
    query: { ...params, limit: WORKFLOW_PAGE_SIZE },
    signal,
  });

/** The key every workflow list of the brand starts with (mutations invalidate it). */
export const workflowsKey = (brandId: number) => ['brands', brandId, 'workflows'] as const;

export const workflowsQuery = (brandId: number, params: PeriodParams & { offset: number }) =>
  queryOptions({
    queryKey: [...workflowsKey(brandId), 'list', params],
    queryFn: ({ signal }) => getWorkflows(brandId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useWorkflows = (brandId: number, params: PeriodParams & { offset: number }) =>
  useQuery(workflowsQuery(brandId, params));
