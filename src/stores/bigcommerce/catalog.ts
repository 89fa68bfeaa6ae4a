/**
 * A BigCommerce store's catalogue for segments, rules and ads, in the shape the Shopify catalogue
 * has: products a page at a time (GET /v3/catalog/products, `keyword` search, page numbers as the
 * cursor), each with up to 50 variants (GET /v3/catalog/variants?product_id:in=…) and up to 200
 * categories, named from the category trees (GET /v3/catalog/trees/categories?category_id:in=…).
 * Every list is followed through its meta.pagination. An answer that is not the documented list
 * is 'Invalid response for products and collections' (spec 2 section 8).
 */
import { AppError } from '../../app/index.ts';
import { INVALID_CATALOG_RESPONSE } from '../shopify/catalog.ts';
import {
  BigCommerceApiError,
  type BcCategory,
  type BcProduct,
  type BcVariant,
  type BigCommerceClient,
} from './client.ts';

export const BC_CATALOG_PAGE_SIZE = 10;
/** Spec 2 section 9: variants 50 per product, collections (here categories) 200 per product. */
export const BC_PRODUCT_VARIANTS = 50;
export const BC_PRODUCT_CATEGORIES = 200;
/** The v3 catalogue's largest page. */
const LIST_LIMIT = 250;
/** Ids per `:in` filter, which keeps the query string short. */
const IDS_PER_CALL = 100;

export interface BcCatalogProduct {
  id: string;
  title: string;
  handle: string;
  onlineStoreUrl: string | null;
  collections: { id: string; title: string; handle: string }[];
  variants: { id: string; title: string; price: string; sku: string | null }[];
}

export interface BcCatalogPage {
  products: BcCatalogProduct[];
  hasNextPage: boolean;
  /** The next page's number, as text: pass it back as `after`. */
  endCursor: string | null;
  page: number;
  totalPages: number;
  total: number;
}

const invalid = (cause?: unknown) =>
  new AppError('upstream', INVALID_CATALOG_RESPONSE, { code: 'invalid_catalog_response', cause });

/** A 2xx answer that is not the documented list becomes INVALID_CATALOG_RESPONSE; other failures stay. */
async function catalogCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof BigCommerceApiError && error.status !== undefined && error.status < 300) throw invalid(error);
    throw error;
  }
}

/** Every page of a v3 list. */
async function allPages<T>(fetchPage: (page: number) => Promise<{ items: T[]; totalPages: number }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const result = await catalogCall(() => fetchPage(page));
    items.push(...result.items);
    if (page >= result.totalPages || result.items.length === 0) return items;
  }
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const money = (value: number | null | undefined): string => (value ?? 0).toFixed(2);
const slug = (path: string | null | undefined): string => (path ?? '').replace(/^\/+|\/+$/g, '');

function variantTitle(variant: BcVariant, product: BcProduct): string {
  const labels = variant.option_values.map((value) => value.label).filter((label): label is string => !!label);
  return labels.length > 0 ? labels.join(' / ') : product.name;
}

/** The page's products with their variants and categories; `storeUrl` (https://domain) makes product URLs. */
export async function listBigCommerceProducts(
  client: BigCommerceClient,
  {
    search,
    after,
    first = BC_CATALOG_PAGE_SIZE,
    storeUrl,
  }: { search?: string; after?: string; first?: number; storeUrl?: string | null } = {},
): Promise<BcCatalogPage> {
  const page = after === undefined ? 1 : Number(after);
  if (!Number.isInteger(page) || page < 1)
    throw new AppError('invalid_input', `A BigCommerce page is a number from 1 (got "${after}").`, {
      code: 'invalid_cursor',
    });
  const limit = Math.max(1, Math.min(BC_CATALOG_PAGE_SIZE, first));
  const keyword = search?.trim() || undefined;
  const result = await catalogCall(() => client.listProducts({ page, limit, keyword }));
  const products = result.items;
  const ids = products.map((product) => product.id);

  const variants: BcVariant[] = [];
  for (const batch of chunks(ids, IDS_PER_CALL))
    variants.push(...(await allPages((p) => client.listVariants(batch, { page: p, limit: LIST_LIMIT }))));
  const categoryIds = [...new Set(products.flatMap((product) => product.categories.slice(0, BC_PRODUCT_CATEGORIES)))];
  const categories = new Map<number, BcCategory>();
  for (const batch of chunks(categoryIds, IDS_PER_CALL))
    for (const category of await allPages((p) => client.listCategories(batch, { page: p, limit: LIST_LIMIT })))
      categories.set(category.category_id, category);

  const base = storeUrl ? storeUrl.replace(/\/+$/, '') : null;
  return {
    products: products.map((product) => ({
      id: String(product.id),
      title: product.name,
      handle: slug(product.custom_url?.url) || String(product.id),
      onlineStoreUrl: base && product.custom_url?.url ? `${base}${product.custom_url.url}` : null,
      variants: variants
        .filter((variant) => variant.product_id === product.id)
        .slice(0, BC_PRODUCT_VARIANTS)
        .map((variant) => ({
          id: String(variant.id),
          title: variantTitle(variant, product),
          price: money(variant.price ?? variant.calculated_price ?? product.price),
          sku: variant.sku || null,
        })),
      collections: product.categories
        .slice(0, BC_PRODUCT_CATEGORIES)
        .map((id) => categories.get(id))
        .filter((category): category is BcCategory => category !== undefined)
        .map((category) => ({
          id: String(category.category_id),
          title: category.name,
          handle: slug(category.url?.path),
        })),
    })),
    hasNextPage: result.page < result.totalPages,
    endCursor: result.page < result.totalPages ? String(result.page + 1) : null,
    page: result.page,
    totalPages: result.totalPages,
    total: result.total,
  };
}
