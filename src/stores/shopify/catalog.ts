/**
 * The store's catalogue for segments, rules and ads: products a page at a time (first / after /
 * searchQuery in Shopify's search syntax), each with up to 50 variants and 200 collections
 * (followed up page by page beyond the first). Ten products a page keeps the requested cost
 * under Shopify's 1,000 points. An answer without the products connection is 'Invalid response
 * for products and collections' (spec 2 section 8).
 */
import { AppError } from '../../app/index.ts';
import {
  followUp,
  PRODUCT_COLLECTIONS,
  PRODUCT_VARIANTS,
  type Page,
  type ProductInfo,
  type ProductNode,
} from './admin.ts';
import type { ShopifyAdminClient } from './client.ts';
import * as doc from './documents.ts';

export const CATALOG_PAGE_SIZE = 10;
export const INVALID_CATALOG_RESPONSE = 'Invalid response for products and collections';

export const CATALOG_PRODUCTS = `query CatalogProducts($first: Int!, $after: String, $query: String) {
  products(first: $first, after: $after, query: $query, sortKey: TITLE) {
    nodes {
      id title handle onlineStoreUrl
      collections(first: 20) { nodes { id title handle } pageInfo { hasNextPage endCursor } }
      variants(first: 50) { nodes { id title price sku } pageInfo { hasNextPage endCursor } }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

export interface CatalogPage {
  products: ProductInfo[];
  hasNextPage: boolean;
  /** Pass as `after` for the next page. */
  endCursor: string | null;
}

export async function listProducts(
  client: ShopifyAdminClient,
  { first = CATALOG_PAGE_SIZE, after, searchQuery }: { first?: number; after?: string; searchQuery?: string } = {},
): Promise<CatalogPage> {
  const data = await client.request<{ products?: Page<ProductNode> | null }>(CATALOG_PRODUCTS, {
    first: Math.max(1, Math.min(CATALOG_PAGE_SIZE, first)),
    after: after ?? null,
    query: searchQuery?.trim() ? searchQuery.trim() : null,
  });
  const page = data?.products;
  if (!page || !Array.isArray(page.nodes) || !page.pageInfo)
    throw new AppError('upstream', INVALID_CATALOG_RESPONSE, { code: 'invalid_catalog_response' });
  const products: ProductInfo[] = [];
  for (const node of page.nodes) {
    if (!node?.collections || !node.variants)
      throw new AppError('upstream', INVALID_CATALOG_RESPONSE, { code: 'invalid_catalog_response' });
    products.push({
      ...node,
      collections: await followUp(
        client,
        doc.PRODUCT_COLLECTIONS,
        node.id,
        'collections',
        node.collections,
        PRODUCT_COLLECTIONS,
      ),
      variants: await followUp(client, doc.PRODUCT_VARIANTS, node.id, 'variants', node.variants, PRODUCT_VARIANTS),
    });
  }
  return { products, hasNextPage: page.pageInfo.hasNextPage, endCursor: page.pageInfo.endCursor };
}
