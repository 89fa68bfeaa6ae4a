/** The answers of the texting-number page: the generated types of /api/openapi.json, named here. */
import type { ApiAnswer, ApiBody } from '../../../lib/api.ts';

export type RegistrationView = ApiAnswer<'/api/brands/{brandId}/texting/registration'>;
export type Registration = NonNullable<RegistrationView['registration']>;
export type CompanyBody = ApiBody<'/api/brands/{brandId}/texting/registration/settings', 'put'>;
export type CompanyProblems = ApiAnswer<'/api/brands/{brandId}/texting/registration/settings/check', 'post'>;
export type PolicyResult = ApiAnswer<'/api/brands/{brandId}/texting/policy-check', 'post'>;
export type PolicyPage = PolicyResult['pages'][number];

export const registrationKey = (brandId: number) => ['brands', brandId, 'texting', 'registration'] as const;
