/**
 * Store cancelled: the app was uninstalled (Shopify app/uninstalled, the BigCommerce uninstall
 * callback) or the shop's plan became cancelled, dormant, frozen or fraudulent (Shopify
 * shop/update). A billing cancel event is recorded in the store's own transaction, so the store
 * is never disconnected without it; billing cancels the subscription when it processes its events.
 * In the same transaction the brand's tenant is notified (the merchant is the one who can
 * reinstall), once per install of the store and reason: a replayed uninstall raises nothing new.
 */
import { recordBillingCancelEvent } from '../billing/index.ts';
import type { Tx } from '../db/index.ts';
import { raiseStoreDisconnected } from '../notifications/index.ts';
import { getBrandIntegration, type StoreCancellation } from '../stores/index.ts';

export async function storeCancelled(tx: Tx, cancellation: StoreCancellation): Promise<void> {
  await recordBillingCancelEvent(tx, {
    brandId: cancellation.brandId,
    reason: cancellation.reason,
    source: cancellation.source,
    extra: cancellation.extra,
  });
  const integration = await getBrandIntegration(tx, cancellation.brandIntegrationId);
  const installedAt = integration?.settings.installed_at;
  const shop = cancellation.extra.shop;
  await raiseStoreDisconnected(tx, {
    brandId: cancellation.brandId,
    brandIntegrationId: cancellation.brandIntegrationId,
    platform: cancellation.source,
    reason: cancellation.reason,
    installedAt: typeof installedAt === 'string' ? installedAt : null,
    shop: typeof shop === 'string' ? shop : null,
  });
}
