/**
 * Converts an Admin GraphQL abandoned checkout into the REST-style payload of the
 * `checkouts/update` webhook (snake_case, numeric ids, money as strings), so a backfilled checkout
 * takes the same processing path as a delivered one. Pure.
 */
import type { AbandonedCheckoutLineItem, AbandonedCheckoutNode, CustomerPhoneNumber, MailingAddress } from './admin.ts';
import { legacyId } from './rules.ts';

/** A Shopify id: a JSON number, or a string of digits when it is too large for a JavaScript number. */
export type WebhookId = number | string;

export interface WebhookAddress {
  first_name: string | null;
  last_name: string | null;
  name: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  province_code: string | null;
  country: string | null;
  country_code: string | null;
  zip: string | null;
  phone: string | null;
  company: string | null;
}

export interface WebhookLineItem {
  key: string;
  variant_id: WebhookId | null;
  product_id: WebhookId | null;
  title: string | null;
  variant_title: string | null;
  quantity: number;
  price: string;
  line_price: string;
  sku: string | null;
}

export interface ConsentState {
  state: string;
  opt_in_level: string | null;
  consent_updated_at: string | null;
}

export interface CheckoutWebhookPayload {
  id: WebhookId | null;
  token: string;
  cart_token: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  sms_marketing_phone: string | null;
  buyer_accepts_marketing: boolean;
  buyer_accepts_sms_marketing: boolean;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  closed_at: null;
  abandoned_checkout_url: string;
  currency: string;
  presentment_currency: string;
  total_price: string;
  subtotal_price: string;
  total_line_items_price: string;
  taxes_included: boolean;
  note: string | null;
  source_name: string;
  discount_codes: { code: string; amount: string; type: string }[];
  line_items: WebhookLineItem[];
  shipping_address: WebhookAddress | null;
  billing_address: WebhookAddress | null;
  customer: {
    id: WebhookId | null;
    email: string | null;
    phone: string | null;
    first_name: string | null;
    last_name: string | null;
    tags: string;
    email_marketing_consent: ConsentState | null;
    sms_marketing_consent: (ConsentState & { consent_collected_from: string | null }) | null;
  } | null;
}

const money = (value: string | number | null | undefined): string => (Number(value ?? 0) || 0).toFixed(2);
/** The id of a GraphQL gid as the webhook sends it: a number, or its digits when beyond 2^53 (kept exact). */
const numericId = (gid: string | null | undefined): WebhookId | null => {
  const id = legacyId(gid);
  if (id === undefined) return null;
  return Number.isSafeInteger(Number(id)) ? Number(id) : id;
};
const lower = (value: string | null | undefined): string | null => (value ? value.toLowerCase() : null);

/**
 * A phone's SMS consent in either form Shopify serves: 2026-10's `smsMarketingConsent` object, or
 * the flat fields of earlier versions (deprecated in 2026-10). Null when neither carries a state.
 */
export function phoneSmsConsent(phone: CustomerPhoneNumber | null | undefined): {
  state: string;
  optInLevel: string | null;
  updatedAt: string | null;
  collectedFrom: string | null;
} | null {
  if (!phone) return null;
  const nested = phone.smsMarketingConsent;
  if (nested?.state)
    return {
      state: nested.state,
      optInLevel: nested.optInLevel ?? null,
      updatedAt: nested.updatedAt ?? null,
      collectedFrom: nested.collectedFrom ?? null,
    };
  if (!phone.marketingState) return null;
  return {
    state: phone.marketingState,
    optInLevel: phone.marketingOptInLevel ?? null,
    updatedAt: phone.marketingUpdatedAt ?? null,
    collectedFrom: phone.marketingCollectedFrom ?? null,
  };
}

/**
 * The checkout token in a recovery URL (`…/checkouts/{token}/recover?key=…`, also with an
 * `ac/` or `cn/` segment); undefined when the URL has another shape.
 */
export function checkoutTokenFromUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return /\/checkouts\/(?:[a-z]{2}\/)?([A-Za-z0-9_-]{8,})\/recover(?:[/?#]|$)/.exec(url)?.[1];
}

function address(value: MailingAddress | null): WebhookAddress | null {
  if (!value) return null;
  return {
    first_name: value.firstName,
    last_name: value.lastName,
    name: value.name,
    address1: value.address1,
    address2: value.address2,
    city: value.city,
    province: value.province,
    province_code: value.provinceCode,
    country: value.country,
    country_code: value.countryCodeV2,
    zip: value.zip,
    phone: value.phone,
    company: value.company,
  };
}

function lineItem(item: AbandonedCheckoutLineItem): WebhookLineItem {
  const price = money(item.originalUnitPriceSet.shopMoney.amount);
  const variantId = numericId(item.variant?.id);
  return {
    key: legacyId(item.id) ?? String(variantId ?? item.id),
    variant_id: variantId,
    product_id: numericId(item.product?.id),
    title: item.title,
    variant_title: item.variantTitle,
    quantity: item.quantity,
    price,
    line_price: money(Number(price) * item.quantity),
    sku: item.sku,
  };
}

/** The `checkouts/update` payload for one abandoned checkout and its line items. */
export function toCheckoutWebhook(
  node: AbandonedCheckoutNode,
  items: AbandonedCheckoutLineItem[],
): CheckoutWebhookPayload {
  const customer = node.customer;
  const email = customer?.defaultEmailAddress ?? null;
  const phone = customer?.defaultPhoneNumber ?? null;
  const lineItems = items.map(lineItem);
  const subtotal = money(lineItems.reduce((sum, item) => sum + Number(item.line_price), 0));
  const currency = node.totalPriceSet.shopMoney.currencyCode;
  const sms = phoneSmsConsent(phone);
  const smsSubscribed = sms?.state === 'SUBSCRIBED';
  return {
    id: numericId(node.id),
    token: checkoutTokenFromUrl(node.abandonedCheckoutUrl) ?? legacyId(node.id) ?? node.id,
    cart_token: null,
    name: node.name,
    email: email?.emailAddress ?? null,
    phone: phone?.phoneNumber ?? node.shippingAddress?.phone ?? node.billingAddress?.phone ?? null,
    sms_marketing_phone: smsSubscribed ? phone!.phoneNumber : null,
    buyer_accepts_marketing: email?.marketingState === 'SUBSCRIBED',
    buyer_accepts_sms_marketing: smsSubscribed,
    created_at: node.createdAt,
    updated_at: node.updatedAt,
    completed_at: node.completedAt,
    closed_at: null,
    abandoned_checkout_url: node.abandonedCheckoutUrl,
    currency,
    presentment_currency: currency,
    total_price: money(node.totalPriceSet.shopMoney.amount),
    subtotal_price: subtotal,
    total_line_items_price: subtotal,
    taxes_included: node.taxesIncluded,
    note: node.note || null,
    source_name: 'web',
    discount_codes: node.discountCodes.map((code) => ({ code, amount: '0.00', type: '' })),
    line_items: lineItems,
    shipping_address: address(node.shippingAddress),
    billing_address: address(node.billingAddress),
    customer: customer
      ? {
          id: numericId(customer.id),
          email: email?.emailAddress ?? null,
          phone: phone?.phoneNumber ?? null,
          first_name: customer.firstName,
          last_name: customer.lastName,
          tags: customer.tags.join(', '),
          email_marketing_consent: email
            ? {
                state: lower(email.marketingState)!,
                opt_in_level: lower(email.marketingOptInLevel),
                consent_updated_at: email.marketingUpdatedAt,
              }
            : null,
          sms_marketing_consent: sms
            ? {
                state: lower(sms.state)!,
                opt_in_level: lower(sms.optInLevel),
                consent_updated_at: sms.updatedAt,
                consent_collected_from: sms.collectedFrom,
              }
            : null,
        }
      : null,
  };
}
