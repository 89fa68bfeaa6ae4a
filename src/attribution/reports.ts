/**
 * Reports on recovered orders. Every "recovered" here is the live feed rule
 * (store/live-feed.ts), so the figures agree with the live feed and with billing.
 *
 * Holdout lift: carts (and checkouts) of a brand that a workflow texted (a flow event 'started')
 * against carts held out (flow event 'holdout': the contact's group is in
 * brands.extra_data.holdout.groups). A cart converts when an order (not cancelled) is placed from
 * it (orders.cart_id, or orders.checkout_id for a checkout) within the lift window after the cart's
 * first flow event. The lift window is the brand's widest touch window (message, click, reply;
 * default 120 h), or its hard cap under code_only. A cart with both events counts as texted.
 */
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { liftFigures, MIN_CARTS_FOR_LIFT, resolveAttributionSettings } from './rules.ts';
import { attributedTotals, brandForReports, liftRows, orderTotals, type BrandReportRow } from './store/reports.ts';

export interface Period {
  since: Date;
  until: Date;
}

/** A report's default period: the 30 days up to now. */
export function defaultPeriod(now = new Date()): Period {
  return { since: new Date(now.getTime() - 30 * 86_400_000), until: now };
}

async function brandOf(db: Handle, brandId: number): Promise<BrandReportRow> {
  const brand = await brandForReports(db, brandId);
  if (!brand) throw new AppError('not_found', 'Brand not found');
  return brand;
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

/** Orders placed in the period, and those the live feed counts as recovered. */
export async function recoveredStats(
  db: Handle,
  { brandId, since, until }: { brandId: number } & Period,
): Promise<RecoveredStats> {
  await brandOf(db, brandId);
  const row = await orderTotals(db, { brandId, since, until });
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

export async function liftStats(
  db: Handle,
  { brandId, since, until }: { brandId: number } & Period,
): Promise<LiftStats> {
  const brand = await brandOf(db, brandId);
  const settings = resolveAttributionSettings(brand);
  const touch = Math.max(settings.windows.message, settings.windows.click, settings.windows.reply);
  const windowHours = touch > 0 ? touch : settings.hardCapDays * 24;
  const holdout = (brand.extra_data.holdout ?? {}) as { groups?: unknown };
  const groups = Array.isArray(holdout.groups) ? holdout.groups.filter((g): g is string => typeof g === 'string') : [];

  const rows = await liftRows(db, { brandId, since, until, windowHours });
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

  const attributed = await attributedTotals(db, { brandId, since, until });

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

export interface AttributionSettingsView {
  type: string;
  hard_cap_days: number;
  /** Hours before an order each kind of evidence counts; 0 = not counted. */
  windows: { message: number; click: number; reply: number; discount_code: number };
  /** Contact groups never texted, so the lift compares (brands.extra_data.holdout.groups). */
  holdout_groups: string[];
  warnings: string[];
}

/** The brand's attribution settings as they apply (defaults filled in) and its holdout groups. */
export async function attributionSettingsView(db: Handle, brandId: number): Promise<AttributionSettingsView> {
  const brand = await brandOf(db, brandId);
  const settings = resolveAttributionSettings(brand);
  const holdout = (brand.extra_data.holdout ?? {}) as { groups?: unknown };
  const groups = Array.isArray(holdout.groups)
    ? holdout.groups.filter((g): g is string => typeof g === 'string' && g.trim() !== '').map((g) => g.trim())
    : [];
  return {
    type: settings.type,
    hard_cap_days: settings.hardCapDays,
    windows: settings.windows,
    holdout_groups: groups,
    warnings: settings.warnings,
  };
}
