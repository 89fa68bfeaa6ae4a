import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './get-workflows.ts';
import type { ScheduledFlow } from './get-scheduled-flow.ts';

export interface NewScheduledFlow {
  segment_id: number;
  cron: string;
  message: string;
  name?: string;
  link_url?: string;
  smart_sending?: boolean;
}

/** Starts a scheduled flow (admins): active at once, it texts the segment at each tick. */
export const createScheduledFlow = (brandId: number, body: NewScheduledFlow) =>
  api<{ flow: ScheduledFlow }>(`/api/brands/${brandId}/scheduled-flows`, { method: 'POST', body }).then((a) => a.flow);

export function useCreateScheduledFlow(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewScheduledFlow) => createScheduledFlow(brandId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowsKey(brandId) }),
  });
}
