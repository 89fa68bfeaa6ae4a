/**
 * `POST /ingest/pixel/{key}`: the public endpoint the Shopify web pixel and the BigCommerce
 * storefront script post shopper events to. It answers any origin (the pixel runs in Shopify's
 * sandbox, the script on the store's domain), spends one hit of the client address's budget and
 * then one of the key's (one-minute windows shared by every process; 429 with Retry-After beyond
 * PIXEL_RATE_PER_IP / PIXEL_RATE_PER_KEY; a refused post spends nothing more, so an address over
 * its limit never eats the key's budget), refuses an unknown key (404) and anything but the
 * documented event shapes (400), then stores and queues the event exactly as a webhook is
 * (src/webhooks): a repeated event id is acknowledged and stored once.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, type AppContext } from '../../app/index.ts';
import { assertJsonBody, errorBody, parseJsonBody, type RouteModule } from '../../http/index.ts';
import { ingestWebhook } from '../../webhooks/index.ts';
import { summarizeIssues } from '../shopify/payloads.ts';
import { INGEST_KEY_PATTERN, pixelTopic, rateWindow } from './rules.ts';
import { BIGCOMMERCE_IDENTIFY, pixelEventSchema } from './schemas.ts';
import { findIntegrationByIngestKey, spendRateBudget } from './store.ts';

/** Spec 2 section 8: an identify event on a platform it does not apply to. */
export const NOT_IMPLEMENTED_FOR_IDENTIFY = 'Not implemented for identify';
export const UNKNOWN_INGEST_KEY = 'Unknown ingest key';
/** A pixel event is a few kilobytes; a checkout with hundreds of lines stays well under this. */
const PIXEL_BODY_LIMIT = 256 * 1024;

const cors = (reply: FastifyReply): FastifyReply =>
  reply
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', 'POST, OPTIONS')
    .header('access-control-allow-headers', 'content-type')
    .header('access-control-max-age', '86400');

export const pixelIngestRoutes: RouteModule = async (root, ctx) => {
  // Its own scope: only this route reads a text/plain body as JSON (a storefront's cross-origin
  // post without a preflight); it reads no cookie. Every other route takes application/json only.
  await root.register(async (app) => {
    app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, parseJsonBody);
    registerIngest(app, ctx);
  });
};

function registerIngest(app: FastifyInstance, ctx: AppContext): void {
  app.options('/ingest/pixel/:key', async (_request, reply) => cors(reply).status(204).send());

  app.post<{ Params: { key: string } }>(
    '/ingest/pixel/:key',
    { bodyLimit: PIXEL_BODY_LIMIT, config: { rawBody: true } },
    async (request, reply) => {
      cors(reply);
      const { key } = request.params;
      const integration = INGEST_KEY_PATTERN.test(key) ? await findIntegrationByIngestKey(ctx.db, key) : undefined;
      const window = rateWindow(new Date());
      // The address first, then the key: a post the address's limit refuses never spends the
      // key's budget, so one address flooding cannot shut out the store's other shoppers.
      const admitted =
        (await spendRateBudget(ctx.db, `ip:${request.ip}`, window.start, ctx.config.PIXEL_RATE_PER_IP)) &&
        (!integration || (await spendRateBudget(ctx.db, `key:${key}`, window.start, ctx.config.PIXEL_RATE_PER_KEY)));
      if (!admitted) {
        const error = new AppError('invalid_input', 'Too many events, please slow down.', { code: 'rate_limited' });
        return reply.status(429).header('retry-after', String(window.retryAfterSeconds)).send(errorBody(error));
      }
      if (!integration) throw new AppError('not_found', UNKNOWN_INGEST_KEY, { code: 'unknown_ingest_key' });
      assertJsonBody(request);
      const parsed = pixelEventSchema.safeParse(request.body);
      if (!parsed.success)
        throw new AppError('invalid_input', `Invalid pixel event: ${summarizeIssues(parsed.error)}`, {
          code: 'invalid_payload',
        });
      const event = parsed.data;
      const identify = event.name === BIGCOMMERCE_IDENTIFY;
      if (identify !== (integration.slug === 'bigcommerce'))
        throw new AppError('invalid_input', NOT_IMPLEMENTED_FOR_IDENTIFY, { code: 'identify_not_implemented' });

      const ingested = await ingestWebhook(ctx, {
        source: 'pixel',
        // Scoped by the integration: one store's events can never collide with another's.
        eventId: `${integration.id}:${event.id}`,
        topic: pixelTopic(event.name),
        shop: integration.lookupId,
        brandIntegrationId: integration.id,
        payload: event,
        headers: { platform: integration.slug },
        triggeredAt: new Date(event.timestamp),
      });
      return reply.status(200).send({ ok: true, ...(ingested.duplicate ? { duplicate: true } : {}) });
    },
  );
}
