import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { CompanyBody, CompanyProblems } from './types.ts';

/** The registration service's verdict on the details as they would be saved, field by field; saves nothing. */
export const checkCompany = (brandId: number, body: CompanyBody) =>
  api<CompanyProblems>(`/api/brands/${brandId}/texting/registration/settings/check`, { method: 'POST', body });

export const useCheckCompany = (brandId: number) =>
  useMutation({ mutationFn: (body: CompanyBody) => checkCompany(brandId, body) });
