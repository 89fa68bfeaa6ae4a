import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { segmentsKey, type Group, type SegmentCount } from './types.ts';

export type PreviewInput = { filter: Group } | { segment_id: number; smart_sending?: boolean };

/** The live count of a tree not saved yet, or of a saved segment (POST: the tree is a body). */
export const previewSegment = (brandId: number, body: PreviewInput, signal?: AbortSignal) =>
  api<SegmentCount>(`/api/brands/${brandId}/segments/preview`, { method: 'POST', body, signal });

export const segmentPreviewQuery = (brandId: number, body: PreviewInput | null) =>
  queryOptions({
    queryKey: [...segmentsKey(brandId), 'preview', body],
    queryFn: ({ signal }) => previewSegment(brandId, body!, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });

export const useSegmentPreview = (brandId: number, body: PreviewInput | null) =>
  useQuery(segmentPreviewQuery(brandId, body));
