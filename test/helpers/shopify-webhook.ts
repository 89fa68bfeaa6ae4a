/**
 * Signs a body the way Shopify does (base64 HMAC-SHA256 of the raw bytes with the app secret)
 * and posts it to POST /webhooks/shopify with Shopify's delivery headers.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { WEBHOOK_PROCESSORS } from '../../src/flows/index.ts';
import { buildHttpServer } from '../../src/http/index.ts';
import { shopifyWebhookRoutes } from '../../src/stores/index.ts';
import { processWebhookEvent } from '../../src/webhooks/index.ts';
import { createBrand, createIntegration } from '../factories/index.ts';
import type { TestDatabaseHandle } from './db.ts';

export const TEST_SHOPIFY_SECRET = 'shpss_test_app_secret_0123456789abcdef';

export interface ShopifyWebhookApp {
  ctx: AppContext;
  app: FastifyInstance;
}

/** The real POST /webhooks/shopify route on a test database, with the test app secret. */
export async function startShopifyWebhookApp(
  t: TestDatabaseHandle,
  env: Record<string, string> = {},
): Promise<ShopifyWebhookApp> {
  const ctx = await t.context({ SHOPIFY_API_SECRET: TEST_SHOPIFY_SECRET, ...env });
  const app = await buildHttpServer(ctx, { routes: [shopifyWebhookRoutes], panel: false });
  return { ctx, app };
}

export function shopifySignature(body: string | Buffer, secret = TEST_SHOPIFY_SECRET): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

export interface ShopifyDelivery {
  topic: string;
  shop: string;
  payload: unknown;
  /** X-Shopify-Event-Id; a fresh one when absent. null leaves the header out. */
  eventId?: string | null;
  webhookId?: string | null;
  triggeredAt?: string;
  apiVersion?: string;
  /** Overrides the X-Shopify-Hmac-Sha256 header; null leaves it out. */
  hmac?: string | null;
  /** Sent as is instead of JSON.stringify(payload) (malformed JSON, or a fixture's exact text with ids beyond 2^53). */
  rawBody?: string;
  secret?: string;
  /**
   * Header names: `legacy` X-Shopify-* (default), `new` the lowercase shopify-* names newer
   * deliveries use, `both` (what Shopify sends while the new names roll out).
   */
  headerStyle?: 'legacy' | 'new' | 'both';
  /** X-Shopify-Name, the subscription's name (optional in Shopify's deliveries). */
  name?: string;
}

/** The body and headers of a signed delivery as Shopify sends it (the event id it carries, or null). */
export function shopifyDeliveryRequest(delivery: ShopifyDelivery): {
  body: string;
  headers: Record<string, string>;
  eventId: string | null;
} {
  const body = delivery.rawBody ?? JSON.stringify(delivery.payload);
  const eventId = delivery.eventId === undefined ? randomUUID() : delivery.eventId;
  const shopify: Record<string, string> = {
    Topic: delivery.topic,
    'Shop-Domain': delivery.shop,
    'API-Version': delivery.apiVersion ?? '2026-07',
    'Triggered-At': delivery.triggeredAt ?? new Date().toISOString(),
  };
  if (eventId !== null) shopify['Event-Id'] = eventId;
  if (delivery.webhookId !== null) shopify['Webhook-Id'] = delivery.webhookId ?? randomUUID();
  if (delivery.name) shopify.Name = delivery.name;
  const hmac = delivery.hmac === undefined ? shopifySignature(body, delivery.secret) : delivery.hmac;
  if (hmac !== null) shopify['Hmac-Sha256'] = hmac;
  const style = delivery.headerStyle ?? 'legacy';
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  for (const [name, value] of Object.entries(shopify)) {
    if (style !== 'new') headers[`X-Shopify-${name}`] = value;
    if (style !== 'legacy') headers[`shopify-${name.toLowerCase()}`] = value;
  }
  return { body, headers, eventId };
}

export async function sendShopifyWebhook(
  app: FastifyInstance,
  delivery: ShopifyDelivery,
): Promise<LightMyRequestResponse & { eventId: string | null }> {
  const { body, headers, eventId } = shopifyDeliveryRequest(delivery);
  const response = await app.inject({ method: 'POST', url: '/webhooks/shopify', headers, payload: body });
  return Object.assign(response, { eventId });
}

/**
 * For webhook tests on the test database `t` and its started webhook app: `shop` (a brand with a
 * Shopify integration), `deliver` (a signed delivery, expected 200, then its stored job run; the
 * event row after processing) and `eventCount`.
 */
export function shopifyWebhookSeeds(t: TestDatabaseHandle, started: () => ShopifyWebhookApp) {
  const eventCount = async (): Promise<number> =>
    Number((await t.db('webhook_events').count<{ count: string }[]>('id as count'))[0]!.count);

  async function shop(
    settings: Record<string, unknown> = { installed_at: '2026-11-01T00:00:00Z' },
  ): Promise<{ domain: string; brandId: number; integrationId: number }> {
    const brand = await createBrand(t.db);
    const domain = `store-${randomBytes(4).toString('hex')}.myshopify.com`;
    const integration = await createIntegration(t.db, brand.id, { lookup_id: domain, settings });
    return { domain, brandId: brand.id, integrationId: integration.id };
  }

  async function deliver(
    domain: string,
    topic: string,
    payload: unknown,
    extra: { eventId?: string; triggeredAt?: string } = {},
  ): Promise<Record<string, unknown>> {
    const { ctx, app } = started();
    const response = await sendShopifyWebhook(app, { topic, shop: domain, payload, ...extra });
    expect(response.statusCode).toBe(200);
    const row = await t.db('webhook_events').where({ source: 'shopify', event_id: response.eventId }).first();
    await processWebhookEvent(ctx, Number(row.id), WEBHOOK_PROCESSORS);
    return t.db('webhook_events').where({ id: row.id }).first();
  }

  return { shop, deliver, eventCount };
}

// ---------------------------------------------------------------------------------------------
// Payloads in Shopify's REST webhook shapes (API 2026-07), trimmed to realistic essentials.

export interface Shopper {
  customerId?: number;
  firstName?: string;
  lastName?: string;
  email?: string | null;
  phone?: string | null;
  smsState?: string;
  emailState?: string;
  consentAt?: string;
}

export function customerResource(s: Shopper, updatedAt = '2026-11-20T10:00:00-05:00'): Record<string, unknown> {
  return {
    id: s.customerId ?? 207119551,
    email: s.email ?? null,
    created_at: '2026-01-10T09:00:00-05:00',
    updated_at: updatedAt,
    first_name: s.firstName ?? 'Bob',
    last_name: s.lastName ?? 'Norman',
    orders_count: 1,
    state: 'enabled',
    total_spent: '199.65',
    last_order_id: null,
    note: null,
    verified_email: true,
    multipass_identifier: null,
    tax_exempt: false,
    tags: '',
    last_order_name: null,
    currency: 'USD',
    phone: s.phone ?? null,
    addresses: [],
    tax_exemptions: [],
    email_marketing_consent: s.email
      ? {
          state: s.emailState ?? 'not_subscribed',
          opt_in_level: 'single_opt_in',
          consent_updated_at: s.consentAt ?? null,
        }
      : null,
    sms_marketing_consent: s.phone
      ? {
          state: s.smsState ?? 'not_subscribed',
          opt_in_level: 'single_opt_in',
          consent_updated_at: s.consentAt ?? null,
          consent_collected_from: 'SHOPIFY',
        }
      : null,
    admin_graphql_api_id: `gid://shopify/Customer/${s.customerId ?? 207119551}`,
    default_address: null,
  };
}

const address = (s: Shopper, phone: string | null): Record<string, unknown> => ({
  first_name: s.firstName ?? 'Bob',
  last_name: s.lastName ?? 'Norman',
  name: `${s.firstName ?? 'Bob'} ${s.lastName ?? 'Norman'}`,
  address1: '123 Amoebobacterieae St',
  address2: '',
  city: 'Ottawa',
  province: 'Ontario',
  province_code: 'ON',
  country: 'United States',
  country_code: 'US',
  zip: '40003',
  phone,
  company: null,
  latitude: 45.41634,
  longitude: -75.6868,
});

export const lineItem = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  key: '39072856',
  fulfillment_service: 'manual',
  gift_card: false,
  grams: 200,
  presentment_title: 'Hoodie',
  presentment_variant_title: 'M',
  product_id: 632910392,
  quantity: 2,
  requires_shipping: true,
  sku: 'HOOD-M',
  tax_lines: [],
  taxable: true,
  title: 'Hoodie',
  variant_id: 39072856,
  variant_title: 'M',
  variant_price: '29.50',
  vendor: 'Acme',
  compare_at_price: null,
  line_price: '59.00',
  price: '29.50',
  applied_discounts: [],
  properties: {},
  ...overrides,
});

export interface CheckoutFixture extends Shopper {
  token: string;
  cartToken?: string | null;
  checkoutPhone?: string | null;
  smsMarketingPhone?: string | null;
  acceptsSms?: boolean;
  shippingPhone?: string | null;
  updatedAt?: string;
  completedAt?: string | null;
  total?: string;
  withCustomer?: boolean;
}

export function checkoutPayload(shop: string, f: CheckoutFixture): Record<string, unknown> {
  const total = f.total ?? '59.00';
  return {
    id: 35170231353408,
    token: f.token,
    cart_token: f.cartToken === undefined ? `cart-${f.token}` : f.cartToken,
    email: f.email ?? null,
    gateway: null,
    buyer_accepts_marketing: false,
    buyer_accepts_sms_marketing: f.acceptsSms ?? false,
    sms_marketing_phone: f.smsMarketingPhone ?? null,
    created_at: '2026-11-20T10:00:00-05:00',
    updated_at: f.updatedAt ?? '2026-11-20T10:05:00-05:00',
    landing_site: '/',
    note: null,
    note_attributes: [],
    referring_site: '',
    shipping_lines: [],
    taxes_included: false,
    total_weight: 400,
    currency: 'USD',
    completed_at: f.completedAt ?? null,
    closed_at: null,
    user_id: null,
    location_id: null,
    source_identifier: null,
    source_url: null,
    device_id: null,
    phone: f.checkoutPhone ?? null,
    customer_locale: 'en-US',
    line_items: [lineItem({ line_price: total })],
    name: '#35170231353408',
    source: null,
    abandoned_checkout_url: `https://${shop}/1234/checkouts/${f.token}/recover?key=6dacd6065bb80268bda857ee`,
    discount_codes: [],
    tax_lines: [],
    source_name: 'web',
    presentment_currency: 'USD',
    total_discounts: '0.00',
    total_line_items_price: total,
    total_price: total,
    total_tax: '0.00',
    subtotal_price: total,
    total_duties: null,
    billing_address: address(f, null),
    shipping_address: address(f, f.shippingPhone ?? null),
    customer: f.withCustomer === false ? null : customerResource(f),
  };
}

export interface OrderFixture extends Shopper {
  id: number | null;
  updatedAt?: string;
  confirmed?: boolean;
  cancelledAt?: string | null;
  checkoutToken?: string | null;
  cartToken?: string | null;
  total?: string;
  codes?: string[];
}

export function orderPayload(f: OrderFixture): Record<string, unknown> {
  const total = f.total ?? '59.00';
  return {
    id: f.id,
    admin_graphql_api_id: `gid://shopify/Order/${f.id}`,
    app_id: null,
    browser_ip: '216.191.105.146',
    buyer_accepts_marketing: false,
    cancel_reason: f.cancelledAt ? 'customer' : null,
    cancelled_at: f.cancelledAt ?? null,
    cart_token: f.cartToken ?? null,
    checkout_id: 901414060,
    checkout_token: f.checkoutToken ?? null,
    closed_at: null,
    confirmed: f.confirmed ?? true,
    contact_email: f.email ?? null,
    created_at: '2026-11-20T10:10:00-05:00',
    currency: 'USD',
    current_total_price: total,
    discount_codes: (f.codes ?? []).map((code) => ({ code, amount: '10.00', type: 'fixed_amount' })),
    email: f.email ?? null,
    financial_status: 'paid',
    fulfillment_status: null,
    name: `#${1000 + ((f.id ?? 1) % 1000)}`,
    note: null,
    number: 1,
    order_number: 1001,
    phone: null,
    presentment_currency: 'USD',
    processed_at: '2026-11-20T10:10:00-05:00',
    source_name: 'web',
    subtotal_price: total,
    tags: '',
    total_discounts: '0.00',
    total_price: total,
    total_tax: '0.00',
    updated_at: f.updatedAt ?? '2026-11-20T10:10:00-05:00',
    billing_address: address(f, f.phone ?? null),
    customer: customerResource(f),
    line_items: [lineItem({ id: 466157049, name: 'Hoodie - M' })],
    shipping_address: address(f, f.phone ?? null),
    shipping_lines: [],
  };
}
