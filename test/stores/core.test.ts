import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/db/index.ts';
import {
  bigcommerceFinancialStatus,
  bigcommerceFulfillmentStatus,
  bigcommerceOrderState,
  bigcommerceReturnStatus,
  nextCartState,
  shopifyCartLink,
  shopifyCheckoutLink,
  shopifyOrderState,
  upsertCart,
  upsertOrder,
  pendingNoIdentityCarts,
} from '../../src/stores/index.ts';
import { createBrand, createIntegration } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

describe('store rules (spec 2 section 4, spec 3 section 4)', () => {
  it.each([
    [{ cancelled_at: '2026-11-01T00:00:00Z', confirmed: true }, 'cancelled'],
    [{ cancelled_at: null, confirmed: true }, 'complete'],
    [{ cancelled_at: null, confirmed: false }, 'pending'],
    [{}, 'pending'],
  ])('Shopify order %j is %s', (order, state) => expect(shopifyOrderState(order)).toBe(state));

  it.each([
    [0, 'pending'],
    [1, 'pending'],
    [2, 'complete'],
    [7, 'pending'],
    [10, 'complete'],
    [11, 'complete'],
  ])('BigCommerce status id %i gives %s', (id, state) => expect(bigcommerceOrderState(id)).toBe(state));

  it.each([
    ['Refunded', 'RETURNED'],
    ['Partially Refunded', 'IN_PROGRESS'],
    ['Shipped', 'NO_RETURN'],
  ])('return status of %s is %s', (s, r) => expect(bigcommerceReturnStatus(s)).toBe(r));
  it.each([
    ['paid', 'paid'],
    ['pending', 'pending'],
    ['refunded', 'refunded'],
    ['captured', 'pending'],
    [null, 'pending'],
  ])('financial status of %s is %s', (s, r) => expect(bigcommerceFinancialStatus(s)).toBe(r));
  it.each([
    ['Shipped', 'fulfilled'],
    ['Partially Shipped', 'partial'],
    ['Cancelled', 'restocked'],
    ['Awaiting Fulfillment', 'none'],
  ])('fulfillment of %s is %s', (s, r) => expect(bigcommerceFulfillmentStatus(s)).toBe(r));

  it('a complete cart stays complete', () => {
    expect(nextCartState('complete', 'pending')).toBe('complete');
    expect(nextCartState('pending', 'no_identity')).toBe('no_identity');
    expect(nextCartState(undefined, 'pending')).toBe('pending');
  });

  it('cart links: variant lines, checkout link, and the fallback', () => {
    expect(
      shopifyCartLink('https://shop.example.com/', [
        { variantId: 123, quantity: 2 },
        { variantId: '456', quantity: 1 },
      ]),
    ).toBe('https://shop.example.com/cart/123:2,456:1');
    expect(shopifyCartLink('https://shop.example.com', [])).toBe('https://shop.example.com/cart');
    expect(shopifyCheckoutLink('https://shop.example.com', 'c1-abc')).toBe(
      'https://shop.example.com/checkouts/cn/c1-abc',
    );
  });
});

describe('cart and order upserts are idempotent and order-insensitive', () => {
  const t = useTestDatabase();
  let brandId: number;
  let integrationId: number;
  beforeAll(async () => {
    brandId = (await createBrand(t.db)).id;
    integrationId = (await createIntegration(t.db, brandId)).id;
  });

  const cart = (total: string, at: string, state: 'pending' | 'complete' = 'pending') => ({
    brandId,
    brandIntegrationId: integrationId,
    externalId: 'tok-1',
    state,
    total,
    remoteUpdatedAt: new Date(at),
  });

  it('a newer event updates; an older one changes nothing; the same one twice is the same row', async () => {
    const first = await withTransaction(t.db, (tx) => upsertCart(tx, cart('10.00', '2026-11-20T10:00:00Z')));
    const newer = await withTransaction(t.db, (tx) => upsertCart(tx, cart('25.00', '2026-11-20T11:00:00Z')));
    const older = await withTransaction(t.db, (tx) => upsertCart(tx, cart('5.00', '2026-11-20T09:00:00Z')));
    expect([first.created, newer.applied, older.applied]).toEqual([true, true, false]);
    expect(new Set([first.id, newer.id, older.id]).size).toBe(1);
    const row = await t.db('carts').where({ id: first.id }).first();
    expect(row.total).toBe('25.00');
  });

  it('a complete cart is not reopened by a later cart event', async () => {
    const { id } = await withTransaction(t.db, (tx) =>
      upsertCart(tx, cart('25.00', '2026-11-20T12:00:00Z', 'complete')),
    );
    await withTransaction(t.db, (tx) => upsertCart(tx, cart('30.00', '2026-11-20T13:00:00Z')));
    expect((await t.db('carts').where({ id }).first()).state).toBe('complete');
  });

  it('orders keep links they already have when a later event lacks them', async () => {
    const base = {
      brandId,
      brandIntegrationId: integrationId,
      externalId: 'ord-9',
      number: '#9',
      state: 'complete' as const,
      total: '99.00',
    };
    const c = await t.db('carts').where({ external_id: 'tok-1' }).first();
    await withTransaction(t.db, (tx) =>
      upsertOrder(tx, { ...base, cartId: Number(c.id), remoteUpdatedAt: new Date('2026-11-20T10:00:00Z') }),
    );
    await withTransaction(t.db, (tx) =>
      upsertOrder(tx, { ...base, state: 'cancelled', remoteUpdatedAt: new Date('2026-11-20T11:00:00Z') }),
    );
    const order = await t.db('orders').where({ external_id: 'ord-9' }).first();
    expect([order.state, Number(order.cart_id)]).toEqual(['cancelled', Number(c.id)]);
  });

  it('pending no_identity carts: last 24 hours, oldest first', async () => {
    const now = new Date();
    const mk = (externalId: string, hoursAgo: number) =>
      t.db('carts').insert({
        brand_id: brandId,
        brand_integration_id: integrationId,
        external_id: externalId,
        state: 'no_identity',
        updated_at: new Date(now.getTime() - hoursAgo * 3600_000),
      });
    await mk('ni-old', 30);
    await mk('ni-2h', 2);
    await mk('ni-20h', 20);
    const found = await pendingNoIdentityCarts(t.db, { now });
    expect(found.map((c) => c.external_id)).toEqual(['ni-20h', 'ni-2h']);
  });
});
