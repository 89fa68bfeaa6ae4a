/** Shopify: install (OAuth), the Admin GraphQL client, backfill, cart links; webhook adapters below. */
export {
  sanitizeShop,
  shopSubdomain,
  queryHmacMessage,
  signQuery as signShopifyQuery,
  verifyQueryHmac,
  stateMatches,
  createStateNonce,
  SHOPIFY_SCOPES,
  SHOPIFY_SUBSCRIPTION_TOPICS,
  missingScopes,
  permissionsHealth,
  planSubscriptions,
  legacyId as shopifyLegacyId,
  toGid as shopifyGid,
  abandonedCheckoutsQuery,
  storefrontUrl,
  recoveryCartLink,
  INVALID_SHOP_MESSAGE,
  UNSIGNED_REQUEST_MESSAGE,
  AUTHENTICATION_ERROR_MESSAGE,
  NO_VARIANTS_MESSAGE,
  type IntegrationHealth,
  type ShopifySubscriptionTopic,
} from './rules.ts';
export { toCheckoutWebhook, checkoutTokenFromUrl, type CheckoutWebhookPayload } from './rules-checkout.ts';
export {
  createShopifyAdminClient,
  shopifyAdminFor,
  exchangeAccessToken,
  throttleWaitMs,
  DEFAULT_RETRY_POLICY,
  type ShopifyAdminClient,
  type RetryPolicy,
  type QueryCost,
} from './client.ts';
export {
  getShopInfo,
  getAppScopes,
  getProductsByIds,
  getFirstProductVariant,
  getOrder as getShopifyOrder,
  findRecentOrder as findRecentShopifyOrder,
  findLatestOrder as findLatestShopifyOrder,
  getCustomer as getShopifyCustomer,
  listAbandonedCheckouts,
  getAbandonedCheckoutLineItems,
  listWebhookSubscriptions,
  createWebhookSubscription,
  updateWebhookSubscription,
  deleteWebhookSubscription,
  createBasicDiscountCode,
  createFreeShippingDiscountCode,
  DISCOUNT_CODE_TAKEN,
  type ShopInfo,
  type DiscountCodeInput,
  type CreatedDiscount,
} from './admin.ts';
export { beginShopifyInstall, completeShopifyInstall, registerShopifyWebhooks, checkShopifyScopes } from './install.ts';
export { shopifyInstallRoutes } from './install-http.ts';
export { backfillShopifyCheckouts, backfillErrorKey, type BackfillSummary, type BackfillProgress } from './backfill.ts';
export {
  shopifyWebhookRoutes,
  verifyShopifyWebhook,
  signShopifyBody,
  parseShopifyPayload,
  summarizeIssues,
  isShopifyTopic,
  SHOPIFY_WEBHOOK_SCHEMAS,
  SHOPIFY_WEBHOOK_TOPICS,
  SHOPIFY_PRIVACY_TOPICS,
  BAD_SIGNATURE_MESSAGE as SHOPIFY_BAD_SIGNATURE_MESSAGE,
  type ShopifyTopic,
  type ShopifyCheckoutPayload,
  type ShopifyCartPayload,
  type ShopifyOrderPayload,
  type ShopifyCustomerPayload,
} from './webhooks.ts';
export { processShopifyWebhook, cancelledShopPlan, SHOPIFY_CANCELLED_PLANS } from './processors.ts';
export {
  processShopifyCheckout,
  processShopifyCart,
  type ShopifyProcessResult,
  type CheckoutOptions,
} from './processors-checkout.ts';
export {
  processShopifyOrder,
  processShopifyOrderDelete,
  processShopifyOrderEdited,
  type ShopifyOrderResult,
} from './processors-orders.ts';
export { shopperContact, type ShopperFields, type ShopperContact } from './processors-contact.ts';
export { DISABLE_CARTS_PERMISSION } from './processors-store.ts';
export {
  processShopifyPrivacyEvent,
  exportCustomerData,
  stripPersonal,
  identifiersOf,
  phonePattern,
  PERSONAL_KEYS,
} from './privacy.ts';
export { listPrivacyRequests, type PrivacyRequestRow } from './processors-privacy-store.ts';
