import { createHash } from 'node:crypto';
import { AppError, type AppContext } from '../../app/index.ts';
import { withTransaction } from '../../db/index.ts';
import { assertMailAvailable, passwordResetMail, resetLink, sendMail } from '../../notifications/index.ts';
import { AUTH_MESSAGES, LOGIN_MESSAGES, RECOVERY_LIMITS } from './rules.ts';
import {
  countRecoveryRequests,
  findAuthUserByEmail,
  findAuthUserById,
  lockAttempts,
  patchAuth,
  recordAttempt,
  storePassword,
} from '../store/auth.ts';
import { revokeUserSessionFamilies } from '../store/sessions.ts';
import { signRecoveryToken, verifyRecoveryToken } from './tokens.ts';
import { hashPassword } from './session.ts';

/**
 * Password recovery. users.auth.recovery_token holds the SHA-256 of the latest recovery token
 * (never the token itself), so reading the database is not enough to reset a password.
 */

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this e-mail, a link to reset its password is on its way.';
const MIN_PASSWORD = 8;
const MAX_PASSWORD_BYTES = 72; // bcrypt ignores what follows

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Passwords must match, be given, and fit bcrypt (8 characters to 72 bytes). */
export function checkNewPassword(password: string | undefined, confirmPassword: string | undefined): string {
  if (password !== confirmPassword)
    throw new AppError('invalid_input', AUTH_MESSAGES.passwordsDoNotMatch, { code: 'passwords_do_not_match' });
  if (!password) throw new AppError('invalid_input', LOGIN_MESSAGES.noPasswordGiven);
  if (password.length < MIN_PASSWORD)
    throw new AppError('invalid_input', `Password must be at least ${MIN_PASSWORD} characters.`, {
      code: 'password_too_short',
    });
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES)
    throw new AppError('invalid_input', `Password must be at most ${MAX_PASSWORD_BYTES} bytes.`, {
      code: 'password_too_long',
    });
  return password;
}

/**
 * Mails a reset link (valid 10080 minutes) to the account with this e-mail. The answer is the
 * same whether or not the account exists; a suspended account gets no mail, and after
 * RECOVERY_LIMITS.perEmail requests in the window no further mail is sent.
 */
export async function forgotPassword(
  ctx: AppContext,
  { email, ip }: { email: string; ip?: string },
): Promise<{ message: string }> {
  assertMailAvailable(ctx.config);
  // Counted and recorded under a lock per e-mail: parallel requests cannot all pass the count.
  const earlier = await withTransaction(ctx.db, async (tx) => {
    await lockAttempts(tx, { kind: 'forgot_password', email });
    const count = await countRecoveryRequests(tx, email, RECOVERY_LIMITS.windowMinutes);
    await recordAttempt(tx, { kind: 'forgot_password', email, ip, succeeded: true });
    return count;
  });
  const user = await findAuthUserByEmail(ctx.db, email);
  if (!user || user.state === 'suspended' || earlier >= RECOVERY_LIMITS.perEmail) {
    ctx.logger.info(
      { reason: !user ? 'unknown_email' : user.state === 'suspended' ? 'suspended' : 'rate_limited' },
      'password recovery requested, no mail sent',
    );
    return { message: FORGOT_PASSWORD_ANSWER };
  }
  const token = await signRecoveryToken(ctx, user.id);
  await patchAuth(ctx.db, user.id, { recovery_token: digest(token) });
  await sendMail(ctx, { to: user.email, ...passwordResetMail({ link: resetLink(ctx.config, token) }) });
  return { message: FORGOT_PASSWORD_ANSWER };
}

export interface ResetPasswordOptions {
  token: string;
  password: string;
  confirmPassword: string;
  /** The caller's address, recorded with the reset. */
  ip?: string;
}

/**
 * Sets a new password with a recovery token: 'Passwords do not match' first, then the token must
 * verify, be of type recovery and be the latest one issued ('Invalid token'). The token is
 * removed, so it works once; every session family of the user is revoked (tokens issued before
 * the reset stop working). Neither this nor forgotPassword looks at the login lockout, and a
 * completed reset ends it: login failures before it no longer count against the e-mail.
 */
export async function resetPassword(
  ctx: AppContext,
  { token, password, confirmPassword, ip }: ResetPasswordOptions,
): Promise<{ user_id: number; email: string }> {
  checkNewPassword(password, confirmPassword);
  const { claims } = await verifyRecoveryToken(ctx, token);
  const hash = await hashPassword(password);
  return withTransaction(ctx.db, async (tx) => {
    const user = await findAuthUserById(tx, Number(claims.sub), { lock: true });
    if (!user || typeof user.auth.recovery_token !== 'string' || user.auth.recovery_token !== digest(token)) {
      throw new AppError('unauthorized', AUTH_MESSAGES.invalidToken, { code: 'invalid_token' });
    }
    await storePassword(tx, user.id, hash);
    await revokeUserSessionFamilies(tx, user.id, 'password_reset');
    await recordAttempt(tx, { kind: 'password_reset', email: user.email, ip, succeeded: true });
    return { user_id: user.id, email: user.email };
  });
}
