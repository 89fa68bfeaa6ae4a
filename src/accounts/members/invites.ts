/**
 * Invitations of tenant and partner members: invited users are created disabled with a setup
 * token (3 days) in the membership's extra_data; the mail goes out after the commit. Activation
 * (called by account setup / invite verification) enables them.
 */
import { randomBytes } from 'node:crypto';
import { AppError, type AppContext } from '../../app/index.ts';
import { withTransaction, type Db, type Handle, type Tx } from '../../db/index.ts';
import { assertMailAvailable, invitationMail, sendMail, setupLink, type SentMail } from '../../notifications/index.ts';
import { accountExistsMessage, inviteExpiry, parseInviteEmails, parseInviteRole, type InviteRole } from './rules.ts';
import {
  activateMembershipRow,
  enableUser,
  findMembership,
  findMembershipByToken,
  findUserById,
  findUsersByEmails,
  insertInvitedUser,
  insertMembership,
  setMembershipToken,
  type MembershipKind,
} from '../store/members.ts';
import { activatePendingPartner, findPartner } from '../store/partners.ts';
import { findTenant } from '../store/tenants.ts';

export type InviteContext = Pick<AppContext, 'config' | 'logger' | 'db'>;

export interface Invitation {
  user_id: number;
  membership_id: number;
  email: string;
  role: InviteRole;
  expires_at: string;
  /** The mail sent with the setup link (null when sending failed after the commit: re-invite to retry). */
  mail: SentMail | null;
  mail_error?: string;
}

export interface InviteResult {
  kind: MembershipKind;
  owner_id: number;
  invited: Invitation[];
  /** Entries of the input that are not e-mail addresses (dropped). */
  invalid: string[];
}

interface Created {
  userId: number;
  membershipId: number;
  email: string;
  token: string;
  expiresAt: string;
}

const newToken = (): string => randomBytes(32).toString('base64url');

/** Parses the e-mail list; 'No valid e-mail address given' when nothing valid is left. */
export function inviteEmailsOrFail(input: string | readonly string[]): { emails: string[]; invalid: string[] } {
  const parsed = parseInviteEmails(input);
  if (parsed.emails.length === 0) {
    const dropped = parsed.invalid.length ? ` (not e-mail addresses: ${parsed.invalid.join(', ')})` : '';
    throw new AppError('invalid_input', `No valid e-mail address given${dropped}.`, { code: 'no_valid_email' });
  }
  return parsed;
}

/** 'Account already exists with this email: …' when any of them has an account. */
export async function assertNoAccounts(db: Handle, emails: readonly string[]): Promise<void> {
  const existing = new Set((await findUsersByEmails(db, emails)).map((u) => u.email.toLowerCase()));
  const taken = emails.filter((e) => existing.has(e));
  if (taken.length) throw new AppError('conflict', accountExistsMessage(taken), { code: 'account_exists' });
}

/** Creates the disabled users and their invited memberships inside the caller's transaction. */
export async function createInvitations(
  tx: Tx,
  {
    kind,
    ownerId,
    emails,
    role,
    invitedBy,
    now = new Date(),
  }: {
    kind: MembershipKind;
    ownerId: number;
    emails: readonly string[];
    role: InviteRole;
    invitedBy?: number;
    now?: Date;
  },
): Promise<Created[]> {
  const expiresAt = inviteExpiry(now).toISOString();
  const created: Created[] = [];
  for (const email of emails) {
    const userId = await insertInvitedUser(tx, { email, role: kind === 'partner' ? 'partner' : role });
    const token = newToken();
    const extraData: Record<string, unknown> = {
      setup_token: token,
      invite_expires_at: expiresAt,
      ...(invitedBy ? { invited_by: invitedBy } : {}),
    };
    const membershipId = await insertMembership(tx, kind, { ownerId, userId, role, extraData });
    created.push({ userId, membershipId, email, token, expiresAt });
  }
  return created;
}

const displayName = (u: { given_name: string | null; family_name: string | null; email: string }): string =>
  [u.given_name, u.family_name].filter(Boolean).join(' ') || u.email;

async function inviterName(db: Db, inviterId: number | undefined): Promise<string | undefined> {
  if (inviterId === undefined) return undefined;
  const inviter = await findUserById(db, inviterId);
  if (!inviter) throw new AppError('not_found', 'User not found', { code: 'user_not_found' });
  return displayName(inviter);
}

/** Sends one invitation mail per created member; a failure is reported per member, not thrown (the rows are committed). */
export async function mailInvitations(
  ctx: InviteContext,
  created: readonly Created[],
  { role, inviter, teamName }: { role: InviteRole; inviter?: string; teamName: string },
): Promise<Invitation[]> {
  const out: Invitation[] = [];
  for (const c of created) {
    const base = { user_id: c.userId, membership_id: c.membershipId, email: c.email, role, expires_at: c.expiresAt };
    try {
      const content = invitationMail({
        link: setupLink(ctx.config, c.token),
        inviterName: inviter,
        brandName: teamName,
      });
      out.push({ ...base, mail: await sendMail(ctx, { to: c.email, ...content }) });
    } catch (error) {
      ctx.logger.warn({ user_id: c.userId, reason: (error as Error).message }, 'invitation mail not sent');
      out.push({ ...base, mail: null, mail_error: (error as Error).message });
    }
  }
  return out;
}

async function ownerTeamName(db: Db, kind: MembershipKind, ownerId: number): Promise<string> {
  if (kind === 'tenant') {
    const tenant = await findTenant(db, ownerId);
    if (!tenant) throw new AppError('not_found', 'Tenant not found', { code: 'tenant_not_found' });
    return tenant.brand_name ?? tenant.name;
  }
  const partner = await findPartner(db, ownerId);
  if (!partner) throw new AppError('not_found', 'Partner not found', { code: 'partner_not_found' });
  return partner.name;
}

/**
 * Invites members to a tenant (or an existing partner): one transaction for the batch, then one
 * mail per member with the setup link. Existing accounts refuse the whole batch.
 */
export async function inviteMembers(
  ctx: InviteContext,
  {
    kind = 'tenant',
    ownerId,
    emails,
    role,
    inviterId,
  }: { kind?: MembershipKind; ownerId: number; emails: string | readonly string[]; role?: string; inviterId?: number },
): Promise<InviteResult> {
  const parsed = inviteEmailsOrFail(emails);
  const inviteRole = parseInviteRole(role);
  assertMailAvailable(ctx.config);
  const teamName = await ownerTeamName(ctx.db, kind, ownerId);
  const inviter = await inviterName(ctx.db, inviterId);
  const created = await withTransaction(ctx.db, async (tx) => {
    await assertNoAccounts(tx, parsed.emails);
    try {
      return await createInvitations(tx, {
        kind,
        ownerId,
        emails: parsed.emails,
        role: inviteRole,
        invitedBy: inviterId,
      });
    } catch (error) {
      throw new AppError('internal', 'Failed to create user', { code: 'create_user_failed', cause: error });
    }
  });
  ctx.logger.info({ kind, owner_id: ownerId, count: created.length }, 'members invited');
  const invited = await mailInvitations(ctx, created, { role: inviteRole, inviter, teamName });
  return { kind, owner_id: ownerId, invited, invalid: parsed.invalid };
}

/** A fresh setup token and expiry for a member who has not accepted yet, and the mail again. */
export async function reinviteMember(
  ctx: InviteContext,
  {
    kind = 'tenant',
    ownerId,
    userId,
    inviterId,
  }: { kind?: MembershipKind; ownerId: number; userId: number; inviterId?: number },
): Promise<Invitation> {
  // The tenant or partner first: 'Tenant not found' says more than 'User not found' when it is the typo.
  const teamName = await ownerTeamName(ctx.db, kind, ownerId);
  const inviter = await inviterName(ctx.db, inviterId);
  const membership = await findMembership(ctx.db, kind, { ownerId, userId });
  const user = membership ? await findUserById(ctx.db, userId) : undefined;
  if (!membership || !user || membership.state === 'removed')
    throw new AppError('not_found', 'User not found', { code: 'user_not_found' });
  if (membership.activated_at !== null) {
    throw new AppError(
      'invalid_input',
      `User ${userId} has already accepted the invitation; there is nothing to re-invite.`,
      { code: 'already_active' },
    );
  }
  assertMailAvailable(ctx.config);
  const token = newToken();
  const expiresAt = inviteExpiry(new Date()).toISOString();
  await setMembershipToken(ctx.db, kind, membership.id, token, expiresAt);
  const [invitation] = await mailInvitations(
    ctx,
    [{ userId, membershipId: membership.id, email: user.email, token, expiresAt }],
    { role: membership.role as InviteRole, inviter, teamName },
  );
  return invitation!;
}

export interface SetupTokenMembership {
  kind: MembershipKind;
  membershipId: number;
  userId: number;
  /** tenant_id or partner_id. */
  ownerId: number;
  /** undefined when the stored expiry is missing or unreadable (treat as expired). */
  expiresAt: Date | undefined;
}

/** The membership holding this setup token, or undefined. The caller checks the expiry. */
export async function findMembershipBySetupToken(db: Handle, token: string): Promise<SetupTokenMembership | undefined> {
  if (!token) return undefined;
  const found = await findMembershipByToken(db, token);
  if (!found) return undefined;
  const expiresAt = found.expires_at ? new Date(found.expires_at) : undefined;
  return {
    kind: found.kind,
    membershipId: found.id,
    userId: found.user_id,
    ownerId: found.owner_id,
    expiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : undefined,
  };
}

/**
 * Accepts an invitation inside the caller's transaction: membership active with its activation
 * time, setup token and expiry removed, user enabled, and a still-pending partner made active
 * (its first member accepting). 'Failed to activate user' when the membership does not exist.
 */
export async function activateMembership(
  tx: Handle,
  { kind, membershipId }: { kind: MembershipKind; membershipId: number },
): Promise<{ kind: MembershipKind; membershipId: number; userId: number; ownerId: number; partnerActivated: boolean }> {
  const membership = await activateMembershipRow(tx, kind, membershipId);
  if (!membership) throw new AppError('not_found', 'Failed to activate user', { code: 'activation_failed' });
  if ((await enableUser(tx, membership.user_id)) === 0)
    throw new AppError('not_found', 'Failed to activate user', { code: 'activation_failed' });
  const partnerActivated = kind === 'partner' ? await activatePendingPartner(tx, membership.owner_id) : false;
  return { kind, membershipId, userId: membership.user_id, ownerId: membership.owner_id, partnerActivated };
}
