import { describe, expect, it } from 'vitest';
import {
  channelCompliance,
  channelStatusFromMarketingState,
  channelType,
  complianceFromMarketingState,
  CONTACT_GROUPS,
  decideChannelConsent,
  DEFAULT_CONTACT_SOURCE,
  isEligibleForOutreach,
  isTexasNumber,
  isUsSmsNumber,
  normalizeUsername,
  prepareChannels,
  randomGroup,
  TEXAS_AREA_CODES,
} from '../../src/contacts/rules.ts';

describe('username normalisation (spec 4 section 5)', () => {
  it.each([
    ['Shopper@Example.COM ', 'shopper@example.com'],
    ['  MIXED.Case+tag@Shop.io', 'mixed.case+tag@shop.io'],
    ['(415) 555-2671', '+14155552671'],
    [' 415.555.2671 ', '+14155552671'],
    ['+1 415 555 2671', '+14155552671'],
    ['1 (512) 555-0100', '+15125550100'],
    ['+44 20 7946 0958', '+442079460958'],
    // E.164 of "12" in region US is "+112": shorter than 5, so the trimmed lower-case input.
    ['12', '12'],
    [' AB ', 'ab'],
    // "+11234" is 6 characters: kept as the E.164 form (the rule only falls back under 5).
    ['1234', '+11234'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeUsername(input)).toBe(expected);
  });

  it.each([
    ['shopper@example.com', 'email'],
    ['+14155552671', 'sms'],
  ])('channel type of %s is %s', (username, type) => {
    expect(channelType(username)).toBe(type);
  });
});

describe('US numbers and Texas area codes', () => {
  it.each([
    ['+14155552671', true],
    ['+16045551234', true], // Canada shares +1 (NANP)
    ['+442079460958', false],
    ['+11234', false],
    ['+15555555555', false], // 555 is not an area code
    ['4155552671', false], // not E.164
  ])('isUsSmsNumber(%s) = %s', (e164, expected) => {
    expect(isUsSmsNumber(e164)).toBe(expected);
  });

  it.each([
    ['+12145550123', true],
    ['+15125550100', true],
    ['+19795550100', true],
    ['+14155552671', false],
    ['+442145550123', false],
  ])('isTexasNumber(%s) = %s', (e164, expected) => {
    expect(isTexasNumber(e164)).toBe(expected);
  });

  it('knows all 28 Texas area codes', () => {
    expect(TEXAS_AREA_CODES).toHaveLength(28);
    expect(TEXAS_AREA_CODES.every((code) => isTexasNumber(`+1${code}5550100`))).toBe(true);
  });
});

describe('compliance from marketing state (spec 3 section 4)', () => {
  it.each([
    ['subscribed', 'p2p'],
    ['SUBSCRIBED', 'p2p'],
    ['unsubscribed', 'na'],
    ['UNSUBSCRIBED', 'na'],
    ['redacted', 'na'],
    ['REDACTED', 'na'],
    ['pending', 'na'],
    ['PENDING', 'na'],
    ['invalid', 'na'],
    ['INVALID', 'na'],
    ['not subscribed', 'a2p'],
    ['not_subscribed', 'a2p'],
    ['NOT_SUBSCRIBED', 'a2p'],
    ['something else', undefined],
    [null, undefined],
  ])('%s -> %s', (state, expected) => {
    expect(complianceFromMarketingState(state)).toBe(expected);
  });

  it.each([
    ['SUBSCRIBED', 'subscribed'],
    ['NOT_SUBSCRIBED', 'subscribed'],
    ['PENDING', 'subscribed'],
    [undefined, 'subscribed'],
    ['UNSUBSCRIBED', 'unsubscribed'],
    ['REDACTED', 'unsubscribed'],
    ['INVALID', 'unsubscribed'],
  ])('channel status for %s is %s', (state, expected) => {
    expect(channelStatusFromMarketingState(state)).toBe(expected);
  });

  it.each([
    // spec 4 section 3: p2p when the source is a customer, shipping or billing phone
    [{ type: 'sms', source: 'customer' }, 'p2p'],
    [{ type: 'sms', source: 'shipping' }, 'p2p'],
    [{ type: 'sms', source: 'billing_address' }, 'p2p'],
    [{ type: 'sms', source: 'customer_phone', marketingState: 'NOT_SUBSCRIBED' }, 'p2p'],
    [{ type: 'sms', source: 'sms_marketing' }, 'a2p'],
    [{ type: 'sms' }, 'a2p'],
    [{ type: 'sms', marketingState: 'SUBSCRIBED' }, 'p2p'],
    [{ type: 'sms', source: 'shipping', marketingState: 'UNSUBSCRIBED' }, 'na'],
    [{ type: 'sms', source: 'customer', marketingState: 'PENDING' }, 'na'],
    [{ type: 'email', marketingState: 'SUBSCRIBED' }, 'a2p'],
  ] as const)('channel compliance %j -> %s', (channel, expected) => {
    expect(channelCompliance(channel)).toBe(expected);
  });
});

describe('contact defaults and outreach eligibility (spec 4 section 9)', () => {
  it('draws groups A to D, each of them', () => {
    const drawn = new Set(Array.from({ length: 400 }, randomGroup));
    expect([...drawn].sort()).toEqual([...CONTACT_GROUPS]);
  });

  it('uses ecommerce as the default contact source', () => {
    expect(DEFAULT_CONTACT_SOURCE).toBe('ecommerce');
  });

  it.each([
    [false, 0, true],
    [false, 2, true],
    [false, 3, false],
    [false, 7, false],
    [true, 0, true],
    [true, 5, true],
  ])('replied %s, %i unanswered conversations -> eligible %s', (replied, conversationsWithSentOutgoing, expected) => {
    expect(isEligibleForOutreach({ replied, conversationsWithSentOutgoing })).toBe(expected);
  });
});

describe('consent decisions on an existing channel', () => {
  const t0 = new Date('2026-01-01T00:00:00Z');
  const later = new Date('2026-02-01T00:00:00Z');
  const earlier = new Date('2025-12-01T00:00:00Z');
  const subscribed = { status: 'subscribed' as const, complianceType: 'p2p' as const, consentedAt: t0, blocked: false };
  const stopped = { status: 'unsubscribed' as const, complianceType: 'p2p' as const, consentedAt: t0, blocked: false };
  const blocked = { ...stopped, blocked: true };

  it.each([
    [
      'same state again',
      subscribed,
      { type: 'sms', marketingState: 'SUBSCRIBED' },
      { change: false, reason: 'unchanged' },
    ],
    [
      'no consent information',
      subscribed,
      { type: 'sms', source: 'sms_marketing' },
      { change: false, reason: 'no_consent_information' },
    ],
    [
      'opt-out applies',
      subscribed,
      { type: 'sms', marketingState: 'UNSUBSCRIBED' },
      { change: true, status: 'unsubscribed', complianceType: 'na', unblock: false },
    ],
    [
      'now not subscribed',
      subscribed,
      { type: 'sms', marketingState: 'NOT_SUBSCRIBED' },
      { change: true, status: 'subscribed', complianceType: 'a2p', unblock: false },
    ],
    [
      'undated subscribe after STOP',
      stopped,
      { type: 'sms', marketingState: 'SUBSCRIBED' },
      { change: false, reason: 'opted_out' },
    ],
    [
      'older subscribe after STOP',
      stopped,
      { type: 'sms', marketingState: 'SUBSCRIBED', consentedAt: earlier },
      { change: false, reason: 'opted_out' },
    ],
    [
      'not subscribed after STOP',
      stopped,
      { type: 'sms', marketingState: 'NOT_SUBSCRIBED', consentedAt: later },
      { change: false, reason: 'opted_out' },
    ],
    [
      'newer subscribe after STOP',
      stopped,
      { type: 'sms', marketingState: 'SUBSCRIBED', consentedAt: later },
      { change: true, status: 'subscribed', complianceType: 'p2p', unblock: false },
    ],
    [
      'newer subscribe after a block',
      blocked,
      { type: 'sms', marketingState: 'SUBSCRIBED', consentedAt: later },
      { change: true, status: 'subscribed', complianceType: 'p2p', unblock: true },
    ],
    [
      'redacted while stopped',
      stopped,
      { type: 'sms', marketingState: 'REDACTED' },
      { change: true, status: 'unsubscribed', complianceType: 'na', unblock: false },
    ],
  ] as const)('%s', (_name, existing, incoming, expected) => {
    expect(decideChannelConsent(existing, incoming)).toEqual(expected);
  });
});

describe('channel preparation', () => {
  it('normalises, de-duplicates, drops non-US numbers and bad e-mails, and applies contact-level states', () => {
    const prepared = prepareChannels({
      phone: '(415) 555-2671',
      phoneSource: 'shipping',
      email: ' Sam@Example.com ',
      smsMarketingState: 'SUBSCRIBED',
      channels: [
        { username: '+1 415 555 2671', timezone: 'America/Los_Angeles' },
        { username: '+44 20 7946 0958' },
        { username: 'not-an-email@x' },
        { username: '   ' },
      ],
    });
    expect(prepared.provided).toBe(true);
    expect(prepared.channels).toEqual([
      {
        username: '+14155552671',
        type: 'sms',
        source: 'shipping',
        marketingState: 'subscribed',
        consentedAt: undefined,
        timezone: 'America/Los_Angeles',
        externalId: undefined,
      },
      {
        username: 'sam@example.com',
        type: 'email',
        source: undefined,
        marketingState: undefined,
        consentedAt: undefined,
        timezone: undefined,
        externalId: undefined,
      },
    ]);
    expect(prepared.dropped).toEqual([
      { username: '+442079460958', reason: 'not_us_number' },
      { username: 'not-an-email@x', reason: 'invalid_username' },
    ]);
  });

  it('reads buyer-accepts-SMS-marketing as subscribed when no state is given', () => {
    expect(prepareChannels({ phone: '4155552671', buyerAcceptsSmsMarketing: true }).channels[0]?.marketingState).toBe(
      'subscribed',
    );
    expect(
      prepareChannels({ phone: '4155552671', buyerAcceptsSmsMarketing: false }).channels[0]?.marketingState,
    ).toBeUndefined();
  });

  it('says nothing was provided for blanks', () => {
    expect(prepareChannels({ phone: ' ', email: '', channels: [] })).toEqual({
      channels: [],
      dropped: [],
      provided: false,
    });
  });
});
