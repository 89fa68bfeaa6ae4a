import type { TenantSetupResult } from '../../accounts/index.ts';

/** `tenant setup --json`: the ids and whether they were created (not how the user was found). */
export function tenantSetupJson(result: TenantSetupResult): Omit<TenantSetupResult, 'reused_user'> {
  const { reused_user: _reused, ...ids } = result;
  return ids;
}

/** `tenant setup`: what was set up, or that the lead already was. */
export const tenantSetup = (result: TenantSetupResult): string =>
  [
    result.created ? `Set up lead ${result.lead_id}:` : `Lead ${result.lead_id} was already set up; nothing changed:`,
    `  tenant ${result.tenant_id}, user ${result.user_id}${result.reused_user ? ' (existing user)' : ''}, brand ${result.brand_id}`,
  ].join('\n');
