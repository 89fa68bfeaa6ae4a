/** A BigCommerce store installed through the real routes on a test database, its hook deliveries, and seeds. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { conversationsRoutes } from '../../../src/conversations/index.ts';
import { WEBHOOK_PROCESSORS } from '../../../src/flows/index.ts';
import { STORE_EFFECTS } from '../../../src/flows/index.ts';
import { buildHttpServer } from '../../../src/http/index.ts';
import { bigcommerceRoutes } from '../../../src/stores/index.ts';
import { processWebhookEvent } from '../../../src/webhooks/index.ts';
import { cartResource, startFakeBigCommerce, type FakeBigCommerce } from '../../fakes/bigcommerce/index.ts';
import type { TestDatabaseHandle } from '../../helpers/db.ts';

export const HASH = 'hookstore1';

export interface HookStore {
  fake: FakeBigCommerce;
  ctx: AppContext;
  app: FastifyInstance;
  integrationId: number;
  brandId: number;
}

/** The fake BigCommerce with two stores installed through the real routes (HASH and 'otherstore'). */
export async function startHookStore(t: TestDatabaseHandle): Promise<HookStore> {
  const fake = await startFakeBigCommerce();
  const ctx = await t.context({
    ...fake.config,
    PUBLIC_URL: 'https://reclaim.test',
  });
  const app = await buildHttpServer(ctx, {
    routes: [bigcommerceRoutes(STORE_EFFECTS), conversationsRoutes],
    panel: false,
  });
  for (const hash of [HASH, 'otherstore']) {
    const { code } = fake.addStore(hash);
    const installed = await app.inject({
      method: 'GET',
      url: `/api/integration/bigcommerce/auth?code=${code}&scope=store_cart&context=stores/${hash}`,
    });
    expect(installed.statusCode).toBe(302);
  }
  const row = await t.db('brand_integrations').where({ lookup_id: HASH }).first();
  return { fake, ctx, app, integrationId: Number(row.id), brandId: Number(row.brand_id) };
}

/**
 * `store`, `eventCount`, `deliver`, `deliverAndProcess`, `seedCart` and `seedCustomer` on the test
 * database `t` and the started store.
 */
export function hookStoreSeeds(t: TestDatabaseHandle, started: () => HookStore) {
  const store = () => started().fake.store(HASH);
  const eventCount = async () =>
    Number((await t.db('webhook_events').count<{ count: string }[]>('* as count'))[0]!.count);

  /** POSTs what BigCommerce would send for this scope to the hook's destination (our route). */
  async function deliver(
    scope: string,
    data: Record<string, unknown>,
    {
      headers,
      hash = HASH,
      createdAt,
    }: { headers?: Record<string, string | undefined>; hash?: string; createdAt?: number } = {},
  ) {
    const { fake, app } = started();
    const delivery = fake.delivery(hash, scope, data, createdAt);
    const merged = Object.fromEntries(
      Object.entries({ ...delivery.headers, ...headers }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    const response = await app.inject({
      method: 'POST',
      url: new URL(delivery.destination).pathname,
      headers: merged,
      payload: JSON.stringify(delivery.body),
    });
    return { response, body: delivery.body };
  }

  /** Delivers and runs the stored event's job through the real processors. */
  async function deliverAndProcess(scope: string, data: Record<string, unknown>) {
    const { response, body } = await deliver(scope, data);
    expect(response.statusCode).toBe(200);
    const event = await t.db('webhook_events').where({ source: 'bigcommerce', event_id: body.hash }).first();
    await processWebhookEvent(started().ctx, Number(event.id), WEBHOOK_PROCESSORS);
    return t.db('webhook_events').where({ id: event.id }).first();
  }

  /** A cart as GET /v3/carts/{id}?include=redirect_urls,... answers it (a guest's customer_id is 0, its email ''). */
  function seedCart({
    customerId = 0,
    email = '',
    amount = 59.5,
  }: { customerId?: number; email?: string; amount?: number } = {}) {
    const id = randomUUID();
    const token = 'f1c2a3b4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2';
    store().carts.set(id, {
      ...cartResource({
        id,
        customerId,
        email,
        currency: 'usd',
        amount,
        physicalItems: [
          {
            id: '6e193ce6-f327-4dcc-b75e-72cf6738525e',
            parent_id: null,
            variant_id: 501,
            product_id: 77,
            sku: 'TEE-M',
            name: 'Tee',
            url: 'https://shop.example.com/tee/',
            quantity: 2,
            is_taxable: true,
            image_url: 'https://cdn11.bigcommerce.com/s-hookstore1/products/77/images/1/tee.jpg',
            discounts: [],
            coupons: [],
            discount_amount: 0,
            coupon_amount: 0,
            original_price: 29.75,
            list_price: 29.75,
            sale_price: 29.75,
            extended_list_price: 59.5,
            extended_sale_price: 59.5,
            is_require_shipping: true,
            is_mutable: true,
            options: [{ name: 'Size', nameId: 125, value: 'M', valueId: 127 }],
          },
        ],
        createdTime: '2026-11-20T10:00:00+00:00',
        updatedTime: '2026-11-20T10:05:00+00:00',
        version: 3,
      }),
      redirect_urls: {
        cart_url: `https://shop.example.com/cart.php?action=load&id=${id}&token=${token}`,
        checkout_url: `https://shop.example.com/cart.php?action=loadInCheckout&id=${id}&token=${token}`,
        embedded_checkout_url: `https://shop.example.com/cart.php?embedded=1&action=loadInCheckout&id=${id}&token=${token}`,
      },
    });
    return id;
  }

  let customerCounter = 100;
  /** A customer as GET /v3/customers answers it (dates ISO 8601; an absent phone is ''). */
  function seedCustomer(phone: string | null, email = `shopper${customerCounter}@example.com`) {
    const id = customerCounter++;
    store().customers.set(String(id), {
      id,
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: '',
      phone: phone ?? '',
      registration_ip_address: '',
      notes: '',
      tax_exempt_category: '',
      customer_group_id: 0,
      date_modified: '2026-11-20T10:00:00Z',
      date_created: '2026-11-19T08:00:00Z',
      address_count: 1,
      attribute_count: 0,
      authentication: { force_password_reset: false },
      accepts_product_review_abandoned_cart_emails: true,
      origin_channel_id: 1,
      channel_ids: null,
    });
    return id;
  }

  return { store, eventCount, deliver, deliverAndProcess, seedCart, seedCustomer };
}
