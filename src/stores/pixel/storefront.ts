/**
 * `GET /storefront/bigcommerce.js?key={ingest key}`: the BigCommerce storefront script, for the
 * store's pages (installed as a BigCommerce script by storefront-sync.ts). JavaScript with the
 * store's ingest URL in it (the key is public, as the pixel's is), cached five minutes by
 * browsers and CDNs and revalidated by ETag. A malformed or unknown key is a 404 that says so; the
 * key of a store the script does not apply to (Shopify has its web pixel) is 'Not implemented for
 * identify'.
 */
import { createHash } from 'node:crypto';
import { AppError, publicBaseUrl } from '../../app/index.ts';
import type { RouteModule } from '../../http/index.ts';
import { INGEST_KEY_PATTERN } from './rules.ts';
import { NOT_IMPLEMENTED_FOR_IDENTIFY } from './routes.ts';
import { bigcommerceStorefrontScript } from './storefront-script.ts';
import { findIntegrationByIngestKey } from './store.ts';

export const STOREFRONT_SCRIPT_PATH = '/storefront/bigcommerce.js';
export const UNKNOWN_STOREFRONT_KEY =
  'Unknown storefront key: install the script with its key by `reclaim stores storefront-script sync --integration ID`.';
export const STOREFRONT_SCRIPT_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

/** The script's URL for an ingest key. */
export const storefrontScriptUrl = (base: string, key: string): string =>
  `${base}${STOREFRONT_SCRIPT_PATH}?key=${encodeURIComponent(key)}`;

export const storefrontScriptRoutes: RouteModule = (app, ctx) => {
  app.get<{ Querystring: { key?: unknown } }>(STOREFRONT_SCRIPT_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const key = typeof request.query.key === 'string' ? request.query.key : '';
    const integration = INGEST_KEY_PATTERN.test(key) ? await findIntegrationByIngestKey(ctx.db, key) : undefined;
    if (!integration) throw new AppError('not_found', UNKNOWN_STOREFRONT_KEY, { code: 'unknown_ingest_key' });
    if (integration.slug !== 'bigcommerce')
      throw new AppError('invalid_input', NOT_IMPLEMENTED_FOR_IDENTIFY, { code: 'identify_not_implemented' });

    const body = bigcommerceStorefrontScript({ ingestUrl: `${publicBaseUrl(ctx.config)}/ingest/pixel/${key}` });
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply
      .header('cache-control', STOREFRONT_SCRIPT_CACHE)
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.status(200).type('text/javascript; charset=utf-8').send(body);
  });
};
