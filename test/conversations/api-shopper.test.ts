/**
 * The brand API's routes for the shopper beside a conversation, through the real server: the
 * contact's note, deleting a subscribed channel (a blocked one is kept), the contact's orders and
 * order history, a cart's and a checkout's details, and the messages behind an insight. No answer
 * carries the shopper's phone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { INSIGHT_FILTER_REQUIRED } from '../../src/conversations/index.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { addSpareChannels, seedWorld, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let world: World;
let other: World;
let token: string;
let brand: string;

beforeAll(async () => {
  world = await seedWorld(t.db, 'shop');
  await addSpareChannels(t.db, world);
  other = await seedWorld(t.db, 'other');
  token = await api.login(world.user.email);
  brand = `/api/brands/${world.ids.brandId}`;
});

describe('PUT /api/brands/:brandId/contacts/:contactId/note', () => {
  it('sets and removes the note; another brand’s contact is not found', async () => {
    const url = `${brand}/contacts/${world.ids.contactId}/note`;
    const saved = await api.call('PUT', url, token, { note: 'Prefers a call back' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ contact_id: world.ids.contactId, note: 'Prefers a call back' });
    expect((await api.call('PUT', url, token, { note: null })).json().note).toBeNull();
    const theirs = await api.call('PUT', `${brand}/contacts/${other.ids.contactId}/note`, token, { note: 'x' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe('Contact not found');
  });
});

describe('DELETE /api/brands/:brandId/channels/:channelId', () => {
  it('deletes a subscribed channel and keeps a blocked one (its opt-out holds)', async () => {
    const [first, second] = world.spares.map((s) => s.channelId!);
    const deleted = await api.call('DELETE', `${brand}/channels/${first}`, token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ channel_id: first, deleted: true });
    expect(await t.db('contact_channels').where({ id: first }).first()).toBeUndefined();
    expect((await api.call('DELETE', `${brand}/channels/${first}`, token)).statusCode).toBe(404);

    await t.db('contact_channels').where({ id: second }).update({ status: 'unsubscribed' });
    const kept = await api.call('DELETE', `${brand}/channels/${second}`, token);
    expect(kept.statusCode).toBe(409);
    expect(await t.db('contact_channels').where({ id: second }).first()).toBeDefined();
  });
});

describe('orders, order history, carts and checkouts', () => {
  it("pages the contact's orders and sums its history, without the shopper's phone", async () => {
    const orders = await api.get(`${brand}/contacts/${world.ids.contactId}/orders`, token);
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json()).toMatchObject({
      total: 1,
      offset: 0,
      limit: 20,
      contact: { id: world.ids.contactId, given_name: `Given${world.tag}` },
    });
    expect(orders.json().items[0]).toMatchObject({ id: world.ids.orderId, number: `#${world.tag}`, total: '120.00' });
    const history = await api.get(`${brand}/contacts/${world.ids.contactId}/order-history`, token);
    expect(history.json().totals).toMatchObject([{ orders: 1, spent: '120.00', cancelled: 0 }]);
    expect(history.json().recent.map((o: { id: number }) => o.id)).toEqual([world.ids.orderId]);
    for (const body of [orders.body, history.body]) expect(body).not.toContain(world.phone.slice(2));
  });

  it('shows a checkout with its cart, and a cart with its checkout', async () => {
    const byCheckout = await api.get(`${brand}/checkouts/${world.ids.checkoutId}`, token);
    expect(byCheckout.statusCode, byCheckout.body).toBe(200);
    expect(byCheckout.json()).toMatchObject({
      checkout: { id: world.ids.checkoutId, cart_id: world.ids.cartId, state: 'abandoned', total_price: '84.00' },
      cart: { id: world.ids.cartId, total: '84.00' },
    });
    const byCart = await api.get(`${brand}/carts/${world.ids.cartId}`, token);
    expect(byCart.json().checkout.id).toBe(world.ids.checkoutId);
    const theirs = await api.get(`${brand}/checkouts/${other.ids.checkoutId}`, token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe('Checkout not found');
  });
});

describe('GET /api/brands/:brandId/insights/messages', () => {
  it('lists the messages of an insight or a category and tag, and needs one of them', async () => {
    const byInsight = await api.get(`${brand}/insights/messages?brand_insight_id=${world.ids.brandInsightId}`, token);
    expect(byInsight.statusCode, byInsight.body).toBe(200);
    expect(byInsight.json()).toMatchObject({ total: 1 });
    expect(byInsight.json().items[0]).toMatchObject({
      message_body: `Reply ${world.tag}`,
      conversation_summary: `Summary ${world.tag}`,
      category: 'blocker',
      tag: 'shipping',
    });
    const byTag = await api.get(`${brand}/insights/messages?category=blocker&tag=shipping`, token);
    expect(byTag.json().total).toBe(1);
    expect((await api.get(`${brand}/insights/messages?category=product`, token)).json().total).toBe(0);
    const neither = await api.get(`${brand}/insights/messages`, token);
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.message).toBe(INSIGHT_FILTER_REQUIRED);
    const theirs = await api.get(`${brand}/insights/messages?brand_insight_id=${other.ids.brandInsightId}`, token);
    expect(theirs.statusCode).toBe(404);
  });
});
