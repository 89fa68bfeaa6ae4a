/**
 * Seeding for the candidate tests: a brand with a store integration and a workflow, and carts,
 * checkouts and orders placed at chosen ages, each with its own shopper.
 */
import type { Db } from '../../src/db/index.ts';
import { createBrand, createContact, createIntegration, usPhone } from '../factories/index.ts';

type Row = Record<string, unknown>;
const MIN = 60_000;
const DAY = 86_400_000;

export const MESSAGE =
  "Hi {first_name}, it's {brand_name}. You left something in your cart: {cart_link} Use {discount_code} for {discount_value} off.";

export interface Store {
  brandId: number;
  integrationId: number;
  workflowId: number;
}

export async function seedStore(
  db: Db,
  {
    type = 'cart',
    delay = 30,
    brand = {},
    workflow = {},
    discount = true,
  }: { type?: string; delay?: number; brand?: Row; workflow?: Row; discount?: boolean } = {},
): Promise<Store> {
  const b = await createBrand(db, {
    name: 'Northwind Outfitters',
    ...brand,
    ...(brand.extra_data ? { extra_data: JSON.stringify(brand.extra_data) } : {}),
  });
  const integration = await createIntegration(db, b.id, { lookup_id: `northwind-${b.id}.myshopify.com` });
  let ruleId: number | null = null;
  if (discount) {
    const [rule] = await db('discount_rules')
      .insert({
        brand_id: b.id,
        type: 'percentage',
        value: 10,
        duration: 10,
        extra_data: JSON.stringify({ type: 'dynamic' }),
      })
      .returning('id');
    ruleId = Number(rule.id);
  }
  const [w] = await db('workflows')
    .insert({
      brand_id: b.id,
      brand_integration_id: integration.id,
      name: type === 'order' ? 'Instant Upsell' : 'Abandoned Cart',
      type,
      status: 'active',
      is_paused: false,
      delay_minutes: delay,
      message: JSON.stringify([{ type: 'paragraph', children: [{ text: MESSAGE }] }]),
      rules: JSON.stringify(
        type === 'order'
          ? { condition: 'AND', rules: [], main_rule: { field: 'order_count', operator: 'gte', value: 1 } }
          : { condition: 'AND', rules: [] },
      ),
      action: JSON.stringify(
        discount ? { type: 'discount', discount: { type: 'percentage', value: 10 } } : { type: 'message' },
      ),
      discount_rule_id: ruleId,
      ...workflow,
    })
    .returning('id');
  return { brandId: b.id, integrationId: integration.id, workflowId: Number(w.id) };
}

export interface Shopper {
  phone?: string;
  /** Days since the channel last engaged. */
  engagedDaysAgo?: number;
  group?: string;
  channelStatus?: 'subscribed' | 'unsubscribed' | 'blocked';
  noContact?: boolean;
  contactId?: number;
  firstName?: string;
}

export async function shopper(
  db: Db,
  brandId: number,
  s: Shopper,
  now: Date,
): Promise<{ contactId: number | null; channelId: number | null; phone: string | null }> {
  if (s.noContact) return { contactId: null, channelId: null, phone: null };
  if (s.contactId) return { contactId: s.contactId, channelId: null, phone: null };
  const phone = s.phone ?? usPhone();
  const { contact, channel } = await createContact(db, brandId, {
    phone,
    given_name: s.firstName ?? 'Ava',
    extra_data: JSON.stringify({ group_name: s.group ?? 'A' }),
    channel: {
      status: s.channelStatus ?? 'subscribed',
      last_engaged_at: s.engagedDaysAgo === undefined ? null : new Date(now.getTime() - s.engagedDaysAgo * DAY),
      engagement_status: s.engagedDaysAgo === undefined ? 'pending' : 'engaged',
    },
  });
  return { contactId: contact.id, channelId: channel.id, phone };
}

export interface CartSpec extends Shopper {
  /** Minutes since the cart was updated. */
  age: number;
  state?: string;
  province?: string;
}

export async function seedCart(
  db: Db,
  store: Store,
  spec: CartSpec,
  now: Date,
): Promise<{ id: number; contactId: number | null; phone: string | null }> {
  const who = await shopper(db, store.brandId, spec, now);
  const at = new Date(now.getTime() - spec.age * MIN);
  const [row] = await db('carts')
    .insert({
      brand_id: store.brandId,
      brand_integration_id: store.integrationId,
      external_id: `cart-${Math.random().toString(36).slice(2)}`,
      contact_id: who.contactId,
      state: spec.state ?? 'pending',
      total: '84.00',
      data: JSON.stringify({ line_items: [{ product_id: 8001, variant_id: 44001, quantity: 2, price: '42.00' }] }),
      extra_data: JSON.stringify({
        abandoned_checkout_url: `https://northwind.example.com/checkouts/cn/${Math.random().toString(36).slice(2)}/recover`,
      }),
      cleaned_raw_data: JSON.stringify({
        detail: { payload: { shipping_address: { province_code: spec.province ?? 'CA', country_code: 'US' } } },
      }),
      created_at: at,
      updated_at: at,
    })
    .returning('id');
  return { id: Number(row.id), contactId: who.contactId, phone: who.phone };
}

export interface OrderSpec extends Shopper {
  /** Minutes since the order was placed. */
  age: number;
  state?: string;
}

export async function seedOrder(
  db: Db,
  store: Store,
  spec: OrderSpec,
  now: Date,
): Promise<{ id: number; contactId: number | null }> {
  const who = await shopper(db, store.brandId, spec, now);
  const at = new Date(now.getTime() - spec.age * MIN);
  const [row] = await db('orders')
    .insert({
      brand_id: store.brandId,
      brand_integration_id: store.integrationId,
      external_id: `order-${Math.random().toString(36).slice(2)}`,
      number: '#1001',
      contact_id: who.contactId,
      state: spec.state ?? 'complete',
      total: '120.00',
      cleaned_raw_data: JSON.stringify({
        line_items: [{ product_id: 8001, variant_id: 44001, quantity: 1 }],
        shipping_address: { province_code: 'CA' },
      }),
      created_at: at,
      updated_at: at,
    })
    .returning('id');
  return { id: Number(row.id), contactId: who.contactId };
}

/** A past conversation of the contact (for re-engage and duplicate rules). */
export async function pastConversation(
  db: Db,
  brandId: number,
  contactId: number,
  daysAgo: number,
  now: Date,
): Promise<void> {
  await db('conversations').insert({
    brand_id: brandId,
    contact_id: contactId,
    created_at: new Date(now.getTime() - daysAgo * DAY),
  });
}

/** flow_events of a workflow as { event id: state }. */
export async function outcomesOf(db: Db, workflowId: number): Promise<Record<number, string>> {
  const rows = await db('flow_events').where({ workflow_id: workflowId }).select('event_id', 'state');
  return Object.fromEntries(rows.map((r: { event_id: string; state: string }) => [Number(r.event_id), r.state]));
}

/** Count of rows per table, to prove nothing changed. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [
    'conversations',
    'conversation_messages',
    'short_links',
    'discount_codes',
    'flow_events',
    'workflow_goal_state_change_events',
  ]) {
    const [{ n }] = await db(table).count({ n: '*' });
    out[table] = Number(n);
  }
  const states = await db('carts').select('state').count({ n: '*' }).groupBy('state');
  for (const s of states as { state: string; n: string }[]) out[`carts.${s.state}`] = Number(s.n);
  return out;
}
