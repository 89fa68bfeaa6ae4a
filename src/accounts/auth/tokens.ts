import { randomUUID } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { AppError, type AppContext } from '../../app/index.ts';
import { AUTH_MESSAGES, TOKEN_MINUTES, type AuthApp } from './rules.ts';

/**
 * JWTs signed with HS256 under JWT_SECRET. Access and refresh tokens carry the session claims
 * and the id of their session family (`sid`, a row of auth_sessions); a recovery token only says
 * whose password may be reset. `type` tells them apart.
 */
export type TokenType = 'access' | 'refresh' | 'recovery';

export interface SessionClaims {
  /** The user id. */
  sub: string;
  /** 'staff_' or 'brand_' plus the user's role, e.g. brand_admin. */
  role: string;
  tenant_id: number | null;
  brand_id: number | null;
  partner_id: number | null;
  /** 'action:attribute' strings. */
  policies: string[];
  /** The app the session was opened for; refresh checks admission again. */
  app: AuthApp;
}

/** Session claims plus the family (one login and every token refreshed from it) the token belongs to. */
export interface FamilyClaims extends SessionClaims {
  sid: string;
}

export interface VerifiedToken<C> {
  claims: C & { type: TokenType; iat: number; exp: number; jti: string };
}

const ISSUER = 'reclaim';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function signingKey(ctx: AppContext): Promise<Uint8Array> {
  return new TextEncoder().encode((await ctx.secrets()).jwtSecret);
}

async function sign(
  ctx: AppContext,
  type: TokenType,
  subject: string,
  claims: Record<string, unknown>,
  jti: string = randomUUID(),
): Promise<string> {
  const { SignJWT } = await import('jose');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, type })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(subject)
    .setJti(jti)
    .setIssuedAt(now)
    .setExpirationTime(now + TOKEN_MINUTES[type] * 60)
    .sign(await signingKey(ctx));
}

export async function signAccessToken(ctx: AppContext, claims: FamilyClaims): Promise<string> {
  const { sub, ...rest } = claims;
  return sign(ctx, 'access', sub, rest);
}

/** `jti` is the id the family stores as its one usable refresh token. */
export async function signRefreshToken(ctx: AppContext, claims: FamilyClaims, jti: string): Promise<string> {
  const { sub, ...rest } = claims;
  return sign(ctx, 'refresh', sub, rest, jti);
}

export async function signRecoveryToken(ctx: AppContext, userId: number): Promise<string> {
  return sign(ctx, 'recovery', String(userId), {});
}

/**
 * Verifies signature, issuer and expiry. Anything that is not one of our tokens is
 * 'Invalid token'; one of ours of the wrong type (or an expired one of the right type) gives
 * `wrongTypeMessage`.
 */
async function verify(
  ctx: AppContext,
  token: string,
  type: TokenType,
  wrongTypeMessage: string,
): Promise<JWTPayload & { type: TokenType }> {
  const { errors, jwtVerify } = await import('jose');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, await signingKey(ctx), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired && error.payload.type === type)
      throw new AppError('unauthorized', wrongTypeMessage, { code: 'token_expired' });
    throw new AppError('unauthorized', AUTH_MESSAGES.invalidToken, { code: 'invalid_token' });
  }
  if (payload.type !== type) throw new AppError('unauthorized', wrongTypeMessage, { code: 'wrong_token_type' });
  return payload as JWTPayload & { type: TokenType };
}

/** A token without a family (signed before sessions were families) counts as not one of ours. */
function withFamily(payload: JWTPayload, message: string): VerifiedToken<FamilyClaims> {
  if (typeof payload.sid !== 'string' || !UUID.test(payload.sid))
    throw new AppError('unauthorized', message, { code: 'invalid_token' });
  return { claims: payload as unknown as VerifiedToken<FamilyClaims>['claims'] };
}

export async function verifyAccessToken(ctx: AppContext, token: string): Promise<VerifiedToken<FamilyClaims>> {
  return withFamily(await verify(ctx, token, 'access', AUTH_MESSAGES.invalidToken), AUTH_MESSAGES.invalidToken);
}

export async function verifyRefreshToken(ctx: AppContext, token: string): Promise<VerifiedToken<FamilyClaims>> {
  return withFamily(
    await verify(ctx, token, 'refresh', AUTH_MESSAGES.invalidRefreshToken),
    AUTH_MESSAGES.invalidRefreshToken,
  );
}

export async function verifyRecoveryToken(
  ctx: AppContext,
  token: string,
): Promise<VerifiedToken<Record<string, never>>> {
  return {
    claims: (await verify(ctx, token, 'recovery', AUTH_MESSAGES.invalidToken)) as unknown as VerifiedToken<
      Record<string, never>
    >['claims'],
  };
}
