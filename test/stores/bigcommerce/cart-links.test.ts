import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { createContact } from '../../factories/index.ts';
import type { FakeBigCommerce } from '../../fakes/bigcommerce/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { HASH, hookStoreSeeds, startHookStore } from './hooks-setup.ts';

const t = useTestDatabase();
let fake: FakeBigCommerce;
let ctx: AppContext;
let app: FastifyInstance;
let integrationId: number;
let brandId: number;

beforeAll(async () => {
  ({ fake, ctx, app, integrationId, brandId } = await startHookStore(t));
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const { store, deliverAndProcess, seedCart } = hookStoreSeeds(t, () => ({
  fake,
  ctx,
  app,
  integrationId,
  brandId,
}));

describe('short links to BigCommerce carts', () => {
  /** A conversation about the cart with a short link to its stored checkout link. */
  async function linkFor(
    cart: { id: number; extra_data?: unknown },
    code: string,
    extra: Record<string, unknown> = {},
  ) {
    const { channel } = await createContact(t.db, brandId);
    const [conversation] = await t
      .db('conversations')
      .insert({
        brand_id: brandId,
        contact_id: channel.contact_id,
        contact_channel_id: channel.id,
        cart_id: cart.id,
        ...extra,
      })
      .returning('id');
    const stored = 'https://shop.example.com/cart.php?action=loadInCheckout&id=stored&token=spent';
    await t.db('short_links').insert({ brand_id: brandId, conversation_id: conversation.id, code, target_url: stored });
    return stored;
  }

  it('every visit gets a fresh single-use checkout URL from BigCommerce; the stored one when BigCommerce cannot give one', async () => {
    const cartId = seedCart();
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: cartId });
    const cart = await t.db('carts').where({ external_id: cartId }).first();
    const stored = await linkFor(cart, 'bcFresh1');

    const first = await app.inject({ method: 'GET', url: '/r/bcFresh1' });
    const second = await app.inject({ method: 'GET', url: '/r/bcFresh1' });
    expect([first.statusCode, second.statusCode]).toEqual([302, 302]);
    const pattern = new RegExp(
      `^https://${HASH}\\.example-store\\.com/cart\\.php\\?action=loadInCheckout&id=${cartId}&token=[0-9a-f]{32}$`,
    );
    expect(first.headers.location).toMatch(pattern);
    expect(second.headers.location).toMatch(pattern);
    expect(second.headers.location).not.toBe(first.headers.location);
    expect(
      fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/v3/carts/${cartId}/redirect_urls`)),
    ).toHaveLength(2);
    expect(
      await t.db('link_clicks').whereIn('short_link_id', t.db('short_links').where({ code: 'bcFresh1' }).select('id')),
    ).toHaveLength(2);

    store().carts.delete(cartId); // gone at BigCommerce: the stored link is all there is
    const gone = await app.inject({ method: 'GET', url: '/r/bcFresh1' });
    expect([gone.statusCode, gone.headers.location]).toEqual([302, stored]);
  });

  it('a completed cart or an order conversation keeps its stored link and asks BigCommerce nothing', async () => {
    const cartId = seedCart();
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: cartId });
    const cart = await t.db('carts').where({ external_id: cartId }).first();
    const order = await t
      .db('orders')
      .insert({
        brand_id: brandId,
        brand_integration_id: integrationId,
        external_id: `o-${randomUUID()}`,
        state: 'complete',
        total: '10.00',
      })
      .returning('id');
    const forOrder = await linkFor(cart, 'bcOrder1', { order_id: order[0].id });
    const before = fake.requests.length;
    expect((await app.inject({ method: 'GET', url: '/r/bcOrder1' })).headers.location).toBe(forOrder);
    await t.db('carts').where({ id: cart.id }).update({ state: 'complete' });
    const forCart = await linkFor(cart, 'bcDone1');
    expect((await app.inject({ method: 'GET', url: '/r/bcDone1' })).headers.location).toBe(forCart);
    expect(fake.requests.length).toBe(before);
  });
});
