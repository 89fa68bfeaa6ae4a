/**
 * What POST /ingest/pixel/{key} accepts: a Shopify Web Pixels standard event as the pixel's
 * `analytics.subscribe` callback receives it (clientId, context, data, id, name, seq, timestamp,
 * type), for the four events the pixel subscribes to, plus `cartToken`, the storefront cart the
 * pixel read at init (checkout events name the checkout, not the cart); or the BigCommerce
 * storefront script's identify event. The envelope is strict (an unknown top-level field is
 * refused); Shopify's own objects inside `data` keep fields we do not read, since Shopify adds
 * fields to them without notice.
 */
import { z } from 'zod';

/** Web Pixels MoneyV2: the amount is a number. */
const money = z.object({ amount: z.number(), currencyCode: z.string().max(8) }).loose();
const text = (max = 500) => z.string().max(max);
const id = text(200);

const product = z
  .object({ id: id.nullish(), title: text().nullish(), vendor: text().nullish(), type: text().nullish() })
  .loose();
const variant = z
  .object({
    id: id.nullish(),
    title: text().nullish(),
    sku: text().nullish(),
    price: money.nullish(),
    product: product.nullish(),
  })
  .loose();

const address = z
  .object({ firstName: text().nullish(), lastName: text().nullish(), phone: text(50).nullish() })
  .loose();

export const checkoutLineItemSchema = z
  .object({
    id: id.nullish(),
    quantity: z.number().int().min(0).max(100_000),
    title: text().nullish(),
    variant: variant.nullish(),
    finalLinePrice: money.nullish(),
  })
  .loose();

export const pixelCheckoutSchema = z
  .object({
    token: id.nullish(),
    email: text(320).nullish(),
    phone: text(50).nullish(),
    smsMarketingPhone: text(50).nullish(),
    buyerAcceptsEmailMarketing: z.boolean().nullish(),
    buyerAcceptsSmsMarketing: z.boolean().nullish(),
    currencyCode: text(8).nullish(),
    totalPrice: money.nullish(),
    subtotalPrice: money.nullish(),
    lineItems: z.array(checkoutLineItemSchema).max(500).nullish(),
    discountApplications: z.array(z.object({ title: text().nullish(), type: text(50).nullish() }).loose()).nullish(),
    shippingAddress: address.nullish(),
    billingAddress: address.nullish(),
    order: z.object({ id: id.nullish() }).loose().nullish(),
  })
  .loose();

export const cartLineSchema = z
  .object({
    quantity: z.number().int().min(0).max(100_000),
    merchandise: variant,
    cost: z.object({ totalAmount: money }).loose().nullish(),
  })
  .loose();

/** A snapshot of the browser; kept as sent (small objects), never read for identity. */
const context = z
  .object({
    document: z.record(z.string(), z.unknown()).optional(),
    navigator: z.record(z.string(), z.unknown()).optional(),
    window: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

const envelope = {
  id: z.string().min(1).max(255),
  clientId: text(255),
  seq: z.number().int().min(0),
  timestamp: z.iso.datetime({ offset: true }),
  type: z.literal('standard'),
  context,
  cartToken: text(255).nullish(),
};

export const SHOPIFY_PIXEL_EVENTS = [
  'checkout_started',
  'checkout_contact_info_submitted',
  'checkout_completed',
  'product_added_to_cart',
] as const;
export type ShopifyPixelEventName = (typeof SHOPIFY_PIXEL_EVENTS)[number];

const checkoutEvent = <N extends Exclude<ShopifyPixelEventName, 'product_added_to_cart'>>(name: N) =>
  z.object({ ...envelope, name: z.literal(name), data: z.object({ checkout: pixelCheckoutSchema }).strict() }).strict();

/** The BigCommerce storefront script's event: the shopper's storefront cart and what identifies them. */
export const BIGCOMMERCE_IDENTIFY = 'bigcommerce_cart_identified';

export const pixelEventSchema = z.discriminatedUnion('name', [
  checkoutEvent('checkout_started'),
  checkoutEvent('checkout_contact_info_submitted'),
  checkoutEvent('checkout_completed'),
  z
    .object({
      ...envelope,
      name: z.literal('product_added_to_cart'),
      data: z.object({ cartLine: cartLineSchema.nullable() }).strict(),
    })
    .strict(),
  z
    .object({
      id: z.string().min(1).max(255),
      name: z.literal(BIGCOMMERCE_IDENTIFY),
      timestamp: z.iso.datetime({ offset: true }),
      cartId: z.string().min(1).max(255),
      email: text(320).nullish(),
      phone: text(50).nullish(),
      lineItemCount: z.number().int().min(0).max(100_000).nullish(),
      total: z.number().min(0).nullish(),
      currency: text(8).nullish(),
    })
    .strict(),
]);

export type PixelEvent = z.infer<typeof pixelEventSchema>;
export type PixelCheckout = z.infer<typeof pixelCheckoutSchema>;
