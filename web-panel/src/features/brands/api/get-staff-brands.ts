import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ApiAnswer, ApiItem } from '../../../lib/api.ts';

export type StaffBrand = ApiItem<'/api/staff/brands'>;

export interface StaffBrandsParams {
  search?: string;
  offset?: number;
  limit?: number;
}

/** Staff only: every brand by total earnings. */
export const getStaffBrands = (params: StaffBrandsParams, signal?: AbortSignal) =>
  api<ApiAnswer<'/api/staff/brands'>>('/api/staff/brands', {
    query: { ...params },
    signal,
  });

export const staffBrandsQuery = (params: StaffBrandsParams, enabled: boolean) =>
  queryOptions({
    queryKey: ['staff', 'brands', params],
    queryFn: ({ signal }) => getStaffBrands(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useStaffBrandsQuery = (params: StaffBrandsParams, enabled: boolean) =>
  useQuery(staffBrandsQuery(params, enabled));
