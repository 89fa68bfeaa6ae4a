/**
 * The demo rows written after the story: the extras (notifications, feedback, escalations, KB
 * cards, insights), the subscription and its recurring charges, and the times of what attribution
 * and billing wrote while the seed ran, moved back to when they would have happened.
 */
import type { Tx } from '../../db/index.ts';
import { allocateIds, insertRow, insertRows, type DemoRow } from './rows.ts';

/** Notifications, with a read mark for the user in readBy. */
export async function insertNotifications(tx: Tx, rows: (DemoRow & { readBy?: number })[]): Promise<void> {
  const ids = await allocateIds(tx, 'notifications', rows.length);
  await insertRows(
    tx,
    'notifications',
    rows.map(({ readBy: _readBy, ...row }, i) => ({ ...row, id: ids[i] })),
  );
  await insertRows(
    tx,
    'user_notifications',
    rows.flatMap((row, i) =>
      row.readBy === undefined
        ? []
        : [{ notification_id: ids[i], user_id: row.readBy, read_at: row.created_at, created_at: row.created_at }],
    ),
  );
}

/**
 * Attribution ran while the seed ran, so it stamped its rows with the current time; a recovered
 * order is decided a minute after it is placed, so its recovered_at, ledger decision, goal, goal
 * events and conversation link move to then.
 */
export async function backdateAttribution(tx: Tx, brandId: number, now: Date): Promise<void> {
  const at = `least(o.created_at + interval '1 minute', ?::timestamptz)`;
  await tx.raw(
    `update orders o set recovered_at = ${at}, updated_at = case when o.state = 'cancelled' then o.updated_at else ${at} end
      where o.brand_id = ? and o.recovered_at is not null`,
    [now, now, brandId],
  );
  await tx.raw(
    `update attribution_evidence e set decided_at = ${at} from orders o where o.id = e.order_id and e.brand_id = ?`,
    [now, brandId],
  );
  for (const table of ['workflow_goals', 'order_conversations', 'workflow_goal_state_change_events'] as const)
    await tx.raw(
      `update ${table} t set created_at = ${at} from orders o
        where o.id = t.order_id and t.brand_id = ?${table === 'workflow_goal_state_change_events' ? ` and t.state in ('converted', 'recovered')` : ''}`,
      [now, brandId],
    );
  await tx.raw(
    `update checkouts c set updated_at = ${at} from orders o where o.checkout_id = c.id and c.state = 'recovered' and c.brand_id = ?`,
    [now, brandId],
  );
}

export interface DemoSubscription {
  brandId: number;
  planId: number;
  planName: string;
  price: number;
  billingEmail: string;
  /** Activation: the first month's charge; a renewal every 30 days after. */
  activatedAt: Date;
  now: Date;
}

/**
 * An active subscription recorded on the demo brand alone: its Stripe payment source has no
 * customer id and the subscription no gateway id, so billing sync makes no remote call for it.
 * Returns its id and the start of the current period.
 */
export async function insertSubscription(tx: Tx, s: DemoSubscription): Promise<{ id: number; periodStart: Date }> {
  const sourceId = await insertRow(tx, 'subscription_payment_source', {
    brand_id: s.brandId,
    gateway: 'stripe',
    external_id: null,
    created_at: s.activatedAt,
    updated_at: s.activatedAt,
  });
  const period = 30 * 86_400_000;
  const starts: Date[] = [];
  for (let t = s.activatedAt.getTime(); t <= s.now.getTime(); t += period) starts.push(new Date(t));
  const periodStart = starts[starts.length - 1]!;
  const id = await insertRow(tx, 'subscriptions', {
    brand_id: s.brandId,
    plan_id: s.planId,
    payment_source_id: sourceId,
    status: 'active',
    billing_email: s.billingEmail,
    started_at: s.activatedAt,
    activated_at: s.activatedAt,
    last_billed_at: periodStart,
    extra_data: {
      demo: true,
      current_period_start: periodStart.toISOString(),
      current_period_end: new Date(periodStart.getTime() + period).toISOString(),
    },
    created_at: s.activatedAt,
    updated_at: periodStart,
  });
  await insertRows(
    tx,
    'subscription_charges',
    starts.map((at, i) => ({
      subscription_id: id,
      brand_id: s.brandId,
      plan_id: s.planId,
      amount: s.price,
      type: 'recurring',
      status: 'complete',
      charge_collected_at: at,
      extra_data: { description: i === 0 ? `${s.planName}: first month` : 'Monthly subscription renewal' },
      created_at: at,
      updated_at: at,
    })),
  );
  return { id, periodStart };
}

/** Usage charges of orders recovered before the period began (invoiced with the renewal). */
export async function usageChargesBefore(tx: Tx, subscriptionId: number, periodStart: Date): Promise<number[]> {
  const rows = await tx('subscription_charges as c')
    .join('orders as o', 'o.id', 'c.order_id')
    .where({ 'c.subscription_id': subscriptionId, 'c.type': 'usage' })
    .where('o.recovered_at', '<', periodStart)
    .select<{ id: string }[]>('c.id');
  return rows.map((row) => Number(row.id));
}

/** Usage charges as the hourly billing sync would have made them: created within the hour, collected at the renewal. */
export async function backdateUsageCharges(
  tx: Tx,
  subscriptionId: number,
  periodStart: Date,
  now: Date,
): Promise<void> {
  await tx.raw(
    `update subscription_charges c
        set created_at = least(o.recovered_at + interval '37 minutes', ?::timestamptz),
            updated_at = case when c.status = 'complete' then ?::timestamptz else least(o.recovered_at + interval '37 minutes', ?::timestamptz) end,
            charge_collected_at = case when c.status = 'complete' then ?::timestamptz end
       from orders o
      where o.id = c.order_id and c.subscription_id = ? and c.type = 'usage'`,
    [now, periodStart, now, periodStart, subscriptionId],
  );
}
