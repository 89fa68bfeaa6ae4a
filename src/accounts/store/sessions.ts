/**
 * SQL for session families (auth_sessions): one row per login, holding the id of the one refresh
 * token of that login that may still be used. Rotation is a compare-and-swap on that id.
 */
import type { Handle } from '../../db/index.ts';
import type { AuthApp } from '../auth/rules.ts';

export type RevokeReason = 'refresh_token_reuse' | 'password_reset' | 'logout';

export interface SessionFamily {
  id: string;
  user_id: number;
  refresh_jti: string;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: RevokeReason | null;
}

/** Records a new family (a login); families whose last refresh token has expired are removed on the way. */
export async function createSessionFamily(
  db: Handle,
  family: { id: string; userId: number; app: AuthApp; refreshJti: string; expiresAt: Date; userAgent?: string },
): Promise<void> {
  await db('auth_sessions').where('expires_at', '<', db.fn.now()).delete();
  await db('auth_sessions').insert({
    id: family.id,
    user_id: family.userId,
    app: family.app,
    refresh_jti: family.refreshJti,
    expires_at: family.expiresAt,
    user_agent: family.userAgent?.slice(0, 300) || null,
  });
}

/**
 * Retires the presented refresh token and makes `nextJti` the family's usable one, in one
 * statement: true only when the presented token was the usable one of a live family. Of two
 * callers with the same token, exactly one gets true (the other waits on the row, then finds
 * the id changed).
 */
export async function rotateRefreshToken(
  db: Handle,
  rotation: { familyId: string; userId: number; presentedJti: string; nextJti: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await db('auth_sessions')
    .where({ id: rotation.familyId, user_id: rotation.userId, refresh_jti: rotation.presentedJti })
    .whereNull('revoked_at')
    .where('expires_at', '>', db.fn.now())
    .update({
      refresh_jti: rotation.nextJti,
      refreshed_count: db.raw('refreshed_count + 1'),
      refreshed_at: db.fn.now(),
      expires_at: rotation.expiresAt,
    })
    .returning('id');
  return rows.length === 1;
}

export async function findSessionFamily(db: Handle, id: string): Promise<SessionFamily | undefined> {
  const row = await db('auth_sessions')
    .where({ id })
    .first('id', 'user_id', 'refresh_jti', 'expires_at', 'revoked_at', 'revoked_reason');
  return row ? { ...row, user_id: Number(row.user_id) } : undefined;
}

/** True when this call revoked the family (false when it was revoked already or does not exist). */
export async function revokeSessionFamily(db: Handle, id: string, reason: RevokeReason): Promise<boolean> {
  const rows = await db('auth_sessions')
    .where({ id })
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now(), revoked_reason: reason })
    .returning('id');
  return rows.length === 1;
}

/** Revokes every live family of a user; returns how many. */
export async function revokeUserSessionFamilies(db: Handle, userId: number, reason: RevokeReason): Promise<number> {
  const rows = await db('auth_sessions')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now(), revoked_reason: reason })
    .returning('id');
  return rows.length;
}

/** True while the family of an access token is live (not revoked, its last refresh token not expired). */
export async function sessionFamilyIsLive(db: Handle, id: string, userId: number): Promise<boolean> {
  const row = await db('auth_sessions')
    .where({ id, user_id: userId })
    .whereNull('revoked_at')
    .where('expires_at', '>', db.fn.now())
    .first('id');
  return row !== undefined;
}

export interface LiveSession {
  id: string;
  app: AuthApp;
  created_at: Date;
  refreshed_at: Date | null;
  expires_at: Date;
  user_agent: string | null;
}

/** A user's live session families (not revoked, not expired), most recently used first. */
export async function listLiveSessionFamilies(db: Handle, userId: number): Promise<LiveSession[]> {
  return db('auth_sessions')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .where('expires_at', '>', db.fn.now())
    .orderByRaw('coalesce(refreshed_at, created_at) desc, id')
    .select('id', 'app', 'created_at', 'refreshed_at', 'expires_at', 'user_agent');
}

/** Revokes every live family of a user but one; returns how many. */
export async function revokeOtherSessionFamilies(
  db: Handle,
  userId: number,
  keepId: string,
  reason: RevokeReason,
): Promise<number> {
  const rows = await db('auth_sessions')
    .where({ user_id: userId })
    .whereNot({ id: keepId })
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now(), revoked_reason: reason })
    .returning('id');
  return rows.length;
}
