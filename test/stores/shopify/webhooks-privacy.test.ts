import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { WEBHOOK_PROCESSORS } from '../../../src/flows/index.ts';
import { processWebhookEvent } from '../../../src/webhooks/index.ts';
import { createBrand, createIntegration, usPhone } from '../../factories/index.ts';
import { runCli } from '../../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../../helpers/db.ts';
import {
  checkoutPayload,
  customerResource,
  orderPayload,
  sendShopifyWebhook,
  startShopifyWebhookApp,
} from '../../helpers/shopify-webhook.ts';

const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;

const suffix = (): string => randomBytes(4).toString('hex');
const national = (e164: string): string => e164.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3');

interface Shopper {
  customerId: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  token: string;
  orderId: number;
}

const shopper = (n: number): Shopper => ({
  customerId: 6_900_000_000_000 + n * 1000 + Math.floor(Math.random() * 1000),
  firstName: `Zephyrine${suffix()}`,
  lastName: `Quillfeather${suffix()}`,
  email: `Private.Person-${suffix()}@Example.com`,
  phone: usPhone('415'),
  token: `tok${suffix()}`,
  orderId: 820982911946154 + n,
});

let domain: string;
let brandId: number;
let integrationId: number;
let alice: Shopper;
let bob: Shopper;

async function deliver(topic: string, payload: unknown): Promise<Record<string, unknown>> {
  const response = await sendShopifyWebhook(app, { topic, shop: domain, payload });
  expect(response.statusCode).toBe(200);
  const row = await t.db('webhook_events').where({ source: 'shopify', event_id: response.eventId }).first();
  await processWebhookEvent(ctx, Number(row.id), WEBHOOK_PROCESSORS);
  return t.db('webhook_events').where({ id: row.id }).first();
}

/** Everything Reclaim learns about a shopper through Shopify, plus a conversation with them. */
async function seedShopper(s: Shopper): Promise<number> {
  const person = {
    customerId: s.customerId,
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    phone: s.phone,
    smsState: 'subscribed',
  };
  await deliver('customers/create', customerResource(person, '2026-11-20T09:00:00Z'));
  await deliver(
    'checkouts/update',
    checkoutPayload(domain, { ...person, token: s.token, checkoutPhone: s.phone, shippingPhone: national(s.phone) }),
  );
  await deliver(
    'orders/create',
    orderPayload({
      ...person,
      id: s.orderId,
      checkoutToken: s.token,
      cartToken: `cart-${s.token}`,
      codes: ['LR-XYZ789'],
      total: '88.00',
    }),
  );
  const contact = await t
    .db('contacts')
    .where({ brand_id: brandId, external_id: String(s.customerId) })
    .first();
  const channel = await t.db('contact_channels').where({ contact_id: contact.id, type: 'sms' }).first();
  const [conversation] = await t
    .db('conversations')
    .insert({ brand_id: brandId, contact_id: contact.id, contact_channel_id: channel.id, is_hidden: false })
    .returning('id');
  const [message] = await t
    .db('conversation_messages')
    .insert([
      {
        brand_id: brandId,
        conversation_id: conversation.id,
        body: `Hi ${s.firstName}, your cart is waiting`,
        direction: 'outgoing',
        status: 'sent',
        extra_data: { to: s.phone },
      },
      {
        brand_id: brandId,
        conversation_id: conversation.id,
        body: `I'm ${s.firstName} ${s.lastName}, mail me at ${s.email} or call ${national(s.phone)}`,
        direction: 'incoming',
        status: 'received',
      },
    ])
    .returning('id');
  await t.db('conversation_feedback').insert({
    brand_id: brandId,
    conversation_id: conversation.id,
    message_id: message.id,
    rating: 5,
    comment: `${s.firstName} was happy`,
  });
  await t.db('customer_events').insert({
    brand_id: brandId,
    brand_integration_id: integrationId,
    contact_id: contact.id,
    event_type: 'page_viewed',
    payload: { email: s.email },
  });
  return Number(contact.id);
}

/** Every (table.column) of every table whose text holds one of the needles (case-insensitive) or matches the phone. */
async function findPersonalData(s: Shopper): Promise<string[]> {
  const columns = await t.db.raw<{ rows: { table_schema: string; table_name: string; column_name: string }[] }>(
    `select c.table_schema, c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
      where c.table_schema not in ('pg_catalog', 'information_schema')
        and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'USER-DEFINED')`,
  );
  const phoneRegex = s.phone.slice(2).split('').join('[^0-9]{0,2}');
  const needles = [s.email.toLowerCase(), s.firstName.toLowerCase(), s.lastName.toLowerCase()];
  const hits: string[] = [];
  for (const { table_schema: schema, table_name: table, column_name: column } of columns.rows) {
    const { rows } = await t.db.raw<{ rows: { count: string }[] }>(
      `select count(*) from "${schema}"."${table}" where position(? in lower("${column}"::text)) > 0 or position(? in lower("${column}"::text)) > 0 or position(? in lower("${column}"::text)) > 0 or "${column}"::text ~ ?`,
      [...needles, phoneRegex],
    );
    if (Number(rows[0]!.count) > 0) hits.push(`${schema}.${table}.${column}`);
  }
  return hits;
}

beforeAll(async () => {
  ({ ctx, app } = await startShopifyWebhookApp(t));
  const brand = await createBrand(t.db);
  brandId = brand.id;
  domain = `privacy-${suffix()}.myshopify.com`;
  integrationId = (
    await createIntegration(t.db, brandId, {
      lookup_id: domain,
      settings: {
        installed_at: '2026-11-01T00:00:00Z',
        credentials: { access_token: 'sealed' },
        shop_info: { email: 'owner@shop.example' },
      },
    })
  ).id;
  alice = shopper(1);
  bob = shopper(2);
  await seedShopper(alice);
  await seedShopper(bob);
});
afterAll(() => app.close());

describe('Shopify privacy topics', () => {
  it('the seeded shopper is held in many tables before any request', async () => {
    const hits = await findPersonalData(alice);
    expect(hits).toEqual(
      expect.arrayContaining([
        'public.contacts.given_name',
        'public.contacts.family_name',
        'public.contact_channels.username',
        'public.channel_consent_events.username',
        'public.carts.cleaned_raw_data',
        'public.checkouts.checkout_details',
        'public.orders.cleaned_raw_data',
        'public.customer_events.payload',
        'public.conversation_messages.body',
        'public.conversation_feedback.comment',
        'public.webhook_events.payload',
      ]),
    );
  });

  it('customers/data_request records an export of what Reclaim holds, listed by `reclaim privacy requests`', async () => {
    const event = await deliver('customers/data_request', {
      shop_id: 954889,
      shop_domain: domain,
      orders_requested: [alice.orderId],
      customer: { id: alice.customerId, email: alice.email, phone: alice.phone },
      data_request: { id: 9999 },
    });
    expect(event.status).toBe('processed');
    const request = await t
      .db('privacy_requests')
      .where({ topic: 'customers/data_request', shop_domain: domain })
      .first();
    expect(request).toMatchObject({
      status: 'completed',
      brand_id: String(brandId),
      customer_external_id: String(alice.customerId),
    });
    const exported = request.export;
    expect(exported.contacts).toHaveLength(1);
    expect(exported.contacts[0]).toMatchObject({ given_name: alice.firstName, family_name: alice.lastName });
    expect(exported.contacts[0].channels.map((c: { username: string }) => c.username).sort()).toEqual(
      [alice.phone, alice.email.toLowerCase()].sort(),
    );
    expect(exported.orders.map((o: { external_id: string }) => o.external_id)).toEqual([String(alice.orderId)]);
    expect(exported.checkouts.map((c: { external_id: string }) => c.external_id)).toEqual([alice.token]);
    expect(exported.carts).toHaveLength(1);
    expect(exported.conversations[0].messages.map((m: { body: string }) => m.body)).toEqual([
      expect.stringContaining(alice.firstName),
      expect.stringContaining(alice.email),
    ]);
    expect(JSON.stringify(exported)).not.toContain(bob.email.toLowerCase());

    const json = await runCli(['privacy', 'requests', '--brand', String(brandId), '--json'], testEnv(t.url));
    expect(json.code).toBe(0);
    const listed = JSON.parse(json.stdout).requests;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      topic: 'customers/data_request',
      status: 'completed',
      customer_external_id: String(alice.customerId),
    });
    expect(listed[0].export.contacts[0].given_name).toBe(alice.firstName);
    const human = await runCli(['privacy', 'requests'], testEnv(t.url));
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('customers/data_request');
    expect(human.stdout).toContain(domain);
    expect(human.stdout).not.toContain(alice.firstName);
  });

  it('after customers/redact no personal data of that customer is left in any table; orders stay for billing', async () => {
    const contactId = Number(
      (
        await t
          .db('contacts')
          .where({ brand_id: brandId, external_id: String(alice.customerId) })
          .first()
      ).id,
    );
    // A consent update carries the customer id and no address (Shopify's published sample shape).
    const consent = await deliver('customers_marketing_consent/update', {
      id: alice.customerId,
      phone: null,
      sms_marketing_consent: {
        state: null,
        opt_in_level: null,
        consent_updated_at: null,
        consent_collected_from: 'other',
      },
    });
    const event = await deliver('customers/redact', {
      shop_id: 954889,
      shop_domain: domain,
      customer: { id: alice.customerId, email: alice.email, phone: alice.phone },
      orders_to_redact: [alice.orderId],
    });
    expect(event.status).toBe('processed');

    expect(await findPersonalData(alice)).toEqual([]);
    expect((await t.db('webhook_events').where({ id: consent.id }).first()).payload).toEqual({ redacted: true });
    expect(await findPersonalData(bob)).toEqual(
      expect.arrayContaining([
        'public.contacts.given_name',
        'public.contact_channels.username',
        'public.conversation_messages.body',
      ]),
    );

    expect(await t.db('contacts').where({ id: contactId }).first()).toMatchObject({
      given_name: null,
      family_name: null,
      external_id: null,
    });
    expect(await t.db('contact_channels').where({ contact_id: contactId })).toHaveLength(0);
    const messages = await t
      .db('conversation_messages')
      .join('conversations', 'conversations.id', 'conversation_messages.conversation_id')
      .where('conversations.contact_id', contactId)
      .select('body');
    expect(messages.map((m) => m.body)).toEqual(['[redacted]', '[redacted]']);
    expect(
      (await t.db('channel_consent_events').where({ brand_id: brandId, username: '[redacted]' })).length,
    ).toBeGreaterThan(0);
    const order = await t
      .db('orders')
      .where({ brand_integration_id: integrationId, external_id: String(alice.orderId) })
      .first();
    expect(order).toMatchObject({
      state: 'complete',
      total: '88.00',
      discount_codes: ['LR-XYZ789'],
      contact_id: String(contactId),
    });
    expect(order.cleaned_raw_data).toMatchObject({
      total_price: '88.00',
      financial_status: 'paid',
      checkout_token: alice.token,
    });
    const recorded = await t.db('privacy_requests').where({ topic: 'customers/redact', shop_domain: domain }).first();
    expect(recorded).toMatchObject({ status: 'completed', customer_external_id: String(alice.customerId) });
    expect(recorded.payload.summary).toMatchObject({
      contacts: 1,
      channels: 2,
      messages: 2,
      orders: 1,
      checkouts: 1,
      carts: 1,
    });

    // A replay of the same request changes nothing and records nothing new.
    await processWebhookEvent(ctx, Number(event.id), WEBHOOK_PROCESSORS);
    expect(await t.db('privacy_requests').where({ topic: 'customers/redact', shop_domain: domain })).toHaveLength(1);
  });

  it('shop/redact erases every customer of the shop and the shop details on the integration', async () => {
    const event = await deliver('shop/redact', { shop_id: 954889, shop_domain: domain });
    expect(event.status).toBe('processed');
    expect(await findPersonalData(bob)).toEqual([]);
    const integration = await t.db('brand_integrations').where({ id: integrationId }).first();
    expect(integration.settings.credentials).toBeUndefined();
    expect(integration.settings.shop_info).toBeUndefined();
    expect(await t.db('orders').where({ brand_integration_id: integrationId })).toHaveLength(2);
    expect(
      await t.db('privacy_requests').where({ topic: 'shop/redact', shop_domain: domain, status: 'completed' }),
    ).toHaveLength(1);
  });
});
