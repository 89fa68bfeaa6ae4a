/** BigCommerce: app install callbacks, hooks, the webhook adapter, coupons and lookups. */
export { BigCommerceApiError, bigcommerceClient } from './client.ts';
export {
  listHooks as listBigCommerceHooks,
  syncHooks as syncBigCommerceHooks,
  type HookSummary,
  type HookSyncResult,
} from './hooks.ts';
export { processBigCommerceEvent, recheckPendingCarts } from './processors.ts';
export {
  createCoupon as createBigCommerceCoupon,
  createCart as createBigCommerceCart,
  freshCartUrl as freshBigCommerceCartUrl,
  findCustomer as findBigCommerceCustomer,
  findCustomerByEmail as findBigCommerceCustomerByEmail,
  findCustomerGroup as findBigCommerceCustomerGroup,
  isSubscriber as isBigCommerceSubscriber,
  customerOrderCount as bigcommerceOrderCount,
  storeInfo as bigcommerceStoreInfo,
} from './coupons.ts';
export { getBigCommerceIntegration } from './connection.ts';
export { bigcommerceRoutes } from './routes.ts';
