/**
 * The BigCommerce webhook adapter: a delivery names a cart, order or customer by id; the
 * resource is read over REST and turned into our carts, orders and contacts; a saved order goes
 * to orderSaved (see effects.ts). Idempotent and order-insensitive (upserts compare the
 * platform's updated time).
 */
import { coerceError, type AppContext, type Logger } from '../../app/index.ts';
import { getContact, initiateContact } from '../../contacts/index.ts';
import { withTransaction } from '../../db/index.ts';
import type { WebhookEvent } from '../../webhooks/index.ts';
import type { StoreEffects } from '../effects.ts';
import { findBrandIntegration, getBrandIntegration, type BrandIntegration } from '../integrations/store.ts';
import { bigcommerceOrderState } from '../rules.ts';
import { completeCart, findCartByExternalId, pendingNoIdentityCarts, upsertCart, upsertOrder } from '../store.ts';
import { isNotFound, type BcCart, type BigCommerceClient } from './client.ts';
import { clientFor } from './connection.ts';
import {
  cartStateFor,
  deliverySchema,
  eventKind,
  money,
  orderStatusExtra,
  orderStatusName,
  parseDate,
  resourceId,
  storeHashFromContext,
} from './rules.ts';
import { completeDeletedCart } from './store.ts';

type Outcome = 'processed' | 'skipped';

interface Shopper {
  externalId?: string;
  givenName?: string | null;
  familyName?: string | null;
  email?: string | null;
  phone?: string | null;
  phoneSource?: string;
}

/** Spec 2 section 8: customer lookups give none on failure. */
async function lookup<T>(log: Logger, what: string, fn: () => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (error) {
    if (!isNotFound(error)) log.warn({ err: coerceError(error) }, `bigcommerce ${what} lookup failed`);
    return undefined;
  }
}

/** The shopper behind a cart: the customer (by id, else by e-mail), else the checkout's billing address. */
async function cartShopper(client: BigCommerceClient, log: Logger, cart: BcCart): Promise<Shopper> {
  let customer = cart.customer_id
    ? await lookup(log, 'customer', () => client.getCustomer(cart.customer_id!))
    : undefined;
  if (!customer && cart.email)
    customer = await lookup(log, 'customer', async () => (await client.findCustomersByEmail(cart.email!))[0]);
  const shopper: Shopper = customer
    ? {
        externalId: String(customer.id),
        givenName: customer.first_name,
        familyName: customer.last_name,
        email: customer.email ?? cart.email,
        phone: customer.phone,
        phoneSource: 'customer',
      }
    : { email: cart.email };
  if (!shopper.phone?.trim()) {
    const billing = (await lookup(log, 'checkout', () => client.getCheckout(cart.id)))?.billing_address;
    if (billing) {
      Object.assign(shopper, { phone: billing.phone, phoneSource: 'billing', email: shopper.email ?? billing.email });
      shopper.givenName ??= billing.first_name;
      shopper.familyName ??= billing.last_name;
    }
  }
  return shopper;
}

/** Spec 2 section 8: a failed contact initiation is logged and processing continues (no contact). */
async function captureContact(
  ctx: AppContext,
  integration: BrandIntegration,
  shopper: Shopper,
  consentSource: string,
  log: Logger,
): Promise<number | null> {
  if (!shopper.phone?.trim() && !shopper.email?.trim()) return null;
  try {
    const result = await initiateContact(ctx, {
      brandId: integration.brand_id,
      brandIntegrationId: integration.id,
      externalId: shopper.externalId,
      givenName: shopper.givenName ?? null,
      familyName: shopper.familyName ?? null,
      phone: shopper.phone ?? null,
      phoneSource: shopper.phoneSource,
      email: shopper.email ?? null,
      source: 'bigcommerce',
      consentSource,
    });
    return result.contactId;
  } catch (error) {
    log.warn({ err: coerceError(error) }, 'contact initiation failed; continuing without a contact');
    return null;
  }
}

async function channelsOf(ctx: AppContext, brandId: number, contactId: number | null) {
  if (contactId === null) return [];
  return (await getContact(ctx.db, { brandId, contactId })).channels;
}

export interface CartOptions {
  consentSource?: string;
  /** Re-check: write only when the cart has become reachable (so an unchanged cart ages out of the 24 h window). */
  onlyIfReachable?: boolean;
}

export interface CartOutcome {
  outcome: Outcome;
  state?: 'pending' | 'no_identity' | 'complete';
  cartId?: number;
}

/** Reads the cart and upserts it; a 404 completes a cart we hold that is not complete yet. */
export async function processCart(
  ctx: AppContext,
  integration: BrandIntegration,
  externalId: string,
  { consentSource = 'bigcommerce:store/cart', onlyIfReachable = false }: CartOptions = {},
): Promise<CartOutcome> {
  const log = ctx.logger.child({
    brand_id: integration.brand_id,
    brand_integration_id: integration.id,
    cart: externalId,
  });
  const client = await clientFor(ctx, integration);
  let cart: BcCart | undefined;
  try {
    cart = await client.getCart(externalId);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  if (!cart) {
    const known = await findCartByExternalId(ctx.db, integration.id, externalId);
    if (known && known.state !== 'complete' && (await completeDeletedCart(ctx.db, known.id))) {
      log.info('cart gone at BigCommerce (ordered or deleted): completed');
      return { outcome: 'processed', state: 'complete', cartId: known.id };
    }
    return { outcome: 'processed', state: known?.state === 'complete' ? 'complete' : undefined, cartId: known?.id };
  }
  const groups = cart.line_items;
  const items = groups ? [...groups.physical_items, ...groups.digital_items, ...groups.custom_items] : [];
  if (items.length === 0 && (groups?.gift_certificates.length ?? 0) === 0) return { outcome: 'skipped' };

  const contactId = await captureContact(ctx, integration, await cartShopper(client, log, cart), consentSource, log);
  const state = cartStateFor(await channelsOf(ctx, integration.brand_id, contactId));
  if (onlyIfReachable && state === 'no_identity') return { outcome: 'skipped', state };
  const result = await withTransaction(ctx.db, (tx) =>
    upsertCart(tx, {
      brandId: integration.brand_id,
      brandIntegrationId: integration.id,
      externalId: cart.id,
      contactId,
      state,
      total: money(cart.cart_amount),
      currency: cart.currency?.code?.toUpperCase() ?? undefined,
      locale: cart.locale ?? undefined,
      extraData: {
        from_webhook: true,
        ...(cart.redirect_urls?.checkout_url ? { abandoned_checkout_url: cart.redirect_urls.checkout_url } : {}),
      },
      data: {
        customer_id: cart.customer_id ?? null,
        email: cart.email ?? null,
        cart_url: cart.redirect_urls?.cart_url ?? null,
        line_items: items.map((i) => ({
          product_id: i.product_id,
          variant_id: i.variant_id,
          sku: i.sku,
          name: i.name,
          quantity: i.quantity,
          price: i.sale_price,
          url: i.url,
          image_url: i.image_url,
        })),
      },
      cleanedRawData: { detail: { payload: cart } },
      remoteUpdatedAt: parseDate(cart.updated_time),
    }),
  );
  return { outcome: 'processed', state, cartId: result.id };
}

/**
 * Reads the order (v2) and upserts it; its cart is linked and, once the order is complete,
 * completed; the saved order goes to orderSaved. Totals are in the transactional currency
 * (`default_currency_code`; `currency_code` is the display currency).
 */
export async function processOrder(
  ctx: AppContext,
  integration: BrandIntegration,
  externalId: string,
  effects: StoreEffects,
  consentSource = 'bigcommerce:store/order',
): Promise<Outcome> {
  const log = ctx.logger.child({
    brand_id: integration.brand_id,
    brand_integration_id: integration.id,
    order: externalId,
  });
  const client = await clientFor(ctx, integration);
  let order;
  try {
    order = await client.getOrder(externalId);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  if (!order) {
    log.warn('Order not found');
    return 'skipped';
  }
  const state = bigcommerceOrderState(order.status_id);
  const billing = order.billing_address ?? {};
  const shopper: Shopper = {
    externalId: order.customer_id ? String(order.customer_id) : undefined,
    givenName: billing.first_name,
    familyName: billing.last_name,
    email: billing.email,
    phone: billing.phone,
    phoneSource: 'billing',
  };
  if (!shopper.phone?.trim() && order.customer_id) {
    const customer = await lookup(log, 'customer', () => client.getCustomer(order.customer_id!));
    if (customer?.phone) Object.assign(shopper, { phone: customer.phone, phoneSource: 'customer' });
  }
  const contactId = await captureContact(ctx, integration, shopper, consentSource, log);
  const coupons = (await lookup(log, 'order coupons', () => client.getOrderCoupons(String(order.id)))) ?? [];
  const cart = order.cart_id ? await findCartByExternalId(ctx.db, integration.id, order.cart_id) : undefined;

  const result = await withTransaction(ctx.db, async (tx) => {
    const upserted = await upsertOrder(tx, {
      brandId: integration.brand_id,
      brandIntegrationId: integration.id,
      externalId: String(order.id),
      number: String(order.id),
      cartId: cart?.id ?? null,
      contactId,
      state,
      total: money(order.total_inc_tax),
      currency: (order.default_currency_code || order.currency_code)?.toUpperCase() || undefined,
      discountCodes: coupons
        .map((c) => c.code)
        .filter((code): code is string => typeof code === 'string' && code !== ''),
      extraData: {
        ...orderStatusExtra(order),
        status: orderStatusName(order),
        status_id: order.status_id,
        custom_status: order.custom_status ?? order.status ?? null,
        payment_status: order.payment_status ?? null,
        cart_external_id: order.cart_id || null,
      },
      cleanedRawData: { detail: { payload: order } },
      remoteUpdatedAt: parseDate(order.date_modified),
      createdAt: parseDate(order.date_created),
    });
    if (upserted.applied && cart && state === 'complete') await completeCart(tx, cart.id);
    return upserted;
  });
  if (result.applied) await effects.orderSaved(ctx, { id: result.id, brandId: integration.brand_id, state });
  return 'processed';
}

/** Reads the customer (v3) and upserts the contact with its phone and e-mail channels. */
export async function processCustomer(
  ctx: AppContext,
  integration: BrandIntegration,
  externalId: string,
  consentSource = 'bigcommerce:store/customer',
): Promise<Outcome> {
  const log = ctx.logger.child({
    brand_id: integration.brand_id,
    brand_integration_id: integration.id,
    customer: externalId,
  });
  const client = await clientFor(ctx, integration);
  let customer;
  try {
    customer = await client.getCustomer(externalId);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  if (!customer) return 'skipped';
  const shopper: Shopper = {
    externalId: String(customer.id),
    givenName: customer.first_name,
    familyName: customer.last_name,
    email: customer.email,
    phone: customer.phone,
    phoneSource: 'customer',
  };
  return (await captureContact(ctx, integration, shopper, consentSource, log)) === null ? 'skipped' : 'processed';
}

/** The `bigcommerce` webhook processor (registered in src/flows/webhook-processors.ts). */
export async function processBigCommerceEvent(
  ctx: AppContext,
  event: WebhookEvent,
  effects: StoreEffects,
): Promise<Outcome> {
  const delivery = deliverySchema.parse(event.payload);
  const log = ctx.logger.child({ webhook_event_id: event.id, scope: delivery.scope });
  const integration = event.brand_integration_id
    ? await getBrandIntegration(ctx.db, event.brand_integration_id)
    : await findBrandIntegration(ctx.db, 'bigcommerce', storeHashFromContext(delivery.producer) ?? '');
  if (!integration?.is_enabled) {
    log.info('bigcommerce event for a store that is not connected; skipped');
    return 'skipped';
  }
  const kind = eventKind(delivery.scope);
  const id = kind ? resourceId(kind, delivery.data) : undefined;
  if (!kind || !id) {
    log.warn('bigcommerce event without a cart, order or customer id; skipped');
    return 'skipped';
  }
  const consentSource = `bigcommerce:${delivery.scope}`;
  if (kind === 'cart') return (await processCart(ctx, integration, id, { consentSource })).outcome;
  if (kind === 'order') return processOrder(ctx, integration, id, effects, consentSource);
  return processCustomer(ctx, integration, id, consentSource);
}

export interface RecheckSummary {
  checked: number;
  nowPending: number;
  stillNoIdentity: number;
  completed: number;
  skipped: number;
  failed: number;
}

/**
 * The pending-cart re-check (worker schedule `pending_carts`): carts in no_identity updated in
 * the last 24 hours, oldest first, 100, are read again from BigCommerce; those whose shopper now
 * has a usable +1 phone become pending. Shopify carts are skipped here.
 */
export async function recheckPendingCarts(
  ctx: AppContext,
  { now = new Date() }: { now?: Date } = {},
): Promise<RecheckSummary> {
  const summary: RecheckSummary = {
    checked: 0,
    nowPending: 0,
    stillNoIdentity: 0,
    completed: 0,
    skipped: 0,
    failed: 0,
  };
  const integrations = new Map<number, BrandIntegration | undefined>();
  for (const cart of await pendingNoIdentityCarts(ctx.db, { now })) {
    if (!integrations.has(cart.brand_integration_id))
      integrations.set(cart.brand_integration_id, await getBrandIntegration(ctx.db, cart.brand_integration_id));
    const integration = integrations.get(cart.brand_integration_id);
    if (!integration || integration.slug !== 'bigcommerce' || !integration.is_enabled) {
      summary.skipped += 1;
      continue;
    }
    summary.checked += 1;
    try {
      const result = await processCart(ctx, integration, cart.external_id, {
        consentSource: 'bigcommerce:recheck',
        onlyIfReachable: true,
      });
      if (result.state === 'pending') summary.nowPending += 1;
      else if (result.state === 'complete') summary.completed += 1;
      else summary.stillNoIdentity += 1;
    } catch (error) {
      summary.failed += 1;
      ctx.logger.warn(
        { err: coerceError(error), cart_id: cart.id, brand_integration_id: integration.id },
        'pending cart re-check failed',
      );
    }
  }
  if (summary.checked > 0) ctx.logger.info({ ...summary }, 'pending bigcommerce carts re-checked');
  return summary;
}
