/** Storefront capture: the Shopify web pixel, the BigCommerce storefront script, the ingest endpoint. */
export { pixelIngestRoutes, NOT_IMPLEMENTED_FOR_IDENTIFY } from './routes.ts';
export { processPixelEvent } from './processor.ts';
export { syncShopifyPixel, installShopifyPixel, pixelIngestBase, type PixelSyncResult } from './sync.ts';
export { ensureIngestKey } from './store.ts';
export { pixelEventSchema, SHOPIFY_PIXEL_EVENTS, BIGCOMMERCE_IDENTIFY, type PixelEvent } from './schemas.ts';
export { pixelCartFacts, pixelCartState, addCartLine, checkoutShopper, rateWindow } from './rules.ts';
