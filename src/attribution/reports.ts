/**
 * Reports on recovered orders. Every "recovered" here is the live feed rule
 * (rules.ts liveFeedRecoveredSql), so the figures agree with the live feed and with billing.
 *
 * Holdout lift: carts (and checkouts) of a brand that a workflow texted (a flow event 'started')
 * against carts held out (flow event 'holdout': the contact's group is in
 * brands.extra_data.holdout.groups). A cart converts when an order (not cancelled) is placed from
 * it (orders.cart_id, or orders.checkout_id for a checkout) within the lift window after the cart's
 * first flow event. The lift window is the brand's widest touch window (message, click, reply;
 * default 120 h), or its hard cap under code_only. A cart with both events counts as texted.
 */
import { AppError } from '../app/index.ts';
import type { Db } from '../db/index.ts';
import { liftFigures, liveFeedRecoveredSql, MIN_CARTS_FOR_LIFT, resolveAttributionSettings } from './rules.ts';

export interface Period {
  since: Date;
  until: Date;
}

/** A report's default period: the 30 days up to now. */
export function defaultPeriod(now = new Date()): Period {
  return { since: new Date(now.getTime() - 30 * 86_400_000), until: now };
}

interface BrandRow {
  id: number;
  name: string;
  attribution_type: string | null;
  attribution_rules: unknown;
  attribution_hard_cap: number | null;
  extra_data: Record<string, unknown>;
}

async function brandOf(db: Db, brandId: number): Promise<BrandRow> {
  const row = await db('brands')
    .where({ id: brandId })
    .first('id', 'name', 'attribution_type', 'attribution_rules', 'attribution_hard_cap', 'extra_data');
  if (!row) throw new AppError('not_found', 'Brand not found');
  return { ...row, id: Number(row.id), extra_data: row.extra_data ?? {} };
}

export interface RecoveredStats {
  brand_id: number;
  since: string;
  until: string;
  orders: number;
  sales: string;
  recovered_orders: number;
  recovered_sales: string;
  recovered_aov: string | null;
  recovered_share: number | null;
}

const money = (column: string, filter = ''): string => `coalesce(sum(${column})${filter}, 0)::numeric(14, 2)::text`;

/** Orders placed in the period, and those the live feed counts as recovered. */
export async function recoveredStats(
  db: Db,
  { brandId, since, until }: { brandId: number } & Period,
): Promise<RecoveredStats> {
  await brandOf(db, brandId);
  const recovered = liveFeedRecoveredSql('o');
  const row = await db('orders as o')
    .where('o.brand_id', brandId)
    .where('o.created_at', '>=', since)
    .where('o.created_at', '<', until)
    .first<{ orders: string; sales: string; recovered_orders: string; recovered_sales: string }>(
      db.raw('count(*) as orders'),
      db.raw(`${money('o.total')} as sales`),
      db.raw(`count(*) filter (where ${recovered}) as recovered_orders`),
      db.raw(`${money('o.total', ` filter (where ${recovered})`)} as recovered_sales`),
    );
  const orders = Number(row?.orders ?? 0);
  const recoveredOrders = Number(row?.recovered_orders ?? 0);
  const recoveredSales = row?.recovered_sales ?? '0.00';
  return {
    brand_id: brandId,
    since: since.toISOString(),
    until: until.toISOString(),
    orders,
    sales: row?.sales ?? '0.00',
    recovered_orders: recoveredOrders,
    recovered_sales: recoveredSales,
    recovered_aov: recoveredOrders === 0 ? null : (Number(recoveredSales) / recoveredOrders).toFixed(2),
    recovered_share: orders === 0 ? null : Math.round((recoveredOrders / orders) * 10_000) / 10_000,
  };
}

export interface LiftSide {
  carts: number;
  converted: number;
  orders: number;
  revenue: string;
  rate: number | null;
  revenue_per_cart: string | null;
}

export interface LiftStats {
  brand_id: number;
  since: string;
  until: string;
  window_hours: number;
  holdout_groups: string[];
  texted: LiftSide;
  held_out: LiftSide;
  lift: { absolute: number | null; relative: number | null };
  attributed: { orders: number; revenue: string };
  warnings: string[];
}

export async function liftStats(db: Db, { brandId, since, until }: { brandId: number } & Period): Promise<LiftStats> {
  const brand = await brandOf(db, brandId);
  const settings = resolveAttributionSettings(brand);
  const touch = Math.max(settings.windows.message, settings.windows.click, settings.windows.reply);
  const windowHours = touch > 0 ? touch : settings.hardCapDays * 24;
  const holdout = (brand.extra_data.holdout ?? {}) as { groups?: unknown };
  const groups = Array.isArray(holdout.groups) ? holdout.groups.filter((g): g is string => typeof g === 'string') : [];

  const { rows } = await db.raw<{
    rows: { texted: boolean; carts: string; converted: string; orders: string; revenue: string }[];
  }>(
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
  const side = (texted: boolean): LiftSide => {
    const r = rows.find((x) => x.texted === texted);
    const carts = Number(r?.carts ?? 0);
    const converted = Number(r?.converted ?? 0);
    const revenue = r?.revenue ?? '0.00';
    return {
      carts,
      converted,
      orders: Number(r?.orders ?? 0),
      revenue,
      rate: carts === 0 ? null : Math.round((converted / carts) * 10_000) / 10_000,
      revenue_per_cart: carts === 0 ? null : (Number(revenue) / carts).toFixed(2),
    };
  };
  const texted = side(true);
  const heldOut = side(false);
  const figures = liftFigures(texted, heldOut);

  const attributed = await db('orders as o')
    .where('o.brand_id', brandId)
    .where('o.created_at', '>=', since)
    .where('o.created_at', '<', until)
    .whereRaw(liveFeedRecoveredSql('o'))
    .first<{ orders: string; revenue: string }>(db.raw('count(*) as orders'), db.raw(`${money('o.total')} as revenue`));

  const warnings: string[] = [];
  if (heldOut.carts === 0)
    warnings.push(
      groups.length === 0
        ? 'No holdout is set: put contact groups in brands.extra_data.holdout.groups (for example ["D"]) to measure lift.'
        : 'No held-out carts in this period yet.',
    );
  else if (heldOut.carts < MIN_CARTS_FOR_LIFT || texted.carts < MIN_CARTS_FOR_LIFT)
    warnings.push(`Fewer than ${MIN_CARTS_FOR_LIFT} carts on a side: the lift is not reliable yet.`);

  return {
    brand_id: brandId,
    since: since.toISOString(),
    until: until.toISOString(),
    window_hours: windowHours,
    holdout_groups: groups,
    texted,
    held_out: heldOut,
    lift: { absolute: figures.absolute_lift, relative: figures.relative_lift },
    attributed: { orders: Number(attributed?.orders ?? 0), revenue: attributed?.revenue ?? '0.00' },
    warnings,
  };
}
