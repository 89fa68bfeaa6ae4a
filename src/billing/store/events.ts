/** Billing SQL: the billing events stores record (a brand that can no longer be billed through its store). */
import type { Handle } from '../../db/index.ts';

/**
 * A store told us the brand can no longer be billed through it (app uninstalled, shop frozen,
 * cancelled, dormant or fraudulent). Billing cancels the subscription when it processes these.
 */
export async function recordBillingCancelEvent(
  db: Handle,
  {
    brandId,
    reason,
    source,
    extra = {},
  }: { brandId: number; reason: string; source: string; extra?: Record<string, unknown> },
): Promise<number> {
  const [row] = await db('billing_events')
    .insert({ brand_id: brandId, type: 'cancel_subscription', reason, source, extra_data: extra })
    .returning<{ id: string }[]>('id');
  return Number(row!.id);
}

export interface CancelEvent {
  id: number;
  brand_id: number;
  reason: string | null;
  source: string | null;
}

/** Cancel events not processed yet (optionally of one brand), oldest first. */
export async function pendingCancelEvents(db: Handle, { brandId }: { brandId?: number } = {}): Promise<CancelEvent[]> {
  const query = db('billing_events').whereNull('processed_at').where({ type: 'cancel_subscription' }).orderBy('id');
  if (brandId !== undefined) query.where({ brand_id: brandId });
  const rows = await query.select<{ id: string; brand_id: string; reason: string | null; source: string | null }[]>(
    'id',
    'brand_id',
    'reason',
    'source',
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), brand_id: Number(row.brand_id) }));
}

export async function markEventProcessed(db: Handle, id: number): Promise<void> {
  await db('billing_events').where({ id }).update({ processed_at: db.fn.now() });
}
