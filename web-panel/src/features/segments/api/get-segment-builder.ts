import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { segmentsKey, type SegmentBuilder } from './types.ts';

export const getSegmentBuilder = (brandId: number, signal?: AbortSignal) =>
  api<SegmentBuilder>(`/api/brands/${brandId}/segment-builder`, { signal });

export const segmentBuilderQuery = (brandId: number) =>
  queryOptions({
    queryKey: [...segmentsKey(brandId), 'builder'],
    queryFn: ({ signal }) => getSegmentBuilder(brandId, signal),
    staleTime: 10 * 60_000,
  });

export const useSegmentBuilder = (brandId: number) => useQuery(segmentBuilderQuery(brandId));
