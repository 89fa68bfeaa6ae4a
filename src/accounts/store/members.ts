/**
 * SQL for users and their tenant and partner memberships. Password and auth columns are never
 * selected here.
 */
import type { Handle } from '../../db/index.ts';
import type { MemberState } from '../members/rules.ts';

export type MembershipKind = 'tenant' | 'partner';

const MEMBERSHIP = {
  tenant: { table: 'tenant_users', owner: 'tenant_id' },
  partner: { table: 'partner_users', owner: 'partner_id' },
} as const;

const USER_COLUMNS = [
  'id',
  'email',
  'given_name',
  'family_name',
  'phone',
  'role',
  'is_staff',
  'is_enabled',
  'state',
  'extra_data',
  'last_login',
  'created_at',
  'updated_at',
] as const;

export interface UserRow {
  id: number;
  email: string;
  given_name: string | null;
  family_name: string | null;
  phone: string | null;
  role: string;
  is_staff: boolean;
  is_enabled: boolean;
  state: string;
  extra_data: Record<string, unknown>;
  last_login: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface MembershipRow {
  id: number;
  kind: MembershipKind;
  owner_id: number;
  user_id: number;
  role: string;
  state: string;
  activated_at: Date | null;
  extra_data: Record<string, unknown>;
}

const toUser = (row: Record<string, unknown>): UserRow => ({ ...(row as unknown as UserRow), id: Number(row.id) });

const toMembership = (kind: MembershipKind, row: Record<string, unknown>): MembershipRow => ({
  id: Number(row.id),
  kind,
  owner_id: Number(row[MEMBERSHIP[kind].owner]),
  user_id: Number(row.user_id),
  role: String(row.role),
  state: String(row.state),
  activated_at: (row.activated_at as Date | null) ?? null,
  extra_data: (row.extra_data as Record<string, unknown>) ?? {},
});

export async function findUserById(db: Handle, id: number): Promise<UserRow | undefined> {
  const row = await db('users').select(USER_COLUMNS).where({ id }).first();
  return row ? toUser(row) : undefined;
}

/** Existing users among these (lower-cased) e-mails, as stored. */
export async function findUsersByEmails(
  db: Handle,
  emails: readonly string[],
): Promise<Array<{ id: number; email: string }>> {
  if (emails.length === 0) return [];
  const rows = await db('users')
    .select('id', 'email')
    .whereRaw('lower(email) = any(?)', [emails as string[]]);
  return rows.map((r: { id: string; email: string }) => ({ id: Number(r.id), email: r.email }));
}

export async function updateUserRow(
  db: Handle,
  id: number,
  patch: Partial<Pick<UserRow, 'given_name' | 'family_name' | 'phone' | 'role' | 'state' | 'is_enabled'>>,
): Promise<UserRow | undefined> {
  const [row] = await db('users')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning([...USER_COLUMNS]);
  return row ? toUser(row) : undefined;
}

export interface NewUser {
  email: string;
  given_name: string | null;
  family_name: string | null;
  phone: string | null;
  role: string;
  state: string;
  is_enabled: boolean;
  /** A bcrypt hash, or null when the user is to set one through password recovery. */
  password: string | null;
}

export async function insertUser(db: Handle, user: NewUser): Promise<number> {
  const [row] = await db('users').insert(user).returning<{ id: string }[]>('id');
  return Number(row!.id);
}

/** Changes the account fields of a user: state, enabled flag, password hash. */
export async function updateUserAccount(
  db: Handle,
  id: number,
  patch: { state?: string; is_enabled?: boolean; password?: string },
): Promise<void> {
  await db('users')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() });
}

/** An invited user: disabled until account setup completes. */
export async function insertInvitedUser(db: Handle, { email, role }: { email: string; role: string }): Promise<number> {
  const [row] = await db('users').insert({ email, role, is_enabled: false, state: 'invited' }).returning('id');
  return Number((row as { id: string }).id);
}

export async function insertMembership(
  db: Handle,
  kind: MembershipKind,
  {
    ownerId,
    userId,
    role,
    extraData,
  }: { ownerId: number; userId: number; role: string; extraData: Record<string, unknown> },
): Promise<number> {
  const { table, owner } = MEMBERSHIP[kind];
  const [row] = await db(table)
    .insert({ [owner]: ownerId, user_id: userId, role, state: 'invited', activated_at: null, extra_data: extraData })
    .returning('id');
  return Number((row as { id: string }).id);
}

/** An active membership, activated now (the admin a tenant is set up with). */
export async function insertActiveMembership(
  db: Handle,
  kind: MembershipKind,
  { ownerId, userId, role }: { ownerId: number; userId: number; role: string },
): Promise<number> {
  const { table, owner } = MEMBERSHIP[kind];
  const [row] = await db(table)
    .insert({ [owner]: ownerId, user_id: userId, role, state: 'active', activated_at: db.fn.now() })
    .returning<{ id: string }[]>('id');
  return Number(row!.id);
}

export async function findMembership(
  db: Handle,
  kind: MembershipKind,
  where: { id: number } | { ownerId: number; userId: number },
): Promise<MembershipRow | undefined> {
  const { table, owner } = MEMBERSHIP[kind];
  const query = db(table).select('*');
  const row = await (
    'id' in where ? query.where({ id: where.id }) : query.where({ [owner]: where.ownerId, user_id: where.userId })
  ).first();
  return row ? toMembership(kind, row) : undefined;
}

/** Every membership of a user, tenants first, with the owner's name. */
export async function membershipsOfUser(
  db: Handle,
  userId: number,
): Promise<Array<MembershipRow & { owner_name: string }>> {
  const tenants = await db('tenant_users as m')
    .join('tenants as o', 'o.id', 'm.tenant_id')
    .where('m.user_id', userId)
    .select('m.*', 'o.name as owner_name')
    .orderBy('m.id');
  const partners = await db('partner_users as m')
    .join('partners as o', 'o.id', 'm.partner_id')
    .where('m.user_id', userId)
    .select('m.*', 'o.name as owner_name')
    .orderBy('m.id');
  return [
    ...tenants.map((r: Record<string, unknown>) => ({
      ...toMembership('tenant', r),
      owner_name: String(r.owner_name),
    })),
    ...partners.map((r: Record<string, unknown>) => ({
      ...toMembership('partner', r),
      owner_name: String(r.owner_name),
    })),
  ];
}

/** Replaces the setup token and its expiry in a membership's extra_data (other keys kept). */
export async function setMembershipToken(
  db: Handle,
  kind: MembershipKind,
  id: number,
  token: string,
  expiresAt: string,
): Promise<void> {
  await db(MEMBERSHIP[kind].table)
    .where({ id })
    .update({
      extra_data: db.raw(`extra_data || ?::jsonb`, [
        JSON.stringify({ setup_token: token, invite_expires_at: expiresAt }),
      ]),
      updated_at: db.fn.now(),
    });
}

export async function findMembershipByToken(
  db: Handle,
  token: string,
): Promise<
  { kind: MembershipKind; id: number; owner_id: number; user_id: number; expires_at: string | null } | undefined
> {
  const { rows } = await db.raw(
    `select 'tenant' as kind, id, tenant_id as owner_id, user_id, extra_data->>'invite_expires_at' as expires_at
       from tenant_users where extra_data->>'setup_token' = ?
     union all
     select 'partner', id, partner_id, user_id, extra_data->>'invite_expires_at'
       from partner_users where extra_data->>'setup_token' = ?
     limit 1`,
    [token, token],
  );
  const row = rows[0] as
    { kind: MembershipKind; id: string; owner_id: string; user_id: string; expires_at: string | null } | undefined;
  return row
    ? {
        kind: row.kind,
        id: Number(row.id),
        owner_id: Number(row.owner_id),
        user_id: Number(row.user_id),
        expires_at: row.expires_at,
      }
    : undefined;
}

/** State active, activation time now, setup token and expiry removed. Returns the membership, or undefined. */
export async function activateMembershipRow(
  db: Handle,
  kind: MembershipKind,
  id: number,
): Promise<MembershipRow | undefined> {
  const [row] = await db(MEMBERSHIP[kind].table)
    .where({ id })
    .update({
      state: 'active',
      activated_at: db.fn.now(),
      extra_data: db.raw(`extra_data - 'setup_token' - 'invite_expires_at'`),
      updated_at: db.fn.now(),
    })
    .returning('*');
  return row ? toMembership(kind, row) : undefined;
}

/** Enables a user; an invited user becomes active, a suspended one stays suspended. */
export async function enableUser(db: Handle, userId: number): Promise<number> {
  return db('users')
    .where({ id: userId })
    .update({
      is_enabled: true,
      state: db.raw(`case when state = 'invited' then 'active' else state end`),
      updated_at: db.fn.now(),
    });
}

/** The shown state of a member; mirrors memberState() in members/rules.ts. */
const STATE_SQL = `case when m.state in ('suspended', 'removed') then m.state when u.state = 'suspended' then 'suspended' when m.activated_at is null then 'invited' else m.state end`;

export interface MemberListRow {
  user_id: number;
  membership_id: number;
  email: string;
  given_name: string | null;
  family_name: string | null;
  phone: string | null;
  user_role: string;
  member_role: string;
  state: string;
  is_enabled: boolean;
  activated_at: Date | null;
  last_login: Date | null;
  created_at: Date;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Members of a tenant or partner (removed ones left out), ordered by last login, newest first, never-logged-in last. */
export async function listMembers(
  db: Handle,
  {
    kind,
    ownerId,
    state,
    search,
    limit,
    offset,
  }: { kind: MembershipKind; ownerId: number; state?: MemberState; search?: string; limit: number; offset: number },
): Promise<{ rows: MemberListRow[]; total: number }> {
  const { table, owner } = MEMBERSHIP[kind];
  const base = db(`${table} as m`)
    .join('users as u', 'u.id', 'm.user_id')
    .where(`m.${owner}`, ownerId)
    .whereNot('m.state', 'removed');
  if (state) base.whereRaw(`(${STATE_SQL}) = ?`, [state]);
  const term = search?.trim();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    base.where((q) =>
      q
        .whereILike('u.email', like)
        .orWhereILike('u.given_name', like)
        .orWhereILike('u.family_name', like)
        .orWhereRaw(`concat_ws(' ', u.given_name, u.family_name) ilike ?`, [like]),
    );
  }
  const [{ count }] = (await base.clone().count({ count: '*' })) as Array<{ count: string }>;
  const rows = await base
    .clone()
    .select(
      'u.id as user_id',
      'm.id as membership_id',
      'u.email',
      'u.given_name',
      'u.family_name',
      'u.phone',
      'u.role as user_role',
      'm.role as member_role',
      db.raw(`${STATE_SQL} as state`),
      'u.is_enabled',
      'm.activated_at',
      'u.last_login',
      'u.created_at',
    )
    .orderByRaw('u.last_login desc nulls last, u.id asc')
    .limit(limit)
    .offset(offset);
  return {
    rows: rows.map((r: Record<string, unknown>) => ({
      ...(r as unknown as MemberListRow),
      user_id: Number(r.user_id),
      membership_id: Number(r.membership_id),
    })),
    total: Number(count),
  };
}

/**
 * A membership's new role and/or state. Suspending also drops a pending setup token (the mailed
 * link stops working); undefined when no such membership.
 */
export async function updateMembershipRow(
  db: Handle,
  kind: MembershipKind,
  id: number,
  patch: { role?: string; state?: 'active' | 'invited' | 'suspended' },
): Promise<MembershipRow | undefined> {
  const { table } = MEMBERSHIP[kind];
  const [row] = await db(table)
    .where({ id })
    .update({
      ...(patch.role !== undefined ? { role: patch.role } : {}),
      ...(patch.state !== undefined ? { state: patch.state } : {}),
      ...(patch.state === 'suspended' ? { extra_data: db.raw(`extra_data - 'setup_token'`) } : {}),
      updated_at: db.fn.now(),
    })
    .returning('*');
  return row ? toMembership(kind, row) : undefined;
}

/** Active, activated admins of a tenant or partner whose user is not suspended. */
export async function countActiveAdmins(db: Handle, kind: MembershipKind, ownerId: number): Promise<number> {
  const { table, owner } = MEMBERSHIP[kind];
  const [{ count }] = (await db(`${table} as m`)
    .join('users as u', 'u.id', 'm.user_id')
    .where({ [`m.${owner}`]: ownerId, 'm.state': 'active', 'm.role': 'admin' })
    .whereNotNull('m.activated_at')
    .whereNot('u.state', 'suspended')
    .count({ count: '*' })) as Array<{ count: string }>;
  return Number(count);
}
