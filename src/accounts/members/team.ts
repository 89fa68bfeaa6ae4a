/**
 * A brand's team (Settings → Team): the members of the brand's tenant with role and state, and
 * for a partner user the members of its partner that manages the brand. Inviting, re-inviting,
 * changing a role and suspending are a brand admin's (roles/rules.ts, 'team.manage'); the
 * invitations are the CLI's (invites.ts: the same setup link in the same mail).
 */
import { AppError } from '../../app/index.ts';
import { requireBrandAdmin, type Reader } from '../roles/rules.ts';
import {
  countActiveAdmins,
  findMembership,
  listMembers,
  updateMembershipRow,
  type MemberListRow,
} from '../store/members.ts';
import { partnersOfUserForTenant } from '../store/partners.ts';
import { AUTH_MESSAGES } from '../auth/rules.ts';
import { parseInviteRole } from './rules.ts';
import { inviteMembers, reinviteMember, type InviteContext } from './invites.ts';
import { teamChangeRefusal, type TeamChange } from './team-rules.ts';

/** A team is small; the page shows it whole. */
const TEAM_LIMIT = 100;

export interface TeamBrand {
  id: number;
  tenant_id: number;
}

export interface Team {
  members: MemberListRow[];
  partners: Array<{ id: number; name: string; members: MemberListRow[] }>;
}

export async function readTeam(ctx: InviteContext, reader: Reader, brand: TeamBrand): Promise<Team> {
  const page = { limit: TEAM_LIMIT, offset: 0 };
  const { rows } = await listMembers(ctx.db, { kind: 'tenant', ownerId: brand.tenant_id, ...page });
  const partners = [];
  for (const partner of await partnersOfUserForTenant(ctx.db, reader.userId, brand.tenant_id)) {
    const listed = await listMembers(ctx.db, { kind: 'partner', ownerId: partner.id, ...page });
    partners.push({ ...partner, members: listed.rows });
  }
  return { members: rows, partners };
}

/** Invites to the brand's tenant; the answer says per address whether its mail went out. */
export async function inviteToTeam(
  ctx: InviteContext,
  reader: Reader,
  brand: TeamBrand,
  { emails, role }: { emails: string; role?: string },
) {
  await requireBrandAdmin(ctx.db, reader, brand.tenant_id, 'team.manage');
  const result = await inviteMembers(ctx, {
    kind: 'tenant',
    ownerId: brand.tenant_id,
    emails,
    role,
    inviterId: reader.isStaff ? undefined : reader.userId,
  });
  return {
    invited: result.invited.map((i) => ({
      user_id: i.user_id,
      email: i.email,
      role: i.role,
      expires_at: i.expires_at,
      mail_sent: i.mail !== null,
    })),
    invalid: result.invalid,
  };
}

const notFound = () => new AppError('not_found', AUTH_MESSAGES.userNotFound, { code: 'user_not_found' });

async function memberOf(ctx: InviteContext, brand: TeamBrand, userId: number) {
  const membership = await findMembership(ctx.db, 'tenant', { ownerId: brand.tenant_id, userId });
  if (!membership || membership.state === 'removed') throw notFound();
  return membership;
}

export async function reinviteToTeam(ctx: InviteContext, reader: Reader, brand: TeamBrand, userId: number) {
  await memberOf(ctx, brand, userId);
  await requireBrandAdmin(ctx.db, reader, brand.tenant_id, 'team.manage');
  const invitation = await reinviteMember(ctx, {
    kind: 'tenant',
    ownerId: brand.tenant_id,
    userId,
    inviterId: reader.isStaff ? undefined : reader.userId,
  });
  return { user_id: userId, email: invitation.email, expires_at: invitation.expires_at, mail_sent: !!invitation.mail };
}

/** A new role and/or state (suspended, or active again) for a member; the member as listed after. */
export async function changeTeamMember(
  ctx: InviteContext,
  reader: Reader,
  brand: TeamBrand,
  userId: number,
  change: TeamChange,
): Promise<MemberListRow> {
  const membership = await memberOf(ctx, brand, userId);
  await requireBrandAdmin(ctx.db, reader, brand.tenant_id, 'team.manage');
  const refusal = teamChangeRefusal({
    actorId: reader.userId,
    target: { userId, role: membership.role, state: membership.state, activated: membership.activated_at !== null },
    change,
    activeAdmins: await countActiveAdmins(ctx.db, 'tenant', brand.tenant_id),
  });
  if (refusal) throw new AppError(refusal.kind, refusal.message, { code: refusal.code });
  const state =
    change.state === 'suspended'
      ? 'suspended'
      : change.state === 'active'
        ? membership.activated_at
          ? 'active'
          : 'invited'
        : undefined;
  const role = change.role === undefined ? undefined : parseInviteRole(change.role);
  await updateMembershipRow(ctx.db, 'tenant', membership.id, { role, state });
  ctx.logger.info(
    { tenant_id: brand.tenant_id, user_id: userId, role: role ?? null, state: state ?? null },
    'team member changed',
  );
  const { rows } = await listMembers(ctx.db, {
    kind: 'tenant',
    ownerId: brand.tenant_id,
    limit: TEAM_LIMIT,
    offset: 0,
  });
  const row = rows.find((r) => r.user_id === userId);
  if (!row) throw notFound();
  return row;
}
