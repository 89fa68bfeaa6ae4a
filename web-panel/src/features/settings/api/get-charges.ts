import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsKey, type ChargePage } from './types.ts';

export const CHARGE_PAGE_SIZE = 25;

/** The brand's charges, newest first, with the total of every charge. */
export const getCharges = (brandId: number, offset: number, signal?: AbortSignal) =>
  api<ChargePage>(`/api/brands/${brandId}/charges`, { query: { offset, limit: CHARGE_PAGE_SIZE }, signal });

export const chargesQuery = (brandId: number, offset: number) =>
  queryOptions({
    queryKey: [...settingsKey(brandId), 'charges', offset],
    queryFn: ({ signal }) => getCharges(brandId, offset, signal),
    placeholderData: keepPreviousData,
  });

export const useCharges = (brandId: number, offset: number) => useQuery(chargesQuery(brandId, offset));
