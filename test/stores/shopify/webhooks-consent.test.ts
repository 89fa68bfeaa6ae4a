/**
 * From API 2025-01 Shopify's customers/* payloads no longer carry `sms_marketing_consent` or
 * `email_marketing_consent`: a consent change arrives on customers_marketing_consent/update (SMS)
 * and customers_email_marketing_consent/update (e-mail). Both reach the contact's channel through
 * the same path customers/update's consent took.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { WEBHOOK_PROCESSORS } from '../../../src/flows/index.ts';
import { processWebhookEvent } from '../../../src/webhooks/index.ts';
import { createContact, usPhone } from '../../factories/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import {
  customerResource,
  sendShopifyWebhook,
  shopifyWebhookSeeds,
  startShopifyWebhookApp,
} from '../../helpers/shopify-webhook.ts';
import { ok, realPayloadSeeds } from './real-payloads-setup.ts';

const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;

beforeAll(async () => {
  ({ ctx, app } = await startShopifyWebhookApp(t));
});
afterAll(() => app.close());

/** The customer id of Shopify's published consent samples (beyond 2^53). */
const SAMPLE_CUSTOMER_ID = '706405506930370084';
const SMS_TOPIC = 'customers_marketing_consent/update';
const EMAIL_TOPIC = 'customers_email_marketing_consent/update';
const { shop, deliver } = shopifyWebhookSeeds(t, () => ({ ctx, app }));
const real = realPayloadSeeds(t, () => ({ ctx, app }));

let customerIds = 706405506930 + Math.floor(Math.random() * 1_000_000);
const nextCustomerId = (): number => ++customerIds;

/** customers_marketing_consent/update as Shopify publishes it. */
const smsConsent = (customerId: number, phone: string | null, state: string | null, at: string | null) => ({
  id: customerId,
  phone,
  sms_marketing_consent: {
    state,
    opt_in_level: state === null ? null : 'single_opt_in',
    consent_updated_at: at,
    consent_collected_from: 'SHOPIFY',
  },
});
/** customers_email_marketing_consent/update as Shopify publishes it. */
const emailConsent = (customerId: number, email: string | null, state: string | null, at: string | null) => ({
  customer_id: customerId,
  email_address: email,
  email_marketing_consent: {
    state,
    opt_in_level: state === null ? null : 'confirmed_opt_in',
    consent_updated_at: at,
  },
});
/** A customers/* payload as API 2025-01 and later send it: no consent objects. */
const currentCustomer = (...args: Parameters<typeof customerResource>): Record<string, unknown> => {
  const { sms_marketing_consent: _sms, email_marketing_consent: _email, ...rest } = customerResource(...args);
  return rest;
};

const channelOf = (brandId: number, username: string) =>
  t.db('contact_channels').where({ brand_id: brandId, username }).first();
const ledgerOf = async (brandId: number, username: string): Promise<[string, string][]> =>
  (await t.db('channel_consent_events').where({ brand_id: brandId, username }).orderBy('id')).map(
    (row): [string, string] => [row.status, row.source],
  );
const countOf = async (table: string, brandId: number): Promise<number> =>
  Number((await t.db(table).where({ brand_id: brandId }).count<{ count: string }[]>('id as count'))[0]!.count);

describe('Shopify consent topics: a consent change made at Shopify reaches Reclaim on API 2025-01 and later', () => {
  it('customers_marketing_consent/update unsubscribed stops texting a subscribed number at once, with the consent recorded', async () => {
    const { domain, brandId } = await shop();
    const phone = usPhone('617');
    const customerId = nextCustomerId();
    const shopper = { customerId, phone, firstName: 'Ada', lastName: 'Lovelace' };
    await deliver(
      domain,
      'customers/create',
      customerResource(
        { ...shopper, smsState: 'subscribed', consentAt: '2026-11-20T09:00:00Z' },
        '2026-11-20T09:00:00Z',
      ),
    );
    expect(await channelOf(brandId, phone)).toMatchObject({ status: 'subscribed', compliance_type: 'p2p' });

    const event = await deliver(
      domain,
      SMS_TOPIC,
      smsConsent(customerId, phone, 'unsubscribed', '2026-11-20T12:00:00Z'),
    );
    expect(event).toMatchObject({ topic: SMS_TOPIC, status: 'processed', last_error: null });
    const channel = await channelOf(brandId, phone);
    expect(channel).toMatchObject({
      status: 'unsubscribed',
      compliance_type: 'na',
      consent_source: `shopify:${SMS_TOPIC}`,
    });
    expect(channel.consented_at.toISOString()).toBe('2026-11-20T12:00:00.000Z');
    expect(await ledgerOf(brandId, phone)).toEqual([
      ['subscribed', 'shopify:customers/create'],
      ['unsubscribed', `shopify:${SMS_TOPIC}`],
    ]);

    // A later customers/update in the current shape (no consent in it) does not subscribe it again.
    await deliver(domain, 'customers/update', currentCustomer(shopper, '2026-11-20T13:00:00Z'));
    expect(await channelOf(brandId, phone)).toMatchObject({ status: 'unsubscribed', compliance_type: 'na' });
    expect(await ledgerOf(brandId, phone)).toHaveLength(2);
  });

  it('customers_marketing_consent/update subscribed records the consent with the compliance type customers/update gives', async () => {
    const { domain, brandId } = await shop();
    const viaTopic = { customerId: nextCustomerId(), phone: usPhone('617') };
    const viaCustomer = { customerId: nextCustomerId(), phone: usPhone('617') };

    // A shopper new to Reclaim: the contact is created from the consent alone.
    await deliver(
      domain,
      SMS_TOPIC,
      smsConsent(viaTopic.customerId, viaTopic.phone, 'subscribed', '2026-11-21T10:00:00Z'),
    );
    await deliver(
      domain,
      'customers/update',
      customerResource(
        { ...viaCustomer, smsState: 'subscribed', consentAt: '2026-11-21T10:00:00Z' },
        '2026-11-21T10:00:00Z',
      ),
    );
    const [topicChannel, customerChannel] = [
      await channelOf(brandId, viaTopic.phone),
      await channelOf(brandId, viaCustomer.phone),
    ];
    expect(topicChannel).toMatchObject({
      status: 'subscribed',
      compliance_type: 'p2p',
      consent_source: `shopify:${SMS_TOPIC}`,
    });
    expect([topicChannel.status, topicChannel.compliance_type, topicChannel.extra_data.source]).toEqual([
      customerChannel.status,
      customerChannel.compliance_type,
      customerChannel.extra_data.source,
    ]);
    expect(
      await t
        .db('contacts')
        .where({ brand_id: brandId, external_id: String(viaTopic.customerId) })
        .first(),
    ).toMatchObject({ id: topicChannel.contact_id, source: 'shopify' });
    expect(await ledgerOf(brandId, viaTopic.phone)).toEqual([['subscribed', `shopify:${SMS_TOPIC}`]]);

    // Double opt-in: pending (na, not texted) until the shopper confirms, then subscribed (p2p).
    const confirming = { customerId: nextCustomerId(), phone: usPhone('617') };
    await deliver(
      domain,
      SMS_TOPIC,
      smsConsent(confirming.customerId, confirming.phone, 'pending', '2026-11-21T11:00:00Z'),
    );
    expect(await channelOf(brandId, confirming.phone)).toMatchObject({ status: 'subscribed', compliance_type: 'na' });
    await deliver(
      domain,
      SMS_TOPIC,
      smsConsent(confirming.customerId, confirming.phone, 'subscribed', '2026-11-21T11:05:00Z'),
    );
    expect(await channelOf(brandId, confirming.phone)).toMatchObject({ status: 'subscribed', compliance_type: 'p2p' });
    const ledger = await t
      .db('channel_consent_events')
      .where({ brand_id: brandId, username: confirming.phone })
      .orderBy('id');
    expect(ledger.map((row) => [row.source, row.extra_data.compliance_type, row.extra_data.marketing_state])).toEqual([
      [`shopify:${SMS_TOPIC}`, 'na', 'pending'],
      [`shopify:${SMS_TOPIC}`, 'p2p', 'subscribed'],
    ]);
  });

  it("answers Shopify's published samples (nulls everywhere) 200 and changes nothing", async () => {
    const { domain, brandId } = await real.shop();
    // A known shopper under the samples' customer id.
    const phone = usPhone('617');
    const email = `sample-${randomBytes(3).toString('hex')}@example.com`;
    const known = JSON.stringify(
      customerResource(
        { customerId: 1, phone, email, smsState: 'subscribed', emailState: 'subscribed' },
        '2026-11-20T09:00:00Z',
      ),
    ).replace(/^\{"id":1,/, `{"id":${SAMPLE_CUSTOMER_ID},`);
    ok(await real.deliver(domain, 'customers/create', 'customers-create', { text: known, apiVersion: '2024-10' }));
    expect(await t.db('contacts').where({ brand_id: brandId, external_id: SAMPLE_CUSTOMER_ID })).toHaveLength(1);
    const before = {
      contacts: await countOf('contacts', brandId),
      channels: await t.db('contact_channels').where({ brand_id: brandId }).orderBy('id'),
      ledger: await countOf('channel_consent_events', brandId),
    };

    for (const [topic, name] of [
      [SMS_TOPIC, 'customers-marketing-consent-update-sample'],
      [EMAIL_TOPIC, 'customers-email-marketing-consent-update-sample'],
    ] as const) {
      const event = await real.deliver(domain, topic, name);
      expect(event).toMatchObject({ topic, status: 'skipped', last_error: null });
    }
    expect(await countOf('contacts', brandId)).toBe(before.contacts);
    expect(await t.db('contact_channels').where({ brand_id: brandId }).orderBy('id')).toEqual(before.channels);
    expect(await countOf('channel_consent_events', brandId)).toBe(before.ledger);
  });

  it('ignores a consent change older than the one already applied (consent_updated_at), as customers/update does', async () => {
    const { domain, brandId } = await shop();
    const phone = usPhone('617');
    const customerId = nextCustomerId();

    await deliver(domain, SMS_TOPIC, smsConsent(customerId, phone, 'subscribed', '2026-11-22T10:00:00Z'));
    // The opt-out of 09:00 arrives after the opt-in of 10:00 that replaced it.
    const late = await deliver(
      domain,
      SMS_TOPIC,
      smsConsent(customerId, phone, 'unsubscribed', '2026-11-22T09:00:00Z'),
    );
    expect(late.status).toBe('skipped');
    expect(await channelOf(brandId, phone)).toMatchObject({ status: 'subscribed', compliance_type: 'p2p' });

    await deliver(domain, SMS_TOPIC, smsConsent(customerId, phone, 'unsubscribed', '2026-11-22T12:00:00Z'));
    const stale = await deliver(domain, SMS_TOPIC, smsConsent(customerId, phone, 'subscribed', '2026-11-22T11:00:00Z'));
    expect(stale.status).toBe('skipped');
    expect(await channelOf(brandId, phone)).toMatchObject({ status: 'unsubscribed', compliance_type: 'na' });

    // A customers/update of an older API version carries consent too: its time counts the same way.
    await deliver(
      domain,
      'customers/update',
      customerResource(
        { customerId, phone, smsState: 'subscribed', consentAt: '2026-11-22T14:00:00Z' },
        '2026-11-22T14:00:00Z',
      ),
    );
    const older = await deliver(
      domain,
      SMS_TOPIC,
      smsConsent(customerId, phone, 'unsubscribed', '2026-11-22T13:00:00Z'),
    );
    expect(older.status).toBe('skipped');
    expect(await channelOf(brandId, phone)).toMatchObject({ status: 'subscribed', compliance_type: 'p2p' });
    expect(await ledgerOf(brandId, phone)).toEqual([
      ['subscribed', `shopify:${SMS_TOPIC}`],
      ['unsubscribed', `shopify:${SMS_TOPIC}`],
      ['subscribed', 'shopify:customers/update'],
    ]);
  });

  it('customers_email_marketing_consent/update records the e-mail consent (the changelog spelling of the topic too)', async () => {
    const { domain, brandId } = await shop();
    const email = `grace-${randomBytes(3).toString('hex')}@example.com`;
    const customerId = nextCustomerId();
    await deliver(domain, 'customers/create', currentCustomer({ customerId, email }, '2026-11-23T09:00:00Z'));
    expect(await channelOf(brandId, email)).toMatchObject({ status: 'subscribed', compliance_type: 'a2p' });

    const unsubscribed = await deliver(
      domain,
      EMAIL_TOPIC,
      emailConsent(customerId, email.toUpperCase(), 'unsubscribed', '2026-11-23T10:00:00Z'),
    );
    expect(unsubscribed).toMatchObject({ topic: EMAIL_TOPIC, status: 'processed' });
    expect(await channelOf(brandId, email)).toMatchObject({
      status: 'unsubscribed',
      consent_source: `shopify:${EMAIL_TOPIC}`,
    });

    const response = await sendShopifyWebhook(app, {
      topic: 'customers/email_marketing_consent_update',
      shop: domain,
      payload: emailConsent(customerId, email, 'subscribed', '2026-11-23T11:00:00Z'),
    });
    expect(response.statusCode).toBe(200);
    const stored = await t.db('webhook_events').where({ source: 'shopify', event_id: response.eventId }).first();
    expect(stored.topic).toBe(EMAIL_TOPIC);
    await processWebhookEvent(ctx, Number(stored.id), WEBHOOK_PROCESSORS);
    expect(await t.db('webhook_events').where({ id: stored.id }).first()).toMatchObject({ status: 'processed' });
    expect(await channelOf(brandId, email)).toMatchObject({ status: 'subscribed', compliance_type: 'a2p' });
    expect(await ledgerOf(brandId, email)).toEqual([
      ['subscribed', 'shopify:customers/create'],
      ['unsubscribed', `shopify:${EMAIL_TOPIC}`],
      ['subscribed', `shopify:${EMAIL_TOPIC}`],
    ]);
  });

  it("an opt-out for a number another contact holds (a guest checkout's) unsubscribes that channel", async () => {
    const { domain, brandId } = await shop();
    const phone = usPhone('617');
    const guest = await createContact(t.db, brandId, {
      phone,
      external_id: null,
      channel: { consented_at: new Date('2026-11-24T08:00:00Z'), extra_data: { source: 'shipping' } },
    });
    // The shopper later made an account with an e-mail only: a second contact, known by the customer id.
    const customerId = nextCustomerId();
    const email = `guest-${randomBytes(3).toString('hex')}@example.com`;
    await deliver(domain, 'customers/create', currentCustomer({ customerId, email }, '2026-11-24T09:00:00Z'));

    const event = await deliver(
      domain,
      SMS_TOPIC,
      smsConsent(customerId, phone, 'unsubscribed', '2026-11-24T10:00:00Z'),
    );
    expect(event.status).toBe('processed');
    expect(await channelOf(brandId, phone)).toMatchObject({
      contact_id: String(guest.contact.id),
      status: 'unsubscribed',
      consent_source: `shopify:${SMS_TOPIC}`,
    });
    expect(await ledgerOf(brandId, phone)).toEqual([['unsubscribed', `shopify:${SMS_TOPIC}`]]);
  });

  it('refuses a consent payload without its customer id with 400 and stores nothing', async () => {
    const { domain } = await shop();
    const sms = await sendShopifyWebhook(app, {
      topic: SMS_TOPIC,
      shop: domain,
      payload: { phone: '+16135550100', sms_marketing_consent: { state: 'unsubscribed' } },
    });
    const email = await sendShopifyWebhook(app, {
      topic: EMAIL_TOPIC,
      shop: domain,
      payload: { email_address: 'a@example.com', email_marketing_consent: { state: 'subscribed' } },
    });
    expect([sms.statusCode, email.statusCode]).toEqual([400, 400]);
    expect(sms.json().error.message).toContain(`Invalid ${SMS_TOPIC} payload: id:`);
    expect(email.json().error.message).toContain(`Invalid ${EMAIL_TOPIC} payload: customer_id:`);
    expect(await t.db('webhook_events').whereIn('event_id', [sms.eventId, email.eventId])).toHaveLength(0);
  });
});
