/**
 * The campaigns answers: the generated types of /api/openapi.json (tag "campaigns",
 * lib/api-types.ts), named here for the campaign pages.
 */
import type { ApiItem } from '../../../lib/api.ts';

export type Campaign = ApiItem<'/api/brands/{brandId}/campaigns'>;
export type CampaignProgress = Campaign['progress'];
export type CampaignState = CampaignProgress['state'];

export const campaignsKey = (brandId: number) => ['brands', brandId, 'campaigns'] as const;
