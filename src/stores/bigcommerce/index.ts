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
export { listBigCommerceProducts, BC_CATALOG_PAGE_SIZE, type BcCatalogPage, type BcCatalogProduct } from './catalog.ts';
export {
  getBigCommerceCheckout,
  getBigCommerceOrder,
  getBigCommerceCart,
  getBigCommerceCustomer,
  bigcommerceCartLink,
  customerOrders as bigcommerceCustomerOrders,
  CHECKOUT_NOT_FOUND as BIGCOMMERCE_CHECKOUT_NOT_FOUND,
  ORDER_NOT_FOUND as BIGCOMMERCE_ORDER_NOT_FOUND,
  CART_ID_NOT_FOUND as BIGCOMMERCE_CART_ID_NOT_FOUND,
  CART_TOKEN_NOT_FOUND as BIGCOMMERCE_CART_TOKEN_NOT_FOUND,
  FAILED_TO_GET_CUSTOMER,
} from './lookups.ts';
