/**
 * HTTP routes of the conversations domain:
 * - `POST /webhooks/infobip/inbound`: Infobip's inbound SMS forwarding (format MO_JSON_2:
 *   `{ results: [{ messageId, from, to, text, cleanText, keyword, receivedAt, smsCount, price,
 *   callbackData }], messageCount, pendingMessageCount }`). Accepted only with
 *   INFOBIP_WEBHOOK_SECRET, given as `?secret=` in the forwarding URL or as the basic-auth
 *   password (timing-safe); otherwise 401 and nothing is stored. Each result is stored as one
 *   webhook event (source infobip, event id = messageId, topic 'inbound') and queued; the worker
 *   applies it with receiveMessage.
 * - `GET /r/{code}`: a short link; 302 to its target and a click recorded, 404 when unknown.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, type AppContext } from '../app/index.ts';
import { assertJsonBody, errorBody, safeEqual, type RouteModule } from '../http/index.ts';
import { freshBigCommerceCartUrl } from '../stores/index.ts';
import { ingestWebhook } from '../webhooks/index.ts';
import type { InboundMessage } from './inbound.ts';
import { followShortLink } from './links.ts';

export const INFOBIP_INBOUND_PATH = '/webhooks/infobip/inbound';
export const INFOBIP_INBOUND_TOPIC = 'inbound';
export const SHORT_LINK_NOT_FOUND_TEXT = 'This link does not exist or has expired.';

const optionalText = z.string().nullish();

/** One inbound message of Infobip's MO_JSON_2 forward; fields Reclaim does not read pass through. */
export const infobipInboundResultSchema = z.looseObject({
  messageId: z.string().trim().min(1),
  from: z.string().trim().min(1),
  to: z.string().trim().min(1),
  text: optionalText,
  cleanText: optionalText,
  keyword: optionalText,
  receivedAt: z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date-time')
    .nullish(),
  smsCount: z.number().int().nullish(),
  price: z.looseObject({ pricePerMessage: z.number().nullish(), currency: optionalText }).nullish(),
  callbackData: optionalText,
});
export const infobipInboundSchema = z.looseObject({
  results: z.array(infobipInboundResultSchema),
  messageCount: z.number().int().nullish(),
  pendingMessageCount: z.number().int().nullish(),
});
export type InfobipInboundResult = z.infer<typeof infobipInboundResultSchema>;

/** Infobip writes numbers in international form without '+': 14155550100. */
const withPlus = (value: string): string => (/^\d+$/.test(value.trim()) ? `+${value.trim()}` : value.trim());

/** One stored Infobip inbound result as the input of receiveMessage. */
export function infobipInboundMessage(payload: unknown): InboundMessage {
  const parsed = infobipInboundResultSchema.safeParse(payload);
  if (!parsed.success)
    throw new AppError('invalid_input', `Invalid Infobip inbound message: ${summarize(parsed.error)}`, {
      code: 'invalid_payload',
    });
  const result = parsed.data;
  return {
    from: withPlus(result.from),
    to: withPlus(result.to),
    body: result.text ?? result.cleanText ?? '',
    provider: 'infobip',
    providerMessageId: result.messageId,
    receivedAt: result.receivedAt ? new Date(result.receivedAt) : undefined,
  };
}

function summarize(error: z.ZodError): string {
  return error.issues
    .slice(0, 10)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}

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
  const parsed = infobipInboundSchema.safeParse(request.body);
  if (!parsed.success)
    throw new AppError('invalid_input', `Invalid Infobip inbound payload (${summarize(parsed.error)}).`, {
      code: 'invalid_payload',
    });
  let duplicates = 0;
  for (const result of parsed.data.results) {
    const stored = await ingestWebhook(ctx, {
      source: 'infobip',
      eventId: result.messageId,
      topic: INFOBIP_INBOUND_TOPIC,
      payload: result,
      triggeredAt: result.receivedAt ? new Date(result.receivedAt) : null,
    });
    if (stored.duplicate) duplicates += 1;
  }
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
