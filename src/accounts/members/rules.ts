/**
 * Invitation and member rules (spec 4 sections 4, 5 and 9). Pure: no I/O.
 */
import { createRequire } from 'node:module';
import type * as PhoneNumbers from 'libphonenumber-js';
import { z } from 'zod';
import { AppError } from '../../app/index.ts';

/** libphonenumber-js, loaded on the first number parsed, not with this module. */
const phoneNumbers = (): typeof PhoneNumbers =>
  createRequire(import.meta.url)('libphonenumber-js') as typeof PhoneNumbers;

export const INVITE_ROLES = ['admin', 'member'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];
export const DEFAULT_INVITE_ROLE: InviteRole = 'member';

/** Invite token and expiry: 4320 minutes (3 days). */
export const INVITE_TOKEN_MINUTES = 4320;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const MEMBER_STATES = ['active', 'invited', 'suspended'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

const emailSchema = z.email();

export interface ParsedEmails {
  /** Valid addresses, trimmed, lower-cased, first occurrence kept. */
  emails: string[];
  /** Entries that are not e-mail addresses (as given, trimmed), reported and dropped. */
  invalid: string[];
}

/** The e-mail input: split on newlines, commas and semicolons, trimmed, lower-cased, de-duplicated; invalid ones dropped. */
export function parseInviteEmails(input: string | readonly string[]): ParsedEmails {
  const parts = (typeof input === 'string' ? [input] : input).flatMap((chunk) => chunk.split(/[\n\r,;]+/));
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const part of parts) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const email = trimmed.toLowerCase();
    if (!emailSchema.safeParse(email).success) {
      if (!invalid.includes(trimmed)) invalid.push(trimmed);
    } else if (!emails.includes(email)) {
      emails.push(email);
    }
  }
  return { emails, invalid };
}

/** The invite role: admin or member, default member. */
export function parseInviteRole(value: string | undefined): InviteRole {
  if (value === undefined || value.trim() === '') return DEFAULT_INVITE_ROLE;
  const role = value.trim().toLowerCase();
  if ((INVITE_ROLES as readonly string[]).includes(role)) return role as InviteRole;
  throw new AppError('invalid_input', `Invalid role "${value}": use admin or member.`, { code: 'invalid_role' });
}

/** When an invitation made at `now` stops being valid. */
export const inviteExpiry = (now: Date): Date => new Date(now.getTime() + INVITE_TOKEN_MINUTES * 60_000);

/** A token is usable until its expiry (exclusive). A missing or unreadable expiry counts as expired. */
export function isInviteExpired(expiresAt: string | Date | undefined | null, now: Date): boolean {
  if (expiresAt === undefined || expiresAt === null) return true;
  const at = new Date(expiresAt).getTime();
  return Number.isNaN(at) || at <= now.getTime();
}

/**
 * The state a member is shown with: suspended or removed memberships keep their state, a
 * suspended user is suspended, a member with no activation time counts as 'invited'.
 */
export function memberState(m: { state: string; activated_at: Date | string | null; user_state: string }): string {
  if (m.state === 'suspended' || m.state === 'removed') return m.state;
  if (m.user_state === 'suspended') return 'suspended';
  if (m.activated_at === null) return 'invited';
  return m.state;
}

export function parseMemberState(value: string | undefined): MemberState | undefined {
  if (value === undefined) return undefined;
  if ((MEMBER_STATES as readonly string[]).includes(value)) return value as MemberState;
  throw new AppError('invalid_input', `Invalid state "${value}": use active, invited or suspended.`, {
    code: 'invalid_state',
  });
}

/** Page (from 1) and limit (default 10, at most 100) to limit/offset. */
export function pageWindow({ page = 1, limit = DEFAULT_PAGE_SIZE }: { page?: number; limit?: number }): {
  page: number;
  limit: number;
  offset: number;
} {
  if (!Number.isInteger(page) || page < 1)
    throw new AppError('invalid_input', `Page must be a whole number from 1, got ${page}.`);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE)
    throw new AppError('invalid_input', `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}, got ${limit}.`);
  return { page, limit, offset: (page - 1) * limit };
}

/** A user phone in E.164 form (default region US), or 'Please enter a valid phone number'. */
export function normalizeUserPhone(value: string): string {
  const parsed = phoneNumbers().parsePhoneNumberFromString(value.trim(), 'US');
  if (!parsed || !parsed.isValid())
    throw new AppError('invalid_input', 'Please enter a valid phone number', { code: 'invalid_phone' });
  return parsed.number;
}

/** 'Account already exists with this email: a@x.com, b@y.com' */
export const accountExistsMessage = (emails: readonly string[]): string =>
  `Account already exists with this email: ${emails.join(', ')}`;

/** 'Tenant Acme, Globex already exists' */
export const tenantAttachedMessage = (names: readonly string[]): string => `Tenant ${names.join(', ')} already exists`;
