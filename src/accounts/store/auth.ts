/** SQL for auth: users by e-mail or id, the memberships a session is built from, attempts, users.auth. */
import type { Handle, Tx } from '../../db/index.ts';

export interface PassKey {
  id: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  created_at: string;
  name: string;
  last_used_at?: string;
}

export interface UserAuth {
  recovery_token?: string;
  pass_keys?: PassKey[];
  current_challenge?: string;
  challenge_purpose?: 'registration' | 'authentication';
  challenge_expires_at?: string;
  /** Random WebAuthn user handle (base64url), stable per user. */
  webauthn_user_id?: string;
  /** Tokens issued before this time are refused (set when the password changes). */
  password_changed_at?: string;
  [key: string]: unknown;
}

export interface AuthUser {
  id: number;
  email: string;
  given_name: string | null;
  family_name: string | null;
  phone: string | null;
  role: 'admin' | 'member' | 'partner';
  is_staff: boolean;
  is_enabled: boolean;
  state: string;
  password: string | null;
  auth: UserAuth;
  extra_data: Record<string, unknown>;
  last_login: Date | null;
  created_at: Date;
}

const toUser = (row: Record<string, unknown> | undefined): AuthUser | undefined =>
  row
    ? {
        ...(row as unknown as AuthUser),
        id: Number(row.id),
        auth: (row.auth ?? {}) as UserAuth,
        extra_data: (row.extra_data ?? {}) as Record<string, unknown>,
      }
    : undefined;

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
  'password',
  'auth',
  'extra_data',
  'last_login',
  'created_at',
];

export async function findAuthUserByEmail(db: Handle, email: string): Promise<AuthUser | undefined> {
  return toUser(await db('users').whereRaw('lower(email) = lower(?)', [email.trim()]).first(USER_COLUMNS));
}

export async function findAuthUserById(db: Handle, id: number, { lock = false } = {}): Promise<AuthUser | undefined> {
  const query = db('users').where({ id }).first(USER_COLUMNS);
  return toUser(await (lock ? query.forUpdate() : query));
}

export interface TenantMembership {
  tenant_id: number;
  role: string;
  brand_id: number | null;
}

export interface PartnerMembership {
  partner_id: number;
  role: string;
}

/** Active, activated memberships, earliest first (the first one is the session's tenant / partner). */
export async function activeMemberships(
  db: Handle,
  userId: number,
): Promise<{ tenants: TenantMembership[]; partners: PartnerMembership[] }> {
  const tenants = await db('tenant_users as tu')
    .where({ 'tu.user_id': userId, 'tu.state': 'active' })
    .whereNotNull('tu.activated_at')
    .orderBy([{ column: 'tu.activated_at' }, { column: 'tu.id' }])
    .select(
      'tu.tenant_id',
      'tu.role',
      db.raw('(select b.id from brands b where b.tenant_id = tu.tenant_id order by b.id limit 1) as brand_id'),
    );
  const partners = await db('partner_users')
    .where({ user_id: userId, state: 'active' })
    .whereNotNull('activated_at')
    .orderBy([{ column: 'activated_at' }, { column: 'id' }])
    .select('partner_id', 'role');
  return {
    tenants: tenants.map((row: Record<string, unknown>) => ({
      tenant_id: Number(row.tenant_id),
      role: String(row.role),
      brand_id: row.brand_id == null ? null : Number(row.brand_id),
    })),
    partners: partners.map((row: Record<string, unknown>) => ({
      partner_id: Number(row.partner_id),
      role: String(row.role),
    })),
  };
}

export async function setLastLogin(db: Handle, userId: number): Promise<void> {
  await db('users').where({ id: userId }).update({ last_login: db.fn.now(), updated_at: db.fn.now() });
}

/** Merges keys into users.auth (top level), leaving the others as they are. */
export async function patchAuth(db: Handle, userId: number, patch: Partial<UserAuth>): Promise<void> {
  await db('users')
    .where({ id: userId })
    .update({ auth: db.raw('auth || ?::jsonb', [JSON.stringify(patch)]), updated_at: db.fn.now() });
}

/** Stores a new password hash, forgets any recovery token and refuses tokens issued before now. */
export async function storePassword(db: Handle, userId: number, hash: string): Promise<void> {
  await db('users')
    .where({ id: userId })
    .update({
      password: hash,
      auth: db.raw(`(auth - 'recovery_token') || jsonb_build_object('password_changed_at', to_jsonb(now()))`),
      updated_at: db.fn.now(),
    });
}

export type AttemptKind = 'login' | 'forgot_password' | 'password_reset';

/** Records an attempt; returns its id. */
export async function recordAttempt(
  db: Handle,
  attempt: { kind: AttemptKind; email: string; ip?: string; succeeded: boolean },
): Promise<number> {
  const [row] = await db('auth_attempts')
    .insert({
      kind: attempt.kind,
      email: attempt.email.trim().toLowerCase(),
      ip: attempt.ip ?? null,
      succeeded: attempt.succeeded,
    })
    .returning('id');
  return Number(row.id);
}

/** A login recorded as failed when it was admitted turned out to succeed. */
export async function markAttemptSucceeded(db: Handle, id: number): Promise<void> {
  await db('auth_attempts').where({ id }).update({ succeeded: true });
}

/** Attempts older than a day count for nothing and are removed. */
export async function pruneAttempts(db: Handle): Promise<void> {
  await db('auth_attempts').where('created_at', '<', db.raw(`now() - interval '1 day'`)).delete();
}

/**
 * Serialises the attempts of one e-mail address (and of one IP address) until the transaction
 * ends, so counting them and recording the next one cannot interleave with another attempt's.
 * The e-mail lock is always taken before the IP lock.
 */
export async function lockAttempts(
  tx: Tx,
  { kind, email, ip }: { kind: AttemptKind; email: string; ip?: string },
): Promise<void> {
  await tx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [
    `auth-attempts:${kind}:email:${email.trim().toLowerCase()}`,
  ]);
  if (ip) await tx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`auth-attempts:${kind}:ip:${ip}`]);
}

/**
 * Failed attempts inside the window: per e-mail (only those after its last success or completed
 * password reset) and per IP.
 */
export async function countFailures(
  db: Handle,
  { kind, email, ip, windowMinutes }: { kind: AttemptKind; email: string; ip?: string; windowMinutes: number },
): Promise<{ emailFailures: number; ipFailures?: number }> {
  const since = db.raw(`now() - make_interval(mins => ?)`, [windowMinutes]);
  const byEmail = await db('auth_attempts as a')
    .where({ 'a.kind': kind, 'a.succeeded': false })
    .whereRaw('lower(a.email) = lower(?)', [email.trim()])
    .where('a.created_at', '>', since)
    .whereRaw(
      `a.created_at > coalesce(greatest(
        (select max(s.created_at) from auth_attempts s where s.kind = a.kind and lower(s.email) = lower(a.email) and s.succeeded),
        (select max(r.created_at) from auth_attempts r where r.kind = 'password_reset' and lower(r.email) = lower(a.email))
      ), '-infinity')`,
    )
    .count<{ count: string }[]>('* as count');
  let ipFailures: number | undefined;
  if (ip) {
    const byIp = await db('auth_attempts')
      .where({ kind, ip, succeeded: false })
      .where('created_at', '>', since)
      .count<{ count: string }[]>('* as count');
    ipFailures = Number(byIp[0].count);
  }
  return { emailFailures: Number(byEmail[0].count), ipFailures };
}

/** Recovery requests for an e-mail inside the window (each one counts). */
export async function countRecoveryRequests(db: Handle, email: string, windowMinutes: number): Promise<number> {
  const rows = await db('auth_attempts')
    .where({ kind: 'forgot_password' })
    .whereRaw('lower(email) = lower(?)', [email.trim()])
    .where('created_at', '>', db.raw(`now() - make_interval(mins => ?)`, [windowMinutes]))
    .count<{ count: string }[]>('* as count');
  return Number(rows[0].count);
}

/** Sets the names given at account setup (blank ones are left as they are). */
export async function setUserNames(
  tx: Tx,
  userId: number,
  names: { given_name?: string; family_name?: string },
): Promise<void> {
  const patch: Record<string, unknown> = {};
  if (names.given_name?.trim()) patch.given_name = names.given_name.trim();
  if (names.family_name?.trim()) patch.family_name = names.family_name.trim();
  if (Object.keys(patch).length)
    await tx('users')
      .where({ id: userId })
      .update({ ...patch, updated_at: tx.fn.now() });
}

/** Locks a membership row (tenant_users or partner_users) for the rest of the transaction. */
export async function lockMembership(tx: Tx, kind: 'tenant' | 'partner', id: number): Promise<boolean> {
  const row = await tx(kind === 'tenant' ? 'tenant_users' : 'partner_users')
    .where({ id })
    .forUpdate()
    .first('id');
  return row !== undefined;
}
