/**
 * The analytics answers the home page reads: the generated types of /api/openapi.json (tag
 * "stats", lib/api-types.ts), named here for the home page's components.
 */
import type { ApiAnswer } from '../../../lib/api.ts';

export type BrandStats = ApiAnswer<'/api/brands/{brandId}/stats/brand'>;
export type ApiPeriod = BrandStats['current'];
export type Metric = BrandStats['metrics'][number];
export type MetricValue = Metric['current'];
export type SeriesPoint = NonNullable<BrandStats['series']>[number];

export type WorkflowStats = ApiAnswer<'/api/brands/{brandId}/stats/workflows'>;
export type WorkflowFunnel = WorkflowStats['workflows'][number];
export type Figure = WorkflowFunnel['outcomes'][number];

export type LiftStats = ApiAnswer<'/api/brands/{brandId}/stats/lift'>;
export type LiftSide = LiftStats['texted'];

export type LiveFeed = ApiAnswer<'/api/brands/{brandId}/stats/live'>;

/** The period a report is asked for: local days in the brand's time zone. */
export interface PeriodParams {
  from: string;
  to: string;
  tz: string;
}
