/**
 * Consent comes only from the shopper or a signed store source: an anonymous post to the public
 * ingest endpoint (the ingest key is in every storefront page) with any phone and a ticked SMS box
 * makes nobody textable, through the production paths (the HTTP route, the worker's jobs,
 * run-candidates, the send job); unticked boxes grant nothing either. The storefront event still
 * identifies the cart: the store's signed checkouts/update for the same cart joins it and brings
 * the consent, and then the shopper is texted.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { ROUTES, TASKS } from '../../../src/cli/index.ts';
import { buildHttpServer } from '../../../src/http/index.ts';
import { runDueJobs } from '../../../src/jobs/index.ts';
import { sendDueMessages } from '../../../src/messaging/index.ts';
import { ensureIngestKey } from '../../../src/stores/index.ts';
import { runCandidates } from '../../../src/workflows/index.ts';
import { usPhone } from '../../factories/index.ts';
import { seedStore } from '../../helpers/candidates-seed.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { checkout, checkoutStarted, contactInfoSubmitted, lineItem, variant } from '../../helpers/pixel-events.ts';
import { checkoutPayload, sendShopifyWebhook, TEST_SHOPIFY_SECRET } from '../../helpers/shopify-webhook.ts';

const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await t.context({
    SMS_PROVIDER: 'outbox',
    SHOPIFY_API_SECRET: TEST_SHOPIFY_SECRET,
    PUBLIC_URL: 'https://reclaim.example.com',
  });
  app = await buildHttpServer(ctx, { routes: ROUTES, panel: false });
});
afterAll(() => app.close());

interface Shop {
  brandId: number;
  integrationId: number;
  key: string;
  shop: string;
}

/** A brand with a Shopify store, its ingest key and an active cart workflow (30 minutes, no discount). */
async function shopWithWorkflow(): Promise<Shop> {
  const message =
    "Hi {first_name}, it's {brand_name}. You left something in your cart: {cart_link} Reply STOP to opt out.";
  const store = await seedStore(t.db, {
    type: 'cart',
    delay: 30,
    discount: false,
    brand: { name: 'Harbor & Pine', support_phone: '+14155550100' },
    workflow: { message: JSON.stringify([{ type: 'paragraph', children: [{ text: message }] }]) },
  });
  const integration = await t.db('brand_integrations').where({ id: store.integrationId }).first();
  return {
    brandId: store.brandId,
    integrationId: store.integrationId,
    key: await ensureIngestKey(t.db, store.integrationId),
    shop: integration.lookup_id,
  };
}

/** An anonymous post, as any browser (or script) can make it: text/plain, no credentials. */
async function postAnonymously(key: string, body: unknown): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: `/ingest/pixel/${key}`,
    headers: { 'content-type': 'text/plain', origin: 'https://attacker.example' },
    payload: JSON.stringify(body),
    remoteAddress: '203.0.113.66',
  });
  expect(response.statusCode).toBe(200);
}

/** run-candidates once the cart is older than the workflow's delay, then the send job at a sending hour. */
async function runAfterDelay(brandId: number): Promise<{ started: number; sent: number }> {
  const result = await runCandidates(ctx, { brandId, now: new Date(Date.now() + 31 * 60_000) });
  const sendTime = new Date();
  sendTime.setUTCDate(sendTime.getUTCDate() + 1);
  sendTime.setUTCHours(18, 0, 0, 0);
  const sent = await sendDueMessages(ctx, { now: sendTime });
  return { started: result.started, sent: sent.sent };
}

const hoodie = () => [lineItem(variant('41230001', 59), 1)];

describe('a planted number', () => {
  it('a ticked SMS box in an anonymous pixel post texts nobody: no conversation, channel not subscribed, no opt-in', async () => {
    const { brandId, integrationId, key } = await shopWithWorkflow();
    const victim = usPhone();
    const cartToken = `c1-${randomBytes(8).toString('hex')}`;
    const base = checkout({ lines: hoodie() });
    await postAnonymously(key, { ...checkoutStarted(base), cartToken });
    await postAnonymously(key, {
      ...contactInfoSubmitted({ ...base, phone: victim, smsMarketingPhone: victim, buyerAcceptsSmsMarketing: true }),
      cartToken,
    });
    await runDueJobs(ctx, TASKS);
    const events = await t
      .db('webhook_events')
      .where({ source: 'pixel', brand_integration_id: integrationId })
      .pluck('status');
    expect(events).toEqual(['processed', 'processed']);

    const cart = await t.db('carts').where({ brand_id: brandId, external_id: cartToken }).first();
    expect(cart.state).toBe('no_identity');
    expect(await runAfterDelay(brandId)).toEqual({ started: 0, sent: 0 });
    expect(await t.db('conversations').where({ brand_id: brandId })).toEqual([]);
    expect(
      await t
        .db('conversation_messages as m')
        .join('conversations as c', 'c.id', 'm.conversation_id')
        .where('c.brand_id', brandId),
    ).toEqual([]);
    const subscribed = await t
      .db('contact_channels')
      .where({ brand_id: brandId, username: victim, status: 'subscribed' });
    expect(subscribed).toEqual([]);
    const optIns = await t.db('channel_consent_events').where({ brand_id: brandId, status: 'subscribed' });
    expect(optIns).toEqual([]);
  });

  it('unticked boxes grant nothing: no subscribed channel, no opt-in, the cart is no SMS candidate', async () => {
    const { brandId, key } = await shopWithWorkflow();
    const phone = usPhone();
    const email = `shopper-${randomBytes(3).toString('hex')}@example.com`;
    const c = checkout({ email, phone, lines: hoodie() });
    expect(c).toMatchObject({
      buyerAcceptsSmsMarketing: false,
      buyerAcceptsEmailMarketing: false,
      smsMarketingPhone: null,
    });
    await postAnonymously(key, contactInfoSubmitted(c));
    await runDueJobs(ctx, TASKS);

    expect(await t.db('contact_channels').where({ brand_id: brandId, status: 'subscribed' })).toEqual([]);
    expect(await t.db('channel_consent_events').where({ brand_id: brandId })).toEqual([]);
    const cart = await t.db('carts').where({ brand_id: brandId, external_id: c.token }).first();
    expect(cart.state).toBe('no_identity');
    expect(await runAfterDelay(brandId)).toEqual({ started: 0, sent: 0 });
    expect(await t.db('conversations').where({ brand_id: brandId })).toEqual([]);
  });
});

describe('the signed source', () => {
  it("the store's signed checkouts/update for the pixel's cart brings the consent; the same cart is recovered", async () => {
    const { brandId, key, shop } = await shopWithWorkflow();
    const phone = usPhone();
    const cartToken = `c1-${randomBytes(8).toString('hex')}`;
    const base = checkout({ lines: hoodie() });
    await postAnonymously(key, {
      ...contactInfoSubmitted({ ...base, phone, smsMarketingPhone: phone, buyerAcceptsSmsMarketing: true }),
      cartToken,
    });
    await runDueJobs(ctx, TASKS);

    const payload = checkoutPayload(shop, {
      token: base.token!,
      cartToken,
      email: null,
      checkoutPhone: phone,
      smsMarketingPhone: phone,
      acceptsSms: true,
      withCustomer: false,
      updatedAt: new Date().toISOString(),
    });
    const response = await sendShopifyWebhook(app, { topic: 'checkouts/update', shop, payload });
    expect(response.statusCode).toBe(200);
    await runDueJobs(ctx, TASKS);

    const carts = await t.db('carts').where({ brand_id: brandId });
    expect(carts.map((c) => [c.external_id, c.state])).toEqual([[cartToken, 'pending']]);
    const channel = await t.db('contact_channels').where({ brand_id: brandId, username: phone }).first();
    expect(channel).toMatchObject({ status: 'subscribed', consent_source: 'shopify:checkouts/update' });
    expect(String(carts[0].contact_id)).toBe(String(channel.contact_id));
    const optIns = await t
      .db('channel_consent_events')
      .where({ brand_id: brandId, status: 'subscribed' })
      .pluck('source');
    expect(optIns).toEqual(['shopify:checkouts/update']);
    expect(await runAfterDelay(brandId)).toEqual({ started: 1, sent: 1 });
  });
});
