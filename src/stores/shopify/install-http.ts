/**
 * The two GET routes of the Shopify install. Query strings are read raw (not through fastify's
 * parser) so the HMAC is checked over exactly the parameters Shopify signed.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app/index.ts';
import type { RouteModule } from '../../http/index.ts';
import { beginShopifyInstall, completeShopifyInstall } from './install.ts';

const rawQuery = (request: FastifyRequest): URLSearchParams => {
  const index = request.url.indexOf('?');
  return new URLSearchParams(index < 0 ? '' : request.url.slice(index + 1));
};

export const shopifyInstallRoutes: RouteModule = (app, ctx) => {
  app.get('/api/integration/shopify/open', async (request, reply) => {
    const { redirectUrl } = await beginShopifyInstall(ctx, { query: rawQuery(request) });
    return reply.redirect(redirectUrl, 302);
  });

  /**
   * The integration auth callback (spec 3 section 2). Only Shopify integrations answer here for now;
   * other providers' callbacks (Slack, Klaviyo) are meant to dispatch from this route by slug.
   */
  app.get<{ Params: { integrationId: string } }>('/api/integration/:integrationId/auth', async (request, reply) => {
    const { integrationId } = request.params;
    if (!/^\d+$/.test(integrationId))
      throw new AppError('not_found', 'Integration provider not found', { code: 'integration_not_found' });
    const result = await completeShopifyInstall(ctx, {
      integrationId: Number(integrationId),
      query: rawQuery(request),
    });
    return reply.redirect(result.redirectUrl, 302);
  });
};
