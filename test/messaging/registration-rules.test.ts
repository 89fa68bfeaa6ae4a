import { describe, expect, it } from 'vitest';
import {
  campaignName,
  decideTransition,
  mergeSettings,
  missingSettings,
  notReadyMessage,
  registrationMissing,
  nextAction,
  REGISTRATION_STATES,
  retryState,
  campaignPayload,
  DEFAULT_VERTICAL,
  INDUSTRY_VERTICALS,
  industryKey,
  pickNumber,
  rejectionMessage,
  validateCampaignPayload,
  verticalOf,
} from '../../src/messaging/registration/rules.ts';

describe('industry -> vertical', () => {
  it('has 20 industries, each an Infobip vertical, and retail by default', () => {
    expect(Object.keys(INDUSTRY_VERTICALS)).toHaveLength(20);
    expect(DEFAULT_VERTICAL).toBe('RETAIL_AND_CONSUMER_PRODUCTS');
  });
  it.each([
    ['Financial Services', 'FINANCIAL_SERVICES'],
    ['financial-services', 'FINANCIAL_SERVICES'],
    ['Real Estate', 'REAL_ESTATE'],
    ['Health care', DEFAULT_VERTICAL],
    ['healthcare', 'HEALTHCARE_AND_LIFESCIENCES'],
    ['Media & Communication', DEFAULT_VERTICAL],
    ['media', 'MASS_MEDIA_AND_COMMUNICATION'],
    ['Apparel', DEFAULT_VERTICAL],
    ['', DEFAULT_VERTICAL],
    [null, DEFAULT_VERTICAL],
  ])('%s -> %s', (industry, vertical) => expect(verticalOf(industry)).toBe(vertical));
  it('normalises names', () => expect(industryKey(' Professional  Services ')).toBe('professional_services'));
});

describe('company settings validation', () => {
  it.each([
    [{ company_info: { tax_ein: '12-345678' } }, 'EIN must be 9 digits written 12-3456789'],
    [{ company_info: { address: { state: 'XX' } } }, 'state must be a US state code such as CA'],
    [{ company_info: { address: { zip: '9410' } } }, 'ZIP must be 5 digits (or ZIP+4: 94107-1234)'],
    [{ company_info: { terms_url: 'example.com/terms' } }, 'terms URL must be a full http(s) URL'],
    [{ brand_info: { website_url: 'ftp://example.com' } }, 'website URL must be a full http(s) URL'],
    [{ contact_info: { phone: '+4420 7946 0958' } }, 'contact phone must be a US phone number'],
    [{ contact_info: { email: 'not-an-email' } }, 'contact e-mail must be an e-mail address'],
    [{ company_info: { area_code_preference: '41' } }, 'area code must be 3 digits'],
  ])('refuses %j', (patch, message) => {
    expect(() => mergeSettings({}, patch as never)).toThrow(message);
  });
  it('normalises and merges field by field', () => {
    const first = mergeSettings({}, { company_info: { tax_ein: '123456789', address: { state: 'ny', zip: '10001' } } });
    const merged = mergeSettings(first, {
      company_info: { address: { city: 'New York' } },
      contact_info: { phone: '212 555 0100' },
    });
    expect(merged.company_info).toMatchObject({
      tax_ein: '12-3456789',
      address: { state: 'NY', zip: '10001', city: 'New York' },
    });
    expect(merged.contact_info.phone).toBe('+12125550100');
    expect(missingSettings(merged)).toEqual([
      '--legal-name',
      '--street',
      '--terms-url',
      '--website',
      '--brand-name',
      '--email',
    ]);
  });
});

describe('registration readiness: what register judges before it calls anyone', () => {
  const complete = mergeSettings(
    {},
    {
      company_info: {
        legal_company_name: 'Acme LLC',
        tax_ein: '123456789',
        address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
        terms_url: 'https://acme.example.com/terms',
        privacy_url: 'https://acme.example.com/privacy',
      },
      brand_info: { website_url: 'https://acme.example.com', brand_name: 'Acme' },
      contact_info: { phone: '4155550100', email: 'hello@acme.example.com' },
    },
  );
  const noPrivacy = mergeSettings(complete, {});
  delete noPrivacy.company_info.privacy_url;
  const configured = {
    INFOBIP_BASE_URL: 'https://api.infobip.com',
    INFOBIP_API_KEY: 'k',
    PUBLIC_URL: 'https://reclaim.example.com',
    INFOBIP_WEBHOOK_SECRET: 's',
  };
  const EVERY_FLAG = [
    '--legal-name',
    '--ein',
    '--street',
    '--city',
    '--state',
    '--zip',
    '--terms-url',
    '--website',
    '--brand-name',
    '--phone',
    '--email',
    '--privacy-url',
  ];
  const EVERY_VARIABLE = ['INFOBIP_BASE_URL', 'INFOBIP_API_KEY', 'PUBLIC_URL', 'INFOBIP_WEBHOOK_SECRET'];
  it.each([
    [
      'nothing set, nothing configured',
      { settings: mergeSettings({}, {}), config: {} },
      [...EVERY_FLAG, ...EVERY_VARIABLE],
    ],
    ['complete settings, nothing configured', { settings: complete, config: {} }, EVERY_VARIABLE],
    ['complete and configured', { settings: complete, config: configured }, []],
    ['no privacy page anywhere', { settings: noPrivacy, config: configured }, ['--privacy-url']],
    [
      "the brand record's privacy page",
      { settings: noPrivacy, brandPrivacyUrl: 'https://acme.example.com/p', config: configured },
      [],
    ],
    [
      'an Infobip client given in code',
      { settings: complete, config: { PUBLIC_URL: 'https://r.example.com' }, clientGiven: true },
      ['INFOBIP_WEBHOOK_SECRET'],
    ],
  ])('%s', (_name, facts, missing) => {
    expect(registrationMissing(facts)).toEqual(missing);
  });

  it('the message names the flags with the command that sets them, then the variables', () => {
    expect(notReadyMessage(4, ['--ein', '--zip', 'PUBLIC_URL'])).toBe(
      "Company settings are incomplete: set --ein, --zip with reclaim messaging settings --brand 4. Configuration is incomplete: set PUBLIC_URL (registration calls Infobip's API and points Infobip at this server's PUBLIC_URL, which refuses what does not carry INFOBIP_WEBHOOK_SECRET).",
    );
    expect(notReadyMessage(4, ['--ein'])).toBe(
      'Company settings are incomplete: set --ein with reclaim messaging settings --brand 4.',
    );
  });

  it("the panel's message names the form's fields and no flag, command or variable", () => {
    expect(notReadyMessage(4, ['--ein', '--zip', '--privacy-url', 'PUBLIC_URL'], { forPanel: true })).toBe(
      'The company details are incomplete: fill in EIN, ZIP code, privacy page. This server is not set up to register texting numbers yet: its operator must finish the Infobip configuration.',
    );
    expect(notReadyMessage(4, ['--legal-name'], { forPanel: true })).toBe(
      'The company details are incomplete: fill in legal company name.',
    );
  });
});

describe('campaign payload and Infobip limits', () => {
  const input = {
    referenceId: 'reclaim-1',
    brandName: "Zoë's Café & Co.",
    infobipBrandId: 'b-1',
    numberKey: 'NK-1',
    applicationId: 'app',
    website: 'https://zoe.example.com/',
    termsUrl: 'https://zoe.example.com/terms',
    careEmail: 'care@zoe.example.com',
    carePhone: '+14155550100',
  };
  it('builds a name Infobip accepts and a payload that passes', () => {
    expect(campaignName(input.brandName)).toBe('Zo s Caf Co Cart Reminders');
    expect(campaignName('An Extraordinarily Long Brand Name')).toBe('An Extraordinarily Long Brand');
    expect(() => validateCampaignPayload(campaignPayload(input))).not.toThrow();
  });
  it.each([
    [{ name: '' }, 'Invalid campaign: name must be 1-30 characters'],
    [{ name: 'Bad-Name!' }, 'Invalid campaign: name must be 1-30 characters'],
    [{ programSummary: 'too short' }, 'Invalid campaign: programSummary must be 40-500 characters (got 9)'],
    [{ programSummary: 'x'.repeat(501) }, 'Invalid campaign: programSummary must be 40-500 characters (got 501)'],
    [{ confirmationMessage: 'Thanks!' }, 'Invalid campaign: confirmationMessage must be 20-320 characters (got 7)'],
    [
      { confirmationMessage: 'y'.repeat(321) },
      'Invalid campaign: confirmationMessage must be 20-320 characters (got 321)',
    ],
  ])('refuses %j', (override, message) => {
    expect(() => validateCampaignPayload({ ...campaignPayload(input), ...override })).toThrow(message);
  });
});

describe('number choice', () => {
  const owned = [
    { numberKey: 'A', number: '12125550100' },
    { numberKey: 'B', number: '14155550100' },
    { numberKey: 'C', number: '+14155550101' },
  ];
  it.each([
    [new Set<string>(), '415', 'B'],
    [new Set(['B']), '415', 'C'],
    [new Set(['B', 'C']), '415', 'A'],
    [new Set<string>(), undefined, 'A'],
  ])('used %j, area %s -> %s', (used, area, key) => expect(pickNumber(owned, used, area).numberKey).toBe(key));
  it('says when there is none', () => {
    expect(() => pickNumber([], new Set())).toThrow('No numbers available for campaign creation');
    expect(() => pickNumber(owned, new Set(['A', 'B', 'C']))).toThrow(
      'No unused numbers available for campaign creation',
    );
  });
});

describe('the automation_state machine', () => {
  const rejected = (e: { reasons?: unknown }) => rejectionMessage(e as never);
  it.each([
    ['brand_approval_pending', { kind: 'brand', status: 'SUCCESS' }, { to: 'create_campaign_pending', approved: true }],
    ['brand_approval_pending', { kind: 'brand', status: 'ACTIVE' }, { to: 'create_campaign_pending', approved: true }],
    [
      'brand_approval_pending',
      { kind: 'brand', status: 'FAILURE' },
      { to: 'manual_intervention', reason: 'Brand registration failed', brandApproved: false },
    ],
    ['campaign_approval_pending', { kind: 'campaign', status: 'REGISTERED' }, { to: 'campaign_approval_success' }],
    [
      'campaign_approval_pending',
      { kind: 'campaign', status: 'REJECTED', reasons: 'Bad opt-in' },
      { to: 'manual_intervention', reason: 'Campaign rejected. Reasons: Bad opt-in' },
    ],
    ['campaign_approval_pending', { kind: 'campaign', status: 'IN_REVIEW' }, { log: 'campaign status IN_REVIEW' }],
    [
      'migration_complete',
      { kind: 'campaign', status: 'REGISTERED' },
      { log: 'campaign status REGISTERED in state migration_complete' },
    ],
    [
      'create_campaign_pending',
      { kind: 'brand', status: 'SUCCESS' },
      { log: 'brand status SUCCESS in state create_campaign_pending' },
    ],
  ])('%s + %j', (state, event, expected) => {
    expect(decideTransition(state as never, event as never, rejected)).toEqual(expected);
  });
  it('retries from where the failure happened, and says what to do in every state', () => {
    expect(retryState('brand_approval_pending')).toBe('create_brand_pending');
    expect(retryState('campaign_approval_pending')).toBe('submit_campaign_pending');
    expect(retryState('create_campaign_pending')).toBe('create_campaign_pending');
    for (const state of REGISTRATION_STATES) expect(nextAction(state, 4).length).toBeGreaterThan(10);
  });
  it('a manual intervention names the whole command: retry, or appeal for a rejected campaign', () => {
    expect(nextAction('manual_intervention', 4, 'create_brand_pending')).toBe(
      'fix the cause shown, then run: reclaim messaging retry --brand 4',
    );
    expect(nextAction('manual_intervention', 4, 'campaign_approval_pending')).toBe(
      'fix what the carriers named, then run: reclaim messaging appeal --brand 4 --reason "what you fixed" (or reclaim messaging retry --brand 4 to submit the campaign again)',
    );
  });
  it('builds the rejection message from reasons, details and date', () => {
    expect(
      rejectionMessage({
        reasons: ['A', 'B'],
        details: [{ errorCode: 7, description: 'Seven' }],
        date: '2026-11-24',
      }),
    ).toBe('Campaign rejected. Reasons: A, B. Details: 7: Seven. Date: 2026-11-24');
  });
});
