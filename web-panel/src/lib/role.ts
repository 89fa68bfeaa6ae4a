/**
 * The caller's role in a brand and what it may do (GET /api/brands/:id/role): the panel hides or
 * disables a control the user may not use and says why, with the API's own reason (the same words
 * a refused write answers with).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

export type AdminAction =
  | 'workflow.activate'
  | 'workflow.delete'
  | 'flow.start'
  | 'kb.publish'
  | 'kb.edit_published'
  | 'kb.delete'
  | 'agent.settings'
  | 'billing.manage'
  | 'team.manage'
  | 'texting.register'
  | 'integrations.manage';

export interface BrandRole {
  role: 'admin' | 'member';
  actions: Array<{ action: AdminAction; allowed: boolean; reason: string | null }>;
}

export const brandRoleQuery = (brandId: number) =>
  queryOptions({
    queryKey: ['brands', brandId, 'role'],
    queryFn: ({ signal }) => api<BrandRole>(`/api/brands/${brandId}/role`, { signal }),
    staleTime: 5 * 60_000,
  });

export const useBrandRole = (brandId: number) => useQuery(brandRoleQuery(brandId));

/** Whether the action is allowed, and the reason when not; allowed until the role is known is false. */
export function ability(role: BrandRole | undefined, action: AdminAction): { allowed: boolean; reason: string | null } {
  const found = role?.actions.find((a) => a.action === action);
  if (!found) return { allowed: false, reason: role ? null : 'Checking what you may do…' };
  return { allowed: found.allowed, reason: found.reason };
}
