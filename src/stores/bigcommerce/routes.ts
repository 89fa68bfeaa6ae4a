/**
 * HTTP routes: the app callbacks (auth, load, uninstall, remove_user) and the hook destination.
 * A delivery is accepted only with the integration's secret header (timing-safe), stored keyed by
 * its `hash` and queued in one transaction, and answered 200 at once; processing happens in the
 * worker.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type AppContext } from '../../app/index.ts';
import { assertJsonBody, errorBody, safeEqual, type RouteModule } from '../../http/index.ts';
import { ingestWebhook } from '../../webhooks/index.ts';
import type { StoreEffects } from '../effects.ts';
import { installLanding, openLanding } from '../install-sign-in.ts';
import { deliverySecret } from './connection.ts';
import { installStore, loadStore, uninstallStore, verifySignedPayload } from './install.ts';
import { AUTH_CALLBACK_PATH, deliverySchema, HOOK_SECRET_HEADER, WEBHOOK_PATH } from './rules.ts';

type Query = Record<string, string | undefined>;

const panelUrl = (ctx: AppContext, integrationId: number): string =>
  `${(ctx.config.PUBLIC_URL ?? '').replace(/\/+$/, '')}/?integration=${integrationId}&platform=bigcommerce`;

const unauthorized = (reply: FastifyReply, message = 'Invalid webhook secret') =>
  reply.status(401).send(errorBody(new AppError('unauthorized', message, { code: 'invalid_hook_secret' })));

async function receiveDelivery(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  assertJsonBody(request);
  const given = request.headers[HOOK_SECRET_HEADER.toLowerCase()];
  const expected = await deliverySecret(ctx, request.body);
  if (!expected || typeof given !== 'string' || !safeEqual(given, expected.secret)) {
    request.log.warn(
      { has_header: typeof given === 'string' },
      'bigcommerce delivery refused: secret header missing or wrong',
    );
    return unauthorized(reply);
  }
  const parsed = deliverySchema.safeParse(request.body);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
      .join('; ');
    throw new AppError('invalid_input', `Invalid BigCommerce webhook payload (${problems}).`, {
      code: 'invalid_payload',
    });
  }
  const delivery = parsed.data;
  const result = await ingestWebhook(ctx, {
    source: 'bigcommerce',
    eventId: delivery.hash,
    topic: delivery.scope,
    shop: expected.storeHash,
    brandIntegrationId: expected.integrationId,
    payload: delivery,
    rawBody: request.rawBody,
    triggeredAt: delivery.created_at ? new Date(delivery.created_at * 1000) : null,
  });
  return reply.status(200).send({ received: true, duplicate: result.duplicate });
}

type RouteEffects = Pick<StoreEffects, 'storeCancelled' | 'findBrandByDomain' | 'createInstalledBrand'> &
  Partial<Pick<StoreEffects, 'storeReauthorized'>>;

/** The panel through the one-time sign-in link, landing on the brand's home. */
const signedInUrl = (url: string, brandId: number, integrationId: number): string =>
  `${url}&redirectTo=${encodeURIComponent(`/b/${brandId}?installed=bigcommerce&integration=${integrationId}`)}`;

/**
 * The BigCommerce routes of `serve-webhooks`; an install finds or creates its brand and an
 * uninstall cancels the store through `effects`.
 */
export function bigcommerceRoutes(effects: RouteEffects): RouteModule {
  return (app, ctx) => registerRoutes(app, ctx, effects);
}

function registerRoutes(app: FastifyInstance, ctx: AppContext, effects: RouteEffects): void {
  app.get(AUTH_CALLBACK_PATH, async (request, reply) => {
    const query = request.query as Query;
    const result = await installStore(ctx, { code: query.code, scope: query.scope, context: query.context }, effects);
    const { id, brand_id: brandId } = result.integration;
    const link = await installLanding(ctx, {
      brandId,
      source: 'bigcommerce:install',
      merchant: result.merchant,
      userEmail: result.userEmail,
    });
    return reply.redirect(link ? signedInUrl(link.url, brandId, id) : panelUrl(ctx, id));
  });

  app.get('/api/integration/bigcommerce/load', async (request, reply) => {
    // An app open: the store user (the signed payload's user e-mail) signs in again (reauth).
    const { integration, payload } = await loadStore(ctx, (request.query as Query).signed_payload_jwt);
    const link = await openLanding(ctx, {
      brandId: integration.brand_id,
      source: 'bigcommerce:load',
      userEmail: payload.user?.email,
      merchant: {
        source: 'bigcommerce',
        storeKey: payload.storeHash,
        companyName: typeof integration.settings.store_name === 'string' ? integration.settings.store_name : null,
        storeUrl: typeof integration.settings.domain === 'string' ? integration.settings.domain : null,
        extra: { bigcommerce_session: { store_hash: payload.storeHash, user: payload.user, owner: payload.owner } },
      },
    });
    await effects.storeReauthorized?.(ctx.db, {
      brandId: integration.brand_id,
      brandIntegrationId: integration.id,
      source: 'bigcommerce',
    });
    return reply.redirect(signedInUrl(link.url, integration.brand_id, integration.id));
  });

  app.get('/api/integration/bigcommerce/uninstall', async (request) => {
    const { integration } = await uninstallStore(ctx, (request.query as Query).signed_payload_jwt, effects);
    return { uninstalled: integration !== null };
  });

  // BigCommerce calls remove_user (server to server, JSON expected) when the owner revokes a
  // user's access. Reclaim keeps no per-user BigCommerce state, so a verified call is acknowledged.
  app.get('/api/integration/bigcommerce/remove_user', async (request) => {
    const payload = await verifySignedPayload(ctx, (request.query as Query).signed_payload_jwt);
    request.log.info(
      { store_hash: payload.storeHash, bigcommerce_user_id: payload.user?.id ?? null },
      'bigcommerce user removed from the app',
    );
    return { removed: true };
  });

  app.post(WEBHOOK_PATH, { config: { rawBody: true } }, (request, reply) => receiveDelivery(ctx, request, reply));
}
