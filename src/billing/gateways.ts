/**
 * What billing needs from the outside for one brand: the Stripe client, the brand's Shopify Admin
 * client (app billing runs on the shop's own token), the brand row. Shared by the services here.
 */
import { AppError, type AppContext } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { getBrandIntegration, type ShopifyAdminClient } from '../stores/index.ts';
import type { StripeClient } from './stripe.ts';
import { BILLING_ERRORS } from './rules.ts';
import { findBrand, type BrandRow } from './store/subscriptions.ts';

declare module '../app/index.ts' {
  interface Clients {
    /** The Stripe client for STRIPE_SECRET_KEY and STRIPE_API_BASE_URL (createStripeClient). */
    stripe: StripeClient;
  }
}

export async function requireBrand(db: Handle, id: number): Promise<BrandRow> {
  const brand = await findBrand(db, id);
  if (!brand) throw new AppError('not_found', BILLING_ERRORS.brandNotFound, { code: 'brand_not_found' });
  return brand;
}

/** The Admin client of the shop a Shopify payment source bills through ('Invalid Payment Source' when it is gone). */
export async function shopifyBillingClient(
  ctx: AppContext,
  integrationId: number | string | null | undefined,
): Promise<ShopifyAdminClient> {
  const integration = integrationId ? await getBrandIntegration(ctx.db, Number(integrationId)) : undefined;
  if (!integration || integration.slug !== 'shopify')
    throw new AppError('invalid_input', BILLING_ERRORS.invalidPaymentSource, {
      code: 'invalid_payment_source',
      details: { reason: 'no Shopify store behind this payment source' },
    });
  return ctx.clients.stores.shopify(integration);
}
