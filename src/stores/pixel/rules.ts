/**
 * Storefront capture, decided without I/O: the ingest key's form, the rate-limit window, what a
 * pixel event says about the shopper's cart (its key, its line items, the e-mail and phones that
 * identify the shopper, never consent) and the state the cart moves to (spec 3: a cart created from
 * identify is `empty` until it has line items).
 */
import { randomBytes } from 'node:crypto';
import type { CartState } from '../rules.ts';
import { BIGCOMMERCE_IDENTIFY, type PixelCheckout, type PixelEvent } from './schemas.ts';

/** The topic every pixel event is stored under: `pixel/{event name}`. */
export const pixelTopic = (name: string): string => `pixel/${name}`;

/** Ingest keys are public (the pixel's settings are readable in the storefront): they route, never authorise. */
export const newIngestKey = (): string => `rk_${randomBytes(18).toString('base64url')}`;
export const INGEST_KEY_PATTERN = /^rk_[A-Za-z0-9_-]{24}$/;

/** One-minute fixed windows. */
export const RATE_WINDOW_SECONDS = 60;
export function rateWindow(now: Date): { start: Date; retryAfterSeconds: number } {
  const ms = RATE_WINDOW_SECONDS * 1000;
  const start = Math.floor(now.getTime() / ms) * ms;
  return { start: new Date(start), retryAfterSeconds: Math.max(1, Math.ceil((start + ms - now.getTime()) / 1000)) };
}

/** The line items we keep on a cart (the shape the checkout webhooks store). */
export interface CartLineData {
  variant_id: number | string | null;
  product_id: number | string | null;
  title: string | null;
  variant_title: string | null;
  sku: string | null;
  quantity: number;
  price: string | null;
  line_price: string | null;
}

/** Web pixel ids are numeric strings (or gids): the numbers the webhooks carry when they fit. */
export function shopifyNumericId(value: string | null | undefined): number | string | null {
  if (value === null || value === undefined || value === '') return null;
  const digits = /(\d+)$/.exec(value)?.[1];
  if (!digits) return value;
  const number = Number(digits);
  return Number.isSafeInteger(number) ? number : digits;
}

const amount = (value: { amount: number } | null | undefined): string | null =>
  value ? value.amount.toFixed(2) : null;

type Variant = {
  id?: string | null;
  title?: string | null;
  sku?: string | null;
  price?: { amount: number } | null;
  product?: { id?: string | null; title?: string | null } | null;
};

const lineFrom = (
  variant: Variant | null | undefined,
  quantity: number,
  title: string | null,
  linePrice: string | null,
) => ({
  variant_id: shopifyNumericId(variant?.id),
  product_id: shopifyNumericId(variant?.product?.id),
  title: title ?? variant?.product?.title ?? null,
  variant_title: variant?.title ?? null,
  sku: variant?.sku ?? null,
  quantity,
  price: amount(variant?.price),
  line_price: linePrice,
});

export function checkoutLines(checkout: PixelCheckout): CartLineData[] {
  return (checkout.lineItems ?? []).map((item) =>
    lineFrom(item.variant, item.quantity, item.title ?? null, amount(item.finalLinePrice)),
  );
}

/**
 * Adds a line to a cart's lines: the same variant's quantity grows, a new variant is appended.
 * Lines with quantity 0 are dropped.
 */
export function addCartLine(lines: CartLineData[], added: CartLineData): CartLineData[] {
  const index = lines.findIndex((line) => line.variant_id !== null && line.variant_id === added.variant_id);
  if (index < 0) return [...lines, added].filter((line) => line.quantity > 0);
  const merged = lines.map((line, i) =>
    i === index ? { ...line, ...added, quantity: line.quantity + added.quantity } : line,
  );
  return merged.filter((line) => line.quantity > 0);
}

export const linesTotal = (lines: CartLineData[]): string =>
  lines.reduce((sum, line) => sum + Number(line.line_price ?? Number(line.price ?? 0) * line.quantity), 0).toFixed(2);

const identifiers = (values: (string | null | undefined)[]): string[] => [
  ...new Set(values.map((value) => value?.trim() ?? '').filter((value) => value !== '')),
];

/**
 * The addresses a checkout names (its e-mail, phone, SMS marketing phone, shipping and billing
 * phones), as typed. They only identify the shopper: a storefront event is not signed (its ingest
 * key is public), so its marketing checkboxes (buyerAcceptsSmsMarketing, smsMarketingPhone,
 * buyerAcceptsEmailMarketing) grant and change nothing. A ticked box's consent arrives with the
 * store's signed checkout webhook.
 */
export function checkoutIdentifiers(checkout: PixelCheckout): string[] {
  return identifiers([
    checkout.email,
    checkout.phone,
    checkout.smsMarketingPhone,
    checkout.shippingAddress?.phone,
    checkout.billingAddress?.phone,
  ]);
}

/** What one event says about the shopper's cart. */
export interface PixelCartFacts {
  /** The cart's external id: the storefront cart token, else the checkout token. */
  cartKey: string | undefined;
  /** The cart's full lines (checkout events), or undefined when the event does not list them. */
  lines?: CartLineData[];
  /** One line added (product_added_to_cart). */
  addedLine?: CartLineData;
  /** The e-mails and phones the shopper typed: they identify the cart, they carry no consent. */
  identifiers: string[];
  total?: string;
  currency?: string;
  completed: boolean;
  orderId?: string;
  /** Line count the event reports without listing the lines (BigCommerce identify). */
  lineCount?: number;
}

export function pixelCartFacts(event: PixelEvent): PixelCartFacts {
  if (event.name === BIGCOMMERCE_IDENTIFY) {
    return {
      cartKey: event.cartId,
      identifiers: identifiers([event.email, event.phone]),
      total: event.total === null || event.total === undefined ? undefined : event.total.toFixed(2),
      currency: event.currency ?? undefined,
      completed: false,
      lineCount: event.lineItemCount ?? undefined,
    };
  }
  const cartToken = event.cartToken?.trim() || undefined;
  if (event.name === 'product_added_to_cart') {
    const line = event.data.cartLine;
    return {
      cartKey: cartToken,
      addedLine: line
        ? lineFrom(line.merchandise, line.quantity, null, amount(line.cost?.totalAmount ?? null))
        : undefined,
      currency: line?.merchandise.price?.currencyCode,
      identifiers: [],
      completed: false,
    };
  }
  const { checkout } = event.data;
  return {
    cartKey: cartToken ?? (checkout.token?.trim() || undefined),
    lines: checkoutLines(checkout),
    identifiers: checkoutIdentifiers(checkout),
    total: amount(checkout.totalPrice) ?? undefined,
    currency: checkout.currencyCode ?? checkout.totalPrice?.currencyCode ?? undefined,
    completed: event.name === 'checkout_completed',
    orderId: checkout.order?.id ?? undefined,
  };
}

/**
 * The cart's next state: complete stays complete (and checkout_completed completes it); no line
 * items is `empty`; otherwise pending with a subscribed +1 phone, else no_identity. An abandoned
 * cart whose lines did not change stays abandoned.
 */
export function pixelCartState({
  current,
  lineCount,
  linesChanged,
  completed,
  usablePhone,
}: {
  current: CartState | undefined;
  lineCount: number;
  linesChanged: boolean;
  completed: boolean;
  usablePhone: boolean;
}): CartState {
  if (completed || current === 'complete') return 'complete';
  if (lineCount === 0) return 'empty';
  if (current === 'abandoned' && !linesChanged) return 'abandoned';
  return usablePhone ? 'pending' : 'no_identity';
}

/** Pixel event ids remembered on a cart, so a replayed event does not add its line twice. */
export const REMEMBERED_EVENT_IDS = 50;
