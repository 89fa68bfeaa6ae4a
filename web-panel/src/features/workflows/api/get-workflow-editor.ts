import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What the editor offers (GET /api/brands/:id/workflow-editor). */
export interface WorkflowEditorOptions {
  templates: Array<{
    key: string;
    name: string;
    type: string;
    description: string;
    delay_minutes: number;
    message: string;
    discount: { type: string; value: number; duration_days: number };
  }>;
  rule_fields: Array<{ field: string; kind: 'number' | 'list' | 'text'; operators: string[] }>;
  discount_types: string[];
  placeholders: string[];
  opt_out_line: string;
  permissions: { role: 'admin' | 'member'; activate: boolean; delete: boolean; reason: string | null };
}

export const getWorkflowEditor = (brandId: number, signal?: AbortSignal) =>
  api<WorkflowEditorOptions>(`/api/brands/${brandId}/workflow-editor`, { signal });

export const workflowEditorQuery = (brandId: number) =>
  queryOptions({
    queryKey: ['brands', brandId, 'workflow-editor'],
    queryFn: ({ signal }) => getWorkflowEditor(brandId, signal),
    staleTime: 5 * 60_000,
  });

export const useWorkflowEditor = (brandId: number) => useQuery(workflowEditorQuery(brandId));
