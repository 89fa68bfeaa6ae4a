/**
 * Infobip delivery reports: `POST /webhooks/infobip/delivery` (up to 100 reports per request; the
 * shape is in delivery-reports.ts). Infobip does not sign them, so the URL carries our shared
 * secret (INFOBIP_WEBHOOK_SECRET) as `?secret=`, or the subscription sends it as basic-auth
 * password; either is compared in constant time, and anything else gets 401 with nothing stored.
 * The reports are stored and queued together through ingestWebhooks (event id = messageId + status
 * name); a report jsonb cannot hold as sent is kept raw, like any webhook.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../app/index.ts';
import { assertJsonBody, safeEqual, type RouteModule } from '../http/index.ts';
import { ingestWebhooks } from '../webhooks/index.ts';
import { DELIVERY_TOPIC, deliveryReportsSchema, parseInfobipDate } from './delivery-reports.ts';

function givenSecret(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.secret === 'string' && query.secret !== '') return query.secret;
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && /^basic /i.test(auth)) {
    const decoded = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 ? decoded.slice(colon + 1) : decoded;
  }
  return undefined;
}

export const infobipDeliveryRoutes: RouteModule = (app, ctx) => {
  app.post('/webhooks/infobip/delivery', { config: { rawBody: true } }, async (request, reply) => {
    const secret = ctx.config.INFOBIP_WEBHOOK_SECRET;
    if (!secret)
      request.log.warn(
        'INFOBIP_WEBHOOK_SECRET is not set: Infobip delivery reports cannot be verified and are refused',
      );
    const given = givenSecret(request);
    if (!secret || given === undefined || !safeEqual(given, secret)) {
      throw new AppError('unauthorized', 'The request is not from Infobip: the secret is missing or wrong.', {
        code: 'bad_secret',
      });
    }
    assertJsonBody(request);
    const parsed = deliveryReportsSchema.safeParse(request.body);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
        .join('; ');
      throw new AppError('invalid_input', `Invalid Infobip delivery report: ${issues}`, { code: 'invalid_payload' });
    }
    await ingestWebhooks(
      ctx,
      parsed.data.results.map((result) => ({
        source: 'infobip' as const,
        eventId: `${result.messageId}:${result.status.name}`,
        topic: DELIVERY_TOPIC,
        payload: result,
        triggeredAt: parseInfobipDate(result.doneAt),
      })),
    );
    return reply.status(200).send({ ok: true, received: parsed.data.results.length });
  });
};
