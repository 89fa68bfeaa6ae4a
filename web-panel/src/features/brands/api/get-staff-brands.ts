import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface StaffBrand {
  id: number;
  name: string;
  domain: string | null;
  tenant_id: number;
  industry: string | null;
  total_earnings: string;
  recovered_orders: number;
}

export interface StaffBrandsParams {
  search?: string;
  offset?: number;
  limit?: number;
}

/** Staff only: every brand by total earnings. */
export const getStaffBrands = (params: StaffBrandsParams, signal?: AbortSignal) =>
  api<{ items: StaffBrand[]; total: number; offset: number; limit: number }>('/api/staff/brands', {
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
