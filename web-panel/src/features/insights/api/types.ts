/**
 * The insight and knowledge-base answers: the generated types of /api/openapi.json (tags
 * "insights", "knowledge base"; lib/api-types.ts), named here for the insight and KB pages.
 */
import type { ApiAnswer, ApiItem } from '../../../lib/api.ts';

export type Insight = ApiItem<'/api/brands/{brandId}/insights'>;
export type ApiPeriod = ApiAnswer<'/api/brands/{brandId}/insights'>['period'];
export type InsightCount = ApiAnswer<'/api/brands/{brandId}/stats/insights'>['counts'][number];
export type InsightMessage = ApiItem<'/api/brands/{brandId}/insights/messages'>;
export type KbCard = ApiItem<'/api/brands/{brandId}/kb/cards'>;
export type Escalation = ApiItem<'/api/brands/{brandId}/escalations'>;

export interface PeriodParams {
  from: string;
  to: string;
  tz: string;
}

export const insightsKey = (brandId: number) => ['brands', brandId, 'insights'] as const;
export const kbKey = (brandId: number) => ['brands', brandId, 'kb'] as const;
