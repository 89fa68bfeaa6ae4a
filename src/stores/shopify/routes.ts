/**
 * Shopify's HTTP routes. `POST /webhooks/shopify`, one endpoint for every topic (DESIGN "Events
 * in, work out"): verify the HMAC over the raw bytes, read the JSON, check the topic's schema,
 * store the event and queue its job in one transaction, answer 200; processing happens in
 * processors/. The two GET routes of the install (open and the auth callback) read query strings
 * raw (not through fastify's parser) so the HMAC is checked over exactly the parameters Shopify
 * signed.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app/index.ts';
import { assertJsonBody, type RouteModule } from '../../http/index.ts';
import { ingestWebhook } from '../../webhooks/index.ts';
import type { StoreEffects } from '../effects.ts';
import { beginShopifyInstall, completeShopifyInstall } from './install.ts';
import {
  isShopifyTopic,
  SHOPIFY_WEBHOOK_SCHEMAS,
  SHOPIFY_WEBHOOK_TOPICS,
  summarizeIssues,
  verifyShopifyWebhook,
} from './payloads.ts';
import { UNSIGNED_REQUEST_MESSAGE } from './rules.ts';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() ? first.trim() : undefined;
};

/**
 * A Shopify delivery header by its short name ('topic', 'hmac-sha256', ...). Shopify sends
 * `X-Shopify-*` headers and, on newer deliveries, the same values as lowercase `shopify-*`
 * headers; the new name is read first, as Shopify's own libraries do. Header names are
 * case-insensitive (Node lowercases them).
 */
const shopifyHeader = (request: FastifyRequest, name: string): string | undefined =>
  header(request, `shopify-${name}`) ?? header(request, `x-shopify-${name}`);

/** The headers worth keeping with the event (never the signature). */
const KEPT_HEADERS = {
  topic: 'topic',
  'shop-domain': 'shop_domain',
  'api-version': 'api_version',
  'event-id': 'event_id',
  'webhook-id': 'webhook_id',
  'triggered-at': 'triggered_at',
  name: 'name',
} as const;

function keptHeaders(request: FastifyRequest): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, key] of Object.entries(KEPT_HEADERS)) {
    const value = shopifyHeader(request, name);
    if (value) kept[key] = value.slice(0, 200);
  }
  return kept;
}

/** X-Shopify-Triggered-At: ISO 8601 in UTC, with up to nanoseconds ('2025-07-10T16:15:47.877041743Z'). */
const parseTriggeredAt = (value: string | undefined): Date | null => {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
};

/**
 * The topic as Reclaim names it: `orders/create`. Shopify sends that form; a different case or
 * the GraphQL enum form (`ORDERS_CREATE`) of a known topic is read as the same topic, and so is any
 * spelling with that enum form (the changelog's `customers/email_marketing_consent_update` is
 * `customers_email_marketing_consent/update`).
 */
function normalizeShopifyTopic(value: string): string {
  const topic = value.trim();
  const lower = topic.toLowerCase();
  if (isShopifyTopic(lower)) return lower;
  const enumForm = topic.toUpperCase().replace(/[/.]/g, '_');
  return SHOPIFY_WEBHOOK_TOPICS.find((known) => known.toUpperCase().replace(/\//g, '_') === enumForm) ?? topic;
}

/** True when one of the signature headers (new or legacy name) is the body's HMAC. */
function signedByShopify(request: FastifyRequest, secret: string): boolean {
  const body = request.rawBody ?? Buffer.alloc(0);
  const given = [header(request, 'shopify-hmac-sha256'), header(request, 'x-shopify-hmac-sha256')];
  return given.some((value) => verifyShopifyWebhook(secret, body, value));
}

/**
 * Largest Shopify delivery accepted (413 beyond it, nothing stored). Orders and checkouts with
 * many line items pass a megabyte, and a refused delivery is retried by Shopify until the
 * subscription is removed, so the limit is well above the server's 1 MiB default.
 */
const SHOPIFY_WEBHOOK_BODY_LIMIT = 8 * 1024 * 1024;

/** Spec 3 section 5: a Shopify request whose signature does not validate. */
const BAD_SIGNATURE_MESSAGE = UNSIGNED_REQUEST_MESSAGE;

export const shopifyWebhookRoutes: RouteModule = (app, ctx) => {
  app.post(
    '/webhooks/shopify',
    { config: { rawBody: true }, bodyLimit: SHOPIFY_WEBHOOK_BODY_LIMIT },
    async (request, reply) => {
      const secret = ctx.config.SHOPIFY_API_SECRET;
      if (!secret)
        request.log.warn('SHOPIFY_API_SECRET is not set: Shopify webhooks cannot be verified and are refused');
      if (!secret || !signedByShopify(request, secret)) {
        throw new AppError('unauthorized', BAD_SIGNATURE_MESSAGE, { code: 'bad_signature' });
      }
      assertJsonBody(request);

      const given = shopifyHeader(request, 'topic');
      if (!given) throw new AppError('invalid_input', 'No event type found', { code: 'missing_topic' });
      const topic = normalizeShopifyTopic(given);
      const shop = shopifyHeader(request, 'shop-domain')?.toLowerCase();
      const eventId = shopifyHeader(request, 'event-id') ?? shopifyHeader(request, 'webhook-id');
      if (!eventId)
        throw new AppError('invalid_input', 'Missing X-Shopify-Event-Id and X-Shopify-Webhook-Id headers.', {
          code: 'missing_event_id',
        });
      if (!isShopifyTopic(topic)) {
        request.log.warn({ topic, shop }, 'unknown Shopify webhook topic; acknowledged and ignored');
        return reply.status(200).send({ ok: true, ignored: true });
      }
      const result = SHOPIFY_WEBHOOK_SCHEMAS[topic].safeParse(request.body);
      if (!result.success) {
        request.log.warn({ topic, shop, event_id: eventId }, 'Shopify webhook payload failed its schema');
        throw new AppError('invalid_input', `Invalid ${topic} payload: ${summarizeIssues(result.error)}`, {
          code: 'invalid_payload',
        });
      }

      const ingested = await ingestWebhook(ctx, {
        source: 'shopify',
        eventId,
        topic,
        shop: shop ?? null,
        // The enabled integration of the shop is resolved inside the insert statement.
        payload: request.body,
        rawPayload: request.rawBody?.toString('utf8'),
        rawBody: request.rawBody,
        headers: keptHeaders(request),
        triggeredAt: parseTriggeredAt(shopifyHeader(request, 'triggered-at')),
      });
      if (ingested.duplicate)
        request.log.info({ topic, shop, event_id: eventId }, 'duplicate Shopify webhook acknowledged');
      return reply.status(200).send({ ok: true });
    },
  );
};

const rawQuery = (request: FastifyRequest): URLSearchParams => {
  const index = request.url.indexOf('?');
  return new URLSearchParams(index < 0 ? '' : request.url.slice(index + 1));
};

/** The install's open and auth callback routes; `effects` finds, creates or adopts the brand. */
export function shopifyInstallRoutes(
  effects: Pick<StoreEffects, 'brandExists' | 'createInstalledBrand' | 'adoptPlaceholderBrand'> &
    Partial<Pick<StoreEffects, 'storeReauthorized'>>,
): RouteModule {
  return (app, ctx) => {
    app.get('/api/integration/shopify/open', async (request, reply) => {
      const { redirectUrl } = await beginShopifyInstall(ctx, { query: rawQuery(request) }, effects);
      return reply.redirect(redirectUrl, 302);
    });

    /**
     * The integration auth callback (spec 3 section 2). Only Shopify integrations answer here;
     * other providers' callbacks (Slack, Klaviyo) would dispatch from this route by slug.
     */
    app.get<{ Params: { integrationId: string } }>('/api/integration/:integrationId/auth', async (request, reply) => {
      const { integrationId } = request.params;
      if (!/^\d+$/.test(integrationId))
        throw new AppError('not_found', 'Integration provider not found', { code: 'integration_not_found' });
      const result = await completeShopifyInstall(
        ctx,
        { integrationId: Number(integrationId), query: rawQuery(request) },
        effects,
      );
      return reply.redirect(result.redirectUrl, 302);
    });
  };
}
