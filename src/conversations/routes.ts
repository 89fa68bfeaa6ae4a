/**
 * HTTP routes of the conversations domain:
 * - `POST /webhooks/infobip/inbound`: Infobip's inbound SMS forwarding (the payload is described
 *   in infobip-inbound.ts). Accepted only with INFOBIP_WEBHOOK_SECRET, given as `?secret=` in the
 *   forwarding URL or as the basic-auth password (timing-safe); otherwise 401 and nothing is
 *   stored. At most INFOBIP_INBOUND_MAX_RESULTS results per delivery (400 beyond, nothing stored).
 *   Each result is stored as one webhook event (source infobip, event id = messageId, topic
 *   'inbound'), all of them queued together so they share statements; the worker applies each with
 *   receiveMessage.
 * - `GET /r/{code}`: a short link; 302 to its target and a click recorded, 404 when unknown.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type AppContext } from '../app/index.ts';
import { assertJsonBody, errorBody, safeEqual, type RouteModule } from '../http/index.ts';
import { freshBigCommerceCartUrl } from '../stores/index.ts';
import { ingestWebhooks } from '../webhooks/index.ts';
import {
  INFOBIP_INBOUND_MAX_RESULTS,
  INFOBIP_INBOUND_TOPIC,
  infobipInboundSchema,
  summarizeIssues,
} from './infobip-inbound.ts';
import { followShortLink } from './links.ts';

export const INFOBIP_INBOUND_PATH = '/webhooks/infobip/inbound';
export const SHORT_LINK_NOT_FOUND_TEXT = 'This link does not exist or has expired.';

/** The secret a request carries: `?secret=` or the password of basic auth. */
function givenSecret(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown>;
  if (typeof query.secret === 'string' && query.secret.length > 0) return query.secret;
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && /^basic\s+/i.test(auth)) {
    const decoded = Buffer.from(auth.replace(/^basic\s+/i, '').trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) return decoded.slice(colon + 1);
  }
  return undefined;
}

const unauthorized = (reply: FastifyReply) =>
  reply
    .status(401)
    .send(errorBody(new AppError('unauthorized', 'Invalid webhook secret', { code: 'invalid_webhook_secret' })));

async function receiveInfobipInbound(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const expected = ctx.config.INFOBIP_WEBHOOK_SECRET;
  const given = givenSecret(request);
  if (!expected || given === undefined || !safeEqual(given, expected)) {
    request.log.warn(
      { configured: Boolean(expected), has_secret: given !== undefined },
      'infobip inbound refused: webhook secret missing or wrong',
    );
    return unauthorized(reply);
  }
  assertJsonBody(request);
  const results = (request.body as { results?: unknown } | null)?.results;
  if (Array.isArray(results) && results.length > INFOBIP_INBOUND_MAX_RESULTS)
    throw new AppError(
      'invalid_input',
      `An Infobip inbound delivery may hold at most ${INFOBIP_INBOUND_MAX_RESULTS} results; this one holds ${results.length}. Nothing was stored.`,
      { code: 'too_many_results' },
    );
  const parsed = infobipInboundSchema.safeParse(request.body);
  if (!parsed.success)
    throw new AppError('invalid_input', `Invalid Infobip inbound payload (${summarizeIssues(parsed.error)}).`, {
      code: 'invalid_payload',
    });
  // All results of the delivery are queued at once, so they share a few statements.
  const stored = await ingestWebhooks(
    ctx,
    parsed.data.results.map((result) => ({
      source: 'infobip' as const,
      eventId: result.messageId,
      topic: INFOBIP_INBOUND_TOPIC,
      payload: result,
      triggeredAt: result.receivedAt ? new Date(result.receivedAt) : null,
    })),
  );
  const duplicates = stored.filter((result) => result.duplicate).length;
  return reply.status(200).send({ received: parsed.data.results.length, duplicates });
}

/** Only http(s) targets are followed; anything else stored by mistake is treated as unknown. */
const isWebUrl = (value: string): boolean => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

async function redirectShortLink(
  ctx: AppContext,
  request: FastifyRequest<{ Params: { code: string } }>,
  reply: FastifyReply,
) {
  const userAgent = request.headers['user-agent'];
  const link = await followShortLink(ctx, {
    code: request.params.code,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    ip: request.ip,
  });
  void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  if (!link || !isWebUrl(link.targetUrl))
    return reply.status(404).type('text/plain; charset=utf-8').send(SHORT_LINK_NOT_FOUND_TEXT);
  // A BigCommerce cart link works once, so an open BigCommerce cart gets a fresh one per visit.
  const fresh =
    link.cart?.platform === 'bigcommerce'
      ? await freshBigCommerceCartUrl(ctx, {
          brandIntegrationId: link.cart.brandIntegrationId,
          cartId: link.cart.externalId,
        })
      : undefined;
  return reply.redirect(fresh && isWebUrl(fresh) ? fresh : link.targetUrl, 302);
}

/** The conversations routes of `serve-webhooks`. */
export const conversationsRoutes: RouteModule = (app, ctx) => {
  app.post(INFOBIP_INBOUND_PATH, { config: { rawBody: true } }, (request, reply) =>
    receiveInfobipInbound(ctx, request, reply),
  );
  app.get<{ Params: { code: string } }>('/r/:code', (request, reply) => redirectShortLink(ctx, request, reply));
};
