import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './get-workflows.ts';

export interface ScheduledFlow {
  id: number;
  name: string;
  cron: string;
  timezone: string;
  state: string;
  segment: { id: number; name: string } | null;
  message: string;
  runs: Array<{
    run_id: number;
    state: string;
    scheduled_for: string | null;
    targeted: number;
    sent: number;
    held: number;
    failed: number;
    skipped: Record<string, number>;
  }>;
}

export const scheduledFlowQuery = (brandId: number, flowId: number) =>
  queryOptions({
    queryKey: [...workflowsKey(brandId), 'scheduled', flowId],
    queryFn: ({ signal }) =>
      api<{ flow: ScheduledFlow }>(`/api/brands/${brandId}/scheduled-flows/${flowId}`, { signal }).then((a) => a.flow),
  });

export const useScheduledFlow = (brandId: number, flowId: number, enabled: boolean) =>
  useQuery({ ...scheduledFlowQuery(brandId, flowId), enabled });
