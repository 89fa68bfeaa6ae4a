import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { segmentsKey, type Segment, type SegmentCount } from './types.ts';

export type ListedSegment = Segment & { count: SegmentCount };

export const getSegments = (brandId: number, signal?: AbortSignal) =>
  api<{ items: ListedSegment[]; total: number }>(`/api/brands/${brandId}/segments`, { signal });

export const segmentsQuery = (brandId: number) =>
  queryOptions({
    queryKey: [...segmentsKey(brandId), 'list'],
    queryFn: ({ signal }) => getSegments(brandId, signal),
    placeholderData: keepPreviousData,
  });

export const useSegments = (brandId: number) => useQuery(segmentsQuery(brandId));
