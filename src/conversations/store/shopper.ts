/**
 * SQL of a shopper's store data shown beside a conversation: the contact behind a number or a
 * Front conversation id, their orders, and a cart or checkout with its order. Reads the stores'
 * tables (carts, checkouts, orders) in joins; writes nothing.
 */
import type { Handle } from '../../db/index.ts';

type Row = Record<string, unknown>;

export interface ContactRef {
  id: number;
  given_name: string | null;
  family_name: string | null;
}

const contactRef = (row: Row): ContactRef => ({
  id: Number(row.id),
  given_name: (row.given_name as string | null) ?? null,
  family_name: (row.family_name as string | null) ?? null,
});

/** The brand's contact with this channel username. */
export async function contactByUsername(
  db: Handle,
  { brandId, username }: { brandId: number; username: string },
): Promise<ContactRef | undefined> {
  const row = await db('contact_channels as ch')
    .join('contacts as ct', 'ct.id', 'ch.contact_id')
    .where({ 'ch.brand_id': brandId, 'ch.username': username })
    .first('ct.id', 'ct.given_name', 'ct.family_name');
  return row ? contactRef(row) : undefined;
}

/** The contact of the brand's latest conversation with this Front id (extra_data.front_id). */
export async function contactByFrontId(
  db: Handle,
  { brandId, frontId }: { brandId: number; frontId: string },
): Promise<ContactRef | undefined> {
  const row = await db('conversations as c')
    .join('contacts as ct', 'ct.id', 'c.contact_id')
    .where('c.brand_id', brandId)
    .whereRaw(`c.extra_data->>'front_id' = ?`, [frontId])
    .orderBy([
      { column: 'c.created_at', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])
    .first('ct.id', 'ct.given_name', 'ct.family_name');
  return row ? contactRef(row) : undefined;
}

export interface OrderRow {
  id: number;
  external_id: string;
  number: string | null;
  state: string;
  total: string;
  currency: string;
  billing_status: string | null;
  recovered_at: string | null;
  workflow_id: number | null;
  discount_codes: string[];
  conversation_ids: number[];
  /** Raw line items as stored (see rules.lineItemsOf). */
  raw_line_items: unknown;
  created_at: string;
}

const ORDER_COLUMNS = `o.id, o.external_id, o.number, o.state, o.total, o.currency, o.billing_status, o.recovered_at,
  o.workflow_id, o.discount_codes, o.created_at,
  coalesce(o.cleaned_raw_data->'line_items', o.cleaned_raw_data #> '{detail,payload,line_items}') as raw_line_items,
  coalesce((select array_agg(oc.conversation_id order by oc.conversation_id) from order_conversations oc where oc.order_id = o.id), '{}') as conversation_ids`;

const orderRow = (row: Row): OrderRow => ({
  id: Number(row.id),
  external_id: String(row.external_id),
  number: (row.number as string | null) ?? null,
  state: String(row.state),
  total: String(row.total),
  currency: String(row.currency),
  billing_status: (row.billing_status as string | null) ?? null,
  recovered_at: row.recovered_at ? (row.recovered_at as Date).toISOString() : null,
  workflow_id: row.workflow_id === null ? null : Number(row.workflow_id),
  discount_codes: (row.discount_codes as string[] | null) ?? [],
  conversation_ids: ((row.conversation_ids as Array<string | number> | null) ?? []).map(Number),
  raw_line_items: row.raw_line_items ?? null,
  created_at: (row.created_at as Date).toISOString(),
});

/** A page of the contact's orders, newest first, and how many there are. */
export async function ordersOfContact(
  db: Handle,
  { brandId, contactId, offset, limit }: { brandId: number; contactId: number; offset: number; limit: number },
): Promise<{ items: OrderRow[]; total: number }> {
  const { rows } = await db.raw<{ rows: Row[] }>(
    `select ${ORDER_COLUMNS}, count(*) over () as total_count
       from orders o where o.brand_id = ? and o.contact_id = ?
      order by o.created_at desc, o.id desc offset ? limit ?`,
    [brandId, contactId, offset, limit],
  );
  const total =
    rows.length > 0
      ? Number(rows[0]!.total_count)
      : Number(
          (
            await db('orders').where({ brand_id: brandId, contact_id: contactId }).count<{ n: string }[]>({ n: '*' })
          )[0]!.n,
        );
  return { items: rows.map(orderRow), total };
}

export interface OrderTotals {
  currency: string;
  orders: number;
  /** Sum of complete orders' totals. */
  spent: string;
  first_order_at: string | null;
  last_order_at: string | null;
}

/** The contact's orders summed per currency (cancelled ones counted apart, not spent). */
export async function orderTotalsOfContact(
  db: Handle,
  { brandId, contactId }: { brandId: number; contactId: number },
): Promise<Array<OrderTotals & { cancelled: number }>> {
  const { rows } = await db.raw<{ rows: Row[] }>(
    `select currency, count(*) as orders, coalesce(sum(total) filter (where state = 'complete'), 0)::numeric(12,2) as spent,
            count(*) filter (where state = 'cancelled') as cancelled, min(created_at) as first_at, max(created_at) as last_at
       from orders where brand_id = ? and contact_id = ? group by currency order by currency`,
    [brandId, contactId],
  );
  return rows.map((r) => ({
    currency: String(r.currency),
    orders: Number(r.orders),
    spent: String(r.spent),
    cancelled: Number(r.cancelled),
    first_order_at: r.first_at ? (r.first_at as Date).toISOString() : null,
    last_order_at: r.last_at ? (r.last_at as Date).toISOString() : null,
  }));
}

export interface CheckoutRow {
  id: number;
  external_id: string;
  cart_id: number | null;
  state: string;
  total_price: string;
  currency: string | null;
  abandoned_checkout_url: string | null;
  is_historical: boolean;
  raw_line_items: unknown;
  created_at: string;
  updated_at: string;
}

export interface CartRow {
  id: number;
  external_id: string;
  state: string;
  total: string;
  currency: string;
  raw_line_items: unknown;
  created_at: string;
  updated_at: string;
}

const iso = (value: unknown): string => (value as Date).toISOString();

const checkoutRow = (r: Row): CheckoutRow => ({
  id: Number(r.id),
  external_id: String(r.external_id),
  cart_id: r.cart_id === null ? null : Number(r.cart_id),
  state: String(r.state),
  total_price: String(r.total_price),
  currency: (r.currency as string | null) ?? null,
  abandoned_checkout_url: (r.abandoned_checkout_url as string | null) ?? null,
  is_historical: Boolean(r.is_historical),
  raw_line_items: r.raw_line_items ?? null,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const cartRow = (r: Row): CartRow => ({
  id: Number(r.id),
  external_id: String(r.external_id),
  state: String(r.state),
  total: String(r.total),
  currency: String(r.currency),
  raw_line_items: r.raw_line_items ?? null,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const CHECKOUT_COLUMNS = [
  'id',
  'external_id',
  'cart_id',
  'state',
  'total_price',
  'abandoned_checkout_url',
  'is_historical',
  'created_at',
  'updated_at',
];

/** The brand's checkout (by id, or the latest of a cart). */
export async function findCheckout(
  db: Handle,
  { brandId, id, cartId }: { brandId: number; id?: number; cartId?: number },
): Promise<CheckoutRow | undefined> {
  const query = db('checkouts')
    .where({ brand_id: brandId })
    .select([
      ...CHECKOUT_COLUMNS,
      db.raw(`checkout_details->>'currency' as currency`),
      db.raw(`checkout_details->'line_items' as raw_line_items`),
    ])
    .orderBy([
      { column: 'updated_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first();
  if (id !== undefined) void query.where({ id });
  if (cartId !== undefined) void query.where({ cart_id: cartId });
  const row = (await query) as Row | undefined;
  return row ? checkoutRow(row) : undefined;
}

export async function findCart(
  db: Handle,
  { brandId, id }: { brandId: number; id: number },
): Promise<CartRow | undefined> {
  const row = (await db('carts')
    .where({ brand_id: brandId, id })
    .first([
      'id',
      'external_id',
      'state',
      'total',
      'currency',
      'created_at',
      'updated_at',
      db.raw(`coalesce(data->'line_items', cleaned_raw_data #> '{detail,payload,line_items}') as raw_line_items`),
    ])) as Row | undefined;
  return row ? cartRow(row) : undefined;
}

/** The brand's latest order placed from this checkout or cart. */
export async function orderFrom(
  db: Handle,
  { brandId, checkoutId, cartId }: { brandId: number; checkoutId?: number; cartId?: number },
): Promise<OrderRow | undefined> {
  if (checkoutId === undefined && cartId === undefined) return undefined;
  const { rows } = await db.raw<{ rows: Row[] }>(
    `select ${ORDER_COLUMNS} from orders o
      where o.brand_id = ? and (o.checkout_id = ? or o.cart_id = ?)
      order by o.created_at desc, o.id desc limit 1`,
    [brandId, checkoutId ?? null, cartId ?? null],
  );
  return rows[0] ? orderRow(rows[0]) : undefined;
}
