import { AppError, type AppContext, type ErrorKind } from '../../app/index.ts';
import { withTransaction, type Handle } from '../../db/index.ts';
import {
  accountRefusal,
  AUTH_MESSAGES,
  BCRYPT_COST,
  isAdmitted,
  LOGIN_LIMITS,
  LOGIN_MESSAGES,
  loginRateLimited,
  loginRefusal,
  tokenRole,
  type AuthApp,
} from './rules.ts';
import {
  activeMemberships,
  countFailures,
  findAuthUserByEmail,
  findAuthUserById,
  lockAttempts,
  markAttemptSucceeded,
  pruneAttempts,
  recordAttempt,
  setLastLogin,
  type AuthUser,
} from '../store/auth.ts';
import { collectPermissions } from '../permissions/service.ts';
import { assertFamilyLive, openFamily, rotateFamily, type FamilyIssue } from './families.ts';
import {
  signAccessToken,
  signRefreshToken,
  verifyAccessToken,
  verifyRefreshToken,
  type SessionClaims,
} from './tokens.ts';

/** Exactly the login response fields of spec 4 section 7. */
export interface LoginResponse {
  access_token: string;
  refresh_token: string;
  user_id: number;
  brand_id: number | null;
  tenant_id: number | null;
  partner_id: number | null;
  account_created_at: string;
  email: string;
  family_name: string | null;
  given_name: string | null;
  phone: string | null;
  avatar_url: string | null;
  is_staff: boolean;
  role: string;
  policies: string[];
}

/** Who is calling, from a verified access token (the user row was checked to be usable). */
export interface AuthSession {
  userId: number;
  email: string;
  isStaff: boolean;
  role: string;
  tenantId: number | null;
  brandId: number | null;
  partnerId: number | null;
  policies: string[];
  app: AuthApp;
  /** The session family (one login) the access token belongs to. */
  sessionId: string;
}

const MESSAGE_KINDS: Record<string, ErrorKind> = {
  [LOGIN_MESSAGES.noPasswordGiven]: 'invalid_input',
  [LOGIN_MESSAGES.noUser]: 'unauthorized',
  [LOGIN_MESSAGES.noPasswordStored]: 'unauthorized',
  [LOGIN_MESSAGES.wrongPassword]: 'unauthorized',
  [LOGIN_MESSAGES.suspended]: 'forbidden',
  [LOGIN_MESSAGES.disabled]: 'forbidden',
  [LOGIN_MESSAGES.notAdmitted]: 'forbidden',
};

const refusalError = (message: string): AppError => new AppError(MESSAGE_KINDS[message] ?? 'unauthorized', message);

/** bcryptjs, loaded on the first password hashed or checked, not with this module. */
const bcryptjs = async () => (await import('bcryptjs')).default;

export const hashPassword = async (password: string): Promise<string> => (await bcryptjs()).hash(password, BCRYPT_COST);

/** True when the user has a password and this is it. */
export const passwordIsRight = async (user: AuthUser, password: string): Promise<boolean> =>
  Boolean(user.password) && (await bcryptjs()).compare(password, user.password!);

/** Compared against when no user exists, so an unknown e-mail takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
const timingDummy = (): Promise<string> =>
  (dummyHash ??= bcryptjs().then((bcrypt) => bcrypt.hash('reclaim-timing-equaliser', BCRYPT_COST)));

/** The policies a session carries: the user's, and those of the session's brand (its tenant, plans, role defaults). */
const policiesFor = (db: Handle, user: AuthUser, brandId: number | null): Promise<string[]> =>
  collectPermissions(db, { userId: user.id, brandId });

interface SessionFacts {
  claims: SessionClaims;
  admitted: boolean;
}

async function sessionFacts(db: Handle, user: AuthUser, app: AuthApp): Promise<SessionFacts> {
  const { tenants, partners } = await activeMemberships(db, user.id);
  const isPartner = user.role === 'partner' || partners.length > 0;
  const admitted = isAdmitted(app, { isStaff: user.is_staff, isPartner, activeTenantMemberships: tenants.length });
  const tenant = tenants[0];
  const partner = partners[0];
  return {
    admitted,
    claims: {
      sub: String(user.id),
      role: tokenRole(user),
      tenant_id: tenant?.tenant_id ?? null,
      brand_id: tenant?.brand_id ?? null,
      partner_id: partner?.partner_id ?? null,
      policies: await policiesFor(db, user, tenant?.brand_id ?? null),
      app,
    },
  };
}

async function issue(
  ctx: AppContext,
  user: AuthUser,
  sessionClaims: SessionClaims,
  family: FamilyIssue,
): Promise<LoginResponse> {
  const claims = { ...sessionClaims, sid: family.familyId };
  const [access, refresh] = await Promise.all([
    signAccessToken(ctx, claims),
    signRefreshToken(ctx, claims, family.refreshJti),
  ]);
  const picture = user.extra_data.picture_url;
  return {
    access_token: access,
    refresh_token: refresh,
    user_id: user.id,
    brand_id: claims.brand_id,
    tenant_id: claims.tenant_id,
    partner_id: claims.partner_id,
    account_created_at: new Date(user.created_at).toISOString(),
    email: user.email,
    family_name: user.family_name,
    given_name: user.given_name,
    phone: user.phone,
    avatar_url: typeof picture === 'string' ? picture : null,
    is_staff: user.is_staff,
    role: claims.role,
    policies: claims.policies,
  };
}

/** Opens a session for a user whose credentials (password or passkey) were verified. */
export async function openSession(
  ctx: AppContext,
  user: AuthUser,
  app: AuthApp,
  userAgent?: string,
): Promise<LoginResponse> {
  const facts = await sessionFacts(ctx.db, user, app);
  const refusal = accountRefusal({ state: user.state, isEnabled: user.is_enabled, admitted: facts.admitted });
  if (refusal) throw refusalError(refusal);
  await setLastLogin(ctx.db, user.id);
  return issue(ctx, user, facts.claims, await openFamily(ctx, user.id, app, userAgent));
}

export interface LoginOptions {
  email: string;
  password?: string;
  app?: AuthApp;
  /** The caller's address; rate limited per IP when given. */
  ip?: string;
  /** The browser's User-Agent, kept with the session so the user can tell sessions apart. */
  userAgent?: string;
}

/**
 * Admits a login attempt or refuses it as rate limited. Counting the failures and recording this
 * attempt happen in one transaction under a lock per e-mail and per IP address, so parallel
 * attempts cannot all pass the count: the attempt is recorded as failed before the password is
 * checked (and marked succeeded if it is right). Returns the recorded attempt's id (undefined
 * when nothing was recorded: no password was given).
 */
export async function admitLoginAttempt(
  ctx: AppContext,
  { email, ip, record }: { email: string; ip?: string; record: boolean },
): Promise<number | undefined> {
  await pruneAttempts(ctx.db);
  const admitted = await withTransaction(ctx.db, async (tx) => {
    await lockAttempts(tx, { kind: 'login', email, ip });
    const counts = await countFailures(tx, { kind: 'login', email, ip, windowMinutes: LOGIN_LIMITS.windowMinutes });
    if (loginRateLimited(counts)) return { limited: true as const };
    return {
      limited: false as const,
      attemptId: record ? await recordAttempt(tx, { kind: 'login', email, ip, succeeded: false }) : undefined,
    };
  });
  if (admitted.limited)
    throw new AppError('forbidden', AUTH_MESSAGES.rateLimited, {
      code: 'rate_limited',
      details: { retry_after_seconds: LOGIN_LIMITS.windowMinutes * 60 },
    });
  return admitted.attemptId;
}

/** Password login (order of checks: see loginRefusal). Rate limited per e-mail and per IP. */
export async function login(
  ctx: AppContext,
  { email, password, app = 'brand', ip, userAgent }: LoginOptions,
): Promise<LoginResponse> {
  const passwordGiven = typeof password === 'string' && password.length > 0;
  const attemptId = await admitLoginAttempt(ctx, { email, ip, record: passwordGiven });

  const user = await findAuthUserByEmail(ctx.db, email);
  let passwordMatches = false;
  if (passwordGiven)
    passwordMatches = await (await bcryptjs()).compare(password, user?.password ?? (await timingDummy()));
  passwordMatches &&= Boolean(user?.password);
  const facts = user && passwordMatches ? await sessionFacts(ctx.db, user, app) : undefined;

  const refusal = loginRefusal({
    passwordGiven,
    user: user && {
      state: user.state,
      isEnabled: user.is_enabled,
      hasPassword: Boolean(user.password),
      passwordMatches,
      admitted: facts?.admitted ?? false,
    },
  });
  if (refusal) throw refusalError(refusal); // the attempt stays recorded as failed
  if (attemptId !== undefined) await markAttemptSucceeded(ctx.db, attemptId);
  await setLastLogin(ctx.db, user!.id);
  return issue(ctx, user!, facts!.claims, await openFamily(ctx, user!.id, app, userAgent));
}

/** Tokens issued before the last password change no longer count. */
function issuedBeforePasswordChange(user: AuthUser, issuedAtSeconds: number): boolean {
  const changed = user.auth.password_changed_at;
  return typeof changed === 'string' && issuedAtSeconds < Math.floor(Date.parse(changed) / 1000);
}

/**
 * A new access and refresh token pair for a valid refresh token; the user is checked again. The
 * presented refresh token is retired (see families.ts): presenting it again revokes its family.
 */
export async function refresh(
  ctx: AppContext,
  refreshToken: string,
  { ip }: { ip?: string } = {},
): Promise<LoginResponse> {
  const verified = await verifyRefreshToken(ctx, refreshToken);
  const { claims } = verified;
  const user = await findAuthUserById(ctx.db, Number(claims.sub));
  if (!user || issuedBeforePasswordChange(user, claims.iat))
    throw new AppError('unauthorized', AUTH_MESSAGES.invalidRefreshToken);
  const facts = await sessionFacts(ctx.db, user, claims.app === 'admin' ? 'admin' : 'brand');
  const refusal = accountRefusal({ state: user.state, isEnabled: user.is_enabled, admitted: facts.admitted });
  if (refusal) throw refusalError(refusal);
  return issue(ctx, user, facts.claims, await rotateFamily(ctx, verified, { ip }));
}

/**
 * The session behind a bearer access token; a suspended or disabled user's tokens stop working,
 * and so do those of a revoked family (a reused refresh token, a password reset).
 */
export async function authenticate(ctx: AppContext, accessToken: string): Promise<AuthSession> {
  const verified = await verifyAccessToken(ctx, accessToken);
  const { claims } = verified;
  const user = await findAuthUserById(ctx.db, Number(claims.sub));
  if (!user || issuedBeforePasswordChange(user, claims.iat))
    throw new AppError('unauthorized', AUTH_MESSAGES.invalidToken);
  await assertFamilyLive(ctx, verified);
  const refusal = accountRefusal({ state: user.state, isEnabled: user.is_enabled, admitted: true });
  if (refusal) throw refusalError(refusal);
  return {
    userId: user.id,
    email: user.email,
    isStaff: user.is_staff,
    role: claims.role,
    tenantId: claims.tenant_id ?? null,
    brandId: claims.brand_id ?? null,
    partnerId: claims.partner_id ?? null,
    policies: Array.isArray(claims.policies) ? claims.policies : [],
    app: claims.app === 'admin' ? 'admin' : 'brand',
    sessionId: claims.sid,
  };
}
