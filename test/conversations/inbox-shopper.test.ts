/**
 * The shopper beside a conversation: orders and order history by username (a leading + added) or
 * Front id, checkout details by cartId or checkoutId, and a conversation an agent starts with its
 * first message, rolled back whole when the message cannot be written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import {
  CART_OR_CHECKOUT_REQUIRED,
  checkoutDetails,
  contactOrders,
  createConversation,
  orderHistory,
  REPLY_REFUSALS,
  USERNAME_OR_FRONT_ID_REQUIRED,
} from '../../src/conversations/index.ts';
import { FAILED_TO_CREATE_CONVERSATION } from '../../src/conversations/index.ts';
import { createUser } from '../factories/accounts.ts';
import { createBrand, createContact, createIntegration, createOrder } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let brandId: number;
let otherBrandId: number;
let integrationId: number;
let contactId: number;
let cartId: number;
let checkoutId: number;
const PHONE = '+14155550177';
const orders: Record<string, number> = {};

beforeAll(async () => {
  brandId = (await createBrand(t.db)).id;
  otherBrandId = (await createBrand(t.db)).id;
  integrationId = (await createIntegration(t.db, brandId)).id;
  const { contact } = await createContact(t.db, brandId, { phone: PHONE, given_name: 'Riley', family_name: 'Stone' });
  contactId = contact.id;
  const [cart] = await t
    .db('carts')
    .insert({
      brand_id: brandId,
      brand_integration_id: integrationId,
      external_id: 'cart-tok',
      contact_id: contactId,
      state: 'complete',
      total: '84.00',
      data: { line_items: [{ title: 'Trail Tent', variant_title: '2P', quantity: 1, price: '84.00' }] },
    })
    .returning('id');
  cartId = Number(cart.id);
  const [checkout] = await t
    .db('checkouts')
    .insert({
      brand_id: brandId,
      brand_integration_id: integrationId,
      external_id: 'co-tok',
      cart_id: cartId,
      contact_id: contactId,
      state: 'recovered',
      total_price: '84.00',
      abandoned_checkout_url: 'https://shop.example.com/checkouts/co-tok',
      checkout_details: {
        currency: 'USD',
        email: 'riley@example.com',
        line_items: [{ title: 'Trail Tent', variant_title: '2P', quantity: 1, price: '84.00' }],
      },
    })
    .returning('id');
  checkoutId = Number(checkout.id);
  const [conv] = await t
    .db('conversations')
    .insert({ brand_id: brandId, contact_id: contactId, checkout_id: checkoutId, extra_data: { front_id: 'cnv_55' } })
    .returning('id');
  orders.old = (
    await createOrder(t.db, {
      brandId,
      integrationId,
      contact_id: contactId,
      total: '40.00',
      created_at: new Date('2026-09-01T10:00:00Z'),
      cleaned_raw_data: { line_items: [{ title: 'Camp Mug', quantity: 2, price: '20.00' }] },
    })
  ).id;
  orders.cancelled = (
    await createOrder(t.db, {
      brandId,
      integrationId,
      contact_id: contactId,
      state: 'cancelled',
      total: '15.00',
      created_at: new Date('2026-09-15T10:00:00Z'),
    })
  ).id;
  orders.recovered = (
    await createOrder(t.db, {
      brandId,
      integrationId,
      contact_id: contactId,
      checkout_id: checkoutId,
      cart_id: cartId,
      total: '84.00',
      discount_codes: ['LR-ABC123'],
      recovered_at: new Date('2026-10-02T10:00:00Z'),
      created_at: new Date('2026-10-02T10:00:00Z'),
    })
  ).id;
  await t.db('order_conversations').insert({ brand_id: brandId, order_id: orders.recovered, conversation_id: conv.id });
});

describe('contact orders and order history', () => {
  it.each([
    ['a phone in E.164', { username: PHONE }],
    ['a phone without its leading +', { username: '14155550177' }],
    ['a Front conversation id', { frontId: 'cnv_55' }],
  ])('finds the shopper by %s', async (_name, ref) => {
    const page = await contactOrders(t.db, { brandId, ...ref });
    expect(page.contact).toMatchObject({ id: contactId, given_name: 'Riley' });
    expect(page.items.map((o) => o.id)).toEqual([orders.recovered, orders.cancelled, orders.old]);
    expect(page.total).toBe(3);
  });

  it('gives each order its line items, codes and the conversations linked to it', async () => {
    const page = await contactOrders(t.db, { brandId, username: PHONE, limit: 1, offset: 2 });
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 2 });
    expect(page.items[0]).toMatchObject({
      id: orders.old,
      line_items: [{ title: 'Camp Mug', quantity: 2, price: '20.00' }],
    });
    const [recovered] = (await contactOrders(t.db, { brandId, username: PHONE, limit: 1 })).items;
    expect(recovered).toMatchObject({ discount_codes: ['LR-ABC123'], conversation_ids: [expect.any(Number)] });
  });

  it('sums the history per currency: complete orders spent, cancelled apart', async () => {
    const history = await orderHistory(t.db, { brandId, username: '+1 (415) 555-0177' });
    expect(history.totals).toEqual([
      {
        currency: 'USD',
        orders: 3,
        spent: '124.00',
        cancelled: 1,
        first_order_at: '2026-09-01T10:00:00.000Z',
        last_order_at: '2026-10-02T10:00:00.000Z',
      },
    ]);
    expect(history.recent.map((o) => o.id)).toEqual([orders.recovered, orders.cancelled, orders.old]);
  });

  it("needs a username or frontId; an unknown shopper, or another brand's, is 'Contact not found'", async () => {
    await expect(contactOrders(t.db, { brandId })).rejects.toMatchObject({ message: USERNAME_OR_FRONT_ID_REQUIRED });
    await expect(orderHistory(t.db, { brandId })).rejects.toMatchObject({ message: USERNAME_OR_FRONT_ID_REQUIRED });
    await expect(contactOrders(t.db, { brandId: otherBrandId, username: PHONE })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Contact not found',
    });
    await expect(orderHistory(t.db, { brandId, frontId: 'cnv_unknown' })).rejects.toMatchObject({
      message: 'Contact not found',
    });
  });
});

describe('checkout details', () => {
  it('by checkoutId: the checkout, its cart and the order placed from it, without personal fields', async () => {
    const details = await checkoutDetails(t.db, { brandId, checkoutId });
    expect(details.checkout).toMatchObject({
      id: checkoutId,
      state: 'recovered',
      currency: 'USD',
      line_items: [{ title: 'Trail Tent', variant: '2P', quantity: 1, price: '84.00' }],
    });
    expect(details.cart).toMatchObject({ id: cartId, state: 'complete' });
    expect(details.order).toMatchObject({ id: orders.recovered });
    expect(JSON.stringify(details)).not.toContain('riley@example.com');
  });

  it('by cartId: the cart with its latest checkout', async () => {
    const details = await checkoutDetails(t.db, { brandId, cartId: String(cartId) });
    expect([details.cart?.id, details.checkout?.id, details.order?.id]).toEqual([cartId, checkoutId, orders.recovered]);
  });

  it('needs cartId or checkoutId; another brand sees nothing', async () => {
    await expect(checkoutDetails(t.db, { brandId })).rejects.toMatchObject({ message: CART_OR_CHECKOUT_REQUIRED });
    await expect(checkoutDetails(t.db, { brandId: otherBrandId, checkoutId })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Checkout not found',
    });
    await expect(checkoutDetails(t.db, { brandId: otherBrandId, cartId })).rejects.toMatchObject({
      message: 'Cart not found',
    });
  });
});

describe('a conversation an agent starts', () => {
  let ctx: AppContext;
  beforeAll(async () => {
    ctx = await t.context();
  });
  const noon = new Date('2026-11-10T20:00:00Z');

  it('is created with its first message, sent through the outbox', async () => {
    const user = await createUser(t.db);
    const { channel } = await createContact(t.db, brandId);
    const result = await createConversation(
      ctx,
      { brandId, contactChannelId: channel.id, userId: user.id, body: 'Hi! Your tent is back in stock.' },
      { now: noon },
    );
    expect(result).toMatchObject({ outcome: 'sent', conversational: false });
    expect(await t.db('conversations').where({ id: result.conversationId }).first()).toMatchObject({
      brand_id: String(brandId),
      contact_channel_id: String(channel.id),
      is_hidden: false,
    });
    expect(result.message).toMatchObject({ user_id: user.id, status: 'sent', provider: 'outbox' });
  });

  it("rolls the conversation back when its message fails: 'Failed to create conversation/message'", async () => {
    const { channel } = await createContact(t.db, brandId);
    const before = await t.db('conversations').count<{ n: string }[]>({ n: '*' });
    // A user removed in the meantime: the message cannot name its author.
    await expect(
      createConversation(ctx, { brandId, contactChannelId: channel.id, userId: 987654321, body: 'Hi' }, { now: noon }),
    ).rejects.toMatchObject({ kind: 'internal', message: FAILED_TO_CREATE_CONVERSATION });
    expect(await t.db('conversations').count<{ n: string }[]>({ n: '*' })).toEqual(before);
    expect(await t.db('conversations').where({ contact_channel_id: channel.id })).toEqual([]);
  });

  it('is refused for an unsubscribed channel with nothing stored', async () => {
    const user = await createUser(t.db);
    const { channel } = await createContact(t.db, brandId, { channel: { status: 'unsubscribed' } });
    await expect(
      createConversation(ctx, { brandId, contactChannelId: channel.id, userId: user.id, body: 'Hi' }, { now: noon }),
    ).rejects.toMatchObject({ kind: 'conflict', message: REPLY_REFUSALS.channel_unsubscribed });
    expect(await t.db('conversations').where({ contact_channel_id: channel.id })).toEqual([]);
  });
});
