import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { registrationKey, type RegistrationView } from './types.ts';

/** The company details, what registration still needs, and the registration's state. */
export const getRegistration = (brandId: number, signal?: AbortSignal) =>
  api<RegistrationView>(`/api/brands/${brandId}/texting/registration`, { signal });

export const registrationQuery = (brandId: number) =>
  queryOptions({ queryKey: registrationKey(brandId), queryFn: ({ signal }) => getRegistration(brandId, signal) });

export const useRegistration = (brandId: number) => useQuery(registrationQuery(brandId));
