export {
  shopifyOrderState,
  bigcommerceOrderState,
  bigcommerceReturnStatus,
  bigcommerceFinancialStatus,
  bigcommerceFulfillmentStatus,
  nextCartState,
  shopifyCartLink,
  shopifyCheckoutLink,
} from './rules.ts';
export type {
  StoreEffects,
  SavedOrder,
  StoreCancellation,
  ShopperScope,
  ShopperRedaction,
  InstalledBrandInput,
  PlaceholderAdoption,
  StoreReauthorization,
} from './effects.ts';
export { installLanding, openLanding, type LandingLink } from './install-sign-in.ts';
export {
  upsertCart,
  upsertOrder,
  setOrdersBillingStatus,
  pendingNoIdentityCarts,
  markAbandoned,
  markOrderRecovered,
  markCheckoutRecovered,
} from './store.ts';
export {
  integrationId,
  getBrandIntegration,
  findConnectedIntegration,
  disconnectIntegration,
  type BrandIntegration,
} from './integrations/store.ts';
export { sealCredentials, listStoreIntegrations, type StoreIntegrationListing } from './integrations/service.ts';
export * from './bigcommerce/index.ts';
export * from './shopify/index.ts';
export { createStoreClients } from './clients.ts';
export { hasConnectedIntegration } from './store.ts';
export { storesApi } from './api.ts';
export * from './pixel/index.ts';
export {
  updateIntegration,
  resolveIntegration,
  listIntegrations,
  NO_ID_PROVIDED,
  INTEGRATION_NOT_FOUND,
  type IntegrationView,
} from './integrations/brand-service.ts';
export { storeProducts } from './catalog.ts';
export { listProducts, INVALID_CATALOG_RESPONSE, CATALOG_PAGE_SIZE, type CatalogPage } from './shopify/catalog.ts';
export * from './forwarding/index.ts';
export {
  shopifyStore,
  storeScriptTags,
  createStoreScriptTag,
  deleteStoreScriptTag,
  storeOrder,
  storeDiscountByCode,
  ORDER_NOT_FOUND,
  type ShopifyStore,
} from './shopify-admin.ts';
export {
  findDiscountByCode,
  updateDiscount,
  CODE_REQUIRED,
  type ShopifyDiscountInfo,
  type DiscountChanges,
} from './shopify/discount-lookup.ts';
export {
  listScriptTags,
  listAllScriptTags,
  createScriptTag,
  deleteScriptTag,
  SCRIPT_TAG_SCOPES,
  SCRIPT_TAG_PAGE_SIZE,
  type ScriptTagInfo,
  type ScriptTagPage,
  type ScriptTagDisplayScope,
} from './shopify/script-tags.ts';
