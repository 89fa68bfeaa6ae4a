/**
 * Inbound replies (DESIGN "Compliance (US texting)"). A shopper's text is appended to the latest
 * conversation of its channel as an incoming message, then:
 * - an opt-out word (see keywords.ts) unsubscribes the channel at once (consent recorded), skips
 *   every queued message of the channel from any workflow (agent_skipped, skip_reason
 *   'unsubscribed'), and sends ONE confirmation without marketing; a repeated STOP on an already
 *   unsubscribed channel sends nothing;
 * - HELP / INFO answers with the brand name, a contact, "Msg&data rates may apply" and how to stop;
 * - START / UNSTOP re-subscribes the channel and confirms (a channel an agent blocked stays
 *   blocked and gets no answer);
 * - any other text marks the channel engaged (last_engaged_at), unhides the conversation and
 *   queues the 'conversations:notify-engaged' job.
 * An unknown +1 sender becomes a contact of the brand (source 'inbound') with an SMS channel and a
 * conversation of its own, then the same rules apply. A sender outside +1 with no channel is
 * ignored: Reclaim never texts such numbers, so there is no conversation to append to.
 * Replies are sent after the state change commits, through the messaging domain; each is claimed
 * before sending, so a retried webhook sends a missing reply but never a second one.
 */
import { AppError, type AppContext } from '../app/index.ts';
import {
  initiateTextingContact,
  isUsSmsNumber,
  maskUsername,
  normalizeUsername,
  resubscribeChannel,
} from '../contacts/index.ts';
import { withTransaction, type Tx } from '../db/index.ts';
import { enqueueJobs, queueing, type JobRequest } from '../jobs/index.ts';
import { sendMessageNow } from '../messaging/index.ts';
import { helpReply, matchKeyword, optInConfirmation, optOutConfirmation, type KeywordKind } from './keywords.ts';
import { unsubscribeChannel } from './opt-out.ts';
import {
  claimPendingReply,
  findBrandByNumber,
  findSenderState,
  insertIncomingMessage,
  insertUnroutedText,
  listUnroutedTexts,
  patchMessageExtra,
  type InboundBrand,
  type InboundChannel,
  type MessageJob,
  type UnroutedText,
} from './store/inbound.ts';

export type { UnroutedText };

export const NOTIFY_ENGAGED_TASK = 'conversations:notify-engaged';
/** The shopper agent's decision on a stored shopper text (src/agent), queued with the text. */
export const AGENT_DECIDE_TASK = 'agent:decide';
/**
 * A brand's texts are queued to this many 'agent:decide' batch jobs (by message id), and its
 * engaged conversations to as many 'conversations:notify-engaged' ones (by conversation id): an
 * entry queued while its lane's job waits joins it, and several lanes keep the inbound
 * transactions of one brand from all waiting on the same job row.
 */
export const INBOUND_JOB_LANES = 8;
const LANES = INBOUND_JOB_LANES;
/** contacts.source of a contact created by its own text. */
export const INBOUND_CONTACT_SOURCE = 'inbound';

export interface InboundMessage {
  /** The shopper's number, any common format (E.164 preferred). */
  from: string;
  /** The brand's number the text was sent to. */
  to: string;
  body: string;
  /** 'infobip', 'outbox', ... */
  provider: string;
  /** The provider's id of the inbound message; a repeat of it is recognised and not applied twice. */
  providerMessageId?: string;
  receivedAt?: Date;
}

export type InboundAction = 'opt_out' | 'help' | 'opt_in' | 'reply';

export interface ReceiveResult {
  /** The provider message id was seen before: nothing was applied again. */
  duplicate: boolean;
  /** 'ignored': a sender outside +1 that the brand does not know. */
  outcome: 'stored' | 'duplicate' | 'ignored';
  brandId: number;
  contactId: number | null;
  channelId: number | null;
  conversationId: number | null;
  messageId: number | null;
  createdContact: boolean;
  createdConversation: boolean;
  action: InboundAction | null;
  keyword: string | null;
  /** Opt-out / opt-in: whether the channel's subscription changed. */
  subscriptionChanged: boolean;
  skippedMessages: number;
  /** The transactional answer, when one was owed: its body and what sending did. */
  reply: { body: string; status: string; messageId: number | null } | null;
}

interface Plan {
  result: ReceiveResult;
  replyBody?: string;
}

/** A text's brand and what was applied, or why no one brand owns its number. */
type Routed = { unrouted: 'unknown_number' | 'ambiguous_number' } | { brand: InboundBrand; plan: Plan };

const ACTIONS: Record<KeywordKind, InboundAction> = { opt_out: 'opt_out', help: 'help', opt_in: 'opt_in' };

/**
 * Applies one inbound text. When no one brand owns `to` (nobody, or several brands' support
 * phone), the text is kept in unrouted_texts for staff and not_found (code unknown_number) thrown.
 */
export async function receiveMessage(ctx: AppContext, input: InboundMessage): Promise<ReceiveResult> {
  const from = normalizeUsername(input.from);
  const to = normalizeUsername(input.to);
  if (!from || from.includes('@'))
    throw new AppError('invalid_input', 'The sender must be a phone number.', { code: 'invalid_sender' });
  const receivedAt = input.receivedAt ?? new Date();
  // The brand owning `to` is found and this sender's lock taken in one round trip; the rest of the
  // text's handling runs under that lock, in the same transaction.
  const routed = await withTransaction(ctx.db, async (tx): Promise<Routed> => {
    const owner = await findBrandByNumber(tx, to, { lockSender: from });
    if (owner.brand === null) return { unrouted: owner.reason };
    return { brand: owner.brand, plan: await applyInTransaction(ctx, tx, owner.brand, { ...input, from, receivedAt }) };
  });
  if ('unrouted' in routed) {
    const reason = routed.unrouted;
    // Kept for staff, attached to no brand: a guess could record one brand's shopper in another.
    await insertUnroutedText(ctx.db, { ...input, from, to, reason, receivedAt });
    throw new AppError(
      'not_found',
      reason === 'ambiguous_number'
        ? `More than one brand gives ${to} as its number: the text is kept for staff.`
        : `No brand texts from ${to}.`,
      { code: 'unknown_number', details: { reason } },
    );
  }
  const { brand, plan } = routed;
  const log = ctx.logger.child({ brand_id: brand.id, from: maskUsername(from), provider: input.provider });
  const { result } = plan;
  log.info(
    {
      conversation_id: result.conversationId,
      action: result.action,
      outcome: result.outcome,
      skipped_messages: result.skippedMessages,
    },
    'inbound message received',
  );
  if (plan.replyBody && result.messageId !== null && result.conversationId !== null) {
    result.reply = await sendReply(ctx, {
      brandId: brand.id,
      conversationId: result.conversationId,
      incomingId: result.messageId,
      body: plan.replyBody,
      optOut: result.action === 'opt_out',
    });
  }
  return result;
}

/** Texts no one brand owned the number of, newest first, for staff to look at (`messages unrouted`). */
export async function unroutedTexts(ctx: AppContext, { limit }: { limit: number }): Promise<UnroutedText[]> {
  return listUnroutedTexts(ctx.db, { limit });
}

async function applyInTransaction(
  ctx: AppContext,
  tx: Tx,
  brand: InboundBrand,
  input: InboundMessage & { receivedAt: Date },
): Promise<Plan> {
  const base: ReceiveResult = {
    duplicate: false,
    outcome: 'stored',
    brandId: brand.id,
    contactId: null,
    channelId: null,
    conversationId: null,
    messageId: null,
    createdContact: false,
    createdConversation: false,
    action: null,
    keyword: null,
    subscriptionChanged: false,
    skippedMessages: 0,
    reply: null,
  };

  // The repeat, the channel and its newest conversation in one read, once the sender's lock is held.
  const state = await findSenderState(tx, {
    brandId: brand.id,
    username: input.from,
    provider: input.provider,
    providerMessageId: input.providerMessageId,
  });
  if (state.seen) return duplicatePlan(tx, base, state.seen);

  let channel = state.channel;
  let createdContact = false;
  if (!channel) {
    if (!isUsSmsNumber(input.from)) return { result: { ...base, outcome: 'ignored' } };
    const initiated = await initiateTextingContact(
      { db: tx, logger: ctx.logger },
      {
        brandId: brand.id,
        phone: input.from,
        phoneSource: 'inbound_sms',
        source: INBOUND_CONTACT_SOURCE,
        consentSource: 'inbound_sms',
        brandIntegrationId: brand.brandIntegrationId ?? undefined,
      },
      // The contact's lock was taken with the sender's, and the look-up read with the sender's state.
      { contactHasNumber: state.contactHasNumber },
    );
    createdContact = initiated.created;
    // The channel initiateContact just wrote, not read again (a channel new to the brand has no conversation yet).
    const made = initiated.channels.find((c) => c.type === 'sms' && c.username === input.from);
    if (!made) throw new AppError('internal', 'Contact channel not found');
    channel = { id: made.id, contactId: initiated.contactId, username: made.username, status: made.status };
  }

  const createdConversation = state.conversationId === undefined;
  const match = matchKeyword(input.body);
  const action: InboundAction = match ? ACTIONS[match.kind] : 'reply';
  const effect = await applyAction(tx, brand, channel, {
    action,
    keyword: match?.keyword,
    at: input.receivedAt,
  });
  // The message with its conversation: the channel's newest, or a new one (hidden unless an ordinary
  // reply); an ordinary reply marks the channel engaged in the same statement. The shopper agent
  // decides on every stored text, after the keyword handling above (opted_out when it took it): the
  // text joins its lane's batch job; an ordinary reply also queues the engaged-conversation job.
  const jobs: MessageJob[] = [
    { task: AGENT_DECIDE_TASK, entry: 'messageId', prefix: `${AGENT_DECIDE_TASK}:${brand.id}:`, lanes: LANES },
  ];
  if (action === 'reply')
    jobs.push({
      task: NOTIFY_ENGAGED_TASK,
      entry: 'conversationId',
      prefix: `${NOTIFY_ENGAGED_TASK}:${brand.id}:`,
      lanes: LANES,
    });
  const { messageId, conversationId, jobIds } = await queueing(() =>
    insertIncomingMessage(tx, {
      brandId: brand.id,
      conversation:
        state.conversationId === undefined
          ? { contactId: channel.contactId, channelId: channel.id }
          : { id: state.conversationId },
      body: input.body,
      provider: input.provider,
      providerMessageId: input.providerMessageId,
      receivedAt: input.receivedAt,
      unhide: action === 'reply',
      engage: action === 'reply' ? { channelId: channel.id, at: input.receivedAt } : undefined,
      extra: {
        action,
        ...(match ? { keyword: match.keyword } : {}),
        ...(effect.replyBody ? { reply_status: 'sending', reply_body: effect.replyBody } : {}),
      },
      jobs,
    }),
  );
  // A keyed job that add_job dropped (a worker took the job it would have joined) is queued again.
  const again: JobRequest[] = jobs.flatMap((job, i): JobRequest[] => {
    if (jobIds[i] !== null) return [];
    const id = job.entry === 'messageId' ? messageId : conversationId;
    const jobKey = `${job.prefix}${id % LANES}`;
    return job.task === AGENT_DECIDE_TASK
      ? [{ task: AGENT_DECIDE_TASK, payload: [{ messageId }], options: { jobKey } }]
      : [{ task: NOTIFY_ENGAGED_TASK, payload: [{ conversationId }], options: { jobKey } }];
  });
  if (again.length > 0) await enqueueJobs(tx, again);

  return {
    replyBody: effect.replyBody,
    result: {
      ...base,
      contactId: channel.contactId,
      channelId: channel.id,
      conversationId,
      messageId,
      createdContact,
      createdConversation,
      action,
      keyword: match?.keyword ?? null,
      subscriptionChanged: effect.changed,
      skippedMessages: effect.skipped,
    },
  };
}

/** What the keyword (or an ordinary reply) does to the channel, and the answer it is owed. */
async function applyAction(
  tx: Tx,
  brand: InboundBrand,
  channel: InboundChannel,
  { action, keyword, at }: { action: InboundAction; keyword?: string; at: Date },
): Promise<{ changed: boolean; skipped: number; replyBody?: string }> {
  const source = `sms_keyword:${keyword ?? ''}`;
  switch (action) {
    case 'opt_out': {
      const result = await unsubscribeChannel(tx, { brandId: brand.id, channelId: channel.id, source, at });
      // Only the text that actually opted the channel out is confirmed: a repeat gets nothing.
      return {
        changed: result.changed,
        skipped: result.skippedMessages,
        replyBody: result.changed ? optOutConfirmation(brand.name) : undefined,
      };
    }
    case 'opt_in': {
      const result = await resubscribeChannel(tx, { brandId: brand.id, channelId: channel.id, source, at });
      return {
        changed: result.changed,
        skipped: 0,
        replyBody: result.blocked ? undefined : optInConfirmation(brand.name),
      };
    }
    case 'help':
      return {
        changed: false,
        skipped: 0,
        replyBody: helpReply({
          brandName: brand.name,
          supportEmail: brand.supportEmail,
          supportPhone: brand.supportPhone,
          website: brand.website,
        }),
      };
    case 'reply':
      // The channel is marked engaged and the conversation unhidden with the message's own insert (insertIncomingMessage).
      return { changed: false, skipped: 0 };
  }
}

/** A repeat of a stored inbound message: nothing is applied again; an owed reply that never went out is claimed and sent. */
async function duplicatePlan(
  tx: Tx,
  base: ReceiveResult,
  seen: { id: number; conversationId: number; extra: Record<string, unknown> },
): Promise<Plan> {
  const owed =
    seen.extra.reply_status === 'pending' &&
    typeof seen.extra.reply_body === 'string' &&
    (await claimPendingReply(tx, seen.id));
  const action = typeof seen.extra.action === 'string' ? (seen.extra.action as InboundAction) : null;
  return {
    replyBody: owed ? (seen.extra.reply_body as string) : undefined,
    result: {
      ...base,
      duplicate: true,
      outcome: 'duplicate',
      conversationId: seen.conversationId,
      messageId: seen.id,
      action,
      keyword: typeof seen.extra.keyword === 'string' ? seen.extra.keyword : null,
    },
  };
}

/**
 * Sends the transactional answer through the messaging domain. On failure the reply goes back to
 * 'pending' (a retry of the same provider message sends it) and the error is thrown.
 */
async function sendReply(
  ctx: AppContext,
  {
    brandId,
    conversationId,
    incomingId,
    body,
    optOut,
  }: { brandId: number; conversationId: number; incomingId: number; body: string; optOut: boolean },
): Promise<ReceiveResult['reply']> {
  try {
    const sent = await sendMessageNow(ctx, {
      brandId,
      conversationId,
      body,
      isMarketing: false,
      optOutConfirmation: optOut,
    });
    await patchMessageExtra(ctx.db, incomingId, { reply_status: 'sent', reply_message_id: sent.messageId });
    return { body, status: sent.status, messageId: sent.messageId };
  } catch (error) {
    await patchMessageExtra(ctx.db, incomingId, { reply_status: 'pending' });
    throw error;
  }
}
