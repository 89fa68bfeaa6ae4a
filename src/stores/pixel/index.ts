/** Storefront capture: the Shopify web pixel, the BigCommerce storefront script, the ingest endpoint. */
export { pixelIngestRoutes, NOT_IMPLEMENTED_FOR_IDENTIFY } from './routes.ts';
export { processPixelEvent } from './processor.ts';
export { syncShopifyPixel, installShopifyPixel, pixelIngestBase, type PixelSyncResult } from './sync.ts';
export { ensureIngestKey } from './store.ts';
export { pixelEventSchema, SHOPIFY_PIXEL_EVENTS, BIGCOMMERCE_IDENTIFY, type PixelEvent } from './schemas.ts';
export { pixelCartFacts, pixelCartState, addCartLine, checkoutIdentifiers, rateWindow } from './rules.ts';
export {
  storefrontScriptRoutes,
  storefrontScriptUrl,
  STOREFRONT_SCRIPT_PATH,
  UNKNOWN_STOREFRONT_KEY,
} from './storefront.ts';
export { bigcommerceStorefrontScript } from './storefront-script.ts';
export {
  syncStorefrontScript,
  installStorefrontScript,
  STOREFRONT_SCRIPT_NAME,
  type ScriptSyncResult,
} from './storefront-sync.ts';
