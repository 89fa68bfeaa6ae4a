import { AppError, type AppContext } from '../../app/index.ts';
import { withTransaction } from '../../db/index.ts';
import { checkNewPassword } from './recovery.ts';
import { AUTH_MESSAGES } from './rules.ts';
import { findAuthUserById, lockMembership, setUserNames, storePassword } from '../store/auth.ts';
import { hashPassword } from './session.ts';
import { activateMembership, findMembershipBySetupToken, type SetupTokenMembership } from '../members/invites.ts';

/** Invite verification and account setup with the token of an invitation mail (valid 4320 minutes). */

const invalidAccountToken = (): AppError =>
  new AppError('invalid_input', AUTH_MESSAGES.invalidAccountToken, { code: 'invalid_account_token' });

/** Unknown, already used (removed) or expired tokens are all 'Invalid account token'. */
function usable(
  found: SetupTokenMembership | undefined,
  now = Date.now(),
): found is SetupTokenMembership & { expiresAt: Date } {
  return found !== undefined && found.expiresAt !== undefined && found.expiresAt.getTime() > now;
}

export interface InviteDetails {
  kind: 'tenant' | 'partner';
  email: string;
  given_name: string | null;
  family_name: string | null;
  expires_at: string;
}

/** Who an invitation is for, so the setup page can greet them; changes nothing. */
export async function verifyInvite(ctx: AppContext, { token }: { token: string }): Promise<InviteDetails> {
  const found = await findMembershipBySetupToken(ctx.db, token);
  if (!usable(found)) throw invalidAccountToken();
  const user = await findAuthUserById(ctx.db, found.userId);
  if (!user) throw invalidAccountToken();
  return {
    kind: found.kind,
    email: user.email,
    given_name: user.given_name,
    family_name: user.family_name,
    expires_at: found.expiresAt.toISOString(),
  };
}

export interface SetupAccountOptions {
  token: string;
  password: string;
  confirmPassword: string;
  givenName?: string;
  familyName?: string;
}

/**
 * Accepts an invitation: in one transaction the password is set, the membership becomes active
 * with its activation time and loses its token, the user is enabled (and a pending partner
 * activated), and the names are stored when given. The token then no longer works.
 */
export async function setupAccount(
  ctx: AppContext,
  { token, password, confirmPassword, givenName, familyName }: SetupAccountOptions,
): Promise<{ user_id: number; email: string; kind: 'tenant' | 'partner' }> {
  checkNewPassword(password, confirmPassword);
  const found = await findMembershipBySetupToken(ctx.db, token);
  if (!usable(found)) throw invalidAccountToken();
  const hash = await hashPassword(password);
  return withTransaction(ctx.db, async (tx) => {
    // Two setups with the same token: the second waits here, then finds the token gone.
    await lockMembership(tx, found.kind, found.membershipId);
    const current = await findMembershipBySetupToken(tx, token);
    if (!usable(current) || current.membershipId !== found.membershipId || current.kind !== found.kind)
      throw invalidAccountToken();
    await storePassword(tx, current.userId, hash);
    await setUserNames(tx, current.userId, { given_name: givenName, family_name: familyName });
    try {
      await activateMembership(tx, { kind: current.kind, membershipId: current.membershipId });
    } catch (error) {
      throw new AppError('internal', AUTH_MESSAGES.failedToActivate, { code: 'activation_failed', cause: error });
    }
    const user = await findAuthUserById(tx, current.userId);
    if (!user) throw new AppError('internal', AUTH_MESSAGES.failedToActivate, { code: 'activation_failed' });
    return { user_id: user.id, email: user.email, kind: current.kind };
  });
}
