import type { Db, Tx } from '../db/index.ts';

/**
 * A store told us the brand can no longer be billed through it (app uninstalled, shop frozen,
 * cancelled, dormant or fraudulent). Billing cancels the subscription when it processes these.
 */
export async function recordBillingCancelEvent(
  db: Db | Tx,
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

export async function listBillingEvents(
  db: Db | Tx,
  brandId: number,
): Promise<
  {
    id: number;
    type: string;
    reason: string | null;
    source: string | null;
    created_at: Date;
    processed_at: Date | null;
  }[]
> {
  const rows = await db('billing_events')
    .where({ brand_id: brandId })
    .orderBy('id')
    .select('id', 'type', 'reason', 'source', 'created_at', 'processed_at');
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
