/**
 * Shopify's real webhook shapes of the order, customer, shop, app and privacy topics, posted with
 * the exact fixture text (ids beyond 2^53 included) and Shopify's delivery headers, signed with the
 * app secret, then processed; the rows a user sees are checked (see real-payloads.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { startShopifyWebhookApp } from '../../helpers/shopify-webhook.ts';
import {
  CART_TOKEN,
  CUSTOMER_ID,
  fixture,
  ok,
  ORDER_ID,
  realPayloadSeeds,
  SUBSCRIBER_ID,
  TOKEN,
} from './real-payloads-setup.ts';

const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;

beforeAll(async () => {
  ({ ctx, app } = await startShopifyWebhookApp(t));
});
afterAll(() => app.close());

const { shop, deliver } = realPayloadSeeds(t, () => ({ ctx, app }));

describe('orders', () => {
  const order = (integrationId: number) =>
    t.db('orders').where({ brand_integration_id: integrationId, external_id: ORDER_ID }).first();

  it('orders/create after the checkout: the order keyed by its exact id, linked and completing cart and checkout', async () => {
    const { domain, integrationId } = await shop();
    ok(await deliver(domain, 'checkouts/update', 'checkouts-update'));
    ok(await deliver(domain, 'orders/create', 'orders-create'));
    const checkout = await t.db('checkouts').where({ brand_integration_id: integrationId, external_id: TOKEN }).first();
    const saved = await order(integrationId);
    expect(saved).toMatchObject({
      external_id: ORDER_ID,
      number: '#1042',
      state: 'complete',
      total: '179.99',
      discount_codes: ['SPRING10'],
      checkout_id: checkout.id,
      cart_id: checkout.cart_id,
      contact_id: checkout.contact_id,
    });
    expect(saved.cleaned_raw_data).toMatchObject({
      id: ORDER_ID,
      financial_status: 'pending',
      fulfillment_status: null,
      cancelled_at: null,
      checkout_token: TOKEN,
      cart_token: CART_TOKEN,
      customer: { id: CUSTOMER_ID },
    });
    expect(saved.cleaned_raw_data.line_items).toEqual([
      expect.objectContaining({ variant_id: 44210938471253, quantity: 2, price: '89.00' }),
      expect.objectContaining({ variant_id: null, product_id: null, title: 'Gift wrapping' }),
    ]);
    expect(checkout.state).toBe('complete');
    expect((await t.db('carts').where({ id: checkout.cart_id }).first()).state).toBe('complete');
    expect(await t.db('orders').where({ brand_integration_id: integrationId })).toHaveLength(1);
  });

  it('financial and fulfillment statuses are kept; state follows cancelled_at and confirmed; older events change nothing', async () => {
    const { domain, integrationId } = await shop();
    ok(await deliver(domain, 'orders/create', 'orders-create'));
    const base = fixture('orders-updated', domain);
    let minute = 10;
    for (const financial of [
      'pending',
      'authorized',
      'partially_paid',
      'paid',
      'partially_refunded',
      'refunded',
      'voided',
    ]) {
      minute += 1;
      const text = base
        .replace('"financial_status": "partially_paid"', `"financial_status": "${financial}"`)
        .replace('"updated_at": "2026-03-15T08:30:00-04:00"', `"updated_at": "2026-03-15T08:${minute}:00-04:00"`);
      ok(await deliver(domain, 'orders/updated', 'orders-updated', { text }));
      expect(await order(integrationId)).toMatchObject({
        state: 'complete',
        cleaned_raw_data: expect.objectContaining({ financial_status: financial }),
      });
    }
    ok(await deliver(domain, 'orders/partially_fulfilled', 'orders-partially-fulfilled'));
    expect((await order(integrationId)).cleaned_raw_data).toMatchObject({
      financial_status: 'paid',
      fulfillment_status: 'partial',
    });
    ok(await deliver(domain, 'orders/fulfilled', 'orders-fulfilled'));
    expect((await order(integrationId)).cleaned_raw_data).toMatchObject({ fulfillment_status: 'fulfilled' });

    ok(await deliver(domain, 'orders/cancelled', 'orders-cancelled'));
    expect(await order(integrationId)).toMatchObject({
      state: 'cancelled',
      total: '179.99',
      cleaned_raw_data: expect.objectContaining({
        financial_status: 'refunded',
        fulfillment_status: 'restocked',
        cancelled_at: '2026-03-18T12:00:00-04:00',
      }),
    });

    // Late deliveries of earlier updates: nothing changes.
    expect((await deliver(domain, 'orders/paid', 'orders-paid')).status).toBe('skipped');
    expect((await deliver(domain, 'orders/fulfilled', 'orders-fulfilled')).status).toBe('skipped');
    expect(await order(integrationId)).toMatchObject({
      state: 'cancelled',
      cleaned_raw_data: expect.objectContaining({ financial_status: 'refunded' }),
    });

    // Not confirmed and not cancelled: pending.
    const unconfirmed = fixture('orders-cancelled', domain)
      .replace('"cancelled_at": "2026-03-18T12:00:00-04:00"', '"cancelled_at": null')
      .replace('"confirmed": true', '"confirmed": false')
      .replace('"updated_at": "2026-03-18T12:00:00-04:00"', '"updated_at": "2026-03-19T09:00:00-04:00"');
    ok(await deliver(domain, 'orders/updated', 'orders-updated', { text: unconfirmed }));
    expect((await order(integrationId)).state).toBe('pending');
  });

  it('orders/edited notes the edit on the exact order; orders/delete cancels and marks it deleted', async () => {
    const { domain, integrationId } = await shop();
    ok(await deliver(domain, 'orders/create', 'orders-create'));
    ok(await deliver(domain, 'orders/edited', 'orders-edited'));
    expect((await order(integrationId)).extra_data.last_edit).toEqual({
      id: '88231904417652231',
      created_at: '2026-03-14T11:00:00-04:00',
    });
    ok(await deliver(domain, 'orders/delete', 'orders-delete'));
    expect(await order(integrationId)).toMatchObject({
      state: 'cancelled',
      extra_data: expect.objectContaining({ deleted: true }),
    });
    expect((await deliver(domain, 'orders/updated', 'orders-updated')).status).toBe('skipped');
    expect(await t.db('orders').where({ brand_integration_id: integrationId })).toHaveLength(1);
  });

  it("Shopify's own sample order ids (beyond 2^53) stay distinct and exact", async () => {
    const { domain, integrationId } = await shop();
    const text = (id: string) => fixture('orders-delete', domain).replace(ORDER_ID, id);
    ok(await deliver(domain, 'orders/delete', 'orders-delete', { text: text('820982911946154508') }));
    ok(await deliver(domain, 'orders/delete', 'orders-delete', { text: text('820982911946154509') }));
    const rows = await t.db('orders').where({ brand_integration_id: integrationId }).orderBy('external_id');
    expect(rows.map((row) => row.external_id)).toEqual(['820982911946154508', '820982911946154509']);
  });
});

describe('customers, shop and app', () => {
  it('customers/update (consent, phone) then a late customers/create: the later one wins; the id is exact', async () => {
    const { domain, brandId } = await shop();
    ok(await deliver(domain, 'customers/update', 'customers-update'));
    expect((await deliver(domain, 'customers/create', 'customers-create')).status).toBe('skipped');
    const contact = await t.db('contacts').where({ brand_id: brandId, external_id: SUBSCRIBER_ID }).first();
    expect(contact).toMatchObject({ given_name: 'Daniel', family_name: 'Reyes' });
    const channels = await t.db('contact_channels').where({ contact_id: contact.id }).orderBy('type');
    expect(channels.map((c) => [c.type, c.username, c.status, c.compliance_type])).toEqual([
      ['email', 'daniel.reyes@example.net', 'subscribed', 'a2p'],
      ['sms', '+16465550192', 'subscribed', 'p2p'],
    ]);
    expect(channels[1].consented_at.toISOString()).toBe('2026-03-01T17:00:00.000Z');
  });

  it('customers/create without marketing consent objects (2026-07) captures the e-mail only', async () => {
    const { domain, brandId } = await shop();
    ok(await deliver(domain, 'customers/create', 'customers-create'));
    const contact = await t.db('contacts').where({ brand_id: brandId, external_id: SUBSCRIBER_ID }).first();
    const channels = await t.db('contact_channels').where({ contact_id: contact.id });
    expect(channels.map((c) => [c.type, c.username])).toEqual([['email', 'daniel.reyes@example.net']]);
  });

  it('shop/update to a frozen plan records a billing cancel; app/uninstalled disconnects the store', async () => {
    const { domain, brandId, integrationId } = await shop();
    ok(await deliver(domain, 'shop/update', 'shop-update'));
    expect(await t.db('billing_events').where({ brand_id: brandId }).select('type', 'reason', 'source')).toEqual([
      { type: 'cancel_subscription', reason: 'shop_plan_frozen', source: 'shopify' },
    ]);
    expect((await t.db('brand_integrations').where({ id: integrationId }).first()).settings).toMatchObject({
      shop_plan_name: 'frozen',
      shop_updated_at: '2026-03-20T15:00:00.000Z',
    });

    ok(await deliver(domain, 'app/uninstalled', 'app-uninstalled'));
    expect(await t.db('brand_integrations').where({ id: integrationId }).first()).toMatchObject({
      status: 'disconnected',
      is_enabled: false,
    });
    expect((await t.db('billing_events').where({ brand_id: brandId }).orderBy('id')).map((row) => row.reason)).toEqual([
      'shop_plan_frozen',
      'app_uninstalled',
    ]);
  });
});

describe('privacy topics', () => {
  it('customers/data_request exports what Reclaim holds on the customer, by the exact customer and order ids', async () => {
    const { domain, brandId } = await shop();
    ok(await deliver(domain, 'checkouts/update', 'checkouts-update'));
    ok(await deliver(domain, 'orders/create', 'orders-create'));
    ok(await deliver(domain, 'customers/data_request', 'customers-data-request'));
    const request = await t
      .db('privacy_requests')
      .where({ topic: 'customers/data_request', shop_domain: domain })
      .first();
    expect(request).toMatchObject({
      brand_id: String(brandId),
      customer_external_id: CUSTOMER_ID,
      status: 'completed',
    });
    expect(request.payload).toMatchObject({
      shop_id: 63018795077,
      data_request_id: 4418,
      orders_requested: [ORDER_ID],
    });
    expect(request.export.orders.map((o: { external_id: string }) => o.external_id)).toEqual([ORDER_ID]);
    expect(request.export.checkouts.map((c: { external_id: string }) => c.external_id)).toEqual([TOKEN]);
    expect(request.export.contacts).toEqual([
      expect.objectContaining({ external_id: CUSTOMER_ID, given_name: 'Maya' }),
    ]);
  });

  it("a sample payload's placeholder shop_domain gives way to the X-Shopify-Shop-Domain header", async () => {
    const { domain, brandId } = await shop();
    ok(await deliver(domain, 'customers/data_request', 'customers-data-request', { keepShop: true }));
    expect(
      await t.db('privacy_requests').where({ topic: 'customers/data_request', shop_domain: domain }).first(),
    ).toMatchObject({ brand_id: String(brandId), customer_external_id: CUSTOMER_ID });
  });

  it('customers/redact erases the shopper; shop/redact the shop; each is recorded once', async () => {
    const { domain, brandId, integrationId } = await shop();
    ok(await deliver(domain, 'checkouts/update', 'checkouts-update'));
    ok(await deliver(domain, 'orders/create', 'orders-create'));
    const contactId = (await t.db('contacts').where({ brand_id: brandId, external_id: CUSTOMER_ID }).first()).id;
    ok(await deliver(domain, 'customers/redact', 'customers-redact'));
    expect(await t.db('contacts').where({ id: contactId }).first()).toMatchObject({
      given_name: null,
      family_name: null,
      external_id: null,
    });
    expect(await t.db('contact_channels').where({ contact_id: contactId })).toHaveLength(0);
    const saved = await order(integrationId);
    expect(saved).toMatchObject({ state: 'complete', total: '179.99' });
    expect(JSON.stringify(saved.cleaned_raw_data)).not.toContain('maya.okafor');
    const events = await t
      .db('webhook_events')
      .where({ source: 'shopify', shop: domain })
      .whereIn('topic', ['orders/create', 'checkouts/update']);
    expect(events.map((event) => event.payload)).toEqual([{ redacted: true }, { redacted: true }]);
    const redacted = await t.db('privacy_requests').where({ topic: 'customers/redact', shop_domain: domain }).first();
    expect(redacted).toMatchObject({ customer_external_id: CUSTOMER_ID });
    expect(redacted.payload.orders_to_redact).toEqual([ORDER_ID]);

    ok(await deliver(domain, 'shop/redact', 'shop-redact'));
    expect(await t.db('privacy_requests').where({ shop_domain: domain }).orderBy('id').pluck('topic')).toEqual([
      'customers/redact',
      'shop/redact',
    ]);
  });

  function order(integrationId: number) {
    return t.db('orders').where({ brand_integration_id: integrationId, external_id: ORDER_ID }).first();
  }
});
