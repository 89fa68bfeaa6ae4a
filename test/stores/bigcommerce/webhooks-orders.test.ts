import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { WEBHOOK_PROCESSORS } from '../../../src/flows/index.ts';
import { enqueueJob, runDueJobs } from '../../../src/jobs/index.ts';
import { processWebhookEvent } from '../../../src/webhooks/index.ts';
import { createCart, createIntegration } from '../../factories/index.ts';
import type { FakeBigCommerce } from '../../fakes/bigcommerce/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { HASH, hookStoreSeeds, startHookStore } from './hooks-setup.ts';
import { TASKS } from '../../../src/cli/index.ts';

const t = useTestDatabase();
let fake: FakeBigCommerce;
let ctx: AppContext;
let app: FastifyInstance;
let integrationId: number;
let brandId: number;

beforeAll(async () => {
  ({ fake, ctx, app, integrationId, brandId } = await startHookStore(t));
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const { store, deliver, deliverAndProcess, seedCart, seedCustomer } = hookStoreSeeds(t, () => ({
  fake,
  ctx,
  app,
  integrationId,
  brandId,
}));

describe('order and customer events', () => {
  /** An order as GET /v2/orders/{id} answers it: money as 4-decimal strings, dates RFC 2822. */
  function seedOrder(
    id: number,
    statusId: number,
    status: string,
    cartId: string,
    paymentStatus = 'captured',
    extra: Record<string, unknown> = {},
  ) {
    store().orders.set(String(id), {
      id,
      customer_id: 0,
      date_created: 'Fri, 20 Nov 2026 11:00:00 +0000',
      date_modified: 'Fri, 20 Nov 2026 11:05:00 +0000',
      date_shipped: '',
      status_id: statusId,
      status,
      custom_status: status,
      subtotal_ex_tax: '59.5000',
      subtotal_inc_tax: '59.5000',
      subtotal_tax: '0.0000',
      base_shipping_cost: '5.0000',
      shipping_cost_ex_tax: '5.0000',
      shipping_cost_inc_tax: '5.0000',
      total_ex_tax: '64.5000',
      total_inc_tax: '64.5000',
      total_tax: '0.0000',
      items_total: 2,
      items_shipped: 0,
      payment_method: 'Credit Card',
      payment_provider_id: '',
      payment_status: paymentStatus,
      refunded_amount: '0.0000',
      order_is_digital: false,
      store_credit_amount: '0.0000',
      gift_certificate_amount: '0.0000',
      ip_address: '203.0.113.7',
      geoip_country: 'United States',
      geoip_country_iso2: 'US',
      currency_id: 1,
      currency_code: 'USD',
      currency_exchange_rate: '1.0000000000',
      default_currency_id: 1,
      default_currency_code: 'USD',
      staff_notes: '',
      customer_message: '',
      discount_amount: '0.0000',
      coupon_discount: '0.0000',
      shipping_address_count: 1,
      ebay_order_id: '0',
      cart_id: cartId,
      billing_address: {
        first_name: 'Cy',
        last_name: 'Buyer',
        company: '',
        street_1: '455 Main Street',
        street_2: '',
        city: 'Austin',
        state: 'Texas',
        zip: '78751',
        country: 'United States',
        country_iso2: 'US',
        phone: '+1 415 555 0142',
        email: `cy${id}@example.com`,
        form_fields: [],
      },
      is_email_opt_in: false,
      order_source: 'www',
      channel_id: 1,
      external_source: null,
      products: {
        url: `https://api.bigcommerce.com/stores/${HASH}/v2/orders/${id}/products`,
        resource: `/orders/${id}/products`,
      },
      shipping_addresses: {
        url: `https://api.bigcommerce.com/stores/${HASH}/v2/orders/${id}/shippingaddresses`,
        resource: `/orders/${id}/shippingaddresses`,
      },
      coupons: {
        url: `https://api.bigcommerce.com/stores/${HASH}/v2/orders/${id}/coupons`,
        resource: `/orders/${id}/coupons`,
      },
      external_id: null,
      customer_locale: 'en',
      ...extra,
    });
  }

  it('a complete order is stored with its status mappings, links its cart and completes it', async () => {
    const cartId = seedCart({ customerId: seedCustomer('+14155550177') });
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: cartId });
    seedOrder(250, 11, 'Awaiting Fulfillment', cartId, 'paid');
    store().orderCoupons.set('250', [
      { id: 3, coupon_id: 1, order_id: 250, code: 'RECLAIM-10', amount: 10, type: 1, discount: 6.45 },
    ]);
    await deliverAndProcess('store/order/created', { type: 'order', id: 250 });
    const order = await t.db('orders').where({ brand_integration_id: integrationId, external_id: '250' }).first();
    const cart = await t.db('carts').where({ external_id: cartId }).first();
    expect(order).toMatchObject({
      state: 'complete',
      total: '64.50',
      currency: 'USD',
      number: '250',
      discount_codes: ['RECLAIM-10'],
      cart_id: cart.id,
    });
    expect(order.created_at.toISOString()).toBe('2026-11-20T11:00:00.000Z');
    expect(order.extra_data).toMatchObject({
      return_status: 'NO_RETURN',
      financial_status: 'paid',
      fulfillment_status: 'none',
      status_id: 11,
      status: 'Awaiting Fulfillment',
    });
    expect(cart.state).toBe('complete');
    expect(order.contact_id).not.toBeNull();
  });

  it('an order awaiting payment (7) stays pending and leaves its cart open; a later refund maps to RETURNED', async () => {
    const cartId = seedCart({ customerId: seedCustomer('+14155550166') });
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: cartId });
    seedOrder(251, 7, 'Awaiting Payment', cartId, 'pending');
    await deliverAndProcess('store/order/created', { type: 'order', id: 251 });
    expect((await t.db('orders').where({ external_id: '251' }).first()).state).toBe('pending');
    expect((await t.db('carts').where({ external_id: cartId }).first()).state).toBe('pending');

    seedOrder(251, 4, 'Refunded', cartId, 'refunded');
    store().orders.get('251')!.date_modified = 'Sat, 21 Nov 2026 09:00:00 +0000';
    await deliverAndProcess('store/order/statusUpdated', {
      type: 'order',
      id: 251,
      status: { previous_status_id: 7, new_status_id: 4 },
    });
    const order = await t.db('orders').where({ external_id: '251' }).first();
    expect([order.state, order.extra_data.return_status, order.extra_data.financial_status]).toEqual([
      'complete',
      'RETURNED',
      'refunded',
    ]);
  });

  it('a renamed status maps by its id; the totals keep the transactional currency, not the display one', async () => {
    const cartId = seedCart({ customerId: seedCustomer('+14155550161') });
    seedOrder(260, 4, 'Money Back', cartId, 'refunded', {
      custom_status: 'Money Back',
      currency_code: 'EUR',
      currency_exchange_rate: '0.9200000000',
      default_currency_code: 'CAD',
      total_inc_tax: '88.1000',
    });
    await deliverAndProcess('store/order/updated', { type: 'order', id: 260 });
    const order = await t.db('orders').where({ external_id: '260' }).first();
    expect([order.state, order.total, order.currency]).toEqual(['complete', '88.10', 'CAD']);
    expect(order.extra_data).toMatchObject({
      status: 'Refunded',
      custom_status: 'Money Back',
      return_status: 'RETURNED',
      financial_status: 'refunded',
      fulfillment_status: 'none',
    });
  });

  it('a transaction event names its order in order_id (a string) and the order is read', async () => {
    seedOrder(261, 11, 'Awaiting Fulfillment', '', 'captured');
    const event = await deliverAndProcess('store/order/transaction/created', {
      type: 'transaction',
      order_id: '261',
      transaction_id: '176342342',
      transaction_status: 'complete',
      transaction_type: 'capture',
      result: { code: 'captured', message: 'Captured', type: 'success' },
      platform_transaction_id: '964899682',
      provider_transaction_id: 'CK65FBPKR472P4V5',
    });
    expect(event.status).toBe('processed');
    expect(await t.db('orders').where({ external_id: '261' }).first()).toMatchObject({
      state: 'complete',
      cart_id: null,
    });
  });

  it('an order metafield event names its order in resource_id', async () => {
    seedOrder(262, 10, 'Completed', '');
    expect(
      (await deliverAndProcess('store/order/metafield/created', { metafield_id: 14, resource_id: '262' })).status,
    ).toBe('processed');
    expect((await t.db('orders').where({ external_id: '262' }).first()).state).toBe('complete');
  });

  it('an order BigCommerce no longer has is skipped', async () => {
    const event = await deliverAndProcess('store/order/archived', { type: 'order', id: 99999 });
    expect(event.status).toBe('skipped');
  });

  it('a customer event upserts the contact with its channels', async () => {
    const id = seedCustomer('415.555.0155', 'grace@example.com');
    const event = await deliverAndProcess('store/customer/created', { type: 'customer', id });
    expect(event.status).toBe('processed');
    const contact = await t
      .db('contacts')
      .where({ brand_id: brandId, external_id: String(id) })
      .first();
    expect([contact.given_name, contact.family_name, contact.source]).toEqual(['Ada', 'Lovelace', 'bigcommerce']);
    const channels = await t.db('contact_channels').where({ contact_id: contact.id }).orderBy('type');
    expect(channels.map((c) => c.username)).toEqual(['grace@example.com', '+14155550155']);
  });

  it('events of a disconnected store are skipped', async () => {
    const row = await t.db('brand_integrations').where({ lookup_id: 'otherstore' }).first();
    await t.db('brand_integrations').where({ id: row.id }).update({ is_enabled: false });
    const { response, body } = await deliver(
      'store/customer/updated',
      { type: 'customer', id: 1 },
      { hash: 'otherstore' },
    );
    expect(response.statusCode).toBe(200);
    const event = await t.db('webhook_events').where({ event_id: body.hash }).first();
    await processWebhookEvent(ctx, Number(event.id), WEBHOOK_PROCESSORS);
    expect((await t.db('webhook_events').where({ id: event.id }).first()).status).toBe('skipped');
  });
});

describe('pending-cart re-check (worker schedule pending_carts)', () => {
  it('a no_identity cart becomes pending once its customer has a +1 phone; Shopify carts are left alone', async () => {
    const customerId = seedCustomer(null);
    const cartId = seedCart({ customerId });
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: cartId });
    const stuckId = seedCart({ customerId: seedCustomer(null) });
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: stuckId });
    const stuckBefore = await t.db('carts').where({ external_id: stuckId }).first();
    expect([(await t.db('carts').where({ external_id: cartId }).first()).state, stuckBefore.state]).toEqual([
      'no_identity',
      'no_identity',
    ]);
    const shopify = await createIntegration(t.db, brandId);
    const shopifyCart = await createCart(t.db, { brandId, integrationId: shopify.id, state: 'no_identity' });

    store().customers.get(String(customerId))!.phone = '+1 (415) 555-0133';
    await enqueueJob(ctx.db, 'stores:recheck-pending-carts', {});
    await runDueJobs(ctx, TASKS);

    const cart = await t.db('carts').where({ external_id: cartId }).first();
    expect(cart.state).toBe('pending');
    const sms = await t.db('contact_channels').where({ contact_id: cart.contact_id, type: 'sms' }).first();
    expect(sms.username).toBe('+14155550133');
    const stuckAfter = await t.db('carts').where({ external_id: stuckId }).first();
    expect([stuckAfter.state, stuckAfter.updated_at.getTime()]).toEqual([
      'no_identity',
      stuckBefore.updated_at.getTime(),
    ]);
    expect((await t.db('carts').where({ id: shopifyCart.id }).first()).state).toBe('no_identity');
  });
});
