/** The fake Stripe's coupons and promotion codes. */
import { base62, newId, upperCode } from './common.ts';
import { PARAMS } from './endpoint-params.ts';
import {
  allowOnly,
  exclusive,
  invalid,
  mergeMetadata,
  missing,
  readBool,
  readDecimal,
  readEnum,
  readInt,
  readMetadata,
  readObject,
  readString,
  requireString,
} from './params.ts';
import { ID, type StripeState, v1 } from './state.ts';
import type { AddRoute, FakeCoupon, FakePromotionCode } from './types.ts';

/** The coupon and promotion code endpoints. */
export function couponRoutes(state: StripeState, route: AddRoute): void {
  route('POST', v1('coupons'), (p) => {
    allowOnly(p, PARAMS.couponCreate);
    const percentOff = readDecimal(p, 'percent_off');
    const amountOff = readInt(p, 'amount_off');
    if (percentOff !== undefined && amountOff !== undefined) throw exclusive('amount_off', 'percent_off');
    if (percentOff === undefined && amountOff === undefined)
      throw invalid('You must specify either `amount_off` or `percent_off`.', 'percent_off');
    if (percentOff !== undefined && (percentOff <= 0 || percentOff > 100))
      throw invalid('Invalid percent_off: must be greater than 0 and less than or equal to 100.', 'percent_off');
    if (amountOff !== undefined && amountOff <= 0)
      throw invalid('Invalid amount_off: must be greater than 0.', 'amount_off');
    const currency = readString(p, 'currency')?.toLowerCase() ?? null;
    if (amountOff !== undefined && !currency) throw missing('currency');
    const duration = readEnum(p, 'duration', ['once', 'repeating', 'forever'] as const) ?? 'once';
    const months = readInt(p, 'duration_in_months') ?? null;
    if (duration === 'repeating' && months === null) throw missing('duration_in_months');
    const custom = readString(p, 'id');
    if (custom && state.coupons.has(custom)) throw invalid('Coupon already exists.', 'id', 'resource_already_exists');
    const coupon: FakeCoupon = {
      id: custom ?? base62(8),
      object: 'coupon',
      amount_off: amountOff ?? null,
      created: state.now(),
      currency: amountOff !== undefined ? currency : null,
      duration,
      duration_in_months: duration === 'repeating' ? months : null,
      livemode: false,
      max_redemptions: readInt(p, 'max_redemptions') ?? null,
      metadata: mergeMetadata({}, readMetadata(p)),
      name: readString(p, 'name') ?? null,
      percent_off: percentOff ?? null,
      redeem_by: readInt(p, 'redeem_by') ?? null,
      times_redeemed: 0,
      valid: true,
    };
    state.coupons.set(coupon.id, coupon);
    return coupon;
  });
  route('GET', v1('coupons'), (p) => {
    allowOnly(p, PARAMS.couponList);
    return state.list(state.coupons.values(), p, '/v1/coupons', 'coupon');
  });
  route('GET', v1(`coupons/${ID}`), (_p, m) => state.need(state.coupons, decodeURIComponent(m[1]!), 'coupon'));
  route('DELETE', v1(`coupons/${ID}`), (_p, m) => {
    const coupon = state.need(state.coupons, decodeURIComponent(m[1]!), 'coupon');
    state.coupons.delete(coupon.id);
    coupon.valid = false;
    return { id: coupon.id, object: 'coupon', deleted: true };
  });

  route('POST', v1('promotion_codes'), (p) => {
    allowOnly(p, PARAMS.promoCreate);
    const couponId = requireString(p, 'coupon');
    const coupon = state.need(state.coupons, couponId, 'coupon', 'coupon');
    const code = readString(p, 'code') ?? upperCode(8);
    if (!/^[a-zA-Z0-9_-]{1,500}$/.test(code))
      throw invalid(
        'Invalid code: promotion codes may only contain alphanumeric characters, dashes and underscores.',
        'code',
      );
    const active = readBool(p, 'active') ?? true;
    if (
      active &&
      [...state.promotionCodes.values()].some((x) => x.active && x.code.toLowerCase() === code.toLowerCase())
    ) {
      throw invalid(
        `An active promotion code with \`code: ${code}\` already exists.`,
        'code',
        'resource_already_exists',
      );
    }
    const expiresAt = readInt(p, 'expires_at') ?? null;
    if (expiresAt !== null && expiresAt <= state.now())
      throw invalid('The `expires_at` timestamp must be in the future.', 'expires_at');
    const customer = readString(p, 'customer') ?? null;
    if (customer) state.need(state.customers, customer, 'customer', 'customer');
    const maxRedemptions = readInt(p, 'max_redemptions') ?? null;
    if (maxRedemptions !== null && maxRedemptions < 1)
      throw invalid('This value must be greater than or equal to 1.', 'max_redemptions');
    const restrictions = readObject(p, 'restrictions') ?? {};
    const promo: FakePromotionCode = {
      id: newId('promo_'),
      object: 'promotion_code',
      active,
      code,
      coupon,
      created: state.now(),
      customer,
      expires_at: expiresAt,
      livemode: false,
      max_redemptions: maxRedemptions,
      metadata: mergeMetadata({}, readMetadata(p)),
      restrictions: {
        currency_options: {},
        first_time_transaction:
          readBool(restrictions, 'first_time_transaction', 'restrictions[first_time_transaction]') ?? false,
        minimum_amount: readInt(restrictions, 'minimum_amount', 'restrictions[minimum_amount]') ?? null,
        minimum_amount_currency:
          readString(restrictions, 'minimum_amount_currency', 'restrictions[minimum_amount_currency]') ?? null,
      },
      times_redeemed: 0,
    };
    state.promotionCodes.set(promo.id, promo);
    return promo;
  });
  route('GET', v1(`promotion_codes/${ID}`), (_p, m) => state.need(state.promotionCodes, m[1]!, 'promotion code'));
  route('POST', v1(`promotion_codes/${ID}`), (p, m) => {
    allowOnly(p, PARAMS.promoUpdate);
    const promo = state.need(state.promotionCodes, m[1]!, 'promotion code');
    const active = readBool(p, 'active');
    if (active === true && !promo.active) throw invalid('Promotion codes cannot be reactivated.', 'active');
    if (active !== undefined) promo.active = active;
    promo.metadata = mergeMetadata(promo.metadata, readMetadata(p));
    return promo;
  });
  route('GET', v1('promotion_codes'), (p) => {
    allowOnly(p, PARAMS.promoList);
    const code = readString(p, 'code');
    const coupon = readString(p, 'coupon');
    const customer = readString(p, 'customer');
    const active = readBool(p, 'active');
    const items = [...state.promotionCodes.values()].filter(
      (x) =>
        (!code || x.code.toLowerCase() === code.toLowerCase()) &&
        (!coupon || x.coupon.id === coupon) &&
        (!customer || x.customer === customer) &&
        (active === undefined || x.active === active),
    );
    return state.list(items, p, '/v1/promotion_codes', 'promotion code');
  });
}
