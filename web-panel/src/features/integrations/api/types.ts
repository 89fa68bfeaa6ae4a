/** The answers of the integrations page: the generated types of /api/openapi.json, named here. */
import type { ApiAnswer } from '../../../lib/api.ts';

export type SlackLink = ApiAnswer<'/api/brands/{brandId}/integrations/slack'>;
export type SlackChannels = ApiAnswer<'/api/brands/{brandId}/integrations/slack/channels'>;
export type SlackTest = ApiAnswer<'/api/brands/{brandId}/integrations/slack/test', 'post'>;
export type KlaviyoLink = ApiAnswer<'/api/brands/{brandId}/integrations/klaviyo'>;
export type Authorize = ApiAnswer<'/api/brands/{brandId}/integrations/slack/connect', 'post'>;

export const integrationsKey = (brandId: number) => ['brands', brandId, 'integrations'] as const;
