/** Shopify's real webhook payloads on a test database: the fixtures, a shop, and delivering a fixture. */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { WEBHOOK_PROCESSORS } from '../../../src/flows/index.ts';
import { processWebhookEvent } from '../../../src/webhooks/index.ts';
import { createBrand, createIntegration } from '../../factories/index.ts';
import type { TestDatabaseHandle } from '../../helpers/db.ts';
import { sendShopifyWebhook, type ShopifyDelivery, type ShopifyWebhookApp } from '../../helpers/shopify-webhook.ts';

// The fixtures' ids, beyond Number.MAX_SAFE_INTEGER where Shopify's are.
export const ORDER_ID = '905531287702318846';
export const CUSTOMER_ID = '624918730044512873';
export const SUBSCRIBER_ID = '631205574981126402';
export const TOKEN = '8f3c2a7e91d04b5fa6e2c1d9b7a54e30';
export const CART_TOKEN = 'Z2NwLXVzLWVhc3QxOjAxSlpRN0NXMlE4VjJCNkFUWlNRUjRaRzA1';
export const PHONE = '+14155550137';

/** A fixture's exact text, with the shop placeholder replaced unless `keepShop`. */
export function fixture(name: string, shop?: string): string {
  const text = readFileSync(new URL(`../../fixtures/shopify/${name}.json`, import.meta.url), 'utf8');
  return shop ? text.replaceAll('{shop}.myshopify.com', shop) : text;
}

export type Delivery = Partial<Omit<ShopifyDelivery, 'topic' | 'shop' | 'payload' | 'rawBody'>> & {
  keepShop?: boolean;
  text?: string;
};

export const ok = (event: Record<string, unknown>, status = 'processed'): void =>
  expect({ status: event.status, last_error: event.last_error }).toEqual({ status, last_error: null });

/** `shop` and `deliver` on the test database `t` and its started webhook app. */
export function realPayloadSeeds(t: TestDatabaseHandle, started: () => ShopifyWebhookApp) {
  async function shop(): Promise<{ domain: string; brandId: number; integrationId: number }> {
    const brand = await createBrand(t.db);
    const domain = `northwind-${randomBytes(4).toString('hex')}.myshopify.com`;
    const integration = await createIntegration(t.db, brand.id, {
      lookup_id: domain,
      settings: { installed_at: '2026-01-05T00:00:00Z' },
    });
    return { domain, brandId: brand.id, integrationId: integration.id };
  }

  /** Posts a fixture as Shopify does (2025-10 headers unless told), expects 200, runs its job; returns the event row. */
  async function deliver(
    domain: string,
    topic: string,
    name: string,
    options: Delivery = {},
  ): Promise<Record<string, unknown>> {
    const { ctx, app } = started();
    const { keepShop, text, ...delivery } = options;
    const rawBody = text ?? fixture(name, keepShop ? undefined : domain);
    const eventId = delivery.eventId === undefined ? randomUUID() : delivery.eventId;
    const response = await sendShopifyWebhook(app, {
      topic,
      shop: domain,
      payload: null,
      rawBody,
      apiVersion: '2025-10',
      triggeredAt: '2026-03-14T14:12:31.877041743Z',
      ...delivery,
      eventId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const key = eventId ?? delivery.webhookId;
    const row = await t.db('webhook_events').where({ source: 'shopify', event_id: key }).first();
    expect(row, `event ${key} stored`).toBeDefined();
    await processWebhookEvent(ctx, Number(row.id), WEBHOOK_PROCESSORS).catch(() => undefined);
    return t.db('webhook_events').where({ id: row.id }).first();
  }

  return { shop, deliver };
}
