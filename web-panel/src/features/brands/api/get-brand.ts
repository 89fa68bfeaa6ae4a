import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ApiBrand {
  id: number;
  tenant_id: number;
  name: string;
  domain: string | null;
  industry: string | null;
  is_enabled: boolean;
  timezone: string;
  created_at: string;
  company_website?: string | null;
  support_email?: string | null;
  support_phone?: string | null;
  /** ISO 4217, on one brand's answer. */
  currency?: string;
}

export const getBrand = (brandId: number, signal?: AbortSignal) =>
  api<{ brand: ApiBrand }>(`/api/brands/${brandId}`, { signal }).then((answer) => answer.brand);

export const brandQuery = (brandId: number) =>
  queryOptions({
    queryKey: ['brands', brandId],
    queryFn: ({ signal }) => getBrand(brandId, signal),
    staleTime: 5 * 60_000,
  });

export const useBrandQuery = (brandId: number) => useQuery(brandQuery(brandId));
