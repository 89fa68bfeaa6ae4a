/** Billable orders for the billing tests. */
import type { TestDatabaseHandle } from '../helpers/db.ts';

/** `billableOrder`: a complete, recovered, billable order; external ids and numbers count up from `after`. */
export function billableOrders(t: TestDatabaseHandle, after: number) {
  let orderSeq = after;
  return async function billableOrder(brandId: number, integrationId: number, total: string): Promise<number> {
    orderSeq += 1;
    const [row] = await t
      .db('orders')
      .insert({
        brand_id: brandId,
        brand_integration_id: integrationId,
        external_id: String(orderSeq),
        number: `#${orderSeq}`,
        state: 'complete',
        total,
        billing_status: 'billable',
        recovered_at: new Date(),
      })
      .returning('id');
    return Number(row.id);
  };
}
