/**
 * Shopify Web Pixels standard events as a subscriber receives them, typed by Shopify's own
 * package (@shopify/web-pixels-extension), so the fixtures keep the documented shapes: clientId,
 * context, data, id, name, seq, timestamp, type.
 */
import { randomUUID } from 'node:crypto';
import type {
  Checkout,
  CheckoutLineItem,
  Context,
  PixelEventsCheckoutCompleted,
  PixelEventsCheckoutContactInfoSubmitted,
  PixelEventsCheckoutStarted,
  PixelEventsProductAddedToCart,
  ProductVariant,
} from '@shopify/web-pixels-extension';

const CONTEXT = {
  document: {
    characterSet: 'UTF-8',
    referrer: 'https://example-store.myshopify.com/cart',
    title: 'Checkout - Example Store',
    location: { href: 'https://example-store.myshopify.com/checkouts/cn/abc', pathname: '/checkouts/cn/abc' },
  },
  navigator: { cookieEnabled: true, language: 'en-US', languages: ['en-US'], userAgent: 'Mozilla/5.0' },
  window: { innerHeight: 800, innerWidth: 1200, origin: 'https://example-store.myshopify.com' },
} as unknown as Context;

const money = (amount: number) => ({ amount, currencyCode: 'USD' });

export function variant(id: string, price: number, title = 'Hoodie'): ProductVariant {
  return {
    id,
    image: null,
    price: money(price),
    product: {
      id: `7${id}`,
      title,
      untranslatedTitle: title,
      url: `/products/${title.toLowerCase()}`,
      vendor: 'Acme',
      type: 'Apparel',
    },
    sku: `SKU-${id}`,
    title: 'Large',
    untranslatedTitle: 'Large',
  } as unknown as ProductVariant;
}

export function lineItem(v: ProductVariant, quantity: number): CheckoutLineItem {
  return {
    discountAllocations: [],
    finalLinePrice: money((v.price?.amount ?? 0) * quantity),
    id: randomUUID(),
    properties: [],
    quantity,
    sellingPlanAllocation: null,
    title: v.product.title,
    variant: v,
  } as CheckoutLineItem;
}

export interface CheckoutFixture {
  token?: string;
  email?: string | null;
  phone?: string | null;
  smsMarketingPhone?: string | null;
  acceptsSms?: boolean;
  acceptsEmail?: boolean;
  lines?: CheckoutLineItem[];
  orderId?: string;
}

export function checkout(f: CheckoutFixture = {}): Checkout {
  const lines = f.lines ?? [];
  const total = lines.reduce((sum, line) => sum + line.finalLinePrice.amount, 0);
  return {
    attributes: [],
    billingAddress: null,
    buyerAcceptsEmailMarketing: f.acceptsEmail ?? false,
    buyerAcceptsSmsMarketing: f.acceptsSms ?? false,
    currencyCode: 'USD',
    delivery: null,
    discountApplications: [],
    discountsAmount: money(0),
    email: f.email ?? null,
    lineItems: lines,
    localization: { country: { isoCode: 'US' }, language: { isoCode: 'en' }, market: { handle: 'us', id: '1' } },
    order: f.orderId ? { id: f.orderId, customer: { id: '1', isFirstOrder: true } } : null,
    phone: f.phone ?? null,
    shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', phone: null },
    shippingLine: null,
    smsMarketingPhone: f.smsMarketingPhone ?? null,
    subtotalPrice: money(total),
    token: f.token ?? `ck_${randomUUID().replace(/-/g, '')}`,
    totalPrice: money(total),
    totalTax: money(0),
    transactions: [],
  } as unknown as Checkout;
}

let seq = 0;
const envelope = () => ({
  clientId: 'f1b2c3d4-0000-4000-8000-000000000001',
  context: CONTEXT,
  id: `sh-${randomUUID()}`,
  seq: (seq += 1),
  timestamp: new Date().toISOString(),
  type: 'standard' as PixelEventsCheckoutStarted['type'],
});

export const checkoutStarted = (c: Checkout): PixelEventsCheckoutStarted => ({
  ...envelope(),
  name: 'checkout_started',
  data: { checkout: c },
});

export const contactInfoSubmitted = (c: Checkout): PixelEventsCheckoutContactInfoSubmitted => ({
  ...envelope(),
  name: 'checkout_contact_info_submitted',
  data: { checkout: c },
});

export const checkoutCompleted = (c: Checkout): PixelEventsCheckoutCompleted => ({
  ...envelope(),
  name: 'checkout_completed',
  data: { checkout: c },
});

export const productAddedToCart = (v: ProductVariant, quantity: number): PixelEventsProductAddedToCart => ({
  ...envelope(),
  name: 'product_added_to_cart',
  data: {
    cartLine: { cost: { totalAmount: money((v.price?.amount ?? 0) * quantity) }, merchandise: v, quantity },
  },
});
