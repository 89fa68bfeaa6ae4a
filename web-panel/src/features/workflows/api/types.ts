/**
 * The workflow answers: the generated types of /api/openapi.json (tags "workflows" and "stats",
 * lib/api-types.ts), named here for the workflow pages.
 */
import type { ApiAnswer, ApiItem } from '../../../lib/api.ts';

export interface Rule {
  field: string;
  operator: string;
  value: unknown;
}

/** The API declares a workflow's rules as any JSON object; the panel reads this shape of it. */
export interface WorkflowRules {
  condition?: string;
  rules?: Rule[];
  main_rule?: Rule | null;
}

type ApiWorkflow = ApiAnswer<'/api/brands/{brandId}/workflows/{workflowId}'>['workflow'];
export type Workflow = Omit<ApiWorkflow, 'rules'> & { rules: WorkflowRules | null };
export type Discount = NonNullable<Workflow['discount']>;
export type WorkflowListItem = Omit<ApiItem<'/api/brands/{brandId}/workflows'>, 'rules'> & {
  rules: WorkflowRules | null;
};
export type WorkflowPage = Omit<ApiAnswer<'/api/brands/{brandId}/workflows'>, 'items'> & { items: WorkflowListItem[] };
export type WorkflowStats = ApiAnswer<'/api/brands/{brandId}/stats/workflows'>;
export type ApiPeriod = WorkflowStats['current'];
export type Funnel = Omit<WorkflowStats['workflows'][number], 'workflow'>;
export type Figure = Funnel['outcomes'][number];

/** Local days in the brand's time zone. */
export interface PeriodParams {
  from: string;
  to: string;
  tz: string;
}
