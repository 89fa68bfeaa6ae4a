/**
 * Immediate sends for transactional replies (STOP confirmation, HELP answer, START): no quiet hours,
 * still only +1 numbers, and never to an opted-out channel, except the one reply right after the
 * opt-out (the STOP confirmation): the first outgoing message since the channel unsubscribed.
 * A blocked channel gets nothing. A send that fails is queued again for the send job.
 */
import { AppError, type AppContext } from '../app/index.ts';
import { withTransaction } from '../db/index.ts';
import { channelAllows, deliverClaimed, SKIP_UNSUBSCRIBED, type HandOver, type Outcome } from './deliver.ts';
import { handOverAt, releaseRefused, type SlotWindow } from './hand-over.ts';
import { realSleep, type Sleep } from './infobip-client.ts';
import type { SmsProvider } from './providers.ts';
import { intervalMs, readPace, reserveSlots, utcDay } from './rate-limit.ts';
import { decideSend } from './rules.ts';
import {
  findSendTarget,
  insertOutgoingMessage,
  messageSendState,
  nothingSentToChannelSince,
} from './store/messages.ts';
import { brandSending } from './store/senders.ts';

export interface SendNowInput {
  brandId: number;
  conversationId: number;
  body: string;
  /** Replies are transactional; a marketing message sent "now" still obeys the clock. */
  isMarketing?: boolean;
  /**
   * The confirmation of an opt-out: may reach the just-unsubscribed channel once. false: never to
   * an opted-out channel; absent: the first reply after the opt-out is allowed (the same rule).
   */
  optOutConfirmation?: boolean;
  provider?: SmsProvider;
  now?: Date;
  sleep?: Sleep;
}

export interface SendNowResult {
  messageId: number;
  status: 'sent' | 'queued' | 'auto_queued' | 'agent_skipped' | 'failed';
  providerMessageId?: string;
  /** Why it was not sent (skip reason or status_reason). */
  reason?: string;
}

export async function sendMessageNow(ctx: AppContext, input: SendNowInput): Promise<SendNowResult> {
  const now = input.now ?? new Date();
  const isMarketing = input.isMarketing ?? false;
  const provider = input.provider ?? ctx.clients.sms;
  const conversation = await findSendTarget(ctx.db, { brandId: input.brandId, conversationId: input.conversationId });
  if (!conversation) throw new AppError('not_found', 'Conversation not found');

  const insert = (
    status: SendNowResult['status'] | 'sending',
    fields: { scheduledFor?: Date; statusReason?: string; extra?: Record<string, unknown> } = {},
  ): Promise<number> =>
    insertOutgoingMessage(ctx.db, {
      brandId: input.brandId,
      conversationId: input.conversationId,
      body: input.body,
      status,
      isMarketing,
      scheduledFor: fields.scheduledFor ?? now,
      statusReason: fields.statusReason,
      extra: fields.extra,
    });
  const skip = async (reason: string, detail: string): Promise<SendNowResult> => ({
    messageId: await insert('agent_skipped', {
      statusReason: `${reason}: ${detail}`,
      extra: { transactional: !isMarketing, skip_reason: reason },
    }),
    status: 'agent_skipped',
    reason,
  });

  if (conversation.channel_id === null || !conversation.username)
    return skip('channel_missing', 'the conversation has no SMS channel');
  const channelId = Number(conversation.channel_id);
  const state = { status: conversation.status ?? 'unsubscribed', blocked: conversation.extra_data?.blocked === true };
  let allowUnsubscribed = false;
  if (!channelAllows(state)) {
    allowUnsubscribed =
      input.optOutConfirmation !== false &&
      !isMarketing &&
      !state.blocked &&
      state.status === 'unsubscribed' &&
      (await nothingSentToChannelSince(ctx.db, channelId, conversation.consented_at));
    if (!allowUnsubscribed)
      return skip(SKIP_UNSUBSCRIBED, `the channel is ${state.blocked ? 'blocked' : state.status}`);
  }
  const channelTimezone =
    typeof conversation.extra_data?.timezone === 'string' ? conversation.extra_data.timezone : null;
  const decision = decideSend({
    now,
    to: conversation.username,
    channelTimezone,
    brandTimezone: conversation.brand_timezone,
    isMarketing,
    marketingSentLast24h: 0,
    texasCompliance: conversation.texas_compliance === true,
  });
  if (decision.action === 'skip') return skip(decision.reason, decision.detail);
  if (decision.action === 'hold') {
    const reason = `${decision.reason}: ${decision.detail}`;
    return {
      messageId: await insert('queued', { scheduledFor: decision.until!, statusReason: reason }),
      status: 'queued',
      reason,
    };
  }

  let from: string | null = null;
  let slotAt: Date | undefined;
  let handOver: HandOver | undefined;
  if (provider.needsSender) from = (await brandSending(ctx.db, [input.brandId])).get(input.brandId)?.sender ?? null;
  if (provider.needsSender && !from)
    throw new AppError(
      'invalid_input',
      'The brand has no sending number: set infobip_phone_number on its SMS integration or a support phone.',
    );
  const messageId = await insert('sending', {
    extra: {
      transactional: !isMarketing,
      send_attempts: 1,
      ...(allowUnsubscribed ? { allow_unsubscribed: true } : {}),
    },
  });
  if (provider.rateLimited && from) {
    const sender = from;
    const sending = (await brandSending(ctx.db, [input.brandId])).get(input.brandId);
    const pace = readPace(
      { tier: sending?.tier, perSecond: sending?.messagesPerSecond ?? [], perDay: sending?.messagesPerDay ?? [] },
      { perSecond: ctx.config.SMS_MESSAGES_PER_SECOND, perDay: ctx.config.SMS_MESSAGES_PER_DAY },
    );
    // A text a person is waiting for (a reply, a confirmation) goes out within the minute; it is
    // counted in the number's day but not held by its cap.
    const plan = await withTransaction(ctx.db, (tx) =>
      reserveSlots(tx, {
        provider: provider.name,
        sender,
        count: 1,
        pace,
        dailyCap: false,
        now,
        lookaheadMs: 60_000,
      }),
    );
    slotAt = plan.slots[0];
    const wait = (slotAt?.getTime() ?? now.getTime()) - now.getTime();
    if (wait > 0) await (input.sleep ?? realSleep)(wait);
    // On the real clock the hand-over keeps within the reserved time (hand-over.ts).
    if (!input.now && slotAt) {
      const window: SlotWindow = {
        provider: provider.name,
        sender,
        end: plan.nextSendAt.getTime(),
        interval: intervalMs(pace.perSecond),
        day: utcDay(plan.plannedAt),
      };
      const at = slotAt.getTime();
      handOver = async () => {
        const handed = await handOverAt(ctx.db, window, { slotAt: at, sleep: input.sleep ?? realSleep });
        await releaseRefused(ctx.db, [window]);
        return handed === undefined ? undefined : new Date(handed);
      };
    }
  }
  const outcome: Outcome = await deliverClaimed(
    ctx,
    provider,
    {
      id: messageId,
      brandId: input.brandId,
      channelId,
      to: conversation.username,
      body: input.body,
      from,
      attempt: 1,
      allowUnsubscribed,
      slotAt,
    },
    { clock: () => input.now ?? new Date(), handOver },
  );
  const row = await messageSendState(ctx.db, messageId);
  return {
    messageId,
    status: row!.status as SendNowResult['status'],
    providerMessageId: row!.provider_message_id ?? undefined,
    reason: outcome === 'sent' ? undefined : (row!.status_reason ?? undefined),
  };
}
