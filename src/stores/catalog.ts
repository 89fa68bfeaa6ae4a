/** A connected store's products, for the CLI and the rules that name products and collections. */
import { AppError, type AppContext } from '../app/index.ts';
import { listBigCommerceProducts } from './bigcommerce/catalog.ts';
import { clientFor } from './bigcommerce/connection.ts';
import { getBrandIntegration } from './integrations/store.ts';
import { shopifyAdminFor } from './shopify/access-token.ts';
import { listProducts, type CatalogPage } from './shopify/catalog.ts';

/**
 * One page of products with their variants and collections (BigCommerce: categories). The
 * cursor is Shopify's end cursor, or BigCommerce's next page number; `page` and `totalPages`
 * come with BigCommerce pages.
 */
export type StoreCatalogPage = CatalogPage & {
  integrationId: number;
  platform: 'shopify' | 'bigcommerce';
  shop: string;
  page?: number;
  totalPages?: number;
  total?: number;
};

export async function storeProducts(
  ctx: AppContext,
  { integrationId, search, after, first }: { integrationId: number; search?: string; after?: string; first?: number },
): Promise<StoreCatalogPage> {
  const integration = await getBrandIntegration(ctx.db, integrationId);
  if (!integration) throw new AppError('not_found', 'Integration not found', { code: 'integration_not_found' });
  if (integration.slug === 'bigcommerce') {
    const client = await clientFor(ctx, integration);
    const domain = typeof integration.settings.domain === 'string' ? integration.settings.domain : null;
    const page = await listBigCommerceProducts(client, {
      search,
      after,
      first,
      storeUrl: domain ? `https://${domain}` : null,
    });
    return { ...page, integrationId, platform: 'bigcommerce', shop: client.storeHash };
  }
  if (integration.slug !== 'shopify')
    throw new AppError('invalid_input', 'Ecommerce integration not supported', { code: 'integration_not_supported' });
  const client = await shopifyAdminFor(ctx, integration);
  const page = await listProducts(client, { searchQuery: search, after, first });
  return { ...page, integrationId, platform: 'shopify', shop: client.shop };
}
