/**
 * Users and members: listing by tenant or partner, lookup, update, suspension.
 */
import { AppError } from '../../app/index.ts';
import type { Db } from '../../db/index.ts';
import { requirePartner, requireTenant } from '../exists.ts';
import { memberState, normalizeUserPhone, pageWindow, parseInviteRole, parseMemberState } from './rules.ts';
import {
  findUserById,
  listMembers,
  membershipsOfUser,
  updateUserRow,
  type MemberListRow,
  type MembershipKind,
  type UserRow,
} from '../store/members.ts';

export interface MemberListing {
  users: MemberListRow[];
  total: number;
  page: number;
  limit: number;
}

const notFound = (): AppError => new AppError('not_found', 'User not found', { code: 'user_not_found' });

/**
 * Members of a tenant or a partner: page (from 1), limit (default 10), state (active, invited,
 * suspended; never-activated members count as invited), search over e-mail, given and family
 * name (case-insensitive); ordered by last login, newest first, never-logged-in last.
 */
export async function listUsers(
  db: Db,
  {
    tenantId,
    partnerId,
    page,
    limit,
    state,
    search,
  }: { tenantId?: number; partnerId?: number; page?: number; limit?: number; state?: string; search?: string },
): Promise<MemberListing> {
  if ((tenantId === undefined) === (partnerId === undefined)) {
    throw new AppError('invalid_input', 'Say whose users to list: a tenant or a partner (one of them).', {
      code: 'owner_required',
    });
  }
  // A tenant or partner that does not exist is 'Tenant not found' / 'Partner not found', not an empty list.
  await requireTenant(db, tenantId);
  await requirePartner(db, partnerId);
  const window = pageWindow({ page, limit });
  const kind: MembershipKind = tenantId !== undefined ? 'tenant' : 'partner';
  const { rows, total } = await listMembers(db, {
    kind,
    ownerId: (tenantId ?? partnerId)!,
    state: parseMemberState(state),
    search,
    limit: window.limit,
    offset: window.offset,
  });
  return { users: rows, total, page: window.page, limit: window.limit };
}

export interface UserDetails extends UserRow {
  memberships: Array<{
    kind: MembershipKind;
    id: number;
    owner_id: number;
    owner_name: string;
    role: string;
    state: string;
    activated_at: Date | null;
  }>;
}

/** A user with their tenant and partner memberships; 'User not found'. Never the password or auth data. */
export async function getUser(db: Db, id: number): Promise<UserDetails> {
  const user = await findUserById(db, id);
  if (!user) throw notFound();
  const memberships = (await membershipsOfUser(db, id)).map((m) => ({
    kind: m.kind,
    id: m.id,
    owner_id: m.owner_id,
    owner_name: m.owner_name,
    role: m.role,
    state: memberState({ state: m.state, activated_at: m.activated_at, user_state: user.state }),
    activated_at: m.activated_at,
  }));
  return { ...user, memberships };
}

export interface UserUpdate {
  givenName?: string;
  familyName?: string;
  phone?: string;
  role?: string;
}

const cleanName = (value: string | undefined): string | null | undefined =>
  value === undefined ? undefined : value.trim() || null;

/** Updates names, phone (E.164, US default) and role (admin or member); 'User not found'. */
export async function updateUser(db: Db, id: number, update: UserUpdate): Promise<UserRow> {
  const patch: Parameters<typeof updateUserRow>[2] = {};
  if (update.givenName !== undefined) patch.given_name = cleanName(update.givenName)!;
  if (update.familyName !== undefined) patch.family_name = cleanName(update.familyName)!;
  if (update.phone !== undefined) patch.phone = update.phone.trim() === '' ? null : normalizeUserPhone(update.phone);
  if (update.role !== undefined) patch.role = parseInviteRole(update.role);
  if (Object.keys(patch).length === 0)
    throw new AppError('invalid_input', 'Nothing to update: give --given-name, --family-name, --phone or --role.', {
      code: 'empty_update',
    });
  const user = await updateUserRow(db, id, patch);
  if (!user) throw notFound();
  return user;
}

/** User state 'suspended': login is refused from then on. 'User not found'. */
export async function suspendUser(db: Db, id: number): Promise<UserRow> {
  const user = await updateUserRow(db, id, { state: 'suspended' });
  if (!user) throw notFound();
  return user;
}
