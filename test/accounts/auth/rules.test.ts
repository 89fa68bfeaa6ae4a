import { describe, expect, it } from 'vitest';
import {
  isAdmitted,
  loginRateLimited,
  loginRefusal,
  tokenRole,
  type AuthApp,
  type LoginFacts,
} from '../../../src/accounts/index.ts';

describe('app admission (spec 4 section 6)', () => {
  it.each<[AuthApp, boolean, boolean, number, boolean]>([
    // app      staff  partner memberships admitted
    ['admin', true, false, 0, true],
    ['admin', false, true, 0, true],
    ['admin', false, false, 3, false], // brand admins are not admitted to the admin app
    ['admin', false, false, 0, false],
    ['brand', false, false, 1, true],
    ['brand', false, false, 0, false], // no active, activated tenant membership
    ['brand', false, true, 0, true], // partners are exempt
    ['brand', true, false, 0, true], // staff are not "other users"
  ])(
    '%s app, staff %s, partner %s, %i active memberships -> %s',
    (app, isStaff, isPartner, activeTenantMemberships, admitted) => {
      expect(isAdmitted(app, { isStaff, isPartner, activeTenantMemberships })).toBe(admitted);
    },
  );
});

const user = (overrides: Partial<NonNullable<LoginFacts['user']>> = {}): NonNullable<LoginFacts['user']> => ({
  state: 'active',
  isEnabled: true,
  hasPassword: true,
  passwordMatches: true,
  admitted: true,
  ...overrides,
});

describe('login checks and their order (spec 4 section 8)', () => {
  it.each<[string, LoginFacts, string | undefined]>([
    ['no password in the request', { passwordGiven: false, user: user() }, 'Password not provided!'],
    ['no password and no user', { passwordGiven: false }, 'Password not provided!'],
    ['no user with this e-mail', { passwordGiven: true }, 'Email or password is incorrect!'],
    [
      'no stored password',
      { passwordGiven: true, user: user({ hasPassword: false, passwordMatches: false }) },
      'Password is not setup, reset your password to login!',
    ],
    ['wrong password', { passwordGiven: true, user: user({ passwordMatches: false }) }, 'Invalid password!'],
    [
      'suspended',
      { passwordGiven: true, user: user({ state: 'suspended' }) },
      'Your account is not active, please contact support!',
    ],
    [
      'disabled',
      { passwordGiven: true, user: user({ isEnabled: false }) },
      'Your account is not enabled, please contact support!',
    ],
    [
      'not admitted to the app',
      { passwordGiven: true, user: user({ admitted: false }) },
      'You are not authorized to access this app!',
    ],
    ['everything in order', { passwordGiven: true, user: user() }, undefined],
    // Credentials first: the state of an account is only told to someone who knows its password.
    [
      'wrong password of a suspended, disabled, unadmitted user',
      {
        passwordGiven: true,
        user: user({ passwordMatches: false, state: 'suspended', isEnabled: false, admitted: false }),
      },
      'Invalid password!',
    ],
    [
      'invited user without a password',
      {
        passwordGiven: true,
        user: user({ state: 'invited', isEnabled: false, hasPassword: false, passwordMatches: false }),
      },
      'Password is not setup, reset your password to login!',
    ],
    [
      'suspended and disabled',
      { passwordGiven: true, user: user({ state: 'suspended', isEnabled: false }) },
      'Your account is not active, please contact support!',
    ],
    [
      'disabled and not admitted',
      { passwordGiven: true, user: user({ isEnabled: false, admitted: false }) },
      'Your account is not enabled, please contact support!',
    ],
  ])('%s', (_name, facts, message) => {
    expect(loginRefusal(facts)).toBe(message);
  });
});

describe('token role and rate limits', () => {
  it.each([
    [{ is_staff: true, role: 'admin' }, 'staff_admin'],
    [{ is_staff: false, role: 'admin' }, 'brand_admin'],
    [{ is_staff: false, role: 'member' }, 'brand_member'],
    [{ is_staff: false, role: 'partner' }, 'brand_partner'],
  ])('%o -> %s', (u, role) => expect(tokenRole(u)).toBe(role));

  it.each([
    [{ emailFailures: 9, ipFailures: 49 }, false],
    [{ emailFailures: 10, ipFailures: 0 }, true],
    [{ emailFailures: 0, ipFailures: 50 }, true],
    [{ emailFailures: 9 }, false],
  ])('%o limited: %s', (counts, limited) => expect(loginRateLimited(counts)).toBe(limited));
});
