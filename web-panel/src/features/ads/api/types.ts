/**
 * The ads answers: the generated types of /api/openapi.json (tag "ads", lib/api-types.ts), named
 * here for the gallery. Image URLs are server-relative.
 */
import type { ApiAnswer, ApiItem } from '../../../lib/api.ts';

export type AdSummary = ApiItem<'/api/brands/{brandId}/ads'>;
export type Ad = ApiAnswer<'/api/brands/{brandId}/ads/{adId}'>['ad'];
export type AdConcept = Ad['concepts'][number];
export type AdFile = Ad['files'][number];

export const adsKey = (brandId: number) => ['brands', brandId, 'ads'] as const;
