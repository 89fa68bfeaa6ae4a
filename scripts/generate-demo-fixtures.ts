/**
 * Writes fixtures/demo/*.json: the deterministic demo data set that `reclaim db seed --demo` loads.
 * Times are stored as minutes before the moment of seeding, so the demo always looks fresh.
 * Run: npx tsx scripts/generate-demo-fixtures.ts   (same output every time: a seeded PRNG)
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../fixtures/demo/', import.meta.url));

// mulberry32: small, deterministic PRNG.
let seed = 0x5eed_2026;
const random = (): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
const money = (min: number, max: number): string => (min + random() * (max - min)).toFixed(2);

const GIVEN = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Emma',
  'Ethan',
  'Olivia',
  'Lucas',
  'Sofia',
  'Mason',
  'Harper',
  'Logan',
  'Ella',
  'James',
  'Aria',
  'Ben',
  'Chloe',
  'Leo',
  'Grace',
  'Owen',
  'Zoe',
  'Jack',
  'Nora',
  'Eli',
  'Ruby',
];
const FAMILY = [
  'Garcia',
  'Smith',
  'Nguyen',
  'Johnson',
  'Brown',
  'Lee',
  'Martinez',
  'Davis',
  'Clark',
  'Lopez',
  'Walker',
  'Young',
  'King',
  'Hall',
  'Allen',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Adams',
];
// Area codes by where the shopper is; Texas and the stricter states matter for compliance.
const US_AREAS = ['212', '415', '310', '206', '617', '303', '312', '404', '503', '702', '602', '619', '718', '646'];
const TEXAS_AREAS = ['512', '214', '713', '210', '817'];
const STRICT_AREAS = ['305', '407', '405', '918', '410', '301']; // Florida, Oklahoma, Maryland
const TIMEZONES: Record<string, string> = {
  '212': 'America/New_York',
  '415': 'America/Los_Angeles',
  '310': 'America/Los_Angeles',
  '305': 'America/New_York',
  '512': 'America/Chicago',
};
const FOREIGN = ['+447700900', '+61491570', '+33612345', '+4915112345'];
const PRODUCTS = [
  { sku: 'NW-JKT-01', title: 'Ridge Rain Jacket', price: 149 },
  { sku: 'NW-FLC-02', title: 'Summit Fleece', price: 89 },
  { sku: 'NW-BTS-03', title: 'Trail Boots', price: 179 },
  { sku: 'NW-PCK-04', title: 'Daypack 24L', price: 69 },
  { sku: 'NW-SCK-05', title: 'Merino Socks (3 pack)', price: 29 },
  { sku: 'NW-CAP-06', title: 'Canyon Cap', price: 24 },
  { sku: 'NW-TEE-07', title: 'Organic Trail Tee', price: 35 },
];

const write = (name: string, data: unknown): void =>
  writeFileSync(`${out}${name}.json`, `${JSON.stringify(data, null, 2)}\n`);

write('brand', {
  tenant: { name: 'Northwind Outfitters', email: 'ops@northwind-outfitters.example', type: 'brand' },
  brand: {
    name: 'Northwind Outfitters',
    domain: 'northwind-outfitters.com',
    company_website: 'https://northwind-outfitters.com',
    support_email: 'help@northwind-outfitters.example',
    support_phone: '+14155550100',
    industry: 'apparel',
    timezone: 'America/Los_Angeles',
    re_engage_period: 30,
    extra_data: { is_direct: true, texas_compliance: false },
  },
  integration: { name: 'Shopify', slug: 'shopify', category: 'ecommerce' },
  brand_integration: {
    lookup_id: 'northwind-outfitters.myshopify.com',
    status: 'connected',
    is_enabled: true,
    settings: { domain: 'northwind-outfitters.myshopify.com', demo: true },
  },
});

const message = (text: string): unknown => [{ type: 'paragraph', children: [{ text }] }];
write('workflows', [
  {
    template: 'abandoned-cart',
    name: 'Abandoned Cart',
    type: 'checkout',
    status: 'active',
    is_paused: false,
    delay_minutes: 30,
    message: message(
      "Hi {first_name}, it's {brand_name}. You left something in your cart: {cart_link} Use {discount_code} for {discount_value} off. Reply STOP to opt out.",
    ),
    rules: { condition: 'AND', rules: [] },
    action: { type: 'discount', discount: { type: 'percentage', value: 10 } },
    discount: { type: 'percentage', value: 10, duration: 10 },
  },
  {
    template: 'upsell',
    name: 'Post Purchase',
    type: 'order',
    status: 'active',
    is_paused: false,
    delay_minutes: 4320,
    message: message(
      'Hi {first_name}, thanks for shopping with {brand_name}! Pair your order with something new: {cart_link} {discount_code} takes {discount_value} off. Reply STOP to opt out.',
    ),
    rules: { condition: 'AND', rules: [], main_rule: { field: 'order_count', operator: 'gte', value: 1 } },
    action: { type: 'discount', discount: { type: 'percentage', value: 10 } },
    discount: { type: 'percentage', value: 10, duration: 10 },
  },
  {
    template: 'replenishment',
    name: 'Replenishment',
    type: 'order',
    status: 'draft',
    is_paused: true,
    delay_minutes: 40320,
    message: message(
      'Hi {first_name}, running low? Restock your {brand_name} favourites: {cart_link} Reply STOP to opt out.',
    ),
    rules: { condition: 'AND', rules: [], main_rule: { field: 'product_ids', operator: 'in', value: ['NW-SCK-05'] } },
    action: { type: 'message' },
    discount: null,
  },
]);

const contacts = Array.from({ length: 200 }, (_, index) => {
  const n = index + 1;
  let phone: string;
  let kind = 'us';
  if (n % 20 === 0) {
    kind = 'foreign';
    phone = `${pick(FOREIGN)}${String(n).padStart(3, '0')}`;
  } else if (n % 13 === 0) {
    kind = 'texas';
    phone = `+1${pick(TEXAS_AREAS)}555${String(n).padStart(4, '0')}`;
  } else if (n % 11 === 0) {
    kind = 'strict_state';
    phone = `+1${pick(STRICT_AREAS)}555${String(n).padStart(4, '0')}`;
  } else {
    phone = `+1${pick(US_AREAS)}555${String(n).padStart(4, '0')}`;
  }
  const given = pick(GIVEN);
  const family = pick(FAMILY);
  return {
    external_id: `demo-customer-${n}`,
    given_name: given,
    family_name: family,
    email: `${given}.${family}.${n}@example.com`.toLowerCase(),
    phone,
    kind,
    group_name: (['A', 'B', 'C', 'D'] as const)[n % 4],
    sms_status: n % 17 === 0 ? 'unsubscribed' : 'subscribed',
    buyer_accepts_sms_marketing: n % 17 !== 0,
    timezone: TIMEZONES[phone.slice(2, 5)] ?? null,
  };
});
write('contacts', contacts);

const lineItems = (): unknown[] =>
  Array.from({ length: between(1, 3) }, () => {
    const product = pick(PRODUCTS);
    return {
      sku: product.sku,
      title: product.title,
      quantity: between(1, 2),
      price: product.price.toFixed(2),
      variant_id: `4${between(10000000, 99999999)}`,
    };
  });

// 300 carts over the last 48 hours; every cart state appears.
const carts = Array.from({ length: 300 }, (_, index) => {
  const n = index + 1;
  const minutesAgo = between(5, 48 * 60);
  const items = lineItems() as { quantity: number; price: string }[];
  const total = items.reduce((sum, item) => sum + item.quantity * Number(item.price), 0).toFixed(2);
  let state: string;
  if (n % 10 === 0) state = 'complete';
  else if (n % 9 === 0) state = 'no_identity';
  else if (n % 25 === 0) state = 'empty';
  else state = minutesAgo > 180 ? 'abandoned' : 'pending';
  const contact = state === 'no_identity' ? null : contacts[(n * 7) % contacts.length]!.external_id;
  return {
    external_id: `demo-checkout-${String(n).padStart(4, '0')}`,
    contact,
    state,
    total,
    minutes_ago: minutesAgo,
    line_items: items,
  };
});
write('carts', carts);

// 150 orders over the last 30 days; some complete a cart above.
const orders = Array.from({ length: 150 }, (_, index) => {
  const n = index + 1;
  const completedCart = carts.filter((cart) => cart.state === 'complete')[index];
  const state = n % 15 === 0 ? 'cancelled' : n % 8 === 0 ? 'pending' : 'complete';
  return {
    external_id: `demo-order-${5000 + n}`,
    number: `#${1000 + n}`,
    contact: completedCart?.contact ?? contacts[(n * 3) % contacts.length]!.external_id,
    cart: completedCart?.external_id ?? null,
    state,
    total: money(24, 420),
    minutes_ago: completedCart ? Math.max(1, completedCart.minutes_ago - 20) : between(60, 30 * 24 * 60),
  };
});
write('orders', orders);

// A few conversations so the CLI, panel and dashboard have something to show.
const conversations = [
  {
    cart: carts[2]!.external_id,
    workflow: 'Abandoned Cart',
    is_hidden: false,
    messages: [
      {
        direction: 'outgoing',
        status: 'sent',
        minutes_ago: 600,
        body: "Hi there, it's Northwind Outfitters. You left a Ridge Rain Jacket in your cart: https://northwind-outfitters.com/cart Use LR-7KQ2XM for 10% off. Reply STOP to opt out.",
      },
      { direction: 'incoming', status: 'received', minutes_ago: 590, body: 'Does it come in navy?' },
      {
        direction: 'outgoing',
        status: 'sent',
        minutes_ago: 585,
        body: 'It does! Navy is in stock in every size. Your code still works for 10 days.',
      },
    ],
  },
  {
    cart: carts[5]!.external_id,
    workflow: 'Abandoned Cart',
    is_hidden: true,
    messages: [
      {
        direction: 'outgoing',
        status: 'sent',
        minutes_ago: 400,
        body: "Hi, it's Northwind Outfitters. Your Trail Boots are waiting: https://northwind-outfitters.com/cart Use LR-P9D4WA for 10% off. Reply STOP to opt out.",
      },
    ],
  },
  {
    cart: carts[11]!.external_id,
    workflow: 'Abandoned Cart',
    is_hidden: false,
    messages: [
      {
        direction: 'outgoing',
        status: 'sent',
        minutes_ago: 900,
        body: "Hi, it's Northwind Outfitters. You left a Summit Fleece behind: https://northwind-outfitters.com/cart Use LR-H3MZ8C for 10% off. Reply STOP to opt out.",
      },
      { direction: 'incoming', status: 'received', minutes_ago: 880, body: 'STOP' },
      {
        direction: 'outgoing',
        status: 'sent',
        minutes_ago: 880,
        body: 'Northwind Outfitters: you are unsubscribed and will receive no more messages.',
      },
    ],
  },
  {
    cart: carts[20]!.external_id,
    workflow: 'Abandoned Cart',
    is_hidden: false,
    messages: [
      {
        direction: 'outgoing',
        status: 'sent',
        minutes_ago: 1500,
        body: "Hi, it's Northwind Outfitters. Your Daypack 24L is still in your cart: https://northwind-outfitters.com/cart Use LR-2B7RTK for 10% off. Reply STOP to opt out.",
      },
      { direction: 'incoming', status: 'received', minutes_ago: 1400, body: 'Thanks, just ordered!' },
    ],
  },
  {
    cart: carts[30]!.external_id,
    workflow: 'Abandoned Cart',
    is_hidden: true,
    messages: [
      {
        direction: 'outgoing',
        status: 'auto_queued',
        minutes_ago: 0,
        body: "Hi, it's Northwind Outfitters. Still thinking it over? https://northwind-outfitters.com/cart Reply STOP to opt out.",
      },
    ],
  },
];
write('conversations', conversations);
console.log(
  `wrote ${contacts.length} contacts, ${carts.length} carts, ${orders.length} orders, ${conversations.length} conversations to fixtures/demo/`,
);
