/**
 * Pure contact and channel rules (spec 4 sections 3, 5, 9; spec 3 section 4; spec 2 section 5).
 * No I/O here: everything is a function of its arguments (randomGroup aside, which draws a number).
 */
import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as PhoneNumbers from 'libphonenumber-js';
import { maskPhone } from '../app/index.ts';

/** libphonenumber-js, loaded on the first number parsed, not with this module. */
const phoneNumbers = (): typeof PhoneNumbers =>
  createRequire(import.meta.url)('libphonenumber-js') as typeof PhoneNumbers;

export type ChannelType = 'sms' | 'email';
export type ChannelStatus = 'subscribed' | 'unsubscribed' | 'blocked';
export type ComplianceType = 'a2p' | 'p2p' | 'na';
export type MarketingState = 'subscribed' | 'not_subscribed' | 'pending' | 'unsubscribed' | 'redacted' | 'invalid';
export type ContactGroup = 'A' | 'B' | 'C' | 'D';

/** Default phone region for numbers written without a country code (spec 4 section 9). */
export const DEFAULT_PHONE_REGION = 'US';
/**
 * Source stamped on new contacts when the caller names none. The spec keeps the constant's value
 * back ("not shown"); contacts come from the store platforms, so we use 'ecommerce'.
 */
export const DEFAULT_CONTACT_SOURCE = 'ecommerce';
export const CONTACT_GROUPS: readonly ContactGroup[] = ['A', 'B', 'C', 'D'];
/** Contact initiation: attempts and the wait between them, also before a retry without a taken channel. */
export const MAX_INITIATE_ATTEMPTS = 3;
export const INITIATE_RETRY_DELAY_MS = 1_000;
/** Outreach stops after this many conversations with sent outgoing messages and no reply. */
export const MAX_UNANSWERED_CONVERSATIONS = 3;

/**
 * E-mails: trimmed, lower case. Anything else is read as a phone number (default region US) and
 * written in E.164. A result shorter than 5 characters falls back to the trimmed lower-case input.
 */
export function normalizeUsername(value: string): string {
  return remembered(normalized, value, normalizeOnce);
}

/** Parsing a number is the costly part of both rules, and the inbound path asks several times a text. */
const normalized = new Map<string, string>();
const usNumbers = new Map<string, boolean>();
const REMEMBERED = 10_000;
function remembered<T>(cache: Map<string, T>, key: string, compute: (key: string) => T): T {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const value = compute(key);
  if (cache.size >= REMEMBERED) cache.clear();
  cache.set(key, value);
  return value;
}

function normalizeOnce(value: string): string {
  const trimmed = value.trim();
  const fallback = trimmed.toLowerCase();
  if (trimmed.includes('@')) return fallback;
  const parsed = phoneNumbers().parsePhoneNumberFromString(trimmed, DEFAULT_PHONE_REGION);
  const result = parsed?.number ?? fallback;
  return result.length < 5 ? fallback : result;
}

/** A username with an @ is an e-mail channel; everything else is a phone (SMS) channel. */
export const channelType = (username: string): ChannelType => (username.includes('@') ? 'email' : 'sms');

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmailAddress = (username: string): boolean => EMAIL_SHAPE.test(username);

/** Only +1 numbers are texted (DESIGN "Compliance"; spec 2: phone channels must start +1). */
export function isUsSmsNumber(e164: string): boolean {
  if (!/^\+1\d{10}$/.test(e164)) return false;
  return remembered(usNumbers, e164, (n) => phoneNumbers().parsePhoneNumberFromString(n)?.isValid() ?? false);
}

export const TEXAS_AREA_CODES: readonly string[] = [
  '210',
  '214',
  '254',
  '281',
  '325',
  '346',
  '361',
  '409',
  '430',
  '432',
  '469',
  '512',
  '682',
  '713',
  '726',
  '737',
  '806',
  '817',
  '830',
  '832',
  '903',
  '915',
  '936',
  '940',
  '945',
  '956',
  '972',
  '979',
];

/** A +1 number whose area code is one of Texas's. */
export const isTexasNumber = (e164: string): boolean =>
  /^\+1\d{10}$/.test(e164) && TEXAS_AREA_CODES.includes(e164.slice(2, 5));

/**
 * Reads a marketing consent state in any spelling the platforms use: Shopify GraphQL
 * (SUBSCRIBED, NOT_SUBSCRIBED, PENDING, UNSUBSCRIBED, REDACTED, INVALID), Shopify REST
 * (not_subscribed) and the spec's "not subscribed". Unknown values give undefined.
 */
export function normalizeMarketingState(state: string | null | undefined): MarketingState | undefined {
  if (!state) return undefined;
  const key = state
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const known: readonly MarketingState[] = [
    'subscribed',
    'not_subscribed',
    'pending',
    'unsubscribed',
    'redacted',
    'invalid',
  ];
  return (known as readonly string[]).includes(key) ? (key as MarketingState) : undefined;
}

/**
 * Spec 3 section 4, "Contact channel compliance from marketing state":
 * subscribed -> p2p; unsubscribed, redacted, pending, invalid -> na; not subscribed -> a2p.
 * An unknown state gives undefined (no information).
 */
export function complianceFromMarketingState(state: string | null | undefined): ComplianceType | undefined {
  const normalized = normalizeMarketingState(state);
  if (normalized === undefined) return undefined;
  if (normalized === 'subscribed') return 'p2p';
  if (normalized === 'not_subscribed') return 'a2p';
  return 'na';
}

/**
 * Channel status from a marketing state. The status says whether the shopper opted out or the
 * address is unusable: unsubscribed, redacted and invalid give 'unsubscribed'. Everything else
 * (subscribed, not subscribed, pending, unknown) leaves the channel 'subscribed', the spec's
 * status on creation; whether marketing may go out is the compliance type's job (pending is 'na').
 */
export function channelStatusFromMarketingState(state: string | null | undefined): 'subscribed' | 'unsubscribed' {
  const normalized = normalizeMarketingState(state);
  return normalized === 'unsubscribed' || normalized === 'redacted' || normalized === 'invalid'
    ? 'unsubscribed'
    : 'subscribed';
}

/** Where a phone came from: customer, shipping or billing (also written customer_phone, shipping_address, ...). */
export function isP2pPhoneSource(source: string | null | undefined): boolean {
  if (!source) return false;
  const base = source
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/_(phone|address)$/, '');
  return base === 'customer' || base === 'shipping' || base === 'billing';
}

/**
 * compliance_type of a channel. E-mail channels are a2p (spec 3, e-mail marketing profile).
 * For SMS an explicit marketing state decides first: subscribed -> p2p; unsubscribed, redacted,
 * pending, invalid -> na. Otherwise (not subscribed, or no state) a phone whose source is the
 * customer, shipping or billing phone is p2p (spec 4 section 3), any other a2p.
 */
export function channelCompliance({
  type,
  source,
  marketingState,
}: {
  type: ChannelType;
  source?: string | null;
  marketingState?: string | null;
}): ComplianceType {
  if (type === 'email') return 'a2p';
  const fromState = complianceFromMarketingState(marketingState);
  if (fromState === 'p2p' || fromState === 'na') return fromState;
  return isP2pPhoneSource(source) ? 'p2p' : 'a2p';
}

/** A random contact group, A to D (spec 4 section 9). */
export const randomGroup = (): ContactGroup => CONTACT_GROUPS[randomInt(CONTACT_GROUPS.length)]!;

/**
 * Spec 4 section 9: a channel is eligible for outreach if the contact has replied, or if fewer
 * than 3 conversations had outgoing sent messages with no reply.
 */
export const isEligibleForOutreach = ({
  replied,
  conversationsWithSentOutgoing,
}: {
  replied: boolean;
  conversationsWithSentOutgoing: number;
}): boolean => replied || conversationsWithSentOutgoing < MAX_UNANSWERED_CONVERSATIONS;

export interface ExistingChannelState {
  status: ChannelStatus;
  complianceType: ComplianceType | null;
  consentedAt: Date | null;
  blocked: boolean;
}

export interface IncomingConsent {
  type: ChannelType;
  source?: string | null;
  /** The marketing state the platform reported; undefined when it said nothing about consent. */
  marketingState?: string | null;
  /** When the platform says consent last changed; undefined when it did not say. */
  consentedAt?: Date;
}

export type ChannelConsentDecision =
  | { change: false; reason: 'unchanged' | 'no_consent_information' | 'opted_out' }
  | { change: true; status: ChannelStatus; complianceType: ComplianceType; unblock: boolean };

/**
 * What an incoming consent report does to an existing channel.
 * - No marketing state: nothing to say about consent, nothing changes (a known compliance type is
 *   never downgraded by a payload that carries no consent at all).
 * - A channel that is unsubscribed or blocked is re-subscribed only by an explicit 'subscribed'
 *   state whose consent time is given and newer than the channel's last consent change (an older
 *   or undated report after a STOP keeps the opt-out).
 * - Opt-outs always apply; a channel that stays opted out keeps its status (unsubscribed or
 *   blocked) and only its compliance type may follow the report. Otherwise status and compliance
 *   follow the report; when both equal the current values nothing changes.
 */
export function decideChannelConsent(
  existing: ExistingChannelState,
  incoming: IncomingConsent,
): ChannelConsentDecision {
  const state = normalizeMarketingState(incoming.marketingState);
  if (state === undefined) return { change: false, reason: 'no_consent_information' };
  const status = channelStatusFromMarketingState(state);
  const complianceType = channelCompliance({ type: incoming.type, source: incoming.source, marketingState: state });
  const optedOut = existing.status !== 'subscribed' || existing.blocked;
  if (optedOut && status === 'subscribed') {
    const newer =
      incoming.consentedAt !== undefined &&
      (existing.consentedAt === null || incoming.consentedAt.getTime() > existing.consentedAt.getTime());
    if (state !== 'subscribed' || !newer) return { change: false, reason: 'opted_out' };
    return { change: true, status, complianceType, unblock: existing.blocked };
  }
  if (optedOut) {
    // Still opted out: the status (unsubscribed or blocked) stays; only the compliance type may follow.
    if (existing.complianceType === complianceType) return { change: false, reason: 'unchanged' };
    return { change: true, status: existing.status, complianceType, unblock: false };
  }
  if (existing.status === status && existing.complianceType === complianceType)
    return { change: false, reason: 'unchanged' };
  return { change: true, status, complianceType, unblock: false };
}

/** A username safe for logs: +1415***2671, s***@example.com. */
export function maskUsername(username: string): string {
  if (username.includes('@')) {
    const [local = '', domain = ''] = username.split('@');
    return `${local.slice(0, 1)}***@${domain}`;
  }
  return maskPhone(username);
}

export interface ChannelInput {
  username: string;
  /** sms or email; when given it must agree with the username. */
  type?: ChannelType;
  /** Where the address came from, e.g. customer, shipping, billing, sms_marketing (stored in extra_data.source). */
  source?: string;
  /** The platform's marketing consent state for this address (any spelling normalizeMarketingState reads). */
  marketingState?: string | null;
  /** When the platform says this consent last changed. */
  consentedAt?: Date;
  timezone?: string;
  externalId?: string;
}

export interface PreparedChannel {
  username: string;
  type: ChannelType;
  source?: string;
  marketingState?: MarketingState;
  consentedAt?: Date;
  timezone?: string;
  externalId?: string;
}

export type DropReason = 'not_us_number' | 'invalid_username' | 'username_taken';
export interface DroppedChannel {
  username: string;
  reason: DropReason;
}

export interface ChannelSources {
  phone?: string | null;
  phoneSource?: string;
  email?: string | null;
  channels?: ChannelInput[];
  smsMarketingState?: string | null;
  emailMarketingState?: string | null;
  smsConsentedAt?: Date;
  emailConsentedAt?: Date;
  buyerAcceptsSmsMarketing?: boolean | null;
}

/**
 * Turns phone, email and channels into normalised, de-duplicated channels. SMS channels must be
 * valid +1 numbers and e-mails must look like e-mails; the rest are returned as dropped.
 * A channel without its own marketing state takes the contact-level state of its type; an SMS
 * channel with neither takes 'subscribed' when the buyer accepted SMS marketing.
 * `provided` says whether any non-blank value was given at all.
 */
export function prepareChannels(input: ChannelSources): {
  channels: PreparedChannel[];
  dropped: DroppedChannel[];
  provided: boolean;
} {
  const raw: ChannelInput[] = [];
  if (input.phone?.trim()) raw.push({ username: input.phone, type: 'sms', source: input.phoneSource });
  if (input.email?.trim()) raw.push({ username: input.email, type: 'email' });
  for (const channel of input.channels ?? []) if (channel.username?.trim()) raw.push(channel);

  const byUsername = new Map<string, PreparedChannel>();
  const dropped: DroppedChannel[] = [];
  for (const channel of raw) {
    const username = normalizeUsername(channel.username);
    const type = channelType(username);
    if ((channel.type && channel.type !== type) || (type === 'email' && !isEmailAddress(username))) {
      dropped.push({ username, reason: 'invalid_username' });
      continue;
    }
    if (type === 'sms' && !isUsSmsNumber(username)) {
      dropped.push({ username, reason: 'not_us_number' });
      continue;
    }
    const contactLevelState =
      type === 'sms'
        ? (input.smsMarketingState ?? (input.buyerAcceptsSmsMarketing === true ? 'subscribed' : undefined))
        : input.emailMarketingState;
    const explicitState = normalizeMarketingState(channel.marketingState);
    const prepared: PreparedChannel = {
      username,
      type,
      source: channel.source,
      marketingState: explicitState ?? normalizeMarketingState(contactLevelState),
      consentedAt: explicitState
        ? channel.consentedAt
        : (channel.consentedAt ?? (type === 'sms' ? input.smsConsentedAt : input.emailConsentedAt)),
      timezone: channel.timezone,
      externalId: channel.externalId,
    };
    const seen = byUsername.get(username);
    if (!seen) byUsername.set(username, prepared);
    else
      for (const [key, value] of Object.entries(prepared))
        if (value !== undefined && (seen as unknown as Record<string, unknown>)[key] === undefined)
          (seen as unknown as Record<string, unknown>)[key] = value;
  }
  return { channels: [...byUsername.values()], dropped, provided: raw.length > 0 };
}
