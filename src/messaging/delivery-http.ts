/**
 * Infobip delivery reports: `POST /webhooks/infobip/delivery`. Infobip POSTs
 * { results: [{ bulkId, messageId, to, sentAt, doneAt, messageCount|smsCount, price,
 * status: { groupId, groupName, id, name, description }, error: { ... }, callbackData }] }
 * (up to 100 reports per request). Infobip does not sign them, so the URL carries our shared secret
 * (INFOBIP_WEBHOOK_SECRET) as `?secret=`, or the subscription sends it as basic-auth password;
 * either is compared in constant time, and anything else gets 401 with nothing stored.
 * Each report is stored and queued through ingestWebhook (event id = messageId + status name);
 * the processor moves the message to delivered / undelivered / failed.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, type AppContext } from '../app/index.ts';
import { assertJsonBody, safeEqual, type RouteModule } from '../http/index.ts';
import { ingestWebhook, type WebhookEvent } from '../webhooks/index.ts';

/** The topic delivery reports are stored under (the infobip processor in src/flows dispatches on it). */
export const DELIVERY_TOPIC = 'delivery';
/** A report for a message we do not know yet is retried this long (the send may still be recording it). */
const UNKNOWN_MESSAGE_GRACE_MS = 10 * 60_000;

const status = z.looseObject({
  groupId: z.number().nullish(),
  groupName: z.string().min(1),
  id: z.number().nullish(),
  name: z.string().min(1),
  description: z.string().nullish(),
  action: z.string().nullish(),
});
const report = z.looseObject({
  bulkId: z.string().nullish(),
  messageId: z.string().min(1),
  to: z.string().nullish(),
  sentAt: z.string().nullish(),
  doneAt: z.string().nullish(),
  messageCount: z.number().nullish(),
  smsCount: z.number().nullish(),
  callbackData: z.string().nullish(),
  status,
  error: z
    .looseObject({
      groupName: z.string().nullish(),
      id: z.number().nullish(),
      name: z.string().nullish(),
      description: z.string().nullish(),
      permanent: z.boolean().nullish(),
    })
    .nullish(),
});
export const deliveryReportsSchema = z.looseObject({ results: z.array(report) });
export type InfobipDeliveryReport = z.infer<typeof report>;

/** Our status for an Infobip status group; undefined = not final yet (PENDING), nothing changes. */
export function deliveryStatusOf(groupName: string): 'delivered' | 'undelivered' | 'failed' | undefined {
  switch (groupName.toUpperCase()) {
    case 'DELIVERED':
      return 'delivered';
    case 'UNDELIVERABLE':
    case 'EXPIRED':
      return 'undelivered';
    case 'REJECTED':
      return 'failed';
    default:
      return undefined;
  }
}

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
    await Promise.all(
      parsed.data.results.map((result) =>
        ingestWebhook(ctx, {
          source: 'infobip',
          eventId: `${result.messageId}:${result.status.name}`,
          topic: DELIVERY_TOPIC,
          payload: result,
          triggeredAt: parseDate(result.doneAt),
        }),
      ),
    );
    return reply.status(200).send({ ok: true, received: parsed.data.results.length });
  });
};

/** Infobip dates look like 2019-11-09T16:00:00.000+0000. */
function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const at = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The processor of a stored delivery report: the message with this provider id moves to its final
 * status (only from sending/sent, so a late or repeated report never undoes a final one).
 */
export async function processDeliveryReport(ctx: AppContext, event: WebhookEvent): Promise<'processed' | 'skipped'> {
  const result = report.safeParse(event.payload);
  if (!result.success) return 'skipped';
  const { messageId, status: st, error } = result.data;
  const next = deliveryStatusOf(st.groupName);
  const message = await ctx
    .db('conversation_messages')
    .where({ provider: 'infobip', provider_message_id: messageId })
    .first<{ id: string; status: string } | undefined>('id', 'status');
  if (!message) {
    if (Date.now() - event.received_at.getTime() < UNKNOWN_MESSAGE_GRACE_MS)
      throw new AppError('not_found', `No message with Infobip id ${messageId} yet.`);
    ctx.logger.warn({ provider_message_id: messageId }, 'delivery report for a message we do not know; skipped');
    return 'skipped';
  }
  if (!next) return 'skipped';
  const reason =
    next === 'delivered'
      ? null
      : `${st.name}${st.description ? `: ${st.description}` : ''}${error?.name && error.name !== 'NO_ERROR' ? ` (${error.name}${error.description ? `: ${error.description}` : ''})` : ''}`;
  const updated = await ctx
    .db('conversation_messages')
    .where({ id: message.id })
    .whereIn('status', ['sending', 'sent'])
    .update({
      status: next,
      status_reason: reason,
      extra_data: ctx.db.raw(`extra_data || jsonb_build_object('delivery', ?::jsonb)`, [
        JSON.stringify({
          status: st.name,
          group: st.groupName,
          error: error?.name ?? null,
          done_at: parseDate(result.data.doneAt)?.toISOString() ?? null,
        }),
      ]),
      updated_at: ctx.db.fn.now(),
    });
  return updated > 0 ? 'processed' : 'skipped';
}
