/** The fake Stripe's checkout sessions (mode=subscription), and the customer paying on the hosted page. */
import type { Json } from '../server.ts';
import { base62, DAY, discountAmount, newId } from './common.ts';
import { createCustomer } from './customers.ts';
import { PARAMS } from './endpoint-params.ts';
import {
  allowOnly,
  exclusive,
  invalid,
  mergeMetadata,
  missing,
  readArray,
  readBool,
  readEnum,
  readInt,
  readMetadata,
  readObject,
  readString,
  readStringArray,
} from './params.ts';
import { ID, type StripeState, v1 } from './state.ts';
import { createSubscription } from './subscriptions.ts';
import type {
  AddRoute,
  FakeCheckoutSession,
  FakeCoupon,
  FakePrice,
  FakePromotionCode,
  StripeEvent,
  StripeObject,
} from './types.ts';

export function createCheckoutSession(state: StripeState, p: Json): FakeCheckoutSession {
  allowOnly(p, PARAMS.sessionCreate);
  const mode = readEnum(p, 'mode', ['payment', 'setup', 'subscription'] as const);
  if (!mode) throw missing('mode');
  if (mode !== 'subscription') throw invalid(`The fake Stripe only models mode=subscription (got ${mode}).`, 'mode');
  const uiMode = readEnum(p, 'ui_mode', ['hosted', 'embedded'] as const) ?? 'hosted';
  const successUrl = readString(p, 'success_url');
  if (uiMode === 'hosted' && !successUrl) throw missing('success_url');
  const customerId = readString(p, 'customer') ?? null;
  const customerEmail = readString(p, 'customer_email') ?? null;
  if (customerId && customerEmail) throw exclusive('customer', 'customer_email');
  if (customerId) state.need(state.customers, customerId, 'customer', 'customer');
  const allowPromotionCodes = readBool(p, 'allow_promotion_codes');
  const discounts = readArray(p, 'discounts');
  if (discounts?.length && allowPromotionCodes !== undefined) throw exclusive('allow_promotion_codes', 'discounts');
  if (discounts && discounts.length > 1) throw invalid('You may only specify one discount.', 'discounts');

  const lineParams = readArray(p, 'line_items');
  if (!lineParams?.length) throw missing('line_items');
  let currency: string | undefined;
  const lineItems = lineParams.map((line, i) => {
    const priceId = readString(line, 'price', `line_items[${i}][price]`);
    if (!priceId) throw missing(`line_items[${i}][price]`);
    const price = state.need(state.prices, priceId, 'price', `line_items[${i}][price]`);
    if (!price.active)
      throw invalid(
        `The price specified is inactive. This field only accepts active prices.`,
        `line_items[${i}][price]`,
      );
    const quantity = readInt(line, 'quantity', `line_items[${i}][quantity]`);
    if (quantity === undefined) throw missing(`line_items[${i}][quantity]`);
    if (quantity < 1) throw invalid('This value must be greater than or equal to 1.', `line_items[${i}][quantity]`);
    if (currency && price.currency !== currency)
      throw invalid('All prices must be in the same currency.', `line_items[${i}][price]`);
    currency = price.currency;
    const subtotal = (price.unit_amount ?? 0) * quantity;
    return {
      id: newId('li_'),
      object: 'item',
      amount_discount: 0,
      amount_subtotal: subtotal,
      amount_tax: 0,
      amount_total: subtotal,
      currency: price.currency,
      description: state.products.get(price.product)?.name ?? price.id,
      price,
      quantity,
      created: state.now(),
    } as Json;
  });
  if (!lineItems.some((line) => (line.price as FakePrice).type === 'recurring'))
    throw invalid(
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      'line_items',
    );

  let coupon: FakeCoupon | undefined;
  let promotionCode: FakePromotionCode | undefined;
  if (discounts?.length) {
    const discount = discounts[0]!;
    const promoId = readString(discount, 'promotion_code', 'discounts[0][promotion_code]');
    const couponId = readString(discount, 'coupon', 'discounts[0][coupon]');
    if (promoId && couponId) throw exclusive('discounts[0][coupon]', 'discounts[0][promotion_code]');
    if (promoId) {
      promotionCode = state.need(state.promotionCodes, promoId, 'promotion code', 'discounts[0][promotion_code]');
      const spent =
        promotionCode.max_redemptions !== null && promotionCode.times_redeemed >= promotionCode.max_redemptions;
      const expired = promotionCode.expires_at !== null && promotionCode.expires_at <= state.now();
      if (!promotionCode.active || spent || expired)
        throw invalid(
          `This promotion code cannot be redeemed because it is inactive, expired or fully redeemed.`,
          'discounts[0][promotion_code]',
        );
      if (promotionCode.customer && promotionCode.customer !== customerId)
        throw invalid('This promotion code is restricted to a different customer.', 'discounts[0][promotion_code]');
      coupon = promotionCode.coupon;
    } else if (couponId) {
      coupon = state.need(state.coupons, couponId, 'coupon', 'discounts[0][coupon]');
    } else throw missing('discounts[0][coupon]');
    if (!coupon.valid || (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions))
      throw invalid(`Coupon '${coupon.id}' is no longer valid.`, 'discounts');
  }

  const subscriptionData = readObject(p, 'subscription_data') ?? {};
  const trialDays = readInt(subscriptionData, 'trial_period_days', 'subscription_data[trial_period_days]');
  if (trialDays !== undefined && trialDays < 1)
    throw invalid('This value must be greater than or equal to 1.', 'subscription_data[trial_period_days]');
  const now = state.now();
  const expiresAt = readInt(p, 'expires_at') ?? now + DAY;
  if (expiresAt > now + DAY)
    throw invalid(
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
      'expires_at',
    );
  if (expiresAt < now + 30 * 60)
    throw invalid(
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
      'expires_at',
    );

  const subtotal = trialDays ? 0 : lineItems.reduce((sum, line) => sum + (line.amount_subtotal as number), 0);
  const discounted = coupon ? discountAmount(coupon, subtotal) : 0;
  const id = `cs_test_${base62(58)}`;
  const session: FakeCheckoutSession = {
    id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: allowPromotionCodes ?? null,
    amount_subtotal: subtotal,
    amount_total: subtotal - discounted,
    automatic_tax: { enabled: false, status: null },
    billing_address_collection: null,
    cancel_url: readString(p, 'cancel_url') ?? null,
    client_reference_id: readString(p, 'client_reference_id') ?? null,
    consent: null,
    consent_collection: null,
    created: now,
    currency: currency!,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: customerId,
    customer_creation: customerId ? null : 'always',
    customer_details: null,
    customer_email: customerEmail,
    expires_at: expiresAt,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: readString(p, 'locale') ?? null,
    metadata: mergeMetadata({}, readMetadata(p)),
    mode,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: readString(p, 'payment_method_collection') ?? 'always',
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: readStringArray(p, 'payment_method_types').length
      ? readStringArray(p, 'payment_method_types')
      : ['card'],
    payment_status: 'unpaid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_details: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: successUrl ?? '',
    total_details: { amount_discount: discounted, amount_shipping: 0, amount_tax: 0 },
    ui_mode: uiMode,
    url: `${state.baseUrl}/c/pay/${id}`,
  };
  state.sessions.set(id, session);
  state.sessionPlans.set(id, {
    lineItems,
    trialDays,
    subscriptionMetadata: mergeMetadata({}, readMetadata(subscriptionData)),
    description: readString(subscriptionData, 'description', 'subscription_data[description]'),
    coupon,
    promotionCode,
  });
  return session;
}

/**
 * Plays the customer paying on the hosted page: creates the customer when the session had none,
 * the subscription (trialing when the session asked for a trial, or when `status` says so) with
 * its first invoice (paid), redeems the discount, completes the session, and returns the
 * `checkout.session.completed` event.
 */
export function completeCheckout(
  state: StripeState,
  sessionId: string,
  { status }: { status?: 'active' | 'trialing' } = {},
): StripeEvent {
  const session = state.sessions.get(sessionId);
  const plan = state.sessionPlans.get(sessionId);
  if (!session || !plan) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
  if (session.status !== 'open') throw new Error(`fake Stripe: checkout session ${sessionId} is ${session.status}`);
  const customer = session.customer
    ? state.customers.get(session.customer)!
    : createCustomer(state, {
        email: (session.customer_email as string | null) ?? `buyer-${base62(6).toLowerCase()}@example.com`,
      });
  const trialDays = status === 'active' ? undefined : (plan.trialDays ?? (status === 'trialing' ? 14 : undefined));
  const subscription = createSubscription(state, {
    customer,
    items: plan.lineItems.map((item) => ({ price: item.price as FakePrice, quantity: item.quantity as number })),
    metadata: plan.subscriptionMetadata,
    trialDays,
    description: plan.description,
    coupon: plan.coupon,
    promotionCode: plan.promotionCode,
    checkoutSession: sessionId,
  });
  Object.assign(session, {
    status: 'complete',
    payment_status: trialDays ? 'no_payment_required' : 'paid',
    subscription: subscription.id,
    customer: customer.id,
    customer_details: {
      address: null,
      email: customer.email,
      name: customer.name,
      phone: customer.phone,
      tax_exempt: 'none',
      tax_ids: [],
    },
    url: null,
  });
  return state.event('checkout.session.completed', session);
}

/** The checkout session endpoints. */
export function checkoutRoutes(state: StripeState, route: AddRoute): void {
  route('POST', v1('checkout/sessions'), (p) => createCheckoutSession(state, p));
  route('GET', v1(`checkout/sessions/${ID}`), (_p, m) => state.need(state.sessions, m[1]!, 'checkout.session'));
  route('GET', v1(`checkout/sessions/${ID}/line_items`), (p, m) => {
    const session = state.need(state.sessions, m[1]!, 'checkout.session');
    return state.list(
      [...state.checkoutLineItems(session.id)].reverse() as StripeObject[],
      p,
      `/v1/checkout/sessions/${session.id}/line_items`,
      'line item',
    );
  });
  route('POST', v1(`checkout/sessions/${ID}/expire`), (_p, m) => {
    const session = state.need(state.sessions, m[1]!, 'checkout.session');
    if (session.status !== 'open')
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    Object.assign(session, { status: 'expired', url: null });
    return session;
  });
  route('GET', v1('checkout/sessions'), (p) => {
    allowOnly(p, PARAMS.sessionList);
    const customer = readString(p, 'customer');
    const subscription = readString(p, 'subscription');
    const status = readString(p, 'status');
    return state.list(
      [...state.sessions.values()].filter(
        (s) =>
          (!customer || s.customer === customer) &&
          (!subscription || s.subscription === subscription) &&
          (!status || s.status === status),
      ),
      p,
      '/v1/checkout/sessions',
      'checkout.session',
    );
  });
}
