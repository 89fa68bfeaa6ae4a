import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './get-workflows.ts';

/** A keyword flow's sms: link and QR code (made on the server), or why there is none yet. */
export interface KeywordLink {
  keyword: string;
  number: string | null;
  link: string | null;
  qr_svg: string | null;
  qr_png: string | null;
  problem: string | null;
}

export const keywordLinkQuery = (brandId: number, flowId: number) =>
  queryOptions({
    queryKey: [...workflowsKey(brandId), 'keyword-link', flowId],
    queryFn: ({ signal }) => api<KeywordLink>(`/api/brands/${brandId}/keyword-flows/${flowId}/link`, { signal }),
  });

export const useKeywordLink = (brandId: number, flowId: number, enabled: boolean) =>
  useQuery({ ...keywordLinkQuery(brandId, flowId), enabled });
