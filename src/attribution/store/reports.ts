/**
 * Report queries on recovered orders. "Recovered" is always the live feed rule (live-feed.ts);
 * the holdout lift reads the brand's flow events with the orders placed from their carts.
 */
import type { Handle } from '../../db/index.ts';
import { liveFeedRecoveredSql } from './live-feed.ts';

export interface ReportPeriod {
  brandId: number;
  since: Date;
  until: Date;
}

export interface BrandReportRow {
  id: number;
  name: string;
  attribution_type: string | null;
  attribution_rules: unknown;
  attribution_hard_cap: number | null;
  extra_data: Record<string, unknown>;
}

/** The brand's name and attribution settings. */
export async function brandForReports(db: Handle, brandId: number): Promise<BrandReportRow | undefined> {
  const row = await db('brands')
    .where({ id: brandId })
    .first('id', 'name', 'attribution_type', 'attribution_rules', 'attribution_hard_cap', 'extra_data');
  return row ? { ...row, id: Number(row.id), extra_data: row.extra_data ?? {} } : undefined;
}

const money = (column: string, filter = ''): string => `coalesce(sum(${column})${filter}, 0)::numeric(14, 2)::text`;

/** Orders placed in the period and those the live feed counts as recovered: counts, and sums as money text. */
export async function orderTotals(
  db: Handle,
  { brandId, since, until }: ReportPeriod,
): Promise<{ orders: string; sales: string; recovered_orders: string; recovered_sales: string } | undefined> {
  const recovered = liveFeedRecoveredSql('o');
  return db('orders as o')
    .where('o.brand_id', brandId)
    .where('o.created_at', '>=', since)
    .where('o.created_at', '<', until)
    .first<{ orders: string; sales: string; recovered_orders: string; recovered_sales: string }>(
      db.raw('count(*) as orders'),
      db.raw(`${money('o.total')} as sales`),
      db.raw(`count(*) filter (where ${recovered}) as recovered_orders`),
      db.raw(`${money('o.total', ` filter (where ${recovered})`)} as recovered_sales`),
    );
}

export interface LiftRow {
  texted: boolean;
  carts: string;
  converted: string;
  orders: string;
  revenue: string;
}

/**
 * Carts (and checkouts) with a flow event 'started' (texted) or 'holdout' in the period, one row
 * per side: how many, how many converted (an order, not cancelled, from the cart or checkout
 * within windowHours of its first flow event), their orders and revenue. A cart with both events
 * counts as texted.
 */
export async function liftRows(
  db: Handle,
  { brandId, since, until, windowHours }: ReportPeriod & { windowHours: number },
): Promise<LiftRow[]> {
  const { rows } = await db.raw<{ rows: LiftRow[] }>(
    `with events as (
       select fe.state, fe.created_at,
              case when fe.event_type = 'cart' then fe.event_id else ck.cart_id end as cart_id,
              case when fe.event_type = 'checkout' then fe.event_id end as checkout_id
         from flow_events fe
         left join checkouts ck on fe.event_type = 'checkout' and ck.id = fe.event_id and ck.brand_id = fe.brand_id
        where fe.brand_id = :brandId and fe.event_type in ('cart', 'checkout') and fe.state in ('started', 'holdout')
          and fe.created_at >= :since and fe.created_at < :until
     ), units as (
       select coalesce('cart:' || cart_id, 'checkout:' || checkout_id) as unit, bool_or(state = 'started') as texted,
              min(created_at) as at, max(cart_id) as cart_id, max(checkout_id) as checkout_id
         from events group by 1
     )
     select u.texted, count(*) as carts, count(*) filter (where p.orders > 0) as converted,
            coalesce(sum(p.orders), 0) as orders, ${money('p.revenue')} as revenue
       from units u
       cross join lateral (
         select count(*) as orders, coalesce(sum(o.total), 0) as revenue
           from orders o
          where o.brand_id = :brandId and o.state <> 'cancelled'
            and (o.cart_id = u.cart_id or o.checkout_id = u.checkout_id)
            and o.created_at >= u.at and o.created_at <= u.at + make_interval(hours => :windowHours)
       ) p
      group by u.texted`,
    { brandId, since, until, windowHours },
  );
  return rows;
}

/** Orders placed in the period that the live feed counts as recovered: count and revenue as money text. */
export async function attributedTotals(
  db: Handle,
  { brandId, since, until }: ReportPeriod,
): Promise<{ orders: string; revenue: string } | undefined> {
  return db('orders as o')
    .where('o.brand_id', brandId)
    .where('o.created_at', '>=', since)
    .where('o.created_at', '<', until)
    .whereRaw(liveFeedRecoveredSql('o'))
    .first<{ orders: string; revenue: string }>(db.raw('count(*) as orders'), db.raw(`${money('o.total')} as revenue`));
}
