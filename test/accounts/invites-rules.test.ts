import { describe, expect, it } from 'vitest';
import {
  accountExistsMessage,
  inviteExpiry,
  isInviteExpired,
  memberState,
  normalizeUserPhone,
  pageWindow,
  parseInviteEmails,
  parseInviteRole,
  parseMemberState,
  tenantAttachedMessage,
} from '../../src/accounts/members/rules.ts';

describe('invitation e-mail list (spec 4 section 5)', () => {
  it.each([
    ['a@x.com, b@y.com; c@z.com', ['a@x.com', 'b@y.com', 'c@z.com'], []],
    ['a@x.com\nb@y.com\r\nc@z.com', ['a@x.com', 'b@y.com', 'c@z.com'], []],
    ['  A@X.com ;a@x.com,  a@X.COM  ', ['a@x.com'], []],
    ['a@x.com,,;\n\n b@y.com', ['a@x.com', 'b@y.com'], []],
    ['a@x.com, not-an-email, b@y, @y.com, c@z.com', ['a@x.com', 'c@z.com'], ['not-an-email', 'b@y', '@y.com']],
    ['bad, bad, bad', [], ['bad']],
    ['', [], []],
  ])('%j gives %j, dropping %j', (input, emails, invalid) => {
    expect(parseInviteEmails(input)).toEqual({ emails, invalid });
  });

  it('accepts a list of chunks as well (repeated flags)', () => {
    expect(parseInviteEmails(['a@x.com; b@y.com', 'B@y.com\nc@z.com'])).toEqual({
      emails: ['a@x.com', 'b@y.com', 'c@z.com'],
      invalid: [],
    });
  });
});

describe('invite role: admin or member, default member', () => {
  it.each([
    [undefined, 'member'],
    ['', 'member'],
    ['member', 'member'],
    ['admin', 'admin'],
    [' Admin ', 'admin'],
  ])('%j -> %s', (input, role) => {
    expect(parseInviteRole(input)).toBe(role);
  });

  it.each(['owner', 'partner', 'staff'])('%s is refused', (input) => {
    expect(() => parseInviteRole(input)).toThrow(`Invalid role "${input}": use admin or member.`);
  });
});

describe('invite token expiry: 4320 minutes', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');
  it('is 3 days after the invitation', () => {
    expect(inviteExpiry(now).toISOString()).toBe('2026-11-25T10:00:00.000Z');
  });
  it.each([
    ['2026-11-25T10:00:00.000Z', false, '2026-11-25T09:59:59.999Z'],
    ['2026-11-25T10:00:00.000Z', true, '2026-11-25T10:00:00.000Z'],
    ['2026-11-25T10:00:00.000Z', true, '2026-11-26T00:00:00.000Z'],
    [undefined, true, '2026-11-22T10:00:00.000Z'],
    ['not a date', true, '2026-11-22T10:00:00.000Z'],
  ])('expiry %j is expired=%s at %s', (expiresAt, expired, at) => {
    expect(isInviteExpired(expiresAt, new Date(at))).toBe(expired);
  });
});

describe('member state shown and filtered (a member with no activation time counts as invited)', () => {
  const at = new Date('2026-11-20T00:00:00Z');
  it.each([
    [{ state: 'active', activated_at: at, user_state: 'active' }, 'active'],
    [{ state: 'invited', activated_at: null, user_state: 'invited' }, 'invited'],
    [{ state: 'active', activated_at: null, user_state: 'active' }, 'invited'],
    [{ state: 'active', activated_at: at, user_state: 'suspended' }, 'suspended'],
    [{ state: 'suspended', activated_at: at, user_state: 'active' }, 'suspended'],
    [{ state: 'removed', activated_at: null, user_state: 'active' }, 'removed'],
  ])('%j -> %s', (member, state) => {
    expect(memberState(member)).toBe(state);
  });

  it.each([['active'], ['invited'], ['suspended']])('state filter %s is accepted', (value) => {
    expect(parseMemberState(value)).toBe(value);
  });
  it('an unknown state filter is refused', () => {
    expect(() => parseMemberState('deleted')).toThrow('Invalid state "deleted": use active, invited or suspended.');
  });
});

describe('paging: page from 1, limit default 10', () => {
  it.each([
    [{}, { page: 1, limit: 10, offset: 0 }],
    [{ page: 3 }, { page: 3, limit: 10, offset: 20 }],
    [
      { page: 2, limit: 25 },
      { page: 2, limit: 25, offset: 25 },
    ],
  ])('%j -> %j', (input, window) => {
    expect(pageWindow(input)).toEqual(window);
  });
  it.each([
    [{ page: 0 }, 'Page must be a whole number from 1, got 0.'],
    [{ limit: 0 }, 'Limit must be a whole number from 1 to 100, got 0.'],
    [{ limit: 101 }, 'Limit must be a whole number from 1 to 100, got 101.'],
  ])('%j is refused: %s', (input, message) => {
    expect(() => pageWindow(input)).toThrow(message);
  });
});

describe('user phone: E.164, default region US', () => {
  it.each([
    ['(415) 555-0134', '+14155550134'],
    ['415.555.0134', '+14155550134'],
    ['+1 415 555 0134', '+14155550134'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s -> %s', (input, e164) => {
    expect(normalizeUserPhone(input)).toBe(e164);
  });
  it.each(['12', 'call me', '555-0134'])('%s gives "Please enter a valid phone number"', (input) => {
    expect(() => normalizeUserPhone(input)).toThrow('Please enter a valid phone number');
  });
});

describe('messages (spec 4 section 8)', () => {
  it.each([
    [['a@x.com'], 'Account already exists with this email: a@x.com'],
    [['a@x.com', 'b@y.com'], 'Account already exists with this email: a@x.com, b@y.com'],
  ])('existing accounts %j', (emails, message) => {
    expect(accountExistsMessage(emails)).toBe(message);
  });
  it.each([
    [['Acme'], 'Tenant Acme already exists'],
    [['Acme', 'Globex'], 'Tenant Acme, Globex already exists'],
  ])('tenants already attached %j', (names, message) => {
    expect(tenantAttachedMessage(names)).toBe(message);
  });
});
