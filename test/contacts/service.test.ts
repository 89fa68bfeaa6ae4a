/**
 * initiateContact: the contact, its channels and their consent found or created from a shopper's
 * details, opt-outs kept, a username taken by another contact, concurrent initiations, retries and
 * refusals. Blocking, STOP / START and outreach eligibility are in blocking-eligibility.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { initiateContact } from '../../src/contacts/index.ts';
import { createBrand, createContact, createIntegration, usPhone } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();

/** Records the waits instead of sleeping them. */
function recorder(): { waits: number[]; sleep: (ms: number) => Promise<void> } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}
const consentRows = (channelId: number) =>
  t.db('channel_consent_events').where({ contact_channel_id: channelId }).orderBy('id');
const national = (e164: string): string => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

describe('initiateContact', () => {
  it('creates the contact, its channels and a consent row per channel', async () => {
    const brand = await createBrand(t.db);
    const integration = await createIntegration(t.db, brand.id);
    const phone = usPhone('415');
    const consentedAt = new Date('2026-03-01T10:00:00Z');
    const input = {
      brandId: brand.id,
      brandIntegrationId: integration.id,
      externalId: 'gid://shopify/Customer/1001',
      givenName: 'Ana',
      familyName: 'Lopez',
      phone: national(phone),
      phoneSource: 'shipping',
      email: ' Ana.Lopez@Example.com ',
      smsMarketingState: 'SUBSCRIBED',
      smsConsentedAt: consentedAt,
      emailMarketingState: 'NOT_SUBSCRIBED',
      consentSource: 'shopify:customers/create',
      requireIntegration: 'sms' as const,
    };
    const first = await initiateContact({ db: t.db }, input);
    expect(first.created).toBe(true);
    expect(first.channels).toEqual([
      { id: expect.any(Number), username: phone, type: 'sms', status: 'subscribed', complianceType: 'p2p' },
      {
        id: expect.any(Number),
        username: 'ana.lopez@example.com',
        type: 'email',
        status: 'subscribed',
        complianceType: 'a2p',
      },
    ]);

    const contact = await t.db('contacts').where({ id: first.contactId }).first();
    expect(contact).toMatchObject({
      brand_id: String(brand.id),
      given_name: 'Ana',
      family_name: 'Lopez',
      external_id: 'gid://shopify/Customer/1001',
      source: 'ecommerce',
    });
    expect(['A', 'B', 'C', 'D']).toContain(contact.extra_data.group_name);

    const [sms, email] = first.channels;
    const smsRow = await t.db('contact_channels').where({ id: sms!.id }).first();
    expect(smsRow).toMatchObject({
      contact_id: String(first.contactId),
      brand_integration_id: String(integration.id),
      status: 'subscribed',
      compliance_type: 'p2p',
      consent_source: 'shopify:customers/create',
      extra_data: { source: 'shipping' },
    });
    expect(smsRow.consented_at).toEqual(consentedAt);
    const smsConsent = await consentRows(sms!.id);
    expect(smsConsent).toHaveLength(1);
    expect(smsConsent[0]).toMatchObject({
      username: phone,
      status: 'subscribed',
      source: 'shopify:customers/create',
      extra_data: { compliance_type: 'p2p', marketing_state: 'subscribed' },
    });
    expect(smsConsent[0].recorded_at).toEqual(consentedAt);
    expect(await consentRows(email!.id)).toMatchObject([
      { username: 'ana.lopez@example.com', status: 'subscribed', source: 'shopify:customers/create' },
    ]);

    // The same data again changes nothing: same ids, no new consent rows, rows untouched.
    const before = await t.db('contact_channels').where({ contact_id: first.contactId }).orderBy('id');
    const second = await initiateContact({ db: t.db }, input);
    expect(second).toEqual({ ...first, created: false });
    expect(await t.db('contact_channels').where({ contact_id: first.contactId }).orderBy('id')).toEqual(before);
    expect(await t.db('channel_consent_events').whereIn('contact_channel_id', [sms!.id, email!.id])).toHaveLength(2);
    expect(await t.db('contacts').where({ brand_id: brand.id })).toHaveLength(1);
  });

  it('finds a contact by a channel username when no external id is given', async () => {
    const brand = await createBrand(t.db);
    const phone = usPhone('212');
    const first = await initiateContact({ db: t.db }, { brandId: brand.id, phone, consentSource: 'identify' });
    const second = await initiateContact(
      { db: t.db },
      {
        brandId: brand.id,
        phone: national(phone),
        email: 'late@example.com',
        givenName: 'Lee',
        consentSource: 'identify',
      },
    );
    expect(second.contactId).toBe(first.contactId);
    expect(second.created).toBe(false);
    expect(
      (await t.db('contact_channels').where({ contact_id: first.contactId }).orderBy('id')).map((c) => c.username),
    ).toEqual([phone, 'late@example.com']);
    expect(await t.db('contacts').where({ id: first.contactId }).first()).toMatchObject({ given_name: 'Lee' });
  });

  it('records an opt-out from the marketing state and never re-subscribes without a newer consent', async () => {
    const brand = await createBrand(t.db);
    const phone = usPhone('303');
    const base = { brandId: brand.id, externalId: 'c-optout', phone, consentSource: 'shopify:customers/update' };
    const { channels } = await initiateContact(
      { db: t.db },
      { ...base, smsMarketingState: 'SUBSCRIBED', smsConsentedAt: new Date('2026-01-01T00:00:00Z') },
    );
    const channelId = channels[0]!.id;

    await initiateContact(
      { db: t.db },
      { ...base, smsMarketingState: 'UNSUBSCRIBED', smsConsentedAt: new Date('2026-02-01T00:00:00Z') },
    );
    expect(await t.db('contact_channels').where({ id: channelId }).first()).toMatchObject({
      status: 'unsubscribed',
      compliance_type: 'na',
    });

    // An older SUBSCRIBED report (out of order) keeps the opt-out and records nothing.
    const result = await initiateContact(
      { db: t.db },
      { ...base, smsMarketingState: 'SUBSCRIBED', smsConsentedAt: new Date('2026-01-15T00:00:00Z') },
    );
    expect(result.channels[0]).toMatchObject({ status: 'unsubscribed', complianceType: 'na' });
    expect((await consentRows(channelId)).map((r) => r.status)).toEqual(['subscribed', 'unsubscribed']);

    // A newer one re-subscribes and is recorded.
    await initiateContact(
      { db: t.db },
      { ...base, smsMarketingState: 'SUBSCRIBED', smsConsentedAt: new Date('2026-03-01T00:00:00Z') },
    );
    expect(await t.db('contact_channels').where({ id: channelId }).first()).toMatchObject({
      status: 'subscribed',
      compliance_type: 'p2p',
    });
    expect((await consentRows(channelId)).map((r) => r.status)).toEqual(['subscribed', 'unsubscribed', 'subscribed']);
  });

  it('drops a channel whose username belongs to another contact after a 1 s wait and still creates the contact', async () => {
    const brand = await createBrand(t.db);
    const phone = usPhone('646');
    const other = await createContact(t.db, brand.id, { phone, external_id: 'cust-other' });
    const { waits, sleep } = recorder();

    const result = await initiateContact(
      { db: t.db },
      {
        brandId: brand.id,
        externalId: 'cust-new',
        phone,
        email: 'new@example.com',
        consentSource: 'shopify:checkouts/update',
      },
      { sleep },
    );

    expect(waits).toEqual([1000]);
    expect(result.created).toBe(true);
    expect(result.dropped).toEqual([{ username: phone, reason: 'username_taken' }]);
    expect(result.channels.map((c) => c.username)).toEqual(['new@example.com']);
    const created = await t.db('contacts').where({ brand_id: brand.id, external_id: 'cust-new' });
    expect(created).toHaveLength(1); // the rolled-back first attempt left nothing behind
    expect(Number(created[0].id)).toBe(result.contactId);
    expect(await t.db('contact_channels').where({ brand_id: brand.id, username: phone })).toMatchObject([
      { contact_id: String(other.contact.id) },
    ]);
    expect(await t.db('contact_channels').where({ brand_id: brand.id, username: 'new@example.com' })).toMatchObject([
      { contact_id: String(result.contactId) },
    ]);
    expect(await t.db('channel_consent_events').where({ brand_id: brand.id, username: phone })).toHaveLength(0);
  });

  it('two concurrent initiations of the same shopper make one contact and one channel', async () => {
    const brand = await createBrand(t.db);
    const input = {
      brandId: brand.id,
      externalId: 'cust-race',
      phone: usPhone('503'),
      consentSource: 'shopify:checkouts/update',
    };
    const { waits, sleep } = recorder();
    const [a, b] = await Promise.all([
      initiateContact({ db: t.db }, input, { sleep }),
      initiateContact({ db: t.db }, input, { sleep }),
    ]);
    expect(waits).toEqual([]); // the second waited for the first's lock instead of colliding on the channel
    expect(a.contactId).toBe(b.contactId);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(await t.db('contacts').where({ brand_id: brand.id })).toHaveLength(1);
    expect(await t.db('channel_consent_events').where({ brand_id: brand.id })).toHaveLength(1);
  });

  it('gives up after 3 attempts, 1 s apart', async () => {
    const { waits, sleep } = recorder();
    const missingBrand = 987_654_321;
    await expect(
      initiateContact(
        { db: t.db },
        { brandId: missingBrand, externalId: 'cust-x', phone: usPhone(), consentSource: 'test' },
        { sleep },
      ),
    ).rejects.toThrow('Max retries (3) reached while initiating contact');
    expect(waits).toEqual([1000, 1000]);
    expect(await t.db('contacts').where({ external_id: 'cust-x' })).toHaveLength(0);
  });

  it('refuses input without a usable username, phone or e-mail, and changes nothing', async () => {
    const brand = await createBrand(t.db);
    for (const input of [{}, { phone: ' ', email: '' }, { channels: [] }, { phone: '+44 20 7946 0958' }]) {
      await expect(
        initiateContact({ db: t.db }, { brandId: brand.id, consentSource: 'test', ...input }),
      ).rejects.toThrow('Either username, phone or email must be provided');
    }
    expect(await t.db('contacts').where({ brand_id: brand.id })).toHaveLength(0);
  });

  it('needs an active integration when asked: Sms integration not found / Email integration not found', async () => {
    const brand = await createBrand(t.db);
    const disconnected = await createIntegration(t.db, brand.id, { status: 'disconnected', is_enabled: false });
    const input = { brandId: brand.id, phone: usPhone(), email: 'x@example.com', consentSource: 'test' };
    await expect(initiateContact({ db: t.db }, { ...input, requireIntegration: 'sms' })).rejects.toThrow(
      'Sms integration not found',
    );
    await expect(initiateContact({ db: t.db }, { ...input, requireIntegration: 'email' })).rejects.toThrow(
      'Email integration not found',
    );
    await expect(
      initiateContact({ db: t.db }, { ...input, brandIntegrationId: disconnected.id, requireIntegration: 'sms' }),
    ).rejects.toThrow('Sms integration not found');
    expect(await t.db('contacts').where({ brand_id: brand.id })).toHaveLength(0);

    const active = await createIntegration(t.db, brand.id);
    const result = await initiateContact({ db: t.db }, { ...input, requireIntegration: 'email' });
    expect(
      await t.db('contact_channels').where({ contact_id: result.contactId }).pluck('brand_integration_id'),
    ).toEqual([String(active.id), String(active.id)]);
  });
});
