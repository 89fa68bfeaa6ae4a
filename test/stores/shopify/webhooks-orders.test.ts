import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { STORE_EFFECTS, WEBHOOK_PROCESSORS } from '../../../src/flows/index.ts';
import { cancelledShopPlan, processShopifyWebhook } from '../../../src/stores/index.ts';
import { processWebhookEvent, type WebhookProcessors } from '../../../src/webhooks/index.ts';
import { usPhone } from '../../factories/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import {
  checkoutPayload,
  customerResource,
  orderPayload,
  sendShopifyWebhook,
  shopifyWebhookSeeds,
  startShopifyWebhookApp,
} from '../../helpers/shopify-webhook.ts';

const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;

beforeAll(async () => {
  ({ ctx, app } = await startShopifyWebhookApp(t));
});
afterAll(() => app.close());

const suffix = (): string => randomBytes(4).toString('hex');
let orderIds = 450789469;

const { shop, deliver } = shopifyWebhookSeeds(t, () => ({ ctx, app }));

const order = (integrationId: number, externalId: number) =>
  t
    .db('orders')
    .where({ brand_integration_id: integrationId, external_id: String(externalId) })
    .first();

describe('orders/*', () => {
  it('orders/create links and completes the cart and checkout, captures the customer, keeps the discount codes', async () => {
    const { domain, integrationId } = await shop();
    const token = `tok${suffix()}`;
    const phone = usPhone();
    await deliver(domain, 'checkouts/update', checkoutPayload(domain, { token, phone, smsState: 'subscribed' }));
    const checkout = await t.db('checkouts').where({ brand_integration_id: integrationId, external_id: token }).first();
    expect(checkout.state).toBe('pending');

    const id = orderIds++;
    const event = await deliver(
      domain,
      'orders/create',
      orderPayload({
        id,
        checkoutToken: token,
        cartToken: `cart-${token}`,
        phone,
        smsState: 'subscribed',
        email: `buyer-${suffix()}@example.com`,
        codes: ['LR-ABC234'],
        total: '118.00',
      }),
    );
    expect(event.status).toBe('processed');
    const saved = await order(integrationId, id);
    expect(saved).toMatchObject({
      state: 'complete',
      total: '118.00',
      number: `#${1000 + (id % 1000)}`,
      discount_codes: ['LR-ABC234'],
      checkout_id: checkout.id,
      cart_id: checkout.cart_id,
      contact_id: checkout.contact_id,
    });
    expect(saved.cleaned_raw_data).toMatchObject({ checkout_token: token, financial_status: 'paid' });
    expect((await t.db('carts').where({ id: checkout.cart_id }).first()).state).toBe('complete');
    expect((await t.db('checkouts').where({ id: checkout.id }).first()).state).toBe('complete');
  });

  it('state follows cancelled_at / confirmed; older events and events after orders/delete change nothing', async () => {
    const { domain, integrationId } = await shop();
    const id = orderIds++;
    await deliver(
      domain,
      'orders/paid',
      orderPayload({ id, confirmed: false, updatedAt: '2026-11-20T10:10:00-05:00' }),
    );
    expect((await order(integrationId, id)).state).toBe('pending');
    await deliver(
      domain,
      'orders/updated',
      orderPayload({ id, confirmed: true, updatedAt: '2026-11-20T10:20:00-05:00' }),
    );
    expect((await order(integrationId, id)).state).toBe('complete');
    await deliver(
      domain,
      'orders/cancelled',
      orderPayload({ id, cancelledAt: '2026-11-20T11:00:00-05:00', updatedAt: '2026-11-20T11:00:00-05:00' }),
    );
    expect((await order(integrationId, id)).state).toBe('cancelled');

    const late = await deliver(
      domain,
      'orders/updated',
      orderPayload({ id, confirmed: true, updatedAt: '2026-11-20T10:30:00-05:00', total: '1.00' }),
    );
    expect(late.status).toBe('skipped');
    expect(await order(integrationId, id)).toMatchObject({ state: 'cancelled', total: '59.00' });

    const other = orderIds++;
    await deliver(domain, 'orders/create', orderPayload({ id: other, confirmed: true }));
    expect((await deliver(domain, 'orders/delete', { id: other })).status).toBe('processed');
    const deleted = await order(integrationId, other);
    expect(deleted).toMatchObject({ state: 'cancelled', total: '59.00' });
    expect(deleted.extra_data.deleted).toBe(true);
    expect(
      (
        await deliver(
          domain,
          'orders/updated',
          orderPayload({ id: other, confirmed: true, updatedAt: '2026-11-21T10:00:00-05:00' }),
        )
      ).status,
    ).toBe('skipped');
    expect((await order(integrationId, other)).state).toBe('cancelled');
  });

  it('an order saved by an event whose attribution failed is attributed when the event is retried', async () => {
    const { domain, integrationId } = await shop();
    const id = orderIds++;
    const response = await sendShopifyWebhook(app, {
      topic: 'orders/create',
      shop: domain,
      payload: orderPayload({ id, confirmed: true }),
    });
    const event = await t.db('webhook_events').where({ source: 'shopify', event_id: response.eventId }).first();
    // The first attempt saves the order, then the step after it fails.
    const attributionDown: WebhookProcessors = {
      shopify: (c, e) =>
        processShopifyWebhook(c, e, {
          ...STORE_EFFECTS,
          orderSaved: async () => {
            throw new Error('attribution unavailable');
          },
        }),
    };
    await expect(processWebhookEvent(ctx, Number(event.id), attributionDown)).rejects.toThrow(
      'attribution unavailable',
    );
    const saved = await order(integrationId, id);
    expect(saved.state).toBe('complete');
    expect(await t.db('attribution_evidence').where({ order_id: saved.id })).toHaveLength(0);

    await processWebhookEvent(ctx, Number(event.id), WEBHOOK_PROCESSORS, { attempt: 2 });
    expect((await t.db('webhook_events').where({ id: event.id }).first()).status).toBe('processed');
    expect(await t.db('attribution_evidence').where({ order_id: saved.id })).toEqual([
      expect.objectContaining({ order_id: saved.id, rule: 'no_evidence' }),
    ]);
  });

  it('a delete before the order leaves a cancelled tombstone; an order without an id is skipped', async () => {
    const { domain, integrationId } = await shop();
    const id = orderIds++;
    await deliver(domain, 'orders/delete', { id });
    expect((await deliver(domain, 'orders/create', orderPayload({ id, confirmed: true }))).status).toBe('skipped');
    expect(await order(integrationId, id)).toMatchObject({ state: 'cancelled', total: '0.00' });

    const before = await t.db('orders').where({ brand_integration_id: integrationId });
    expect((await deliver(domain, 'orders/create', orderPayload({ id: null }))).status).toBe('skipped');
    expect(await t.db('orders').where({ brand_integration_id: integrationId })).toHaveLength(before.length);
  });

  it('an order that arrives before its checkout completes the checkout and cart when they come', async () => {
    const { domain, integrationId } = await shop();
    const token = `tok${suffix()}`;
    const id = orderIds++;
    await deliver(domain, 'orders/create', orderPayload({ id, checkoutToken: token, cartToken: `cart-${token}` }));
    expect((await order(integrationId, id)).checkout_id).toBeNull();
    await deliver(
      domain,
      'checkouts/update',
      checkoutPayload(domain, { token, phone: usPhone(), smsState: 'subscribed' }),
    );
    const checkout = await t.db('checkouts').where({ brand_integration_id: integrationId, external_id: token }).first();
    expect(checkout.state).toBe('complete');
    expect((await t.db('carts').where({ id: checkout.cart_id }).first()).state).toBe('complete');
    expect(await order(integrationId, id)).toMatchObject({ checkout_id: checkout.id, cart_id: checkout.cart_id });
  });

  it('orders/edited notes the edit on the order', async () => {
    const { domain, integrationId } = await shop();
    const id = orderIds++;
    await deliver(domain, 'orders/create', orderPayload({ id }));
    const edit = {
      order_edit: {
        id: 78912328,
        app_id: null,
        created_at: '2026-11-20T12:00:00-05:00',
        notify_customer: false,
        order_id: id,
        staff_note: '',
        user_id: null,
        line_items: { additions: [], removals: [] },
      },
    };
    expect((await deliver(domain, 'orders/edited', edit)).status).toBe('processed');
    expect((await order(integrationId, id)).extra_data.last_edit).toEqual({
      id: 78912328,
      created_at: '2026-11-20T12:00:00-05:00',
    });
  });
});

describe('app/uninstalled and shop/update', () => {
  it('app/uninstalled disconnects and disables the integration and records one billing cancel event', async () => {
    const { domain, brandId, integrationId } = await shop();
    const shopResource = {
      id: 548380009,
      name: 'Super Toys',
      myshopify_domain: domain,
      plan_name: 'basic',
      plan_display_name: 'Basic',
      updated_at: '2026-11-20T10:00:00-05:00',
    };
    expect((await deliver(domain, 'app/uninstalled', shopResource)).status).toBe('processed');
    const integration = await t.db('brand_integrations').where({ id: integrationId }).first();
    expect(integration).toMatchObject({ status: 'disconnected', is_enabled: false });
    expect(integration.settings.uninstalled_at).toBeTruthy();
    expect((await deliver(domain, 'app/uninstalled', shopResource)).status).toBe('skipped');
    const events = await t.db('billing_events').where({ brand_id: brandId });
    expect(events.map((e) => [e.type, e.reason, e.source])).toEqual([
      ['cancel_subscription', 'app_uninstalled', 'shopify'],
    ]);
  });

  it('an uninstall older than the latest install changes nothing', async () => {
    const { domain, brandId, integrationId } = await shop({ installed_at: '2026-11-20T12:00:00.000Z' });
    const event = await deliver(
      domain,
      'app/uninstalled',
      { id: 1, myshopify_domain: domain },
      { triggeredAt: '2026-11-20T11:00:00.000Z' },
    );
    expect(event.status).toBe('skipped');
    expect(await t.db('brand_integrations').where({ id: integrationId }).first()).toMatchObject({
      status: 'connected',
      is_enabled: true,
    });
    expect(await t.db('billing_events').where({ brand_id: brandId })).toHaveLength(0);
  });

  it('shop/update records a cancel event when the plan becomes cancelled, dormant, frozen or fraudulent, once per change', async () => {
    const { domain, brandId } = await shop();
    const shopResource = (plan: string, updatedAt: string) => ({
      id: 548380009,
      myshopify_domain: domain,
      plan_name: plan,
      plan_display_name: plan[0]!.toUpperCase() + plan.slice(1),
      updated_at: updatedAt,
    });
    await deliver(domain, 'shop/update', shopResource('basic', '2026-11-20T10:00:00Z'));
    await deliver(domain, 'shop/update', shopResource('frozen', '2026-11-20T11:00:00Z'));
    await deliver(domain, 'shop/update', shopResource('frozen', '2026-11-20T12:00:00Z'));
    expect((await deliver(domain, 'shop/update', shopResource('cancelled', '2026-11-20T09:00:00Z'))).status).toBe(
      'skipped',
    );
    const reasons = (await t.db('billing_events').where({ brand_id: brandId }).orderBy('id')).map((e) => e.reason);
    expect(reasons).toEqual(['shop_plan_frozen']);
  });

  it.each([
    [{ plan_name: 'cancelled' }, 'cancelled'],
    [{ plan_name: 'dormant' }, 'dormant'],
    [{ plan_name: 'frozen' }, 'frozen'],
    [{ plan_name: 'fraudulent' }, 'fraudulent'],
    [{ plan_name: null, plan_display_name: 'Frozen' }, 'frozen'],
    [{ plan_name: 'basic', plan_display_name: 'Basic' }, undefined],
    [{ plan_name: 'shopify_plus' }, undefined],
  ])('cancelledShopPlan(%j) = %s', (shopResource, expected) => {
    expect(cancelledShopPlan(shopResource)).toBe(expected);
  });
});

describe('customers/create and customers/update', () => {
  it('upserts the contact with consent from sms_marketing_consent / email_marketing_consent; an older update changes nothing', async () => {
    const { domain, brandId } = await shop();
    const phone = usPhone('303');
    const email = `c-${suffix()}@example.com`;
    const customerId = 7064055069303 + Math.floor(Math.random() * 1000);
    const shopper = { customerId, email, phone, firstName: 'Grace', lastName: 'Hopper' };
    await deliver(
      domain,
      'customers/create',
      customerResource(
        { ...shopper, smsState: 'subscribed', emailState: 'subscribed', consentAt: '2026-11-20T09:00:00Z' },
        '2026-11-20T09:00:00Z',
      ),
    );
    const contact = await t
      .db('contacts')
      .where({ brand_id: brandId, external_id: String(customerId) })
      .first();
    expect(contact).toMatchObject({ given_name: 'Grace', family_name: 'Hopper', source: 'shopify' });
    const channel = () => t.db('contact_channels').where({ brand_id: brandId, username: phone }).first();
    expect(await channel()).toMatchObject({
      status: 'subscribed',
      compliance_type: 'p2p',
      consent_source: 'shopify:customers/create',
    });
    expect(await t.db('contact_channels').where({ brand_id: brandId, username: email }).first()).toMatchObject({
      status: 'subscribed',
      compliance_type: 'a2p',
    });

    await deliver(
      domain,
      'customers/update',
      customerResource(
        { ...shopper, smsState: 'unsubscribed', consentAt: '2026-11-20T11:00:00Z' },
        '2026-11-20T11:00:00Z',
      ),
    );
    expect(await channel()).toMatchObject({
      status: 'unsubscribed',
      compliance_type: 'na',
      consent_source: 'shopify:customers/update',
    });

    const older = await deliver(
      domain,
      'customers/update',
      customerResource(
        { ...shopper, smsState: 'subscribed', consentAt: '2026-11-20T10:00:00Z' },
        '2026-11-20T10:00:00Z',
      ),
    );
    expect(older.status).toBe('skipped');
    expect(await channel()).toMatchObject({ status: 'unsubscribed', compliance_type: 'na' });
    const ledger = await t.db('channel_consent_events').where({ brand_id: brandId, username: phone }).orderBy('id');
    expect(ledger.map((row) => [row.status, row.source])).toEqual([
      ['subscribed', 'shopify:customers/create'],
      ['unsubscribed', 'shopify:customers/update'],
    ]);
  });
});
