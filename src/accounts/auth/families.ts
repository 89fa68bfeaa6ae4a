import { randomUUID } from 'node:crypto';
import { AppError, type AppContext } from '../../app/index.ts';
import {
  createSessionFamily,
  findSessionFamily,
  revokeSessionFamily,
  rotateRefreshToken,
  sessionFamilyIsLive,
} from '../store/sessions.ts';
import { AUTH_MESSAGES, TOKEN_MINUTES, type AuthApp } from './rules.ts';
import { verifyRefreshToken, type FamilyClaims, type VerifiedToken } from './tokens.ts';

/**
 * Session families (OWASP session management; OAuth 2.0 security BCP refresh token rotation).
 * A login opens a family; every refresh retires the presented refresh token and hands out the
 * next one of the same family, so each refresh token works once. A retired token presented
 * again means two parties hold the family's tokens: the whole family is revoked (access tokens
 * included) and a security event is logged. Which of the two was the owner cannot be told, so
 * a client must not refresh twice at once with one token: the second is a reuse.
 */

/** The family and refresh token id the next tokens are signed with. */
export interface FamilyIssue {
  familyId: string;
  refreshJti: string;
}

const refreshExpiry = (): Date => new Date(Date.now() + TOKEN_MINUTES.refresh * 60_000);
const invalidRefreshToken = (): AppError =>
  new AppError('unauthorized', AUTH_MESSAGES.invalidRefreshToken, { code: 'invalid_token' });

/** Opens the family of a new login. */
export async function openFamily(
  ctx: AppContext,
  userId: number,
  app: AuthApp,
  userAgent?: string,
): Promise<FamilyIssue> {
  const issue = { familyId: randomUUID(), refreshJti: randomUUID() };
  await createSessionFamily(ctx.db, {
    id: issue.familyId,
    userId,
    app,
    refreshJti: issue.refreshJti,
    expiresAt: refreshExpiry(),
    userAgent,
  });
  return issue;
}

/**
 * Retires a verified refresh token and returns the id of its successor. A token that is not the
 * family's usable one is refused with 'Invalid refresh token'; when its family is live, it was
 * retired by an earlier refresh, so the family is revoked and the reuse logged (at warn, with the
 * user, tenant and family ids and the caller's address, never a token).
 */
export async function rotateFamily(
  ctx: AppContext,
  { claims }: VerifiedToken<FamilyClaims>,
  { ip }: { ip?: string } = {},
): Promise<FamilyIssue> {
  const userId = Number(claims.sub);
  const next = { familyId: claims.sid, refreshJti: randomUUID() };
  const rotated = await rotateRefreshToken(ctx.db, {
    familyId: claims.sid,
    userId,
    presentedJti: claims.jti,
    nextJti: next.refreshJti,
    expiresAt: refreshExpiry(),
  });
  if (rotated) return next;

  const family = await findSessionFamily(ctx.db, claims.sid);
  const retired =
    family && family.user_id === userId && family.revoked_at === null && family.refresh_jti !== claims.jti;
  if (retired && (await revokeSessionFamily(ctx.db, claims.sid, 'refresh_token_reuse'))) {
    ctx.logger.warn(
      {
        event: 'refresh_token_reuse',
        user_id: userId,
        tenant_id: claims.tenant_id ?? null,
        partner_id: claims.partner_id ?? null,
        session_id: claims.sid,
        ip: ip ?? null,
      },
      'security: a retired refresh token was presented; every session of that login is revoked',
    );
  }
  throw invalidRefreshToken();
}

/** An access token counts while its family is live. */
export async function assertFamilyLive(ctx: AppContext, { claims }: VerifiedToken<FamilyClaims>): Promise<void> {
  if (!(await sessionFamilyIsLive(ctx.db, claims.sid, Number(claims.sub))))
    throw new AppError('unauthorized', AUTH_MESSAGES.invalidToken, { code: 'session_revoked' });
}

/**
 * Sign-out: revokes the family of a refresh token (its access tokens stop working too). A token
 * that does not verify changes nothing; sign-out never fails.
 */
export async function endFamily(ctx: AppContext, refreshToken: string): Promise<void> {
  let verified: VerifiedToken<FamilyClaims>;
  try {
    verified = await verifyRefreshToken(ctx, refreshToken);
  } catch {
    return;
  }
  const family = await findSessionFamily(ctx.db, verified.claims.sid);
  if (family && family.user_id === Number(verified.claims.sub)) await revokeSessionFamily(ctx.db, family.id, 'logout');
}
