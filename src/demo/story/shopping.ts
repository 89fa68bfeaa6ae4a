/**
 * When the demo's shoppers shop: each shopper's visits (a cart, and a checkout for checkout
 * flows), each buyer's orders, and what is in the cart. Every visit and order has a stable key and
 * its own generator, so what happens to one never depends on the order the story handles them in.
 */
import { shopifyCartLink, shopifyCheckoutLink } from '../../stores/index.ts';
import { CATALOGS } from './catalog.ts';
import { DAY_MS, MINUTE_MS, Rng } from './random.ts';
import type { LineItem, StoryContact } from './types.ts';

/** A generator of its own for a key, derived from the brand's seed (FNV-1a of the key). */
export function rngFor(seed: number, key: string): Rng {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return new Rng((seed ^ hash) >>> 0);
}

export interface Visit {
  key: string;
  contact: number | null;
  at: Date;
  lineItems: LineItem[];
  total: string;
  cartToken: string;
  checkoutToken: string;
  rng: Rng;
}

export interface PlannedOrder {
  key: string;
  contact: number;
  at: Date;
  lineItems: LineItem[];
}

const HEX = '0123456789abcdef';

/** One to three products, quantities of one or two. */
export function lineItems(rng: Rng, catalog: string, count = rng.int(1, 3)): LineItem[] {
  const products = CATALOGS[catalog]!;
  return Array.from({ length: count }, () => {
    const product = rng.pick(products);
    const variant = rng.pick(product.variants);
    const quantity = rng.chance(0.8) ? 1 : 2;
    return {
      product_id: product.productId,
      variant_id: `${product.productId}${String(product.variants.indexOf(variant) + 1).padStart(2, '0')}`,
      sku: `${product.sku}-${variant.replace(/\W+/g, '').toUpperCase()}`,
      title: product.title,
      variant_title: variant,
      quantity,
      price: product.price.toFixed(2),
      line_price: (product.price * quantity).toFixed(2),
    };
  });
}

export const totalOf = (items: LineItem[]): string =>
  items.reduce((sum, item) => sum + Number(item.line_price), 0).toFixed(2);

function visit(seed: number, key: string, contact: number | null, at: Date, catalog: string): Visit {
  const rng = rngFor(seed, key);
  const items = lineItems(rng, catalog);
  return {
    key,
    contact,
    at,
    lineItems: items,
    total: totalOf(items),
    cartToken: rng.chars(32, HEX),
    checkoutToken: rng.chars(32, HEX),
    rng,
  };
}

/** The checkout's recovery link and the cart permalink, as Shopify gives them. */
export const checkoutUrl = (site: string, v: Visit): string =>
  `${shopifyCheckoutLink(site, v.cartToken)}/recover?key=${v.checkoutToken.slice(0, 16)}`;
export const cartUrl = (site: string, items: LineItem[]): string =>
  shopifyCartLink(
    site,
    items.map((item) => ({ variantId: item.variant_id, quantity: item.quantity })),
  );

export interface ShoppingSpec {
  seed: number;
  catalog: string;
  now: Date;
  /** Minutes before now of the newest visits, one per fresh contact. */
  freshMinutesAgo: readonly number[];
}

/**
 * Shoppers visit one to three times, at least 10 days apart (so nothing one visit leads to can
 * count as evidence for the next); buyers order once or twice, as far apart; fresh contacts visit
 * once, minutes ago.
 */
export function planShopping(
  spec: ShoppingSpec,
  contacts: StoryContact[],
): { visits: Visit[]; orders: PlannedOrder[] } {
  const visits: Visit[] = [];
  const orders: PlannedOrder[] = [];
  const { now } = spec;
  let fresh = 0;
  contacts.forEach((contact, index) => {
    const rng = rngFor(spec.seed, `plan:${index}`);
    if (contact.role === 'fresh') {
      const minutes = spec.freshMinutesAgo[fresh++] ?? 45;
      visits.push(
        visit(spec.seed, `fresh:${index}`, index, new Date(now.getTime() - minutes * MINUTE_MS), spec.catalog),
      );
      return;
    }
    const draw = rng.next();
    const count = draw < 0.68 ? 1 : draw < 0.92 ? 2 : 3;
    const gaps = Array.from({ length: count - 1 }, () => rng.int(10 * 24 * 60, 13 * 24 * 60) * MINUTE_MS);
    const span = gaps.reduce((sum, gap) => sum + gap, 0);
    const earliest = now.getTime() - 29.8 * DAY_MS;
    const latest = now.getTime() - 10 * MINUTE_MS - span;
    const start = earliest + Math.floor((rng.next() * (latest - earliest)) / MINUTE_MS) * MINUTE_MS;
    const usable = [start, ...gaps.map((_, i) => start + gaps.slice(0, i + 1).reduce((sum, gap) => sum + gap, 0))];
    if (contact.role === 'shopper')
      usable.forEach((t, i) => visits.push(visit(spec.seed, `visit:${index}:${i}`, index, new Date(t), spec.catalog)));
    else
      usable.slice(0, 2).forEach((t, i) =>
        orders.push({
          key: `buy:${index}:${i}`,
          contact: index,
          at: new Date(t),
          lineItems: lineItems(rngFor(spec.seed, `buy:${index}:${i}`), spec.catalog),
        }),
      );
  });
  return { visits, orders };
}

/** Carts of shoppers the store could not identify, and carts emptied again. */
export function strayCarts(
  spec: ShoppingSpec,
  counts: { anonymous: number; emptied: number },
): { visit: Visit; emptied: boolean }[] {
  const out: { visit: Visit; emptied: boolean }[] = [];
  const rng = rngFor(spec.seed, 'stray');
  for (let i = 0; i < counts.anonymous + counts.emptied; i += 1) {
    const at = new Date(spec.now.getTime() - rng.int(20, Math.round(29.9 * 24 * 60)) * MINUTE_MS);
    out.push({ visit: visit(spec.seed, `stray:${i}`, null, at, spec.catalog), emptied: i >= counts.anonymous });
  }
  return out;
}
