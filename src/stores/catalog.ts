/** A connected store's products, for the CLI and the rules that name products and collections. */
import { AppError, type AppContext } from '../app/index.ts';
import { getBrandIntegration } from './integrations/store.ts';
import { shopifyAdminFor } from './shopify/access-token.ts';
import { listProducts, type CatalogPage } from './shopify/catalog.ts';

export async function storeProducts(
  ctx: AppContext,
  { integrationId, search, after, first }: { integrationId: number; search?: string; after?: string; first?: number },
): Promise<CatalogPage & { integrationId: number; shop: string }> {
  const integration = await getBrandIntegration(ctx.db, integrationId);
  if (!integration) throw new AppError('not_found', 'Integration not found', { code: 'integration_not_found' });
  if (integration.slug !== 'shopify')
    throw new AppError('invalid_input', 'Ecommerce integration not supported', { code: 'integration_not_supported' });
  const client = await shopifyAdminFor(ctx, integration);
  const page = await listProducts(client, { searchQuery: search, after, first });
  return { ...page, integrationId, shop: client.shop };
}
