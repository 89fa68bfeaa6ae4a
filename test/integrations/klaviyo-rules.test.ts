import { describe, expect, it } from 'vitest';
import { CODE_VERIFIER, newPkcePair, profileConsent, s256Challenge } from '../../src/integrations/klaviyo/rules.ts';

const sms = (consent: string, can: boolean, extra = {}) => ({
  sms: { marketing: { consent, can_receive_sms_marketing: can, consent_timestamp: '2026-10-01T12:00:00Z', ...extra } },
});
const email = (consent: string, can: boolean) => ({
  email: { marketing: { consent, can_receive_email_marketing: can, consent_timestamp: '2026-09-01T08:00:00Z' } },
});

describe('a Klaviyo profile as channel consent (spec 3 section 4)', () => {
  it.each([
    // [case, subscriptions, sms status, sms compliance, sms marketing state]
    ['SMS subscribed and reachable', sms('SUBSCRIBED', true), 'subscribed', 'p2p', 'subscribed'],
    ['SMS subscribed but not reachable (suppressed)', sms('SUBSCRIBED', false), 'unsubscribed', 'p2p', 'unsubscribed'],
    ['SMS never subscribed', sms('NEVER_SUBSCRIBED', false), 'unsubscribed', 'a2p', 'not_subscribed'],
    ['SMS unsubscribed', sms('UNSUBSCRIBED', false), 'unsubscribed', 'na', 'unsubscribed'],
  ] as const)('%s', (_case, subscriptions, status, compliance, state) => {
    expect(profileConsent(subscriptions).sms).toMatchObject({
      status,
      compliance_type: compliance,
      marketing_state: state,
      consented_at: '2026-10-01T12:00:00Z',
    });
  });

  it.each([
    ['e-mail subscribed', email('SUBSCRIBED', true), 'subscribed'],
    ['e-mail never subscribed', email('NEVER_SUBSCRIBED', false), 'unsubscribed'],
    ['e-mail unsubscribed', email('UNSUBSCRIBED', false), 'unsubscribed'],
  ] as const)('%s: always a2p', (_case, subscriptions, status) => {
    expect(profileConsent(subscriptions).email).toMatchObject({
      status,
      compliance_type: 'a2p',
      marketing_state: status,
    });
  });

  it("keeps Klaviyo's consent method as evidence and leaves out channels it says nothing about", () => {
    const consent = profileConsent(sms('SUBSCRIBED', true, { method: 'FORM', method_detail: 'Checkout popup' }));
    expect(consent.sms?.method).toBe('FORM: Checkout popup');
    expect(consent.email).toBeUndefined();
    expect(profileConsent(undefined)).toEqual({});
  });
});

describe('PKCE S256', () => {
  it('a verifier of the allowed alphabet and length, and its SHA-256 base64url challenge', () => {
    const { verifier, challenge } = newPkcePair();
    expect(verifier).toMatch(CODE_VERIFIER);
    expect(challenge).toBe(s256Challenge(verifier));
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newPkcePair().verifier).not.toBe(verifier);
    expect('short').not.toMatch(CODE_VERIFIER);
  });
});
