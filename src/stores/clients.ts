/** The store platforms' API clients for other domains: one client per connected integration. */
import type { AppContext } from '../app/index.ts';
import type { BrandIntegration } from './integrations/store.ts';
import type { BigCommerceClient } from './bigcommerce/client.ts';
import { clientFor } from './bigcommerce/connection.ts';
import { shopifyAdminFor } from './shopify/access-token.ts';
import type { RetryPolicy, ShopifyAdminClient } from './shopify/client.ts';

export interface StoreClients {
  /** The Admin client of a Shopify integration, its access token refreshed first when it is about to expire. */
  shopify(integration: BrandIntegration, retry?: Partial<RetryPolicy>): Promise<ShopifyAdminClient>;
  /** The API client of a BigCommerce integration ('Store hash not found' / 'Access token not found'). */
  bigcommerce(integration: BrandIntegration): Promise<BigCommerceClient>;
}

declare module '../app/index.ts' {
  interface Clients {
    /** Shopify and BigCommerce clients per integration. */
    stores: StoreClients;
  }
}

/** The store clients of one context: each call builds a client on the integration's current credentials. */
export function createStoreClients(ctx: AppContext): StoreClients {
  return {
    shopify: (integration, retry) => shopifyAdminFor(ctx, integration, retry),
    bigcommerce: (integration) => clientFor(ctx, integration),
  };
}
