/**
 * A draft order from a conversation against the fake Shopify Admin: the cart's line items and
 * the conversation's discount code, the invoice URL returned and recorded; the spec's errors for
 * a conversation without a cart and a store that is not Shopify; `reclaim conversations draft-order`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { createConversationDraftOrder } from '../../src/conversations/index.ts';
import { sealCredentials, SHOPIFY_SCOPES } from '../../src/stores/index.ts';
import { createConversation, createDiscountCode } from '../factories/attribution.ts';
import { createBrand, createCart, createContact, createIntegration } from '../factories/index.ts';
import { FakeShopify } from '../fakes/shopify/index.ts';
import { runCli } from '../helpers/cli.ts';
import { TEST_ENCRYPTION_KEY, testEnv, useTestDatabase } from '../helpers/db.ts';

const SHOP = 'draft-goods.myshopify.com';
const t = useTestDatabase();
let fake: FakeShopify;
let ctx: AppContext;
let brandId: number;
let integrationId: number;

const variantGid = (n: number) => `gid://shopify/ProductVariant/${n}`;

beforeAll(async () => {
  fake = await FakeShopify.start();
  const shop = fake.addShop(SHOP);
  shop.products.push({
    id: 'gid://shopify/Product/900',
    title: 'Hoodie',
    handle: 'hoodie',
    variants: [
      { id: variantGid(40001), title: 'Large', price: '59.00', sku: 'H-L' },
      { id: variantGid(40002), title: 'Small', price: '20.00', sku: 'H-S' },
    ],
  });
  shop.discounts.push({
    id: 'gid://shopify/DiscountCodeNode/1',
    code: 'SAVE10',
    kind: 'basic',
    input: { code: 'SAVE10', customerGets: { value: { percentage: 0.1 } } },
  });
  shop.discounts.push({
    id: 'gid://shopify/DiscountCodeNode/2',
    code: 'TAKE5',
    kind: 'basic',
    input: { code: 'TAKE5', customerGets: { value: { discountAmount: { amount: '5.00', appliesOnEachItem: false } } } },
  });
  const token = fake.issueToken(SHOP, [...SHOPIFY_SCOPES]);
  ctx = await t.context({ SHOPIFY_ADMIN_BASE_URL: fake.url });
  brandId = (await createBrand(t.db)).id;
  integrationId = (
    await createIntegration(t.db, brandId, {
      lookup_id: SHOP,
      settings: { credentials: sealCredentials({ access_token: token }, Buffer.from(TEST_ENCRYPTION_KEY, 'base64')) },
    })
  ).id;
});
afterAll(() => fake.close());

async function conversationWithCart(lines: object[], code?: string) {
  const { contact, channel } = await createContact(t.db, brandId);
  const cart = await createCart(t.db, { brandId, integrationId, contact_id: contact.id, data: { line_items: lines } });
  const conversation = await createConversation(t.db, {
    brandId,
    contactId: contact.id,
    channelId: channel.id,
    createdAt: new Date(),
    cart_id: cart.id,
  });
  if (code) await createDiscountCode(t.db, { brandId, conversationId: conversation.id, code, createdAt: new Date() });
  return { conversationId: conversation.id, phone: String(channel.username) };
}

describe('createConversationDraftOrder', () => {
  it("creates the draft with the cart's lines and the conversation's code, and records its invoice URL", async () => {
    const { conversationId, phone } = await conversationWithCart(
      [
        { variant_id: 40001, quantity: 2, title: 'Hoodie' },
        { variant_id: 40002, quantity: 1, title: 'Hoodie' },
      ],
      'SAVE10',
    );
    const draft = await createConversationDraftOrder(ctx, { conversationId });
    expect(draft).toMatchObject({ discountCodes: ['SAVE10'], requestedCode: 'SAVE10', status: 'OPEN' });
    expect(draft.total).toEqual({ amount: '124.20', currencyCode: 'USD' }); // (2 x 59 + 20) less 10%
    expect(draft.invoiceUrl).toMatch(new RegExp(`^https://${SHOP}/\\d+/invoices/[0-9a-f]{32}$`));
    const sent = fake.shop(SHOP).draftOrders.at(-1)!.input;
    expect(sent).toMatchObject({
      lineItems: [
        { variantId: variantGid(40001), quantity: 2 },
        { variantId: variantGid(40002), quantity: 1 },
      ],
      discountCodes: ['SAVE10'],
      phone,
    });
    const row = await t.db('conversations').where({ id: conversationId }).first();
    expect(row.extra_data.draft_order).toMatchObject({ id: draft.id, invoice_url: draft.invoiceUrl });
  });

  it('creates it at full price when the conversation has no code, and skips a code the store does not have', async () => {
    const plain = await conversationWithCart([{ variant_id: 40002, quantity: 1 }]);
    expect((await createConversationDraftOrder(ctx, plain)).total.amount).toBe('20.00');
    const unknown = await conversationWithCart([{ variant_id: 40002, quantity: 1 }], 'NOPE');
    const draft = await createConversationDraftOrder(ctx, unknown);
    expect(draft).toMatchObject({ discountCodes: [], requestedCode: 'NOPE', total: { amount: '20.00' } });
  });

  it("answers 'Cart ID not found' without a cart, and the spec's text for a store that is not Shopify", async () => {
    const bare = await createConversation(t.db, { brandId, createdAt: new Date() });
    await expect(createConversationDraftOrder(ctx, { conversationId: bare.id })).rejects.toThrow('Cart ID not found');
    await expect(createConversationDraftOrder(ctx, { conversationId: 999999 })).rejects.toThrow(
      'Conversation not found',
    );
    await expect(createConversationDraftOrder(ctx, { conversationId: bare.id, brandId: brandId + 1 })).rejects.toThrow(
      'Conversation not found',
    );
    const other = await createBrand(t.db);
    await t
      .db('integrations')
      .insert({ name: 'BigCommerce', slug: 'bigcommerce', category: 'ecommerce', is_published: true })
      .onConflict('slug')
      .ignore();
    const bc = await t.db('integrations').where({ slug: 'bigcommerce' }).first();
    const bcIntegration = await createIntegration(t.db, other.id, { integration_id: bc.id, lookup_id: 'abc123' });
    const cart = await createCart(t.db, {
      brandId: other.id,
      integrationId: bcIntegration.id,
      data: { line_items: [{ variant_id: 1, quantity: 1 }] },
    });
    const conversation = await createConversation(t.db, { brandId: other.id, createdAt: new Date(), cart_id: cart.id });
    await expect(createConversationDraftOrder(ctx, { conversationId: conversation.id })).rejects.toThrow(
      'Ecommerce integration not supported',
    );
  });
});

describe('reclaim conversations draft-order', () => {
  it('prints the draft and the invoice URL to text; --json for scripts', async () => {
    const { conversationId } = await conversationWithCart([{ variant_id: 40001, quantity: 1 }], 'TAKE5');
    const env = { ...testEnv(t.url), SHOPIFY_ADMIN_BASE_URL: fake.url };
    const text = await runCli(['conversations', 'draft-order', String(conversationId)], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^#D\d+ for conversation \d+: 54\.00 USD \(discount: TAKE5\)\nhttps:\/\/draft-goods/);
    const json = await runCli(['conversations', 'draft-order', String(conversationId), '--json'], env);
    expect(JSON.parse(json.stdout).draft_order).toMatchObject({ conversationId, discountCodes: ['TAKE5'] });
    const missing = await runCli(['conversations', 'draft-order', '999999'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Conversation not found');
  });
});
