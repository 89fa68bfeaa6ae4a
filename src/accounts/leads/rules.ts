/**
 * Lead validation (spec 4 section 5). Pure: no I/O. Whether the e-mail already belongs to a user
 * is looked up by the caller and passed in as `emailTaken`.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as PhoneNumbers from 'libphonenumber-js';
import { z } from 'zod';
import { AppError } from '../../app/index.ts';

/** libphonenumber-js, loaded on the first number parsed, not with this module. */
const phoneNumbers = (): typeof PhoneNumbers =>
  createRequire(import.meta.url)('libphonenumber-js') as typeof PhoneNumbers;

export const LEAD_MESSAGES = {
  invalidUrl: 'Invalid url',
  invalidPhone: 'Please enter a valid phone number',
  invalidEmail: 'Please enter a valid email address',
  duplicateEmail: 'An account with this email already exists',
  companyRequired: 'Company name is required',
  invalidLeadId: 'Lead id must be a uuid',
} as const;

/** Internal e-mail domains used by our own test accounts; override with the `internalDomains` option. */
export const DEFAULT_INTERNAL_DOMAINS: readonly string[] = ['reclaim.dev'];
/** The tag in the local part that marks an internal test account: jane+test@reclaim.dev, ops+test-42@reclaim.dev. */
export const INTERNAL_TEST_TAG = '+test';
export const INTERNAL_TESTING_INDUSTRY = 'internal_testing';
export const DEFAULT_PHONE_REGION = 'US';

/** A lead as it arrives (flags, a lead file, an API body). */
export interface LeadInput {
  id?: string | null;
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
  store_url?: string | null;
  support_phone?: string | null;
  source_name?: string | null;
  annual_revenue?: string | null;
  extra_data?: Record<string, unknown> | null;
}

/** A lead after validation: normalised values, ready to store. */
export interface ValidLead {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string;
  /** With a scheme: https:// is added when none was given. */
  store_url: string;
  /** The store's host name, lowercased, without a leading www. (the brand's domain). */
  domain: string;
  /** E.164, or null when none was given. */
  support_phone: string | null;
  source_name: string | null;
  annual_revenue: string | null;
  extra_data: Record<string, unknown>;
  /** 'internal_testing' for internal test e-mails, else null. */
  industry: string | null;
}

export interface ValidateLeadOptions {
  /** True when a user with this e-mail exists already. */
  emailTaken?: boolean;
  /** Allow a lead for an existing user's e-mail (setup then reuses that user). */
  allowDuplicate?: boolean;
  internalDomains?: readonly string[];
}

const invalid = (message: string, field: string, code?: string): AppError =>
  new AppError('invalid_input', message, { code, details: { field } });

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

const emailSchema = z.email();

/** Trimmed, lowercased e-mail; 'Please enter a valid email address' when it is not one. */
export function normalizeEmail(value: string | null | undefined): string {
  const email = (value ?? '').trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) throw invalid(LEAD_MESSAGES.invalidEmail, 'email');
  return email;
}

/** A store URL with a scheme (https:// added when missing); 'Invalid url' without a dot or when unparsable. */
export function normalizeStoreUrl(value: string | null | undefined): { url: string; domain: string } {
  const raw = (value ?? '').trim();
  if (!raw.includes('.')) throw invalid(LEAD_MESSAGES.invalidUrl, 'store_url');
  const url = /^[a-z][a-z\d+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(LEAD_MESSAGES.invalidUrl, 'store_url');
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname.includes('.'))
    throw invalid(LEAD_MESSAGES.invalidUrl, 'store_url');
  return { url, domain: parsed.hostname.toLowerCase().replace(/^www\./, '') };
}

/** Optional US-style (+1) phone in E.164; null when blank; 'Please enter a valid phone number' otherwise. */
export function normalizeSupportPhone(value: string | null | undefined): string | null {
  const raw = blankToNull(value);
  if (raw === null) return null;
  const phone = phoneNumbers().parsePhoneNumberFromString(raw, DEFAULT_PHONE_REGION);
  if (!phone || !phone.isValid() || phone.countryCallingCode !== '1')
    throw invalid(LEAD_MESSAGES.invalidPhone, 'support_phone');
  return phone.number;
}

/** The lead fields a person types, each checked on its own (what a prompt re-asks on). */
export type LeadField = 'email' | 'company_name' | 'store_url' | 'support_phone';

/** The spec's message for a bad value of one field, or undefined when it is fine. Pure. */
export function leadFieldProblem(field: LeadField, value: string | null | undefined): string | undefined {
  try {
    if (field === 'email') normalizeEmail(value);
    else if (field === 'store_url') normalizeStoreUrl(value);
    else if (field === 'support_phone') normalizeSupportPhone(value);
    else if (blankToNull(value) === null) return LEAD_MESSAGES.companyRequired;
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

/** An e-mail on an internal domain whose local part carries the test tag (e.g. jane+test@reclaim.dev). */
export function isInternalTestEmail(
  email: string,
  internalDomains: readonly string[] = DEFAULT_INTERNAL_DOMAINS,
): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const local = email.slice(0, at).toLowerCase();
  const domain = email.slice(at + 1).toLowerCase();
  return local.includes(INTERNAL_TEST_TAG) && internalDomains.some((d) => d.toLowerCase() === domain);
}

/** A password never rests on a lead: only its bcrypt hash, on the user. */
function withoutPassword(extra: Record<string, unknown>): Record<string, unknown> {
  const { password: _password, ...rest } = extra;
  return rest;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** Validates and normalises a lead; throws AppError('invalid_input') with the spec's message. */
export function validateLead(
  input: LeadInput,
  { emailTaken = false, allowDuplicate = false, internalDomains = DEFAULT_INTERNAL_DOMAINS }: ValidateLeadOptions = {},
): ValidLead {
  const id = blankToNull(input.id);
  if (id !== null && !UUID.test(id)) throw invalid(LEAD_MESSAGES.invalidLeadId, 'id');
  const email = normalizeEmail(input.email);
  if (emailTaken && !allowDuplicate) throw invalid(LEAD_MESSAGES.duplicateEmail, 'email', 'duplicate_email');
  const company = blankToNull(input.company_name);
  if (company === null) throw invalid(LEAD_MESSAGES.companyRequired, 'company_name');
  const { url, domain } = normalizeStoreUrl(input.store_url);
  return {
    id: id?.toLowerCase() ?? randomUUID(),
    email,
    first_name: blankToNull(input.first_name),
    last_name: blankToNull(input.last_name),
    company_name: company,
    store_url: url,
    domain,
    support_phone: normalizeSupportPhone(input.support_phone),
    source_name: blankToNull(input.source_name),
    annual_revenue: blankToNull(input.annual_revenue),
    extra_data: withoutPassword(input.extra_data ?? {}),
    industry: isInternalTestEmail(email, internalDomains) ? INTERNAL_TESTING_INDUSTRY : null,
  };
}
