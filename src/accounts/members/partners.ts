/**
 * Partners: an agency or reseller that manages several brands (through partner_tenants).
 * A partner starts 'pending' and becomes 'active' when its first member accepts.
 */
import { AppError } from '../../app/index.ts';
import { withTransaction, type Db, type Handle } from '../../db/index.ts';
import { assertMailAvailable } from '../../notifications/index.ts';
import {
  assertNoAccounts,
  createInvitations,
  inviteEmailsOrFail,
  mailInvitations,
  type InviteContext,
  type Invitation,
} from './invites.ts';
import { parseInviteRole, tenantAttachedMessage } from './rules.ts';
import { findUserById } from '../store/members.ts';
import {
  attachedTenantIds,
  insertPartner,
  insertPartnerTenants,
  listPartnerRows,
  type PartnerListRow,
} from '../store/partners.ts';
import { tenantsOfBrands } from '../store/tenants.ts';

export interface PartnerInviteResult {
  partner: { id: number; name: string; state: 'pending' };
  tenant_ids: number[];
  invited: Invitation[];
  invalid: string[];
}

/** The tenants behind these brands; 'Brand not found' for unknown ones, 'Tenant {names} already exists' when one has a partner. */
async function tenantsToAttach(db: Handle, brandIds: readonly number[]): Promise<number[]> {
  const unique = [...new Set(brandIds)];
  const found = await tenantsOfBrands(db, unique);
  const missing = unique.filter((id) => !found.some((f) => f.brand_id === id));
  if (missing.length)
    throw new AppError('not_found', 'Brand not found', { code: 'brand_not_found', details: { brand_ids: missing } });
  // In the order the brands were given, so the message lists names predictably.
  const tenants = new Map(
    unique.map((id) => found.find((f) => f.brand_id === id)!).map((f) => [f.tenant_id, f.tenant_name]),
  );
  const linked = new Set(await attachedTenantIds(db, [...tenants.keys()]));
  const attached = [...tenants.keys()].filter((id) => linked.has(id));
  if (attached.length) {
    throw new AppError('conflict', tenantAttachedMessage(attached.map((id) => tenants.get(id)!)), {
      code: 'tenant_has_partner',
      details: { tenant_ids: attached },
    });
  }
  return [...tenants.keys()];
}

/**
 * Creates a pending partner with its invited members (disabled users, setup tokens valid 3 days)
 * and links the tenants of the given brands, in one transaction; then mails the invitations.
 */
export async function invitePartner(
  ctx: InviteContext,
  {
    name,
    emails,
    brandIds = [],
    role,
    inviterId,
  }: {
    name: string;
    emails: string | readonly string[];
    brandIds?: readonly number[];
    role?: string;
    inviterId?: number;
  },
): Promise<PartnerInviteResult> {
  const partnerName = name.trim();
  if (!partnerName)
    throw new AppError('invalid_input', 'Give the partner a name (--name).', { code: 'partner_name_required' });
  const parsed = inviteEmailsOrFail(emails);
  const inviteRole = parseInviteRole(role);
  assertMailAvailable(ctx.config);
  const inviter = inviterId === undefined ? undefined : await findUserById(ctx.db, inviterId);
  if (inviterId !== undefined && !inviter)
    throw new AppError('not_found', 'User not found', { code: 'user_not_found' });

  const { partnerId, tenantIds, created } = await withTransaction(ctx.db, async (tx) => {
    const tenantIds = await tenantsToAttach(tx, brandIds);
    await assertNoAccounts(tx, parsed.emails);
    try {
      const partnerId = await insertPartner(tx, { name: partnerName, email: parsed.emails[0] ?? null });
      const created = await createInvitations(tx, {
        kind: 'partner',
        ownerId: partnerId,
        emails: parsed.emails,
        role: inviteRole,
        invitedBy: inviterId,
      });
      await insertPartnerTenants(tx, partnerId, tenantIds);
      return { partnerId, tenantIds, created };
    } catch (error) {
      throw new AppError('internal', 'Failed to create partner', { code: 'create_partner_failed', cause: error });
    }
  });
  ctx.logger.info({ partner_id: partnerId, members: created.length, tenants: tenantIds.length }, 'partner invited');
  const inviterName = inviter
    ? [inviter.given_name, inviter.family_name].filter(Boolean).join(' ') || inviter.email
    : undefined;
  const invited = await mailInvitations(ctx, created, {
    role: inviteRole,
    inviter: inviterName,
    teamName: partnerName,
  });
  return {
    partner: { id: partnerId, name: partnerName, state: 'pending' },
    tenant_ids: tenantIds,
    invited,
    invalid: parsed.invalid,
  };
}

/** Every partner with its state, member count and number of tenants. */
export async function listPartners(db: Db): Promise<PartnerListRow[]> {
  return listPartnerRows(db);
}
