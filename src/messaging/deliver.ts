/**
 * The second half of sending one claimed message (status 'sending'), outside any transaction so a
 * slow store or provider never holds a lock: create its store discount code if still pending, check
 * the channel once more, hand it to the provider, and record the outcome.
 */
import { coerceError, isAppError, type AppContext } from '../app/index.ts';
import { createStoreDiscount, getDiscountCode } from '../discounts/index.ts';
import type { SlotWindow } from './hand-over.ts';
import { SmsSendError } from './infobip-client.ts';
import type { SmsProvider } from './providers.ts';
import { segmentInfo } from './rules.ts';
import { channelState, updateMessages, type MessageUpdate } from './store/sending.ts';

export const MAX_SEND_ATTEMPTS = 5;
/** First retry after a minute, then 2, 4, 8 minutes. */
export const retryDelayMs = (attempt: number): number => 60_000 * 2 ** Math.max(0, attempt - 1);

export const SKIP_UNSUBSCRIBED = 'unsubscribed';

export type Outcome = 'sent' | 'deferred' | 'skipped' | 'failed';

export interface ClaimedMessage {
  id: number;
  brandId: number;
  channelId: number;
  to: string;
  body: string;
  /** The sending number (null for the outbox). */
  from: string | null;
  /** Attempts including this one. */
  attempt: number;
  discountCodeId?: number;
  /** The discount code the body currently names (extra_data.body_discount_code), when known. */
  writtenCode?: string;
  /** A transactional reply allowed to one opted-out channel (the STOP confirmation). */
  allowUnsubscribed?: boolean;
  /** Rate-limited providers: not before this time (relative to the run's clock). */
  slotAt?: Date;
  /** Rate-limited providers: the least time between two sends from the number. */
  intervalMs?: number;
  /** The status it waited in (auto_queued / queued): the one it goes back to when its slot passes. */
  queuedStatus?: string;
  /** Rate-limited providers on the real clock: the number's time its claim reserved (shared by the claim's texts). */
  window?: SlotWindow;
}

/**
 * Called right before the provider call: waits for the text's turn and returns the hand-over time
 * (recorded as sent_at), or undefined when the text must not go now (its number's slot passed).
 */
export type HandOver = () => Promise<Date | undefined>;

/** The update of a text whose number's slot passed before it could go: queued again, due now. */
export const slotPassedUpdate = (message: ClaimedMessage, now: Date): MessageUpdate => ({
  id: message.id,
  status: message.queuedStatus ?? 'queued',
  scheduled_for: now,
  status_reason: `rate_limited: the slot of ${message.from ?? 'its number'} passed before the text went out; it takes the next free one`,
  extra: { send_attempts: message.attempt - 1 },
});

const skipUpdate = (id: number, reason: string, detail: string): MessageUpdate => ({
  id,
  status: 'agent_skipped',
  status_reason: `${reason}: ${detail}`,
  extra: { skip_reason: reason },
});

/** The update for a message whose send (or discount code) failed: queued again with backoff, or failed after the last try. */
export function failureUpdate(
  message: Pick<ClaimedMessage, 'id' | 'attempt'>,
  error: unknown,
  { now, prefix }: { now: Date; prefix: string },
): MessageUpdate {
  const cause = coerceError(error);
  const retryable =
    error instanceof SmsSendError
      ? error.retryable
      : isAppError(error)
        ? error.kind === 'upstream' || error.kind === 'internal'
        : true;
  const text = cause.message.slice(0, 300);
  if (retryable && message.attempt < MAX_SEND_ATTEMPTS) {
    const wait = Math.max(retryDelayMs(message.attempt), error instanceof SmsSendError ? (error.retryAfterMs ?? 0) : 0);
    const at = new Date(now.getTime() + wait);
    return {
      id: message.id,
      status: 'queued',
      scheduled_for: at,
      status_reason: `${prefix}: ${text} (try ${message.attempt} of ${MAX_SEND_ATTEMPTS}; next at ${at.toISOString()})`,
    };
  }
  return {
    id: message.id,
    status: 'failed',
    status_reason: `${prefix}: ${text}${retryable ? ` (gave up after ${message.attempt} tries)` : ''}`,
    extra: { failed_at: now.toISOString() },
  };
}

const outcomeOf = (update: MessageUpdate): Outcome =>
  update.status === 'failed'
    ? 'failed'
    : update.status === 'agent_skipped'
      ? 'skipped'
      : update.status === 'sent'
        ? 'sent'
        : 'deferred';

/** A channel may receive this message: subscribed and not blocked, or the single allowed opt-out reply. */
export const channelAllows = (
  state: { status: string; blocked: boolean } | undefined,
  allowUnsubscribed = false,
): boolean =>
  !!state &&
  !state.blocked &&
  (state.status === 'subscribed' || (allowUnsubscribed && state.status === 'unsubscribed'));

/**
 * Creates the store code when it is not created yet, and puts the final code into the body. The
 * code the body was written with is remembered in extra_data.body_discount_code, because a store
 * collision can change the row's code during a try that then fails.
 */
async function withDiscountCode(
  ctx: AppContext,
  message: ClaimedMessage,
  track: { written?: string },
): Promise<string> {
  if (message.discountCodeId === undefined) return message.body;
  const row = await getDiscountCode(ctx.db, message.discountCodeId);
  if (!row) return message.body;
  track.written = message.writtenCode ?? row.code;
  const final = row.status === 'created' ? row.code : (await createStoreDiscount(ctx, { discountCodeId: row.id })).code;
  const body =
    track.written && final && track.written !== final ? message.body.split(track.written).join(final) : message.body;
  track.written = final;
  return body;
}

/** Sends one claimed message and records the outcome. Never throws for the message's own failures. */
export async function deliverClaimed(
  ctx: AppContext,
  provider: SmsProvider,
  message: ClaimedMessage,
  { clock, handOver }: { clock: () => Date; handOver?: HandOver },
): Promise<Outcome> {
  const log = ctx.logger.child({ message_id: message.id, brand_id: message.brandId });
  const track: { written?: string } = {};
  const remember = (update: MessageUpdate): MessageUpdate =>
    track.written ? { ...update, extra: { ...(update.extra ?? {}), body_discount_code: track.written } } : update;
  let update: MessageUpdate;
  let body = message.body;
  try {
    body = await withDiscountCode(ctx, message, track);
  } catch (error) {
    log.warn({ err: coerceError(error) }, 'could not create the discount code of a message');
    update = remember(failureUpdate(message, error, { now: clock(), prefix: 'discount_code_failed' }));
    await updateMessages(ctx.db, [update], { onlyStatus: ['sending'] });
    return outcomeOf(update);
  }
  try {
    if (!channelAllows(await channelState(ctx.db, message.channelId), message.allowUnsubscribed)) {
      update = skipUpdate(message.id, SKIP_UNSUBSCRIBED, 'the channel opted out before the message went out');
    } else {
      const sentAt = handOver ? await handOver() : clock();
      if (!sentAt) {
        update = slotPassedUpdate(message, clock());
        if (body !== message.body) update.body = body;
        await updateMessages(ctx.db, [remember(update)], { onlyStatus: ['sending'] });
        return outcomeOf(update);
      }
      const sent = await provider.send({
        messageId: message.id,
        brandId: message.brandId,
        from: message.from,
        to: message.to,
        body,
      });
      const segments = segmentInfo(body);
      update = {
        id: message.id,
        status: 'sent',
        // The moment it was handed over (the one its number's pace counts), not the answer's.
        sent_at: sentAt,
        status_reason: null,
        segments: segments.segments,
        encoding: segments.encoding,
        provider: provider.name,
        provider_message_id: sent.providerMessageId,
        extra: sent.providerStatus ? { provider_status: sent.providerStatus } : {},
      };
    }
  } catch (error) {
    log.warn({ err: coerceError(error), attempt: message.attempt }, 'sending a message failed');
    update = failureUpdate(message, error, { now: clock(), prefix: 'send_failed' });
  }
  // The code exists at the store now: the stored text must name it, whatever happened next.
  if (body !== message.body) update.body = body;
  await updateMessages(ctx.db, [remember(update)], { onlyStatus: ['sending'] });
  return outcomeOf(update);
}

export { skipUpdate, outcomeOf };
