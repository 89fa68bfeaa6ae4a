import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { kbKey, type KbCard } from './types.ts';

export const KB_PAGE_SIZE = 20;

export interface KbParams {
  /** Search words; empty lists the cards (highest weight first, then newest). */
  q: string;
  status?: KbCard['status'];
  offset: number;
}

export interface KbAnswer {
  items: KbCard[];
  total: number;
  /** Search only: words of 2 characters or fewer that were left out. */
  ignored?: string[];
}

/** The brand's KB cards, or the ranked search when there are words. */
export const getKbCards = (brandId: number, params: KbParams, signal?: AbortSignal): Promise<KbAnswer> =>
  params.q.trim()
    ? api<KbAnswer>(`/api/brands/${brandId}/kb/search`, {
        query: { q: params.q.trim(), status: params.status, limit: 100 },
        signal,
      })
    : api<KbAnswer>(`/api/brands/${brandId}/kb/cards`, {
        query: { status: params.status, offset: params.offset, limit: KB_PAGE_SIZE },
        signal,
      });

export const kbCardsQuery = (brandId: number, params: KbParams) =>
  queryOptions({
    queryKey: [...kbKey(brandId), params],
    queryFn: ({ signal }) => getKbCards(brandId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useKbCards = (brandId: number, params: KbParams) => useQuery(kbCardsQuery(brandId, params));
