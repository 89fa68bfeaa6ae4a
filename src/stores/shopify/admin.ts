/**
 * One function per Admin GraphQL operation Reclaim uses (spec 3 section 7, spec 2 section 7).
 * Each takes a client from client.ts; the documents stay within Shopify's 1,000-point single
 * query cost, so nested lists that could be long are followed up page by page.
 */
import { AppError } from '../../app/index.ts';
import type { ShopifyAdminClient } from './client.ts';
import { abandonedCheckoutsQuery, NO_VARIANTS_MESSAGE, searchValue, toGid } from './rules.ts';
import * as doc from './documents.ts';

export interface Page<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}
export interface Money {
  amount: string;
  currencyCode: string;
}

export interface ShopInfo {
  id: string;
  name: string;
  email: string | null;
  contactEmail: string | null;
  shopOwnerName: string | null;
  myshopifyDomain: string;
  primaryDomain: { url: string; host: string } | null;
  currencyCode: string;
  ianaTimezone: string | null;
  plan: { publicDisplayName: string; partnerDevelopment: boolean; shopifyPlus: boolean } | null;
  billingAddress: { phone: string | null } | null;
}

export async function getShopInfo(client: ShopifyAdminClient): Promise<ShopInfo> {
  return (await client.request<{ shop: ShopInfo }>(doc.SHOP_INFO)).shop;
}

/** The access scope handles the installation holds. */
export async function getAppScopes(client: ShopifyAdminClient): Promise<string[]> {
  const data = await client.request<{ currentAppInstallation: { accessScopes: { handle: string }[] } }>(doc.APP_SCOPES);
  return data.currentAppInstallation.accessScopes.map((scope) => scope.handle);
}

export interface ProductInfo {
  id: string;
  title: string;
  handle: string;
  onlineStoreUrl: string | null;
  collections: { id: string; title: string; handle: string }[];
  variants: { id: string; title: string; price: string; sku: string | null }[];
}
export type ProductNode = Omit<ProductInfo, 'collections' | 'variants'> & {
  collections: Page<ProductInfo['collections'][number]>;
  variants: Page<ProductInfo['variants'][number]>;
};

export const PRODUCT_BATCH = 20;
export const PRODUCT_COLLECTIONS = 200;
export const PRODUCT_VARIANTS = 50;

export async function followUp<T>(
  client: ShopifyAdminClient,
  query: string,
  id: string,
  field: 'collections' | 'variants',
  first: Page<T>,
  limit: number,
): Promise<T[]> {
  const items = [...first.nodes];
  let page = first.pageInfo;
  while (page.hasNextPage && items.length < limit) {
    const data = await client.request<{ product: Record<typeof field, Page<T>> | null }>(query, {
      id,
      first: Math.min(100, limit - items.length),
      after: page.endCursor,
    });
    const next = data.product?.[field];
    if (!next) break;
    items.push(...next.nodes);
    page = next.pageInfo;
  }
  return items.slice(0, limit);
}

/** Products by id, 20 a request, each with up to 200 collections and 50 variants. Unknown ids are left out. */
export async function getProductsByIds(client: ShopifyAdminClient, ids: (string | number)[]): Promise<ProductInfo[]> {
  const gids = [...new Set(ids.map((id) => toGid('Product', id)))];
  const products: ProductInfo[] = [];
  for (let start = 0; start < gids.length; start += PRODUCT_BATCH) {
    const data = await client.request<{ nodes: (ProductNode | null)[] }>(doc.PRODUCTS_BY_IDS, {
      ids: gids.slice(start, start + PRODUCT_BATCH),
    });
    for (const node of data.nodes) {
      if (!node?.id) continue;
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
  }
  return products;
}

export interface VariantInfo {
  id: string;
  title: string;
  price: string;
  product: { id: string; title: string; handle: string };
}

/** The store's first product variant ('No product variants found in store' when it has none). */
export async function getFirstProductVariant(client: ShopifyAdminClient): Promise<VariantInfo> {
  const data = await client.request<{ productVariants: { nodes: VariantInfo[] } }>(doc.FIRST_VARIANT);
  const first = data.productVariants.nodes[0];
  if (!first) throw new AppError('not_found', NO_VARIANTS_MESSAGE, { code: 'no_product_variants' });
  return first;
}

export interface OrderInfo {
  id: string;
  legacyResourceId: string;
  name: string;
  statusPageUrl: string;
  returnStatus: string;
  displayFulfillmentStatus: string;
  displayFinancialStatus: string | null;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  totalPriceSet: { shopMoney: Money };
  customer: { id: string } | null;
}

export async function getOrder(client: ShopifyAdminClient, id: string | number): Promise<OrderInfo | undefined> {
  return (
    (await client.request<{ order: OrderInfo | null }>(doc.ORDER_BY_ID, { id: toGid('Order', id) })).order ?? undefined
  );
}

async function newestOrder(client: ShopifyAdminClient, query: string): Promise<OrderInfo | undefined> {
  return (await client.request<{ orders: { nodes: OrderInfo[] } }>(doc.ORDERS_SEARCH, { query })).orders.nodes[0];
}

/** The customer's newest order placed at or after `since`. */
export async function findRecentOrder(
  client: ShopifyAdminClient,
  { customerId, since }: { customerId: string | number; since: Date },
): Promise<OrderInfo | undefined> {
  return newestOrder(
    client,
    `customer_id:${searchValue(String(customerId).replace(/^gid:\/\/shopify\/Customer\//, ''))} AND created_at:>='${since.toISOString()}'`,
  );
}

/** The newest order of a customer, by customer id or else by e-mail. */
export async function findLatestOrder(
  client: ShopifyAdminClient,
  { customerId, email }: { customerId?: string | number | null; email?: string | null },
): Promise<OrderInfo | undefined> {
  if (customerId)
    return newestOrder(
      client,
      `customer_id:${searchValue(String(customerId).replace(/^gid:\/\/shopify\/Customer\//, ''))}`,
    );
  if (email) return newestOrder(client, `email:${searchValue(email.trim().toLowerCase())}`);
  return undefined;
}

export interface MailingAddress {
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  country: string | null;
  countryCodeV2: string | null;
  zip: string | null;
  phone: string | null;
  company: string | null;
}

/**
 * A customer's phone as the configured version serves it: the flat SMS consent fields (before
 * 2026-10) or the `smsMarketingConsent` object (2026-10 on); `phoneSmsConsent` reads either.
 */
export interface CustomerPhoneNumber {
  phoneNumber: string;
  marketingState?: string | null;
  marketingOptInLevel?: string | null;
  marketingUpdatedAt?: string | null;
  marketingCollectedFrom?: string | null;
  smsMarketingConsent?: {
    state: string;
    optInLevel: string | null;
    updatedAt: string | null;
    collectedFrom: string | null;
  } | null;
}

export interface CustomerInfo {
  id: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string;
  note: string | null;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  defaultEmailAddress: {
    emailAddress: string;
    marketingState: string;
    marketingOptInLevel: string | null;
    marketingUpdatedAt: string | null;
  } | null;
  defaultPhoneNumber: CustomerPhoneNumber | null;
  defaultAddress: MailingAddress | null;
  addresses: MailingAddress[];
}

export async function getCustomer(client: ShopifyAdminClient, id: string | number): Promise<CustomerInfo | undefined> {
  return (
    (
      await client.request<{ customer: CustomerInfo | null }>(doc.customerById(client.apiVersion), {
        id: toGid('Customer', id),
      })
    ).customer ?? undefined
  );
}

export interface AbandonedCheckoutNode {
  id: string;
  name: string;
  abandonedCheckoutUrl: string;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  note: string | null;
  discountCodes: string[];
  taxesIncluded: boolean;
  customer: Omit<
    CustomerInfo,
    'addresses' | 'defaultAddress' | 'note' | 'createdAt' | 'updatedAt' | 'displayName'
  > | null;
  shippingAddress: MailingAddress | null;
  billingAddress: MailingAddress | null;
  totalPriceSet: { shopMoney: Money };
}

export interface AbandonedCheckoutLineItem {
  id: string;
  title: string | null;
  variantTitle: string | null;
  quantity: number;
  sku: string | null;
  variant: { id: string } | null;
  product: { id: string } | null;
  originalUnitPriceSet: { shopMoney: Money };
}

export const CHECKOUT_PAGE_SIZE = 100;
export const CHECKOUT_LINE_ITEMS = 250;

/** One page (100) of checkouts updated since `since` and not recovered, oldest id first. */
export async function listAbandonedCheckouts(
  client: ShopifyAdminClient,
  { since, after, first = CHECKOUT_PAGE_SIZE }: { since: Date; after?: string | null; first?: number },
): Promise<Page<AbandonedCheckoutNode>> {
  const data = await client.request<{ abandonedCheckouts: Page<AbandonedCheckoutNode> }>(
    doc.abandonedCheckouts(client.apiVersion),
    { first, after: after ?? null, query: abandonedCheckoutsQuery(since) },
  );
  return data.abandonedCheckouts;
}

/** A checkout's line items, up to 250, 100 a request (a page of checkouts cannot carry them within the cost limit). */
export async function getAbandonedCheckoutLineItems(
  client: ShopifyAdminClient,
  checkoutId: string,
  limit = CHECKOUT_LINE_ITEMS,
): Promise<AbandonedCheckoutLineItem[]> {
  const items: AbandonedCheckoutLineItem[] = [];
  let after: string | null = null;
  do {
    const data: { node: { lineItems: Page<AbandonedCheckoutLineItem> } | null } = await client.request(
      doc.CHECKOUT_LINE_ITEMS,
      { id: checkoutId, first: Math.min(100, limit - items.length), after },
    );
    if (!data.node) break;
    items.push(...data.node.lineItems.nodes);
    after = data.node.lineItems.pageInfo.hasNextPage ? data.node.lineItems.pageInfo.endCursor : null;
  } while (after && items.length < limit);
  return items.slice(0, limit);
}

export interface WebhookSubscriptionInfo {
  id: string;
  topic: string;
  uri: string | null;
  format: string;
}

const userErrorText = (errors: { message: string }[]): string => errors.map((error) => error.message).join('; ');

export async function listWebhookSubscriptions(client: ShopifyAdminClient): Promise<WebhookSubscriptionInfo[]> {
  const all: WebhookSubscriptionInfo[] = [];
  let after: string | null = null;
  do {
    const data: { webhookSubscriptions: Page<WebhookSubscriptionInfo> } = await client.request(doc.WEBHOOK_LIST, {
      after,
    });
    all.push(...data.webhookSubscriptions.nodes);
    after = data.webhookSubscriptions.pageInfo.hasNextPage ? data.webhookSubscriptions.pageInfo.endCursor : null;
  } while (after);
  return all;
}

type SubscriptionPayload = {
  webhookSubscription: WebhookSubscriptionInfo | null;
  userErrors: { field: string[] | null; message: string }[];
};

export async function createWebhookSubscription(
  client: ShopifyAdminClient,
  { topic, uri }: { topic: string; uri: string },
): Promise<WebhookSubscriptionInfo> {
  const { webhookSubscriptionCreate: result } = await client.request<{
    webhookSubscriptionCreate: SubscriptionPayload;
  }>(doc.WEBHOOK_CREATE, { topic, webhookSubscription: { uri, format: 'JSON' } });
  if (result.userErrors.length > 0 || !result.webhookSubscription)
    throw new AppError('upstream', `Shopify refused the ${topic} webhook: ${userErrorText(result.userErrors)}`, {
      code: 'shopify_webhook_refused',
    });
  return result.webhookSubscription;
}

export async function updateWebhookSubscription(
  client: ShopifyAdminClient,
  { id, uri }: { id: string; uri: string },
): Promise<WebhookSubscriptionInfo> {
  const { webhookSubscriptionUpdate: result } = await client.request<{
    webhookSubscriptionUpdate: SubscriptionPayload;
  }>(doc.WEBHOOK_UPDATE, { id, webhookSubscription: { uri, format: 'JSON' } });
  if (result.userErrors.length > 0 || !result.webhookSubscription)
    throw new AppError('upstream', `Shopify refused to update webhook ${id}: ${userErrorText(result.userErrors)}`, {
      code: 'shopify_webhook_refused',
    });
  return result.webhookSubscription;
}

export async function deleteWebhookSubscription(client: ShopifyAdminClient, id: string): Promise<void> {
  const { webhookSubscriptionDelete: result } = await client.request<{
    webhookSubscriptionDelete: { deletedWebhookSubscriptionId: string | null; userErrors: { message: string }[] };
  }>(doc.WEBHOOK_DELETE, { id });
  if (result.userErrors.length > 0)
    throw new AppError('upstream', `Shopify refused to delete webhook ${id}: ${userErrorText(result.userErrors)}`, {
      code: 'shopify_webhook_refused',
    });
}

export * from './discount-codes.ts';
