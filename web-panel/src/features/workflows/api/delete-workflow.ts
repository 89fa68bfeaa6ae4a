import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './get-workflows.ts';

/** Deletes a workflow (admins); its conversations and orders stay, without it. */
export const deleteWorkflow = (brandId: number, workflowId: number) =>
  api<{ deleted: { id: number; name: string } }>(`/api/brands/${brandId}/workflows/${workflowId}`, {
    method: 'DELETE',
  }).then((a) => a.deleted);

export function useDeleteWorkflow(brandId: number, workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteWorkflow(brandId, workflowId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowsKey(brandId) }),
  });
}
