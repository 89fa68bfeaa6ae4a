/**
 * Infobip's registration status webhooks: `POST /webhooks/infobip/registration`, sent by a
 * subscription whose BASIC security profile carries our INFOBIP_WEBHOOK_SECRET as the password
 * (compared in constant time; 401 and nothing stored otherwise). Like every webhook the results
 * are stored and queued through ingestWebhooks (source infobip, topic 'registration') and the
 * request is answered at once; the worker applies each one to the registration it names.
 *
 * Body: { results: [{ event, receivedAt, content }] } where content is, for CAMPAIGN_STATUS_UPDATE,
 * { campaignId, campaignStatus, rejectionReasons, rejectionDetails: [{ errorCode, description }],
 * rejectionDate } and, for BRAND_STATUS_UPDATE, { brandId, brandStatus }.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, type AppContext } from '../../app/index.ts';
import { safeEqual, type RouteModule } from '../../http/index.ts';
import { ingestWebhooks, type WebhookEvent } from '../../webhooks/index.ts';
import { applyStatusEvent } from './machine.ts';
import { findRegistrationByInfobipId } from './store.ts';

export const REGISTRATION_PATH = '/webhooks/infobip/registration';
export const REGISTRATION_TOPIC = 'registration';

const id = z.union([z.string(), z.number()]).transform(String);
const campaignContent = z.looseObject({
  campaignId: id,
  campaignStatus: z.string().min(1),
  rejectionReasons: z.union([z.string(), z.array(z.string())]).nullish(),
  rejectionDetails: z
    .array(z.looseObject({ errorCode: z.union([z.string(), z.number()]).nullish(), description: z.string().nullish() }))
    .nullish(),
  rejectionDate: z.string().nullish(),
});
const brandContent = z.looseObject({ brandId: id, brandStatus: z.string().min(1) });
const result = z.looseObject({
  event: z.string().min(1),
  receivedAt: z.string().nullish(),
  content: z.record(z.string(), z.unknown()).nullish(),
});
const body = z.looseObject({ results: z.array(result).min(1).max(1000) });

function basicPassword(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (typeof auth !== 'string' || !/^basic\s+/i.test(auth)) return undefined;
  const decoded = Buffer.from(auth.replace(/^basic\s+/i, '').trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 ? decoded.slice(colon + 1) : undefined;
}

/** The event id Infobip gives none of: event, subject, status and time make a repeat recognisable. */
function eventKey(r: z.output<typeof result>): string {
  const c = r.content ?? {};
  const subject = String(c.campaignId ?? c.brandId ?? 'unknown');
  const status = String(c.campaignStatus ?? c.brandStatus ?? '');
  return `${r.event}:${subject}:${status}:${r.receivedAt ?? ''}`.slice(0, 255);
}

export const infobipRegistrationRoutes: RouteModule = (app, ctx) => {
  app.post(REGISTRATION_PATH, { config: { rawBody: true } }, async (request, reply) => {
    const secret = ctx.config.INFOBIP_WEBHOOK_SECRET;
    const given = basicPassword(request);
    if (!secret || given === undefined || !safeEqual(given, secret)) {
      request.log.warn({ configured: Boolean(secret) }, 'infobip registration webhook refused: basic auth wrong');
      throw new AppError('unauthorized', 'The request is not from Infobip: the basic auth is missing or wrong.', {
        code: 'bad_secret',
      });
    }
    const parsed = body.safeParse(request.body);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
        .join('; ');
      // A body that fails its schema fails the same way on every retry: 400, nothing stored.
      request.log.warn({ issues }, 'infobip registration webhook not understood; nothing stored');
      throw new AppError('invalid_input', `Invalid Infobip registration webhook: ${issues}`, {
        code: 'invalid_payload',
      });
    }
    const stored = await ingestWebhooks(
      ctx,
      parsed.data.results.map((r) => ({
        source: 'infobip' as const,
        eventId: eventKey(r),
        topic: REGISTRATION_TOPIC,
        payload: r,
        triggeredAt: r.receivedAt && !Number.isNaN(Date.parse(r.receivedAt)) ? new Date(r.receivedAt) : null,
      })),
    );
    return reply.status(200).send({ success: true, received: stored.length });
  });
};

/**
 * The processor of a stored registration event: the status applied to the registration it names.
 * Unknown events are warned about and ignored; so are events for a brand or campaign we do not know.
 */
export async function processRegistrationEvent(ctx: AppContext, event: WebhookEvent): Promise<'processed' | 'skipped'> {
  const log = ctx.logger.child({ webhook_event_id: event.id, topic: event.topic });
  const parsed = result.safeParse(event.payload);
  if (!parsed.success) {
    log.warn('registration webhook payload not understood; ignored');
    return 'skipped';
  }
  const { event: kind, content } = parsed.data;
  if (kind === 'CAMPAIGN_STATUS_UPDATE') {
    const c = campaignContent.safeParse(content);
    if (!c.success) return (log.warn('CAMPAIGN_STATUS_UPDATE without campaignId or status; ignored'), 'skipped');
    const row = await findRegistrationByInfobipId(ctx.db, 'infobip_campaign_id', c.data.campaignId);
    if (!row)
      return (log.warn({ campaign_id: c.data.campaignId }, 'status for an unknown campaign; ignored'), 'skipped');
    return applyStatusEvent(
      ctx,
      row,
      {
        kind: 'campaign',
        status: c.data.campaignStatus,
        reasons: c.data.rejectionReasons,
        details: c.data.rejectionDetails,
        date: c.data.rejectionDate,
      },
      'webhook',
    );
  }
  if (kind === 'BRAND_STATUS_UPDATE') {
    const b = brandContent.safeParse(content);
    if (!b.success) return (log.warn('BRAND_STATUS_UPDATE without brandId or status; ignored'), 'skipped');
    const row = await findRegistrationByInfobipId(ctx.db, 'infobip_brand_id', b.data.brandId);
    if (!row)
      return (log.warn({ infobip_brand_id: b.data.brandId }, 'status for an unknown brand; ignored'), 'skipped');
    return applyStatusEvent(ctx, row, { kind: 'brand', status: b.data.brandStatus }, 'webhook');
  }
  log.warn({ event: kind }, 'unknown Infobip registration event; ignored');
  return 'skipped';
}
