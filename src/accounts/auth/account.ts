/**
 * The signed-in user's own account (Account → Security): change the password, the live sessions
 * (one per login: a session family), and signing out every session but this one.
 */
import { AppError, type AppContext } from '../../app/index.ts';
import { withTransaction } from '../../db/index.ts';
import { forgotLink, passwordChangedMail, sendMail } from '../../notifications/index.ts';
import { findAuthUserById, markAttemptSucceeded, storePassword } from '../store/auth.ts';
import { listLiveSessionFamilies, revokeOtherSessionFamilies, revokeUserSessionFamilies } from '../store/sessions.ts';
import { checkNewPassword } from './recovery.ts';
import { AUTH_MESSAGES, LOGIN_MESSAGES, type AuthApp } from './rules.ts';
import {
  admitLoginAttempt,
  hashPassword,
  openSession,
  passwordIsRight,
  type AuthSession,
  type LoginResponse,
} from './session.ts';

export interface ChangePasswordInput {
  currentPassword?: string;
  password?: string;
  confirmPassword?: string;
  /** The browser's User-Agent, kept with the new session. */
  userAgent?: string;
  /** The caller's address: wrong current passwords count like failed logins (per e-mail and per address). */
  ip?: string;
}

/**
 * Checks the new password (the reset's rules and messages: 'Passwords do not match' first), then
 * the current one ('Password not provided!', 'Invalid password!'; a 400, not a 401, since the
 * caller stays signed in). The new hash is stored, every session of the user ends (tokens issued
 * before the change are refused from now on) and this browser gets a new session.
 */
export async function changePassword(
  ctx: AppContext,
  session: Pick<AuthSession, 'userId' | 'app'>,
  { currentPassword, password, confirmPassword, userAgent, ip }: ChangePasswordInput,
): Promise<{ session: LoginResponse; signed_out: number }> {
  checkNewPassword(password, confirmPassword);
  if (!currentPassword)
    throw new AppError('invalid_input', LOGIN_MESSAGES.noPasswordGiven, { code: 'missing_current_password' });
  const user = await findAuthUserById(ctx.db, session.userId);
  if (!user) throw new AppError('unauthorized', AUTH_MESSAGES.invalidToken);
  // A wrong current password counts as a failed login: guessing it here is limited like sign-in.
  const attemptId = await admitLoginAttempt(ctx, { email: user.email, ip, record: true });
  if (!(await passwordIsRight(user, currentPassword)))
    throw new AppError('invalid_input', LOGIN_MESSAGES.wrongPassword, { code: 'wrong_password' });
  if (attemptId !== undefined) await markAttemptSucceeded(ctx.db, attemptId);
  const hash = await hashPassword(password!);
  const ended = await withTransaction(ctx.db, async (tx) => {
    await storePassword(tx, user.id, hash);
    return revokeUserSessionFamilies(tx, user.id, 'password_reset');
  });
  ctx.logger.info({ user_id: user.id, sessions_ended: ended }, 'password changed');
  // Told by mail, so a change the user did not make is noticed; the change stands if the mail fails.
  const when = `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date())} UTC`;
  await sendMail(ctx, { to: user.email, ...passwordChangedMail({ when, link: forgotLink(ctx.config) }) }).catch(
    (error: unknown) => ctx.logger.warn({ err: error, user_id: user.id }, 'could not mail the password change notice'),
  );
  const fresh = await findAuthUserById(ctx.db, user.id);
  // The caller's own session was one of those ended: it is not counted as "another" one.
  return { session: await openSession(ctx, fresh!, session.app, userAgent), signed_out: Math.max(0, ended - 1) };
}

export interface SessionView {
  id: string;
  app: AuthApp;
  started_at: Date;
  last_active_at: Date;
  expires_at: Date;
  /** The User-Agent of the sign-in (the panel names the browser and system). */
  user_agent: string | null;
  current: boolean;
}

/** The user's live sessions, most recently used first, this one marked. */
export async function listSessions(
  ctx: AppContext,
  session: Pick<AuthSession, 'userId' | 'sessionId'>,
): Promise<SessionView[]> {
  const rows = await listLiveSessionFamilies(ctx.db, session.userId);
  return rows.map((row) => ({
    id: row.id,
    app: row.app,
    started_at: row.created_at,
    last_active_at: row.refreshed_at ?? row.created_at,
    expires_at: row.expires_at,
    user_agent: row.user_agent,
    current: row.id === session.sessionId,
  }));
}

/** Ends every live session of the user but this one; how many ended. */
export async function signOutOtherSessions(
  ctx: AppContext,
  session: Pick<AuthSession, 'userId' | 'sessionId'>,
): Promise<{ signed_out: number }> {
  const count = await revokeOtherSessionFamilies(ctx.db, session.userId, session.sessionId, 'logout');
  ctx.logger.info({ user_id: session.userId, sessions_ended: count }, 'other sessions signed out');
  return { signed_out: count };
}
