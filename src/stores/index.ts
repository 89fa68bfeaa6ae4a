export * from './rules.ts';
export type { StoreEffects, SavedOrder, StoreCancellation, ShopperScope, ShopperRedaction } from './effects.ts';
export {
  upsertCart,
  upsertCheckout,
  upsertOrder,
  completeCart,
  findCartByExternalId,
  findCheckoutByExternalId,
  pendingNoIdentityCarts,
  markAbandoned,
  markOrderRecovered,
  setOrderBillingStatus,
  markCheckoutRecovered,
  type CartInput,
  type CheckoutInput,
  type OrderInput,
  type UpsertResult,
} from './store.ts';
export {
  integrationId,
  getBrandIntegration,
  findBrandIntegration,
  findEnabledIntegration,
  openIntegration,
  connectIntegration,
  disconnectIntegration,
  readCredential,
  sealCredentials,
  publicSettings,
  type BrandIntegration,
  type StorePlatform,
  type IntegrationStatus,
} from './integrations.ts';
export * from './bigcommerce/index.ts';
export * from './shopify/index.ts';
export { createStoreClients, type StoreClients } from './clients.ts';
export { listStoreIntegrations, type StoreIntegrationListing } from './integrations-list.ts';
