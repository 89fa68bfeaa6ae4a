/**
 * The whole loop with SMS_PROVIDER=outbox, through the production code paths: a signed Shopify
 * checkouts/update in, run-candidates, the send job, an outbox message with a working short link
 * and a real-format discount code created at (fake) Shopify; then a signed orders/create that used
 * the code: the order is billable and the conversation recovered.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { ROUTES } from '../../src/cli/index.ts';
import { buildHttpServer } from '../../src/http/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import { sendDueMessages } from '../../src/messaging/index.ts';
import { sealCredentials } from '../../src/stores/index.ts';
import { runCandidates, createWorkflowFromTemplate, setWorkflowState } from '../../src/workflows/index.ts';
import { createBrand, createIntegration } from '../factories/index.ts';
import { FakeShopify } from '../fakes/shopify/index.ts';
import { TEST_ENCRYPTION_KEY, useTestDatabase } from '../helpers/db.ts';
import { checkoutPayload, orderPayload, sendShopifyWebhook, TEST_SHOPIFY_SECRET } from '../helpers/shopify-webhook.ts';
import { TASKS } from '../../src/cli/index.ts';

const SHOP = 'loop-outfitters.myshopify.com';
const PHONE = '+14155550177'; // San Francisco: Pacific time

const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;
let shopify: FakeShopify;
let brandId: number;

beforeAll(async () => {
  shopify = await FakeShopify.start();
  shopify.addShop(SHOP);
  ctx = await t.context({
    SMS_PROVIDER: 'outbox',
    SHOPIFY_API_SECRET: TEST_SHOPIFY_SECRET,
    SHOPIFY_ADMIN_BASE_URL: shopify.url,
    PUBLIC_URL: 'https://reclaim.example.com',
  });
  brandId = (
    await createBrand(t.db, {
      name: 'Loop Outfitters',
      support_phone: '+14155550100',
      support_email: 'help@loop.example.com',
    })
  ).id;
  const key = Buffer.from(TEST_ENCRYPTION_KEY, 'base64');
  await createIntegration(t.db, brandId, {
    lookup_id: SHOP,
    settings: { domain: SHOP, credentials: sealCredentials({ access_token: shopify.issueToken(SHOP) }, key) },
  });
  const workflow = await createWorkflowFromTemplate(ctx, { brandId, template: 'abandoned-cart' });
  await setWorkflowState(ctx, { id: workflow.id, transition: 'activate' });
  app = await buildHttpServer(ctx, { routes: ROUTES, panel: false });
});
afterAll(async () => {
  await app.close();
  await shopify.close();
});

describe('the recovery loop', () => {
  let code: string;
  let conversationId: number;
  // 10:00 in San Francisco tomorrow: inside the allowed window and within 48 h of the cart.
  const sendTime = new Date();
  sendTime.setUTCDate(sendTime.getUTCDate() + 1);
  sendTime.setUTCHours(18, 0, 0, 0);

  it('a signed checkouts/update becomes a cart with a subscribed +1 shopper', async () => {
    const payload = checkoutPayload(SHOP, {
      token: 'loop-token-1',
      firstName: 'Maya',
      lastName: 'Lopez',
      email: 'maya@example.com',
      smsMarketingPhone: PHONE,
      checkoutPhone: PHONE,
      acceptsSms: true,
      smsState: 'subscribed',
      phone: PHONE,
      customerId: 9100001,
      updatedAt: new Date().toISOString(),
      total: '129.00',
    });
    const response = await sendShopifyWebhook(app, { topic: 'checkouts/update', shop: SHOP, payload });
    expect(response.statusCode).toBe(200);
    await runDueJobs(ctx, TASKS);
    const cart = await t.db('carts').where({ brand_id: brandId }).first();
    expect(cart.state).toBe('pending');
    const channel = await t.db('contact_channels').where({ brand_id: brandId, username: PHONE }).first();
    expect(channel.status).toBe('subscribed');
  });

  it('run-candidates starts one conversation once the cart is older than the workflow delay', async () => {
    const now = new Date(Date.now() + 31 * 60_000);
    const result = await runCandidates(ctx, { brandId, now });
    expect(result.started).toBe(1);
    const again = await runCandidates(ctx, { brandId, now });
    expect(again.started).toBe(0); // never texted twice
    const conversation = await t.db('conversations').where({ brand_id: brandId }).first();
    conversationId = Number(conversation.id);
    const message = await t.db('conversation_messages').where({ conversation_id: conversationId }).first();
    expect(message).toMatchObject({ direction: 'outgoing', status: 'auto_queued' });
  });

  it('the send job creates the code at Shopify and sends through the outbox, with a short link and the opt-out line', async () => {
    const result = await sendDueMessages(ctx, { now: sendTime });
    expect(result.sent).toBe(1);
    const message = await t
      .db('conversation_messages')
      .where({ conversation_id: conversationId, direction: 'outgoing' })
      .first();
    expect(message).toMatchObject({ status: 'sent', provider: 'outbox', encoding: 'GSM-7' });
    expect(message.body).toContain('Maya');
    expect(message.body).toContain('Reply STOP to opt out.');
    code = /\bLR-[A-HJKMNP-Z0-9]{6,8}\b/.exec(message.body)![0];
    const stored = await t.db('discount_codes').where({ brand_id: brandId, code }).first();
    expect(stored).toMatchObject({ status: 'created', conversation_id: String(conversationId) });
    expect(
      shopify
        .operations('DiscountCodeBasicCreate')
        .map((op) => (op.variables!.basicCodeDiscount as { code: string }).code),
    ).toContain(code);

    const link = /https:\/\/reclaim\.example\.com\/r\/([A-Za-z0-9]+)/.exec(message.body)!;
    const click = await app.inject({ url: `/r/${link[1]}`, headers: { 'user-agent': 'LoopTest/1.0' } });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toContain(SHOP.replace('.myshopify.com', ''));
    expect(await t.db('link_clicks').where({ brand_id: brandId }).pluck('user_agent')).toEqual(['LoopTest/1.0']);
  });

  it('a signed orders/create that used the code makes the order billable and the conversation recovered', async () => {
    const placedAt = new Date(sendTime.getTime() + 3600_000).toISOString(); // an hour after the text
    const placed = orderPayload({
      id: 7700001,
      confirmed: true,
      checkoutToken: 'loop-token-1',
      cartToken: 'cart-loop-token-1',
      codes: [code],
      firstName: 'Maya',
      lastName: 'Lopez',
      email: 'maya@example.com',
      phone: PHONE,
      customerId: 9100001,
      total: '116.10',
      updatedAt: placedAt,
    });
    const payload = { ...placed, created_at: placedAt, processed_at: placedAt };
    const response = await sendShopifyWebhook(app, { topic: 'orders/create', shop: SHOP, payload });
    expect(response.statusCode).toBe(200);
    await runDueJobs(ctx, TASKS);
    const order = await t.db('orders').where({ brand_id: brandId, external_id: '7700001' }).first();
    expect(order).toMatchObject({ state: 'complete', billing_status: 'billable' });
    expect(order.recovered_at).not.toBeNull();
    expect(await t.db('order_conversations').where({ order_id: order.id }).pluck('conversation_id')).toEqual([
      String(conversationId),
    ]);
    expect(await t.db('workflow_goal_state_change_events').where({ order_id: order.id }).pluck('state')).toContain(
      'converted',
    );
    expect((await t.db('carts').where({ brand_id: brandId }).first()).state).toBe('complete');
  });
});
