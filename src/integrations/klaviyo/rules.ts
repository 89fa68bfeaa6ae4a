/**
 * Klaviyo's pure rules: PKCE (RFC 7636, S256), the authorize URL, the API revision, and what a
 * profile's subscriptions mean for our contact channels (spec 3 section 4).
 */
import { createHash, randomBytes } from 'node:crypto';

/**
 * The `revision` header. The spec names 2024-07-15, but Klaviyo retires a revision two years after
 * its release (its versioning policy), so 2024-07-15 was retired in July 2026; 2026-10-15 is the
 * current stable revision (Klaviyo's docs, October 2026). KLAVIYO_REVISION overrides it.
 */
export const KLAVIYO_REVISION = '2026-10-15';
export const SPEC_KLAVIYO_REVISION = '2024-07-15';
export const KLAVIYO_AUTHORIZE_URL = 'https://www.klaviyo.com/oauth/authorize';
/** accounts:read (the spec's scope) and profiles:read, which the profile lookup needs. */
export const KLAVIYO_SCOPES = ['accounts:read', 'profiles:read'];

export const BRAND_DATA_REQUIRED = 'Brand data is required';
export const API_KEY_REQUIRED = 'API key is required';
export const REFRESH_TOKEN_EXPIRED = 'Refresh token is expired';
export const FAILED_TO_REFRESH = 'Failed to refresh access token';
export const FAILED_TO_EXCHANGE = 'Failed to exchange authorization code';
export const invalidIntegrationId = (got: string | number, expected: string | number): string =>
  `Invalid integration id, got ${got} expected ${expected}`;

/** RFC 7636: 43 to 128 characters of A-Z a-z 0-9 - . _ ~ */
export const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** A verifier of 64 characters (48 random bytes, base64url) and its S256 challenge. */
export function newPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: s256Challenge(verifier) };
}

export const s256Challenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

export function klaviyoAuthorizeUrl({
  clientId,
  redirectUri,
  state,
  challenge,
}: {
  clientId: string;
  redirectUri: string;
  state: string;
  challenge: string;
}): string {
  const url = new URL(KLAVIYO_AUTHORIZE_URL);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', KLAVIYO_SCOPES.join(' '));
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('code_challenge', challenge);
  return url.toString();
}

/** Klaviyo's consent values of a channel's marketing subscription. */
export type KlaviyoConsent = 'SUBSCRIBED' | 'UNSUBSCRIBED' | 'NEVER_SUBSCRIBED';

export interface KlaviyoSubscriptions {
  email?: {
    marketing?: { can_receive_email_marketing?: boolean; consent?: string; consent_timestamp?: string | null };
  };
  sms?: {
    marketing?: {
      can_receive_sms_marketing?: boolean;
      consent?: string;
      consent_timestamp?: string | null;
      method?: string | null;
      method_detail?: string | null;
    };
  };
}

export interface ChannelConsent {
  status: 'subscribed' | 'unsubscribed';
  compliance_type: 'a2p' | 'p2p' | 'na';
  /** Klaviyo's consent value, kept as evidence. */
  consent: string | null;
  consented_at: string | null;
  /** How the consent was given (Klaviyo's method and method_detail), as evidence. */
  method: string | null;
  /** The store-style marketing state the contacts rules take (subscribed, not_subscribed, unsubscribed). */
  marketing_state: 'subscribed' | 'not_subscribed' | 'unsubscribed';
}

/**
 * A profile's subscriptions as our channels' consent (spec 3 section 4):
 * - e-mail: a2p, subscribed when the e-mail consent is SUBSCRIBED (or Klaviyo says it can receive
 *   e-mail marketing), else unsubscribed;
 * - SMS: subscribed when it can receive SMS marketing; the compliance type follows the marketing
 *   state table: SUBSCRIBED -> p2p, NEVER_SUBSCRIBED -> a2p, UNSUBSCRIBED (or anything else) -> na.
 * A channel Klaviyo says nothing about is left out.
 */
export function profileConsent(subscriptions: KlaviyoSubscriptions | undefined): {
  email?: ChannelConsent;
  sms?: ChannelConsent;
} {
  const result: { email?: ChannelConsent; sms?: ChannelConsent } = {};
  const email = subscriptions?.email?.marketing;
  if (email && (email.consent !== undefined || email.can_receive_email_marketing !== undefined)) {
    const subscribed = email.consent === 'SUBSCRIBED' || email.can_receive_email_marketing === true;
    result.email = {
      status: subscribed ? 'subscribed' : 'unsubscribed',
      compliance_type: 'a2p',
      consent: email.consent ?? null,
      consented_at: email.consent_timestamp ?? null,
      method: null,
      marketing_state: subscribed ? 'subscribed' : 'unsubscribed',
    };
  }
  const sms = subscriptions?.sms?.marketing;
  if (sms && (sms.consent !== undefined || sms.can_receive_sms_marketing !== undefined)) {
    const compliance = sms.consent === 'SUBSCRIBED' ? 'p2p' : sms.consent === 'NEVER_SUBSCRIBED' ? 'a2p' : 'na';
    const method = [sms.method, sms.method_detail].filter(Boolean).join(': ');
    const canReceive = sms.can_receive_sms_marketing === true;
    result.sms = {
      status: canReceive ? 'subscribed' : 'unsubscribed',
      marketing_state:
        sms.consent === 'NEVER_SUBSCRIBED'
          ? 'not_subscribed'
          : canReceive && compliance === 'p2p'
            ? 'subscribed'
            : 'unsubscribed',
      compliance_type: compliance,
      consent: sms.consent ?? null,
      consented_at: sms.consent_timestamp ?? null,
      method: method || null,
    };
  }
  return result;
}
