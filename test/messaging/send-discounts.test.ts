import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { sendDueMessages } from '../../src/messaging/index.ts';
import { zonedInstant } from '../../src/messaging/rules.ts';
import { sealCredentials } from '../../src/stores/index.ts';
import { createBrand, createIntegration, createWorkflow } from '../factories/index.ts';
import { FakeShopify } from '../fakes/shopify/index.ts';
import { TEST_ENCRYPTION_KEY, useTestDatabase } from '../helpers/db.ts';
import { outgoingMessages } from './send-seed.ts';

const LA = 'America/Los_Angeles';

const t = useTestDatabase();
let ctx: AppContext;
let shopify: FakeShopify;

beforeAll(async () => {
  shopify = await FakeShopify.start();
  ctx = await t.context({ SHOPIFY_ADMIN_BASE_URL: shopify.url });
});
afterAll(async () => {
  await shopify.close();
});

const { seedMessage, message } = outgoingMessages(t);

describe('discount codes are created at the store by the send job', () => {
  it("creates the pending code at the shop and, when the shop says 'Code must be unique', texts the new code", async () => {
    const shop = 'sendjob-shop.myshopify.com';
    shopify.addShop(shop);
    const brandId = (await createBrand(t.db)).id;
    const integration = await createIntegration(t.db, brandId, {
      lookup_id: shop,
      settings: {
        credentials: sealCredentials(
          { access_token: shopify.issueToken(shop) },
          Buffer.from(TEST_ENCRYPTION_KEY, 'base64'),
        ),
      },
    });
    const [rule] = await t
      .db('discount_rules')
      .insert({ brand_id: brandId, type: 'percentage', value: 10, duration: 10, extra_data: { type: 'dynamic' } })
      .returning<{ id: string }[]>('id');
    const workflow = await createWorkflow(t.db, {
      brandId,
      brand_integration_id: integration.id,
      discount_rule_id: Number(rule!.id),
    });
    shopify
      .shop(shop)
      .discounts.push({ id: 'gid://shopify/DiscountCodeNode/77', code: 'LR-TAKEN2', kind: 'basic', input: {} });
    const [code] = await t
      .db('discount_codes')
      .insert({
        brand_id: brandId,
        workflow_id: workflow.id,
        discount_rule_id: Number(rule!.id),
        code: 'LR-TAKEN2',
        status: 'pending',
      })
      .returning<{ id: string }[]>('id');
    const now = zonedInstant(LA, 2026, 9, 5, 12, 0);
    const { messageId } = await seedMessage(brandId, {
      phone: '+13105550191',
      scheduledFor: now,
      body: 'Use LR-TAKEN2 for 10% off: http://localhost:3000/r/Zz123456 Reply STOP to opt out.',
      extra: { discount_code_id: Number(code!.id) },
    });

    const result = await sendDueMessages(ctx, { now });
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const codeRow = await t.db('discount_codes').where({ id: code!.id }).first();
    expect(codeRow.status).toBe('created');
    expect(codeRow.code).toMatch(/^LR-[A-HJKMNP-Z0-9]{6,8}$/);
    expect(codeRow.code).not.toBe('LR-TAKEN2');
    const row = await message(messageId);
    expect(row).toMatchObject({ status: 'sent', provider_message_id: `outbox-${messageId}` });
    expect(row.body).toBe(`Use ${codeRow.code} for 10% off: http://localhost:3000/r/Zz123456 Reply STOP to opt out.`);
    expect(shopify.shop(shop).discounts.map((d) => d.code)).toContain(codeRow.code);
  });
});
