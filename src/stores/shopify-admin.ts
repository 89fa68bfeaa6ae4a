/**
 * A connected Shopify store's Admin surface for the CLI and the rules: script tags (vintage themes
 * only), an order by id or name, and a discount code by its code. Each resolves the integration
 * ('Integration not found'; 'Ecommerce integration not supported' for another platform).
 */
import { AppError, type AppContext } from '../app/index.ts';
import { getBrandIntegration, type BrandIntegration } from './integrations/store.ts';
import { shopifyAdminFor } from './shopify/access-token.ts';
import { getOrder, type OrderInfo } from './shopify/admin.ts';
import type { ShopifyAdminClient } from './shopify/client.ts';
import { findDiscountByCode, type ShopifyDiscountInfo } from './shopify/discount-lookup.ts';
import * as doc from './shopify/documents.ts';
import { searchValue } from './shopify/rules.ts';
import {
  createScriptTag,
  deleteScriptTag,
  listScriptTags,
  type ScriptTagDisplayScope,
  type ScriptTagInfo,
  type ScriptTagPage,
} from './shopify/script-tags.ts';

/** Spec 2 section 8, verbatim. */
export const ORDER_NOT_FOUND = 'Order not found';

export interface ShopifyStore {
  integration: BrandIntegration;
  client: ShopifyAdminClient;
}

export async function shopifyStore(ctx: AppContext, integrationId: number): Promise<ShopifyStore> {
  const integration = await getBrandIntegration(ctx.db, integrationId);
  if (!integration) throw new AppError('not_found', 'Integration not found', { code: 'integration_not_found' });
  if (integration.slug !== 'shopify')
    throw new AppError('invalid_input', 'Ecommerce integration not supported', { code: 'integration_not_supported' });
  return { integration, client: await shopifyAdminFor(ctx, integration) };
}

export async function storeScriptTags(
  ctx: AppContext,
  { integrationId, after, src }: { integrationId: number; after?: string; src?: string },
): Promise<ScriptTagPage & { integrationId: number; shop: string }> {
  const { client } = await shopifyStore(ctx, integrationId);
  return { ...(await listScriptTags(client, { after, src })), integrationId, shop: client.shop };
}

export async function createStoreScriptTag(
  ctx: AppContext,
  input: { integrationId: number; src: string; displayScope?: ScriptTagDisplayScope; cache?: boolean },
): Promise<ScriptTagInfo & { shop: string }> {
  let url: URL;
  try {
    url = new URL(input.src);
  } catch {
    throw new AppError('invalid_input', `The script address is not a URL: ${input.src}`, { code: 'invalid_src' });
  }
  if (url.protocol !== 'https:')
    throw new AppError('invalid_input', 'The script address must be https (Shopify loads only secure scripts)', {
      code: 'invalid_src',
    });
  const { client } = await shopifyStore(ctx, input.integrationId);
  const tag = await createScriptTag(client, {
    src: url.toString(),
    displayScope: input.displayScope,
    cache: input.cache,
  });
  return { ...tag, shop: client.shop };
}

export async function deleteStoreScriptTag(
  ctx: AppContext,
  { integrationId, id }: { integrationId: number; id: string },
): Promise<{ deletedScriptTagId: string; shop: string }> {
  const { client } = await shopifyStore(ctx, integrationId);
  return { deletedScriptTagId: await deleteScriptTag(client, id), shop: client.shop };
}

/**
 * An order by its id (1001234, a gid) or its name (#1001): created at, return status and
 * fulfilment status among the rest; 'Order not found' when the shop has none.
 */
export async function storeOrder(
  ctx: AppContext,
  { integrationId, order }: { integrationId: number; order: string },
): Promise<OrderInfo & { shop: string }> {
  const wanted = order.trim();
  if (!wanted) throw new AppError('invalid_input', 'An order id or name is required', { code: 'order_required' });
  const { client } = await shopifyStore(ctx, integrationId);
  const found = wanted.startsWith('#')
    ? (
        await client.request<{ orders: { nodes: OrderInfo[] } }>(doc.ORDERS_SEARCH, {
          query: `name:${searchValue(wanted)}`,
        })
      ).orders.nodes[0]
    : /^(\d+|gid:\/\/shopify\/Order\/\d+)$/.test(wanted)
      ? await getOrder(client, wanted)
      : undefined;
  if (!found) throw new AppError('not_found', ORDER_NOT_FOUND, { code: 'order_not_found', details: { order } });
  return { ...found, shop: client.shop };
}

/** The code discount a code redeems at the store ('Code is required'; 'Discount code not found'). */
export async function storeDiscountByCode(
  ctx: AppContext,
  { integrationId, code }: { integrationId: number; code: string | null | undefined },
): Promise<ShopifyDiscountInfo & { shop: string; brandId: number }> {
  const { client, integration } = await shopifyStore(ctx, integrationId);
  const found = await findDiscountByCode(client, code);
  if (!found)
    throw new AppError('not_found', `Discount code not found: ${String(code).trim()}`, {
      code: 'discount_code_not_found',
    });
  return { ...found, shop: client.shop, brandId: integration.brand_id };
}
