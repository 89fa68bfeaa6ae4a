/**
 * Shopify's webhook payloads: the schema of each topic Reclaim subscribes to (only the fields
 * Reclaim reads are checked; everything else passes through), and the body's signature. Payload
 * shapes are Shopify's REST webhook shapes (SHOPIFY_API_VERSION, default 2026-07).
 */
import { z } from 'zod';
import { AppError } from '../../app/index.ts';
import { hmacSha256, safeEqual } from '../../http/index.ts';

// Shopify ids are 64-bit JSON numbers, often beyond 2^53 (Shopify's sample orders, customers,
// checkouts and line items are). Here they are only checked; the event store reads the stored
// text back with such ids as strings of their digits (src/webhooks/payload.ts), so keys stay exact.
const id = z.union([z.number().nonnegative(), z.string().trim().min(1)]);
const money = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'must be a decimal amount'),
]);
const timestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date-time');
const text = z.string().nullish();

/** Shopify's `sms_marketing_consent` / `email_marketing_consent` objects. */
const consent = z
  .looseObject({
    state: text,
    opt_in_level: text,
    consent_updated_at: timestamp.nullish(),
    consent_collected_from: text,
  })
  .nullish();
const address = z.looseObject({ first_name: text, last_name: text, name: text, phone: text }).nullish();
const customer = z.looseObject({
  id: id.nullish(),
  email: text,
  phone: text,
  first_name: text,
  last_name: text,
  sms_marketing_consent: consent,
  email_marketing_consent: consent,
  updated_at: timestamp.nullish(),
});
const discountCode = z.looseObject({ code: z.string(), amount: money.nullish(), type: text });
const lineItem = z.looseObject({
  variant_id: id.nullish(),
  product_id: id.nullish(),
  quantity: z.number().int().nonnegative(),
  title: text,
  price: money.nullish(),
  line_price: money.nullish(),
});

export const shopifyCheckoutSchema = z.looseObject({
  token: z.string().trim().min(1),
  id: id.nullish(),
  cart_token: text,
  email: text,
  phone: text,
  sms_marketing_phone: text,
  buyer_accepts_marketing: z.boolean().nullish(),
  buyer_accepts_sms_marketing: z.boolean().nullish(),
  customer: customer.nullish(),
  shipping_address: address,
  billing_address: address,
  line_items: z.array(lineItem).nullish(),
  discount_codes: z.array(discountCode).nullish(),
  total_price: money.nullish(),
  subtotal_price: money.nullish(),
  total_discounts: money.nullish(),
  total_tax: money.nullish(),
  currency: text,
  presentment_currency: text,
  customer_locale: text,
  abandoned_checkout_url: text,
  completed_at: timestamp.nullish(),
  created_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
});

/** carts/update: a cart with no id or no line items is understood and skipped (spec 3 section 5). */
export const shopifyCartSchema = z.looseObject({
  id: id.nullish(),
  token: text,
  line_items: z.array(lineItem.extend({ quantity: z.number().int().nonnegative().nullish() })).nullish(),
  note: text,
  created_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
});

/** orders/*: an order without an id is skipped ('No order id found'). */
export const shopifyOrderSchema = z.looseObject({
  id: id.nullish(),
  name: text,
  order_number: z.union([z.number(), z.string()]).nullish(),
  email: text,
  phone: text,
  cancelled_at: timestamp.nullish(),
  confirmed: z.boolean().nullish(),
  checkout_token: text,
  cart_token: text,
  discount_codes: z.array(discountCode).nullish(),
  customer: customer.nullish(),
  shipping_address: address,
  billing_address: address,
  total_price: money.nullish(),
  subtotal_price: money.nullish(),
  total_discounts: money.nullish(),
  total_tax: money.nullish(),
  currency: text,
  financial_status: text,
  fulfillment_status: text,
  created_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
});

/** orders/edited carries an `order_edit` (its `order_id` names the order), not the order itself. */
export const shopifyOrderEditedSchema = z.looseObject({
  order_edit: z.looseObject({ id: id.nullish(), order_id: id.nullish(), created_at: timestamp.nullish() }).nullish(),
  id: id.nullish(),
});

/** orders/delete carries only the id. */
export const shopifyOrderDeleteSchema = z.looseObject({ id: id.nullish() });

/** app/uninstalled and shop/update carry the shop resource. */
export const shopifyShopSchema = z.looseObject({
  id: id.nullish(),
  myshopify_domain: text,
  domain: text,
  plan_name: text,
  plan_display_name: text,
  updated_at: timestamp.nullish(),
});

export const shopifyCustomerSchema = customer.extend({ id, created_at: timestamp.nullish() });

/**
 * customers_marketing_consent/update: one customer's SMS consent. From API 2025-01 customers/*
 * payloads no longer carry `sms_marketing_consent`; this topic does. Shopify's published sample
 * has every field but the id null (`consent_collected_from` "other").
 */
export const shopifySmsConsentSchema = z.looseObject({ id, phone: text, sms_marketing_consent: consent });
/** customers_email_marketing_consent/update: one customer's e-mail consent (likewise from 2025-01). */
export const shopifyEmailConsentSchema = z.looseObject({
  customer_id: id,
  email_address: text,
  email_marketing_consent: consent,
});

const privacyCustomer = z.looseObject({ id: id.nullish(), email: text, phone: text });
export const shopifyDataRequestSchema = z.looseObject({
  shop_id: id.nullish(),
  shop_domain: z.string().trim().min(1),
  customer: privacyCustomer,
  orders_requested: z.array(id).nullish(),
  data_request: z.looseObject({ id: id.nullish() }).nullish(),
});
export const shopifyCustomerRedactSchema = z.looseObject({
  shop_id: id.nullish(),
  shop_domain: z.string().trim().min(1),
  customer: privacyCustomer,
  orders_to_redact: z.array(id).nullish(),
});
export const shopifyShopRedactSchema = z.looseObject({ shop_id: id.nullish(), shop_domain: z.string().trim().min(1) });

/** app_subscriptions/update: `{ app_subscription: { admin_graphql_api_id, name, status, ... } }` (billing processes it). */
const appSubscription = z.looseObject({
  admin_graphql_api_id: z.string().trim().min(1),
  name: text,
  status: z.string().trim().min(1),
  admin_graphql_api_shop_id: text,
  created_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
  currency: text,
  capped_amount: money.nullish(),
});
/** Current versions wrap the resource in `app_subscription`; early ones sent its fields at the top. */
export const shopifyAppSubscriptionSchema = z.union([
  z.looseObject({ app_subscription: appSubscription }),
  appSubscription,
]);
export type ShopifyAppSubscriptionPayload = z.infer<typeof shopifyAppSubscriptionSchema>;

export type ShopifyCheckoutPayload = z.infer<typeof shopifyCheckoutSchema>;
export type ShopifyCartPayload = z.infer<typeof shopifyCartSchema>;
export type ShopifyOrderPayload = z.infer<typeof shopifyOrderSchema>;
export type ShopifyShopPayload = z.infer<typeof shopifyShopSchema>;
export type ShopifyCustomerPayload = z.infer<typeof shopifyCustomerSchema>;
export type ShopifySmsConsentPayload = z.infer<typeof shopifySmsConsentSchema>;
export type ShopifyEmailConsentPayload = z.infer<typeof shopifyEmailConsentSchema>;
export type ShopifyDataRequestPayload = z.infer<typeof shopifyDataRequestSchema>;
export type ShopifyCustomerRedactPayload = z.infer<typeof shopifyCustomerRedactSchema>;
export type ShopifyShopRedactPayload = z.infer<typeof shopifyShopRedactSchema>;

const ORDER_TOPICS = [
  'orders/create',
  'orders/updated',
  'orders/paid',
  'orders/cancelled',
  'orders/fulfilled',
  'orders/partially_fulfilled',
] as const;

/** Every topic Reclaim subscribes to, with the schema its payload must match. */
export const SHOPIFY_WEBHOOK_SCHEMAS: Record<ShopifyTopic, z.ZodType> = {
  'checkouts/create': shopifyCheckoutSchema,
  'checkouts/update': shopifyCheckoutSchema,
  'carts/update': shopifyCartSchema,
  'orders/create': shopifyOrderSchema,
  'orders/updated': shopifyOrderSchema,
  'orders/paid': shopifyOrderSchema,
  'orders/cancelled': shopifyOrderSchema,
  'orders/fulfilled': shopifyOrderSchema,
  'orders/partially_fulfilled': shopifyOrderSchema,
  'orders/edited': shopifyOrderEditedSchema,
  'orders/delete': shopifyOrderDeleteSchema,
  'app/uninstalled': shopifyShopSchema,
  'shop/update': shopifyShopSchema,
  'customers/create': shopifyCustomerSchema,
  'customers/update': shopifyCustomerSchema,
  'customers_marketing_consent/update': shopifySmsConsentSchema,
  'customers_email_marketing_consent/update': shopifyEmailConsentSchema,
  'customers/data_request': shopifyDataRequestSchema,
  'customers/redact': shopifyCustomerRedactSchema,
  'shop/redact': shopifyShopRedactSchema,
  'app_subscriptions/update': shopifyAppSubscriptionSchema,
};

export type ShopifyOrderTopic = (typeof ORDER_TOPICS)[number];
/**
 * The consent topics as Shopify names them in X-Shopify-Topic. Shopify's 2025-01 changelog spells
 * the e-mail one `customers/email_marketing_consent_update`; both spellings share the GraphQL enum
 * form CUSTOMERS_EMAIL_MARKETING_CONSENT_UPDATE, which the route reads as this topic.
 */
export type ShopifyConsentTopic = 'customers_marketing_consent/update' | 'customers_email_marketing_consent/update';
export type ShopifyTopic =
  | 'checkouts/create'
  | 'checkouts/update'
  | 'carts/update'
  | ShopifyOrderTopic
  | 'orders/edited'
  | 'orders/delete'
  | 'app/uninstalled'
  | 'shop/update'
  | 'customers/create'
  | 'customers/update'
  | ShopifyConsentTopic
  | 'customers/data_request'
  | 'customers/redact'
  | 'shop/redact'
  | 'app_subscriptions/update';

/** The topics to subscribe to (the mandatory privacy topics are set in the app configuration instead). */
export const SHOPIFY_WEBHOOK_TOPICS = Object.keys(SHOPIFY_WEBHOOK_SCHEMAS) as ShopifyTopic[];
export const SHOPIFY_PRIVACY_TOPICS: readonly ShopifyTopic[] = [
  'customers/data_request',
  'customers/redact',
  'shop/redact',
];
export const isShopifyOrderTopic = (topic: string): topic is ShopifyOrderTopic =>
  (ORDER_TOPICS as readonly string[]).includes(topic);
export const isShopifyTopic = (topic: string): topic is ShopifyTopic => Object.hasOwn(SHOPIFY_WEBHOOK_SCHEMAS, topic);

/** "line_items.0.quantity: Invalid input: expected number, received string; token: …" (never the values). */
export function summarizeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 10)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}

/** Checks a payload against its topic's schema; AppError invalid_input with the issues otherwise. */
export function parseShopifyPayload<T = unknown>(topic: ShopifyTopic, payload: unknown): T {
  const result = SHOPIFY_WEBHOOK_SCHEMAS[topic].safeParse(payload);
  if (!result.success)
    throw new AppError('invalid_input', `Invalid ${topic} payload: ${summarizeIssues(result.error)}`, {
      code: 'invalid_payload',
    });
  return result.data as T;
}

/** Shopify signs the raw body: base64(HMAC-SHA256(body, app secret)) in X-Shopify-Hmac-Sha256. */
export function signShopifyBody(secret: string, body: Buffer | string): string {
  return hmacSha256(secret, body, 'base64');
}

export function verifyShopifyWebhook(secret: string, rawBody: Buffer, given: string | undefined): boolean {
  if (!given) return false;
  return safeEqual(signShopifyBody(secret, rawBody), given.trim());
}
