/**
 * Sign-in through a store (spec 2 section 2): after a successful install or app open, the user
 * is sent to `/auth/redirect?token=…`; the panel exchanges the token once for a session
 * (`POST /api/auth/redirect`). A token lives SIGN_IN_TOKEN_SECONDS, is used once, and is stored
 * as its SHA-256 only. Refusals use spec 4's texts: no token is 'No data provided', a token
 * without a user 'No user data provided', a user without the brand 'Your account is not
 * connected to a brand, please contact support'.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppError, publicBaseUrl, type AppContext } from '../../app/index.ts';
import type { Db } from '../../db/index.ts';
import { activeMemberships, findAuthUserById } from '../store/auth.ts';
import {
  brandAdminUser,
  reachesOtherTenants,
  brandMemberByEmail,
  consumeSignInToken,
  insertSignInToken,
  memberOfBrand,
} from '../store/sign-in-tokens.ts';
import type { AuthApp } from './rules.ts';
import { openSession, type LoginResponse } from './session.ts';

export const SIGN_IN_TOKEN_SECONDS = 120;

export const SIGN_IN_MESSAGES = {
  noData: 'No data provided',
  noUser: 'No user data provided',
  notConnected: 'Your account is not connected to a brand, please contact support',
  expired: 'This sign-in link has expired or was already used; open the app from your store again.',
} as const;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface SignInLink {
  token: string;
  url: string;
  expiresAt: Date;
}

/** A one-time sign-in link for a user (and the brand they land on). */
export async function issueSignInLink(
  ctx: AppContext,
  {
    userId,
    brandId = null,
    source,
    ttlSeconds = SIGN_IN_TOKEN_SECONDS,
  }: { userId: number | null; brandId?: number | null; source: string; ttlSeconds?: number },
): Promise<SignInLink> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await insertSignInToken(ctx.db, { tokenHash: hashToken(token), userId, brandId, source, expiresAt });
  return { token, url: `${publicBaseUrl(ctx.config)}/auth/redirect?token=${token}`, expiresAt };
}

/** The sign-in link for the brand's admin after an install or app open; undefined when it has no member yet or its admin reaches other tenants. */
export async function brandSignInLink(
  ctx: AppContext,
  { brandId, source }: { brandId: number; source: string },
): Promise<SignInLink | undefined> {
  const userId = await brandAdminUser(ctx.db, brandId);
  if (userId === undefined) return undefined;
  // A session reaches every brand of its user: a store's word signs in only an admin whose
  // account reaches no other tenant (an agency's or partner's user logs in with their own password).
  if (await reachesOtherTenants(ctx.db, userId, brandId)) return undefined;
  return issueSignInLink(ctx, { userId, brandId, source });
}

/** True when the brand has an active, activated member. */
export async function brandHasMember(db: Db, brandId: number): Promise<boolean> {
  return (await brandAdminUser(db, brandId)) !== undefined;
}

/**
 * The sign-in link for the brand's member with this e-mail (a store user opening the app):
 * 'No user data provided' without an e-mail, 'Your account is not connected to a brand, please
 * contact support' when no active member of the brand has it.
 */
export async function memberSignInLink(
  ctx: AppContext,
  { brandId, email, source }: { brandId: number; email: string | null | undefined; source: string },
): Promise<SignInLink> {
  if (!email?.trim()) throw new AppError('invalid_input', SIGN_IN_MESSAGES.noUser, { code: 'no_user_data' });
  const userId = await brandMemberByEmail(ctx.db, brandId, email);
  if (userId === undefined)
    throw new AppError('forbidden', SIGN_IN_MESSAGES.notConnected, { code: 'not_connected_to_brand' });
  return issueSignInLink(ctx, { userId, brandId, source });
}

/** Exchanges a token for a session; a token works once, within its lifetime. */
export async function redeemSignInToken(
  ctx: AppContext,
  { token, app = 'brand', userAgent }: { token: string | undefined; app?: AuthApp; userAgent?: string },
): Promise<LoginResponse> {
  if (!token?.trim()) throw new AppError('invalid_input', SIGN_IN_MESSAGES.noData, { code: 'no_data' });
  const consumed = await consumeSignInToken(ctx.db, hashToken(token.trim()));
  if (consumed.state !== 'consumed') {
    ctx.logger.info({ reason: consumed.state }, 'sign-in token refused');
    throw new AppError('unauthorized', SIGN_IN_MESSAGES.expired, { code: 'sign_in_token_refused' });
  }
  const user = consumed.userId === null ? undefined : await findAuthUserById(ctx.db, consumed.userId);
  if (!user) throw new AppError('invalid_input', SIGN_IN_MESSAGES.noUser, { code: 'no_user_data' });
  const connected =
    consumed.brandId !== null
      ? await memberOfBrand(ctx.db, user.id, consumed.brandId)
      : (await activeMemberships(ctx.db, user.id)).tenants.some((tenant) => tenant.brand_id !== null);
  if (!connected && !user.is_staff)
    throw new AppError('forbidden', SIGN_IN_MESSAGES.notConnected, { code: 'not_connected_to_brand' });
  return openSession(ctx, user, app, userAgent);
}
