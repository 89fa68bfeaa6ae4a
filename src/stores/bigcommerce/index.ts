/** BigCommerce: app install callbacks, hooks, the webhook adapter, coupons and lookups. */
export {
  HOOK_SCOPES,
  HOOK_SECRET_HEADER,
  HOOK_RETRIES,
  HOOK_RETRY_DELAY_MS,
  COUPON_EXPIRY_MS,
  DEFAULT_CART_CURRENCY,
  DEFAULT_CART_LOCALE,
  CART_DELETED_FLAG,
  couponType as bigcommerceCouponType,
  couponExpiry as bigcommerceCouponExpiry,
  type DiscountType as BigCommerceDiscountType,
  type CouponType as BigCommerceCouponType,
} from './rules.ts';
export { BigCommerceApiError, bigcommerceClient, type BigCommerceClient } from './client.ts';
export {
  installStore as installBigCommerceStore,
  loadStore as loadBigCommerceStore,
  uninstallStore as uninstallBigCommerceStore,
  verifySignedPayload,
  REINSTALL_MESSAGE,
} from './install.ts';
export {
  listHooks as listBigCommerceHooks,
  syncHooks as syncBigCommerceHooks,
  deleteHook as deleteBigCommerceHook,
  LIST_HOOKS_FAILED,
  type HookSummary,
  type HookSyncResult,
} from './hooks.ts';
export { processBigCommerceEvent, recheckPendingCarts, type RecheckSummary } from './processors.ts';
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
export { bigcommerceRoutes } from './webhooks.ts';
