/** Shopify: install (OAuth), the Admin GraphQL client, backfill, the webhook route and its adapter. */
export { SHOPIFY_SCOPES, SHOPIFY_SUBSCRIPTION_TOPICS } from './rules.ts';
export { shopifyAdminFor } from './access-token.ts';
export { createShopifyAdminClient, throttleWaitMs, type ShopifyAdminClient } from './client.ts';
export {
  getShopInfo,
  getAppScopes,
  getProductsByIds,
  getFirstProductVariant,
  getOrder as getShopifyOrder,
  findRecentOrder as findRecentShopifyOrder,
  findLatestOrder as findLatestShopifyOrder,
  getCustomer as getShopifyCustomer,
  listWebhookSubscriptions,
  createWebhookSubscription,
  deleteWebhookSubscription,
  createBasicDiscountCode,
  createFreeShippingDiscountCode,
  DISCOUNT_CODE_TAKEN,
} from './admin.ts';
export { backfillShopifyCheckouts, type BackfillSummary, type BackfillProgress } from './backfill.ts';
export { shopifyWebhookRoutes, shopifyInstallRoutes } from './routes.ts';
export { processShopifyWebhook, cancelledShopPlan } from './processors/webhook.ts';
export { listPrivacyRequests, type PrivacyRequestRow } from './store/privacy.ts';
export { getWebPixel, createWebPixel, updateWebPixel, deleteWebPixel, type WebPixelInfo } from './web-pixel.ts';
export { createDraftOrder, type DraftOrderInfo, type DraftOrderLine } from './draft-orders.ts';
