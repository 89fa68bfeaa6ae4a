import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { segmentsKey, type Group, type Segment } from './types.ts';

export const createSegment = (brandId: number, body: { name: string; filter: Group }) =>
  api<{ segment: Segment }>(`/api/brands/${brandId}/segments`, { method: 'POST', body }).then((a) => a.segment);

export const updateSegment = (brandId: number, id: number, body: { name?: string; filter?: Group }) =>
  api<{ segment: Segment }>(`/api/brands/${brandId}/segments/${id}`, { method: 'PATCH', body }).then((a) => a.segment);

export const deleteSegment = (brandId: number, id: number) =>
  api<{ deleted: { id: number; name: string } }>(`/api/brands/${brandId}/segments/${id}`, { method: 'DELETE' });

/** Save: a new segment, or a change of a saved one (id); the list is read again. */
export function useSaveSegment(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id?: number; name?: string; filter?: Group }) =>
      id === undefined
        ? createSegment(brandId, body as { name: string; filter: Group })
        : updateSegment(brandId, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentsKey(brandId) }),
  });
}

export function useDeleteSegment(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteSegment(brandId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentsKey(brandId) }),
  });
}
