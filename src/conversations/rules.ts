/** Pure rules of the inbox's shopper data: how a shopper is named in a lookup, line items in words. */

/**
 * The username a contact lookup uses (spec 3 section 5): a phone without a leading '+' gets one
 * ("14155550101" -> "+14155550101"); spaces, dots, dashes and parentheses are dropped. An e-mail
 * address is lower-cased.
 */
export function lookupUsername(value: string): string {
  const text = value.trim();
  if (text.includes('@')) return text.toLowerCase();
  const compact = text.replace(/[\s().-]/g, '');
  return compact.startsWith('+') ? compact : `+${compact}`;
}

export interface LineItem {
  title: string;
  variant: string | null;
  sku: string | null;
  quantity: number;
  /** Unit price as the store gave it (a decimal string), when known. */
  price: string | null;
}

type Raw = Record<string, unknown>;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null;

/**
 * Line items of a stored cart, checkout or order in one shape, whatever the platform wrote:
 * Shopify's (title, variant_title, sku, quantity, price) and BigCommerce's (name, sku, quantity,
 * sale_price / list_price / price_inc_tax; a cart's physical_items and digital_items). Anything
 * else gives no items.
 */
export function lineItemsOf(raw: unknown): LineItem[] {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const groups = raw as Raw;
    return [...lineItemsOf(groups.physical_items), ...lineItemsOf(groups.digital_items)];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item): LineItem[] => {
    if (!item || typeof item !== 'object') return [];
    const i = item as Raw;
    const title = text(i.title) ?? text(i.name) ?? text(i.product_title);
    if (!title) return [];
    const quantity = Number(i.quantity ?? 1);
    return [
      {
        title,
        variant: text(i.variant_title),
        sku: text(i.sku),
        quantity: Number.isFinite(quantity) ? quantity : 1,
        price: text(i.price) ?? text(i.sale_price) ?? text(i.list_price) ?? text(i.price_inc_tax),
      },
    ];
  });
}
