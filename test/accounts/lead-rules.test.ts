import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/app/index.ts';
import { isInternalTestEmail, validateLead, type LeadInput } from '../../src/accounts/leads/rules.ts';

const base: LeadInput = {
  email: 'jane@acme.com',
  first_name: 'Jane',
  last_name: 'Doe',
  company_name: 'Acme Inc',
  store_url: 'acme.com',
  support_phone: '(415) 555-0134',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('lead validation (spec 4 section 5): messages', () => {
  it.each([
    ['store_url without a dot', { store_url: 'acme' }, 'Invalid url', 'store_url'],
    ['store_url missing', { store_url: undefined }, 'Invalid url', 'store_url'],
    ['store_url blank', { store_url: '   ' }, 'Invalid url', 'store_url'],
    ['store_url whose host has no dot', { store_url: 'https://localhost/a.b' }, 'Invalid url', 'store_url'],
    ['store_url with a non-web scheme', { store_url: 'ftp://acme.com' }, 'Invalid url', 'store_url'],
    ['store_url unparsable', { store_url: 'https://ac me.com' }, 'Invalid url', 'store_url'],
    ['support_phone too short', { support_phone: '555-1234' }, 'Please enter a valid phone number', 'support_phone'],
    ['support_phone not a number', { support_phone: 'call me' }, 'Please enter a valid phone number', 'support_phone'],
    [
      'support_phone with an impossible area code',
      { support_phone: '(212) 000-1234' },
      'Please enter a valid phone number',
      'support_phone',
    ],
    [
      'support_phone outside +1',
      { support_phone: '+44 20 7946 0958' },
      'Please enter a valid phone number',
      'support_phone',
    ],
    ['email invalid', { email: 'jane-at-acme.com' }, 'Please enter a valid email address', 'email'],
    ['email missing', { email: undefined }, 'Please enter a valid email address', 'email'],
    ['company name blank after trimming', { company_name: '   ' }, 'Company name is required', 'company_name'],
    ['lead id not a uuid', { id: 'lead-1' }, 'Lead id must be a uuid', 'id'],
  ])('%s gives %j', (_case, change, message, field) => {
    const error = errorOf(() => validateLead({ ...base, ...change }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe(message);
    expect(error.details).toEqual({ field });
  });

  it("an existing user's e-mail gives 'An account with this email already exists' with code duplicate_email", () => {
    const error = errorOf(() => validateLead(base, { emailTaken: true }));
    expect([error.kind, error.message, error.code]).toEqual([
      'invalid_input',
      'An account with this email already exists',
      'duplicate_email',
    ]);
  });

  it('duplicates are allowed by the option', () => {
    expect(validateLead(base, { emailTaken: true, allowDuplicate: true }).email).toBe('jane@acme.com');
  });
});

describe('lead validation: normalised values', () => {
  it.each([
    ['acme.com', 'https://acme.com', 'acme.com'],
    ['  shop.acme.com/collections  ', 'https://shop.acme.com/collections', 'shop.acme.com'],
    ['http://www.Acme.com', 'http://www.Acme.com', 'acme.com'],
    ['https://acme.myshopify.com', 'https://acme.myshopify.com', 'acme.myshopify.com'],
  ])('store_url %j -> %j (brand domain %j)', (storeUrl, url, domain) => {
    const lead = validateLead({ ...base, store_url: storeUrl });
    expect([lead.store_url, lead.domain]).toEqual([url, domain]);
  });

  it.each([
    ['(415) 555-0134', '+14155550134'],
    ['415.555.0134', '+14155550134'],
    ['+1 212 555 0100', '+12125550100'],
    ['1-800-555-0199', '+18005550199'],
    ['', null],
    ['   ', null],
    [undefined, null],
  ])('support_phone %j -> %j (E.164, default region US)', (phone, expected) => {
    expect(validateLead({ ...base, support_phone: phone }).support_phone).toBe(expected);
  });

  it('trims the company name and names, and lowercases the e-mail', () => {
    const lead = validateLead({
      ...base,
      company_name: '  Acme Inc  ',
      first_name: ' Jane ',
      last_name: '',
      email: '  Jane@Acme.COM ',
    });
    expect([lead.company_name, lead.first_name, lead.last_name, lead.email]).toEqual([
      'Acme Inc',
      'Jane',
      null,
      'jane@acme.com',
    ]);
  });

  it('generates a uuid lead id when missing and keeps a given one', () => {
    const first = validateLead(base).id;
    const second = validateLead(base).id;
    expect(first).toMatch(UUID);
    expect(second).not.toBe(first);
    expect(validateLead({ ...base, id: '0E7F5A3C-1D2B-4C5D-8E9F-0A1B2C3D4E5F' }).id).toBe(
      '0e7f5a3c-1d2b-4c5d-8e9f-0a1b2c3d4e5f',
    );
  });

  it('never keeps a password in the lead extra_data', () => {
    expect(
      validateLead({ ...base, extra_data: { password: 'hunter22', installation_source: 'web' } }).extra_data,
    ).toEqual({ installation_source: 'web' });
  });
});

describe('internal test e-mails give industry internal_testing', () => {
  it.each([
    ['jane+test@reclaim.dev', undefined, 'internal_testing'],
    ['ops+test-42@Reclaim.dev', undefined, 'internal_testing'],
    ['jane@reclaim.dev', undefined, null],
    ['jane+test@acme.com', undefined, null],
    ['jane+demo@reclaim.dev', undefined, null],
    ['qa+test@labs.example', ['labs.example'], 'internal_testing'],
    ['qa+test@reclaim.dev', ['labs.example'], null],
  ])('%s (internal domains %j) -> %j', (email, internalDomains, industry) => {
    expect(validateLead({ ...base, email }, { internalDomains }).industry).toBe(industry);
    expect(isInternalTestEmail(email.toLowerCase(), internalDomains)).toBe(industry !== null);
  });
});
