/**
 * Immediate sends for transactional replies (STOP confirmation, HELP answer, START): no quiet hours,
 * still only +1 numbers, and never to an opted-out channel, except the one reply right after the
 * opt-out (the STOP confirmation): the first outgoing message since the channel unsubscribed.
 * A blocked channel gets nothing. A send that fails is queued again for the send job.
 */
import { AppError, type AppContext } from '../app/index.ts';
import { withTransaction } from '../db/index.ts';
import { channelAllows, deliverClaimed, SKIP_UNSUBSCRIBED, type Outcome } from './deliver.ts';
import { realSleep, type Sleep } from './infobip-client.ts';
import type { SmsProvider } from './providers.ts';
import { readMessagesPerSecond, reserveSlots } from './rate-limit.ts';
import { decideSend } from './rules.ts';
import { brandSending } from './store.ts';

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

interface ConversationRow {
  id: string;
  channel_id: string | null;
  username: string | null;
  status: string | null;
  extra_data: Record<string, unknown> | null;
  consented_at: Date | null;
  brand_timezone: string;
}

/** Whether nothing went out on the channel since it unsubscribed (so the one confirmation may). */
async function nothingSentSince(ctx: AppContext, channelId: number, since: Date | null): Promise<boolean> {
  const row = await ctx
    .db('conversation_messages as m')
    .join('conversations as c', 'c.id', 'm.conversation_id')
    .where('c.contact_channel_id', channelId)
    .where('m.direction', 'outgoing')
    .where((q) =>
      q
        .where('m.sent_at', '>=', since ?? new Date(0))
        .orWhere((s) => s.where('m.status', 'sending').where('m.created_at', '>=', since ?? new Date(0))),
    )
    .first('m.id');
  return row === undefined;
}

export async function sendMessageNow(ctx: AppContext, input: SendNowInput): Promise<SendNowResult> {
  const now = input.now ?? new Date();
  const isMarketing = input.isMarketing ?? false;
  const provider = input.provider ?? ctx.clients.sms;
  const conversation = await ctx
    .db('conversations as c')
    .join('brands as b', 'b.id', 'c.brand_id')
    .leftJoin('contact_channels as ch', 'ch.id', 'c.contact_channel_id')
    .where({ 'c.id': input.conversationId, 'c.brand_id': input.brandId })
    .first<ConversationRow | undefined>(
      'c.id',
      'ch.id as channel_id',
      'ch.username',
      'ch.status',
      'ch.extra_data',
      'ch.consented_at',
      'b.timezone as brand_timezone',
    );
  if (!conversation) throw new AppError('not_found', 'Conversation not found');

  const insert = async (
    status: SendNowResult['status'] | 'sending',
    fields: Record<string, unknown> = {},
  ): Promise<number> => {
    const [row] = await ctx
      .db('conversation_messages')
      .insert({
        brand_id: input.brandId,
        conversation_id: input.conversationId,
        body: input.body,
        direction: 'outgoing',
        status,
        is_marketing: isMarketing,
        scheduled_for: now,
        ...fields,
      })
      .returning<{ id: string }[]>('id');
    return Number(row!.id);
  };
  const skip = async (reason: string, detail: string): Promise<SendNowResult> => ({
    messageId: await insert('agent_skipped', {
      status_reason: `${reason}: ${detail}`,
      extra_data: { transactional: !isMarketing, skip_reason: reason },
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
      (await nothingSentSince(ctx, channelId, conversation.consented_at));
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
  });
  if (decision.action === 'skip') return skip(decision.reason, decision.detail);
  if (decision.action === 'hold') {
    const reason = `${decision.reason}: ${decision.detail}`;
    return {
      messageId: await insert('queued', { scheduled_for: decision.until, status_reason: reason }),
      status: 'queued',
      reason,
    };
  }

  let from: string | null = null;
  let slotAt: Date | undefined;
  if (provider.needsSender) from = (await brandSending(ctx.db, [input.brandId])).get(input.brandId)?.sender ?? null;
  if (provider.needsSender && !from)
    throw new AppError(
      'invalid_input',
      'The brand has no sending number: set infobip_phone_number on its SMS integration or a support phone.',
    );
  const messageId = await insert('sending', {
    extra_data: {
      transactional: !isMarketing,
      send_attempts: 1,
      ...(allowUnsubscribed ? { allow_unsubscribed: true } : {}),
    },
  });
  if (provider.rateLimited && from) {
    const sender = from;
    const rate = readMessagesPerSecond(
      ...((await brandSending(ctx.db, [input.brandId])).get(input.brandId)?.messagesPerSecond ?? []),
    );
    const plan = await withTransaction(ctx.db, (tx) =>
      reserveSlots(tx, {
        provider: provider.name,
        sender,
        count: 1,
        messagesPerSecond: rate,
        now,
        lookaheadMs: 60_000,
      }),
    );
    slotAt = plan.slots[0];
    const wait = (slotAt?.getTime() ?? now.getTime()) - now.getTime();
    if (wait > 0) await (input.sleep ?? realSleep)(wait);
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
    { clock: () => input.now ?? new Date() },
  );
  const row = await ctx
    .db('conversation_messages')
    .where({ id: messageId })
    .first<{ status: SendNowResult['status']; provider_message_id: string | null; status_reason: string | null }>(
      'status',
      'provider_message_id',
      'status_reason',
    );
  return {
    messageId,
    status: row!.status,
    providerMessageId: row!.provider_message_id ?? undefined,
    reason: outcome === 'sent' ? undefined : (row!.status_reason ?? undefined),
  };
}
