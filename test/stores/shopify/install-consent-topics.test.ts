/**
 * The consent topics (customers_marketing_consent/update, customers_email_marketing_consent/update)
 * are subscribed at install and added by a re-install to a shop subscribed before them; Shopify's
 * webhookSubscriptionCreate takes them, and refuses what its WebhookSubscriptionTopic enum lacks.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret, type AppContext } from '../../../src/app/index.ts';
import { STORE_EFFECTS } from '../../../src/flows/index.ts';
import { buildHttpServer } from '../../../src/http/index.ts';
import {
  createShopifyAdminClient,
  createWebhookSubscription,
  disconnectIntegration,
  shopifyInstallRoutes,
} from '../../../src/stores/index.ts';
import { FakeShopify } from '../../fakes/shopify/index.ts';
import { TEST_ENCRYPTION_KEY, useTestDatabase } from '../../helpers/db.ts';

const PUBLIC_URL = 'https://reclaim.example.com';
const ADDRESS = `${PUBLIC_URL}/webhooks/shopify`;
const CONSENT_TOPICS = ['CUSTOMERS_EMAIL_MARKETING_CONSENT_UPDATE', 'CUSTOMERS_MARKETING_CONSENT_UPDATE'];

const t = useTestDatabase();
let ctx: AppContext;
let fake: FakeShopify;
let app: FastifyInstance;

beforeAll(async () => {
  fake = await FakeShopify.start();
  ctx = await t.context({
    SHOPIFY_API_KEY: fake.apiKey,
    SHOPIFY_API_SECRET: fake.apiSecret,
    PUBLIC_URL,
    SHOPIFY_ADMIN_BASE_URL: fake.url,
  });
  app = await buildHttpServer(ctx, { routes: [shopifyInstallRoutes(STORE_EFFECTS)], panel: false });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

async function install(shop: string): Promise<void> {
  const opened = await app.inject({
    method: 'GET',
    url: `/api/integration/shopify/open?${fake.openQuery(shop).toString()}`,
  });
  expect(opened.statusCode).toBe(302);
  const callback = fake.approveInstall(opened.headers.location as string, shop);
  const finished = await app.inject({ method: 'GET', url: callback.pathname + callback.search });
  expect(finished.statusCode, finished.body).toBe(302);
}
const integrationOf = (shop: string) =>
  t
    .db('brand_integrations')
    .where({ lookup_id: shop })
    .first<{ id: string; settings: { credentials: { access_token: string } } }>();

describe('Shopify consent topics are subscribed at install and by a re-install', () => {
  it('an install subscribes customers_marketing_consent/update and customers_email_marketing_consent/update', async () => {
    const shop = 'consent-topics.myshopify.com';
    fake.addShop(shop);
    await install(shop);
    const mine = fake.shop(shop).webhookSubscriptions.filter((s) => CONSENT_TOPICS.includes(s.topic));
    expect(mine.map((s) => [s.topic, s.uri, s.format]).sort()).toEqual(
      CONSENT_TOPICS.map((topic) => [topic, ADDRESS, 'JSON']),
    );
  });

  it('a re-install of a shop subscribed before the consent topics adds just those two', async () => {
    const shop = 'subscribed-before.myshopify.com';
    const data = fake.addShop(shop);
    await install(shop);
    data.webhookSubscriptions = data.webhookSubscriptions.filter((s) => !CONSENT_TOPICS.includes(s.topic));
    const kept = data.webhookSubscriptions.map((s) => s.id).sort();
    await disconnectIntegration(t.db, Number((await integrationOf(shop))!.id));
    const createdBefore = fake.operations('WebhookSubscriptionCreate').length;

    await install(shop);
    const created = fake.operations('WebhookSubscriptionCreate').slice(createdBefore);
    expect(created.map((r) => r.variables?.topic).sort()).toEqual(CONSENT_TOPICS);
    expect(data.webhookSubscriptions.filter((s) => kept.includes(s.id)).map((s) => s.id)).toEqual(kept);
    expect(data.webhookSubscriptions.filter((s) => CONSENT_TOPICS.includes(s.topic))).toHaveLength(2);
  });

  it('Shopify refuses a topic its WebhookSubscriptionTopic enum lacks (the privacy topics live in the app configuration)', async () => {
    const shop = 'enum-check.myshopify.com';
    fake.addShop(shop);
    await install(shop);
    const row = await integrationOf(shop);
    const client = createShopifyAdminClient({
      config: ctx.config,
      shop,
      accessToken: decryptSecret(row!.settings.credentials.access_token, Buffer.from(TEST_ENCRYPTION_KEY, 'base64')),
    });
    const before = fake.shop(shop).webhookSubscriptions.length;
    for (const topic of ['CUSTOMERS_REDACT', 'customers_marketing_consent/update'])
      await expect(createWebhookSubscription(client, { topic, uri: ADDRESS })).rejects.toMatchObject({
        kind: 'upstream',
        message: expect.stringContaining(
          `Variable $topic of type WebhookSubscriptionTopic! was provided invalid value`,
        ),
      });
    expect(fake.shop(shop).webhookSubscriptions).toHaveLength(before);
  });
});
