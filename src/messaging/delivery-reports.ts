/**
 * Infobip delivery reports: { results: [{ bulkId, messageId, to, sentAt, doneAt,
 * messageCount|smsCount, price, status: { groupId, groupName, id, name, description }, error: { ... },
 * callbackData }] }. A stored report moves its message to delivered / undelivered / failed.
 */
import { z } from 'zod';
import { AppError, type AppContext } from '../app/index.ts';
import type { WebhookEvent } from '../webhooks/index.ts';
import { findByProviderMessageId, markDeliveryStatus } from './store/messages.ts';

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

/** Infobip dates look like 2019-11-09T16:00:00.000+0000. */
export function parseInfobipDate(value: string | null | undefined): Date | null {
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
  const message = await findByProviderMessageId(ctx.db, { provider: 'infobip', providerMessageId: messageId });
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
  const updated = await markDeliveryStatus(ctx.db, {
    messageId: message.id,
    status: next,
    reason,
    delivery: {
      status: st.name,
      group: st.groupName,
      error: error?.name ?? null,
      done_at: parseInfobipDate(result.data.doneAt)?.toISOString() ?? null,
    },
  });
  return updated ? 'processed' : 'skipped';
}
