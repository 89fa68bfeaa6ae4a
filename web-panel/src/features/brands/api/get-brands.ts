import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ApiBrand } from './get-brand.ts';

export interface BrandPage {
  items: ApiBrand[];
  total: number;
  offset: number;
  limit: number;
}

export interface BrandsParams {
  q?: string;
  offset?: number;
  limit?: number;
}

export const getBrands = (params: BrandsParams, signal?: AbortSignal) =>
  api<BrandPage>('/api/brands', { query: { ...params }, signal });

export const brandsQuery = (params: BrandsParams) =>
  queryOptions({
    queryKey: ['brands', 'list', params],
    queryFn: ({ signal }) => getBrands(params, signal),
    placeholderData: keepPreviousData,
  });

export const useBrandsQuery = (params: BrandsParams) => useQuery(brandsQuery(params));
