import { describe, expect, it } from 'vitest';
import { resolveSchedules, toCronItems } from '../../../src/jobs/index.ts';
import {
  bigcommerceFinancialStatus,
  bigcommerceFulfillmentStatus,
  bigcommerceOrderState,
  bigcommerceReturnStatus,
} from '../../../src/stores/rules.ts';
import {
  cartStateFor,
  COUPON_EXPIRY_MS,
  couponExpiry,
  couponType,
  DEFAULT_CART_CURRENCY,
  DEFAULT_CART_LOCALE,
  eventKind,
  hookDestination,
  HOOK_RETRIES,
  HOOK_RETRY_DELAY_MS,
  HOOK_SCOPES,
  deliverySchema,
  money,
  ORDER_STATUS_NAMES,
  orderStatusExtra,
  orderStatusName,
  planHooks,
  resourceId,
  rfc2822,
  storeHashFromContext,
} from '../../../src/stores/bigcommerce/rules.ts';

describe('BigCommerce order state by status id (spec 2 section 4: complete when above 1 and not 7)', () => {
  // The v2 order statuses, 0-14, as BigCommerce numbers and names them (GET /v2/order_statuses).
  it.each([
    [0, 'Incomplete', 'pending'],
    [1, 'Pending', 'pending'],
    [2, 'Shipped', 'complete'],
    [3, 'Partially Shipped', 'complete'],
    [4, 'Refunded', 'complete'],
    [5, 'Cancelled', 'complete'],
    [6, 'Declined', 'complete'],
    [7, 'Awaiting Payment', 'pending'],
    [8, 'Awaiting Pickup', 'complete'],
    [9, 'Awaiting Shipment', 'complete'],
    [10, 'Completed', 'complete'],
    [11, 'Awaiting Fulfillment', 'complete'],
    [12, 'Manual Verification Required', 'complete'],
    [13, 'Disputed', 'complete'],
    [14, 'Partially Refunded', 'complete'],
  ])('status id %i (%s) gives %s', (id, name, state) => {
    expect(bigcommerceOrderState(id)).toBe(state);
    expect(ORDER_STATUS_NAMES[id]).toBe(name);
  });

  it('knows exactly the 15 documented statuses', () =>
    expect(Object.keys(ORDER_STATUS_NAMES).map(Number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]));
});

describe('BigCommerce order status mappings (spec 2 section 4)', () => {
  it.each([
    ['Refunded', 'RETURNED'],
    ['Partially Refunded', 'IN_PROGRESS'],
    ['Completed', 'NO_RETURN'],
    ['Cancelled', 'NO_RETURN'],
    ['', 'NO_RETURN'],
  ])('return status of "%s" is %s', (status, expected) => expect(bigcommerceReturnStatus(status)).toBe(expected));

  it.each([
    ['paid', 'paid'],
    ['pending', 'pending'],
    ['refunded', 'refunded'],
    ['captured', 'pending'],
    ['authorized', 'pending'],
    ['partially refunded', 'pending'],
    ['', 'pending'],
    [undefined, 'pending'],
  ])('financial status of payment status %j is %s', (status, expected) =>
    expect(bigcommerceFinancialStatus(status)).toBe(expected),
  );

  it.each([
    ['Shipped', 'fulfilled'],
    ['Partially Shipped', 'partial'],
    ['Cancelled', 'restocked'],
    ['Awaiting Shipment', 'none'],
    ['Completed', 'none'],
  ])('fulfillment status of "%s" is %s', (status, expected) =>
    expect(bigcommerceFulfillmentStatus(status)).toBe(expected),
  );

  it('an order keeps all three in extra_data', () => {
    expect(orderStatusExtra({ status_id: 14, status: 'Partially Refunded', payment_status: 'refunded' })).toEqual({
      return_status: 'IN_PROGRESS',
      financial_status: 'refunded',
      fulfillment_status: 'none',
    });
    expect(orderStatusExtra({ status_id: 2, status: 'Shipped', payment_status: 'captured' })).toEqual({
      return_status: 'NO_RETURN',
      financial_status: 'pending',
      fulfillment_status: 'fulfilled',
    });
  });

  it.each([
    // A merchant may rename a status; the id stays (0-14 are fixed), so the mappings follow the id.
    [4, 'Money Back', { return_status: 'RETURNED', fulfillment_status: 'none' }],
    [14, 'Part Refund', { return_status: 'IN_PROGRESS', fulfillment_status: 'none' }],
    [2, 'On Its Way', { return_status: 'NO_RETURN', fulfillment_status: 'fulfilled' }],
    [3, 'Some Items Sent', { return_status: 'NO_RETURN', fulfillment_status: 'partial' }],
    [5, 'Voided By Us', { return_status: 'NO_RETURN', fulfillment_status: 'restocked' }],
  ])('status id %i renamed "%s" still maps by its id', (statusId, label, expected) => {
    expect(orderStatusName({ status_id: statusId, status: label })).toBe(ORDER_STATUS_NAMES[statusId]);
    expect(orderStatusExtra({ status_id: statusId, status: label, payment_status: 'paid' })).toEqual({
      ...expected,
      financial_status: 'paid',
    });
  });

  it('without a known id the status name is used', () => {
    expect(orderStatusName({ status: 'Shipped' })).toBe('Shipped');
    expect(orderStatusName({ status_id: 99, status: 'Shipped' })).toBe('Shipped');
  });

  it.each([
    'authorized',
    'captured',
    'capture pending',
    'declined',
    'held for review',
    'partially refunded',
    'void',
    'void pending',
    '',
  ])('the other documented payment status %j gives pending', (paymentStatus) =>
    expect(bigcommerceFinancialStatus(paymentStatus)).toBe('pending'),
  );
});

describe('coupons (spec 2 section 9)', () => {
  it.each([
    ['percentage', 'percentage_discount'],
    ['fixed', 'per_item_discount'],
    ['shipping', 'free_shipping'],
  ] as const)('discount type %s becomes coupon type %s', (type, expected) => expect(couponType(type)).toBe(expected));

  it('an unknown discount type is refused with a clear message', () => {
    expect(() => couponType('bogus' as never)).toThrow(
      'Unknown discount type "bogus"; expected percentage, fixed or shipping.',
    );
  });

  it('coupons expire 10 days (864000000 ms) after creation, written in RFC 2822 as the v2 API wants', () => {
    expect(COUPON_EXPIRY_MS).toBe(864_000_000);
    expect(couponExpiry(new Date('2026-11-22T10:15:30Z'))).toBe('Wed, 02 Dec 2026 10:15:30 +0000');
    expect(rfc2822(new Date('2018-03-13T16:18:59Z'))).toBe('Tue, 13 Mar 2018 16:18:59 +0000');
  });

  it('created carts default to USD and en-US', () => {
    expect([DEFAULT_CART_CURRENCY, DEFAULT_CART_LOCALE]).toEqual(['USD', 'en-US']);
  });
});

describe('hooks', () => {
  it('subscribes to the spec topics, retrying 5 times 1 s apart', () => {
    expect(HOOK_SCOPES).toEqual(['store/cart/*', 'store/order/*', 'store/customer/*']);
    expect([HOOK_RETRIES, HOOK_RETRY_DELAY_MS]).toEqual([5, 1000]);
  });

  it.each([
    ['https://reclaim.example.com', 'https://reclaim.example.com/webhooks/bigcommerce'],
    ['https://reclaim.example.com/', 'https://reclaim.example.com/webhooks/bigcommerce'],
  ])('destination for PUBLIC_URL %s is %s', (url, expected) => expect(hookDestination(url)).toBe(expected));

  it.each([[undefined], [''], ['  ']])('no PUBLIC_URL (%j): Webhook address is not set', (url) => {
    expect(() => hookDestination(url)).toThrow('Webhook address is not set');
  });

  const destination = 'https://reclaim.example.com/webhooks/bigcommerce';
  const hook = (
    id: number,
    scope: string,
    extra: Partial<{ destination: string; is_active: boolean; secret: string }> = {},
  ) => ({
    id,
    scope,
    destination: extra.destination ?? destination,
    is_active: extra.is_active ?? true,
    headers: { 'X-Reclaim-Hook-Secret': extra.secret ?? 's3cret' },
  });

  it('a sync keeps good hooks, replaces stale or inactive ones, creates missing ones and leaves others alone', () => {
    const plan = planHooks(
      [
        hook(1, 'store/cart/*'),
        hook(2, 'store/order/*', { secret: 'old' }),
        hook(3, 'store/order/*', { is_active: false }),
        hook(4, 'store/customer/*', { destination: 'https://other.example.com/hooks' }),
        hook(5, 'store/cart/*'),
      ],
      { destination, secret: 's3cret' },
    );
    expect(plan.keep.map((h) => h.id)).toEqual([1]);
    expect(plan.remove.map((h) => h.id)).toEqual([5, 2, 3]);
    expect(plan.create).toEqual(['store/order/*', 'store/customer/*']);
  });

  it('with nothing registered every scope is created', () => {
    expect(planHooks([], { destination, secret: 'x' }).create).toEqual([...HOOK_SCOPES]);
  });
});

describe('delivery parsing', () => {
  it.each([
    ['stores/abc123', 'abc123'],
    [' stores/z9 ', 'z9'],
    ['abc123', undefined],
    ['stores/', undefined],
    ['stores/a/b', undefined],
    [undefined, undefined],
  ])('store hash of context %j is %j', (context, expected) => expect(storeHashFromContext(context)).toBe(expected));

  // The `data` of each scope as BigCommerce's webhook events reference shows it.
  it.each([
    [
      'store/cart/created',
      { type: 'cart', id: '09346904-4175-44fd-be53-f7e598531b6c' },
      'cart',
      '09346904-4175-44fd-be53-f7e598531b6c',
    ],
    ['store/cart/updated', { type: 'cart', id: 'c-1' }, 'cart', 'c-1'],
    ['store/cart/deleted', { type: 'cart', id: 'c-1' }, 'cart', 'c-1'],
    ['store/cart/abandoned', { type: 'cart', id: 'c-4', token: '1eed6d2d979776ff18e695ceeb10ea61' }, 'cart', 'c-4'],
    ['store/cart/couponApplied', { type: 'cart', id: 'c-5', couponId: 1 }, 'cart', 'c-5'],
    ['store/cart/converted', { type: 'cart', id: 'c-3', orderId: 252 }, 'cart', 'c-3'],
    ['store/cart/lineItem/created', { type: 'cart_line_item', id: 'li-9', cartId: 'c-2' }, 'cart', 'c-2'],
    ['store/cart/lineItem/deleted', { type: 'cart_line_item', id: 'li-9', cartId: 'c-2' }, 'cart', 'c-2'],
    ['store/cart/metafield/created', { metafield_id: 20, resource_id: 'c-6' }, 'cart', 'c-6'],
    ['store/order/created', { type: 'order', id: 250 }, 'order', '250'],
    [
      'store/order/statusUpdated',
      { type: 'order', id: 250, status: { previous_status_id: 0, new_status_id: 11 } },
      'order',
      '250',
    ],
    ['store/order/message/created', { type: 'order', id: 250, message: { order_message_id: 3 } }, 'order', '250'],
    ['store/order/refund/created', { type: 'order', id: 250, refund: { refund_id: 3 } }, 'order', '250'],
    [
      'store/order/transaction/created',
      { type: 'transaction', order_id: '250', transaction_id: '176342342', transaction_status: 'complete' },
      'order',
      '250',
    ],
    ['store/order/metafield/updated', { metafield_id: 14, resource_id: '270' }, 'order', '270'],
    ['store/customer/updated', { type: 'customer', id: 32 }, 'customer', '32'],
    ['store/customer/payment/instrument/default/updated', { type: 'customer', id: 32 }, 'customer', '32'],
    ['store/customer/address/created', { type: 'customer', id: 60, address: { customer_id: 32 } }, 'customer', '32'],
  ])('%s with %j reads %s %s', (scope, data, kind, id) => {
    const k = eventKind(scope)!;
    expect([k, resourceId(k, data)]).toEqual([kind, id]);
  });

  it('parses the documented callback payloads, with or without created_at', () => {
    const documented = {
      scope: 'store/cart/converted',
      store_id: '1025646',
      data: { type: 'cart', id: 'd30016e2-23c0-4a90-884f-2e92ac135476', orderId: 252 },
      hash: 'b86db7c77d7ef8f90d6a8aefa56de32ccd776923',
      created_at: 1561486893,
      producer: 'stores/abc123',
    };
    expect(deliverySchema.parse(documented)).toEqual(documented);
    const { created_at: _createdAt, ...withoutTime } = {
      ...documented,
      scope: 'store/order/statusUpdated',
      data: { type: 'order', id: 173331 },
    };
    expect(deliverySchema.parse(withoutTime)).toMatchObject({ data: { id: 173331 }, store_id: '1025646' });
  });

  it('other scopes are not ours', () => expect(eventKind('store/product/updated')).toBeUndefined());
});

describe('cart identity (spec 2 section 4)', () => {
  const sms = (username: string, status = 'subscribed', blocked = false) => ({
    type: 'sms',
    username,
    status,
    blocked,
  });
  it.each([
    [[sms('+14155552671')], 'pending'],
    [[sms('+14155552671', 'unsubscribed')], 'no_identity'],
    [[sms('+14155552671', 'subscribed', true)], 'no_identity'],
    [[sms('+447911123456')], 'no_identity'],
    [[{ type: 'email', username: 'sam@example.com', status: 'subscribed' }], 'no_identity'],
    [[], 'no_identity'],
  ])('channels %j give %s', (channels, state) => expect(cartStateFor(channels)).toBe(state));

  it.each([
    ['123.4500', '123.45'],
    [59, '59.00'],
    [null, '0.00'],
    ['abc', '0.00'],
  ])('money %j is %s', (value, expected) => expect(money(value)).toBe(expected));
});

describe('pending-cart re-check schedule', () => {
  it('runs every 10 minutes as pending_carts, and can be moved or turned off', () => {
    const schedule = resolveSchedules({}).find((s) => s.name === 'pending_carts');
    expect(schedule).toMatchObject({ task: 'stores:recheck-pending-carts', pattern: '*/10 * * * *' });
    expect(toCronItems([schedule!])[0]).toMatchObject({
      task: 'stores:recheck-pending-carts',
      identifier: 'pending_carts',
    });
    expect(
      resolveSchedules({ SCHEDULE_PENDING_CARTS: '*/5 * * * *' }).find((s) => s.name === 'pending_carts')!.pattern,
    ).toBe('*/5 * * * *');
    expect(resolveSchedules({ SCHEDULE_PENDING_CARTS: 'off' }).map((s) => s.name)).not.toContain('pending_carts');
  });
});
