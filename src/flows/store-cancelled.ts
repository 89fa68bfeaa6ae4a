/**
 * Store cancelled: the app was uninstalled (Shopify app/uninstalled, the BigCommerce uninstall
 * callback) or the shop's plan became cancelled, dormant, frozen or fraudulent (Shopify
 * shop/update). A billing cancel event is recorded in the store's own transaction, so the store
 * is never disconnected without it; billing cancels the subscription when it processes its events.
 */
import { recordBillingCancelEvent } from '../billing/index.ts';
import type { Tx } from '../db/index.ts';
import type { StoreCancellation } from '../stores/index.ts';

export async function storeCancelled(tx: Tx, cancellation: StoreCancellation): Promise<void> {
  await recordBillingCancelEvent(tx, {
    brandId: cancellation.brandId,
    reason: cancellation.reason,
    source: cancellation.source,
    extra: cancellation.extra,
  });
}
