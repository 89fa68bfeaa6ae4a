/**
 * Auth rules without I/O: who is admitted to which app, which login message applies, the role
 * a token carries, default role policies and the login rate limits (spec 4 sections 6, 8, 9).
 * Default role policies live with the permission collection (permissions/rules.ts).
 */

export type AuthApp = 'admin' | 'brand';
export const AUTH_APPS: readonly AuthApp[] = ['admin', 'brand'];

export const LOGIN_MESSAGES = {
  noUser: 'Email or password is incorrect!',
  notAdmitted: 'You are not authorized to access this app!',
  suspended: 'Your account is not active, please contact support!',
  disabled: 'Your account is not enabled, please contact support!',
  noPasswordGiven: 'Password not provided!',
  noPasswordStored: 'Password is not setup, reset your password to login!',
  wrongPassword: 'Invalid password!',
} as const;

export const AUTH_MESSAGES = {
  invalidToken: 'Invalid token',
  invalidRefreshToken: 'Invalid refresh token',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidAccountToken: 'Invalid account token',
  failedToActivate: 'Failed to activate user',
  rateLimited: 'Too many login attempts, please try again later.',
  emailUnavailable: 'Email service not available',
  passkeyRefused: 'Passkey could not be verified',
  passkeyNotFound: 'Passkey not found',
  brandNotFound: 'Brand not found',
  tenantNotFound: 'Tenant not found',
  userNotFound: 'User not found',
} as const;

/** Lifetimes in minutes (spec 4 section 9). */
export const TOKEN_MINUTES = { access: 10080, refresh: 43200, recovery: 10080 } as const;
export const BCRYPT_COST = 10;
/** A WebAuthn ceremony must be finished within this many minutes of its options. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

/** Login rate limits: failed attempts inside the window. */
export const LOGIN_LIMITS = { windowMinutes: 15, perEmail: 10, perIp: 50 } as const;
/** Recovery mails per e-mail address inside the window; beyond it the request is answered the same, without a mail. */
export const RECOVERY_LIMITS = { windowMinutes: 60, perEmail: 5 } as const;

export interface AdmissionFacts {
  isStaff: boolean;
  /** users.role is partner, or an active, activated partner membership exists. */
  isPartner: boolean;
  /** Tenant memberships in state active with an activation time. */
  activeTenantMemberships: number;
}

/**
 * The admin app admits only staff or partner users. The brand app admits users with at least
 * one active, activated tenant membership; partners (and staff, who are not "other users" in
 * spec 4 section 6) are exempt.
 */
export function isAdmitted(app: AuthApp, facts: AdmissionFacts): boolean {
  if (facts.isStaff || facts.isPartner) return true;
  if (app === 'admin') return false;
  return facts.activeTenantMemberships > 0;
}

export interface AccountFacts {
  state: string;
  isEnabled: boolean;
  admitted: boolean;
}

export interface LoginFacts {
  passwordGiven: boolean;
  /** Undefined when no user has this e-mail. */
  user?: AccountFacts & { hasPassword: boolean; passwordMatches: boolean };
}

/**
 * The order of the login checks. Credentials come first, so the state of an account (suspended,
 * disabled, not admitted) is only told to someone who knows its password:
 *   1. no password in the request       'Password not provided!'
 *   2. no user with this e-mail         'Email or password is incorrect!'
 *   3. the user has no password set     'Password is not setup, reset your password to login!'
 *   4. the password does not match      'Invalid password!'
 *   5..7. accountRefusal: suspended, disabled, not admitted to the app.
 * A passkey login replaces 1-4 by the passkey ceremony and then runs the same 5-7.
 */
export function loginRefusal(facts: LoginFacts): string | undefined {
  if (!facts.passwordGiven) return LOGIN_MESSAGES.noPasswordGiven;
  if (!facts.user) return LOGIN_MESSAGES.noUser;
  if (!facts.user.hasPassword) return LOGIN_MESSAGES.noPasswordStored;
  if (!facts.user.passwordMatches) return LOGIN_MESSAGES.wrongPassword;
  return accountRefusal(facts.user);
}

/** 5. suspended, 6. disabled, 7. not admitted to the app. */
export function accountRefusal(facts: AccountFacts): string | undefined {
  if (facts.state === 'suspended') return LOGIN_MESSAGES.suspended;
  if (!facts.isEnabled) return LOGIN_MESSAGES.disabled;
  if (!facts.admitted) return LOGIN_MESSAGES.notAdmitted;
  return undefined;
}

/** The role a token carries: 'staff_' or 'brand_' plus the user's role. */
export function tokenRole(user: { is_staff: boolean; role: string }): string {
  return `${user.is_staff ? 'staff' : 'brand'}_${user.role}`;
}

export interface AttemptCounts {
  emailFailures: number;
  /** Undefined when the attempt has no IP address (the CLI). */
  ipFailures?: number;
}

/** True when another login attempt must be refused. */
export function loginRateLimited(
  counts: AttemptCounts,
  limits: { perEmail: number; perIp: number } = LOGIN_LIMITS,
): boolean {
  return counts.emailFailures >= limits.perEmail || (counts.ipFailures ?? 0) >= limits.perIp;
}
