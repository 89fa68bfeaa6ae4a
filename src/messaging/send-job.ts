/**
 * The send job (`messages:send-due`, `reclaim messages send-due`): takes due outgoing messages
 * (auto_queued / queued, scheduled_for <= now) in batches with FOR UPDATE SKIP LOCKED, so several
 * workers never take the same message, and for each one decides:
 * - channel opted out or blocked -> agent_skipped, skip_reason 'unsubscribed' (never sent);
 * - the compliance rules (rules.ts) -> hold (scheduled_for moved, status_reason) or skip (Texas with
 *   the brand's texas_compliance as it is now: skip_reason 'texas');
 * - numbers under a state cap (Florida, Oklahoma, Maryland) are locked for the claiming transaction
 *   and counted with the texts other workers are still handing to the provider, so two workers
 *   never both send a number's third text;
 * - otherwise send: the outbox marks it sent inside the claiming transaction, in bulk; a real
 *   provider gets it after the transaction commits (status 'sending'), paced per sending number.
 * A campaign's or scheduled flow's text (extra_data.run_id) to a shopper still awaiting the Y of a
 * tap-to-text keyword -> agent_skipped, skip_reason 'unconfirmed' (double opt-in).
 * A text with extra_data.send_before (a campaign's cutoff) that could go out only after it is skipped
 * (skip_reason 'send_cutoff') instead of held.
 * The cart-reminder rules (48 h after the cart; skipped once it is bought) apply to workflow texts,
 * never to a text a person wrote (an agent reply, user_id set). `messageIds` limits a pass to
 * those messages, so an agent reply is sent at once through the same rules.
 */
import { withTransaction, type Tx } from '../db/index.ts';
import type { AppContext } from '../app/index.ts';
import { outcomeOf, skipUpdate, SKIP_UNSUBSCRIBED, type ClaimedMessage, type Outcome } from './deliver.ts';
import { deliverAll } from './hand-over.ts';
import { realSleep, type Sleep } from './infobip-client.ts';
import type { SmsProvider } from './providers.ts';
import type { Pace } from './rate-limit.ts';
import { decideSend, isStrictStateNumber, stateOfAddress } from './rules.ts';
import { claimForOutbox, claimForProvider } from './send-claim.ts';
import {
  lockChannelsForCap,
  lockDueMessages,
  requeueStaleSending,
  updateMessages,
  type DueMessage,
  type MessageUpdate,
} from './store/sending.ts';

export const DEFAULT_SEND_LIMIT = 5_000;
export const SEND_BATCH_SIZE = 500;
/** A message in 'sending' this long belongs to a worker that died. */
export const STALE_SENDING_MS = 10 * 60_000;
export { NO_SENDER_RETRY_MS } from './send-claim.ts';

export interface SendDueOptions {
  /** At most this many messages are looked at in this run (default 5,000). */
  limit?: number;
  /** The clock (tests); default the real time. */
  now?: Date;
  batchSize?: number;
  provider?: SmsProvider;
  sleep?: Sleep;
  /** Only these messages, if due (an agent reply is sent at once through the same rules). */
  messageIds?: readonly number[];
  /** How far ahead a number's send slots are taken (default 10 s); the sender lanes take 2 s. */
  lookaheadMs?: number;
  /** false: leave the texts a stopped worker left in 'sending' alone (a lane does it every minute, not every batch). */
  requeueStale?: boolean;
}

export interface SendDueResult {
  sent: number;
  /** Held for the clock, the state limit or the rate limit, or queued again after a failed try. */
  deferred: number;
  /** agent_skipped, with extra_data.skip_reason. */
  skipped: number;
  /** Gave up: status failed with status_reason. */
  failed: number;
}

interface Claim {
  count: number;
  outcomes: Outcome[];
  toDeliver: ClaimedMessage[];
}

/**
 * A campaign's or scheduled flow's text (extra_data.run_id) to a shopper who texted a tap-to-text
 * keyword and has not confirmed with Y yet: no marketing before the Y (double opt-in).
 */
export const SKIP_UNCONFIRMED = 'unconfirmed';
/** The reason a text is skipped when it could go out only after its sender's cutoff (a campaign's). */
export const SKIP_SEND_CUTOFF = 'send_cutoff';
/** extra_data.send_before: a campaign text not sent by then is skipped rather than held longer. */
const sendBeforeOf = (row: DueMessage): Date | undefined => {
  const value = row.extra_data.send_before;
  const at = typeof value === 'string' ? new Date(value) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
};

/**
 * Decides every locked message; returns the updates and the ones that go to the provider.
 * `capSent`: marketing texts of the last 24 h of each capped channel (lockChannelsForCap).
 */
function decideBatch(
  rows: DueMessage[],
  capSent: Map<number, Date[]>,
  now: Date,
): { updates: MessageUpdate[]; toSend: DueMessage[] } {
  const updates: MessageUpdate[] = [];
  const toSend: DueMessage[] = [];
  const sentInBatch = new Map<number, Date[]>();
  for (const row of rows) {
    if (row.channel_id === null || row.username === null) {
      updates.push(skipUpdate(row.id, 'channel_missing', 'the conversation has no SMS channel'));
      continue;
    }
    const allowUnsubscribed = row.extra_data.allow_unsubscribed === true && !row.is_marketing;
    if (
      row.blocked ||
      (row.channel_status !== 'subscribed' && !(allowUnsubscribed && row.channel_status === 'unsubscribed'))
    ) {
      updates.push(
        skipUpdate(row.id, SKIP_UNSUBSCRIBED, `the channel is ${row.blocked ? 'blocked' : row.channel_status}`),
      );
      continue;
    }
    if (row.is_marketing && row.awaiting_confirmation && row.extra_data.run_id !== undefined) {
      updates.push(
        skipUpdate(row.id, SKIP_UNCONFIRMED, 'the shopper texted a keyword and has not confirmed with Y yet'),
      );
      continue;
    }
    if (row.is_marketing && row.cart_done) {
      updates.push(
        skipUpdate(row.id, 'cart_completed', 'the shopper completed the purchase before the reminder went out'),
      );
      continue;
    }
    const earlier = sentInBatch.get(row.channel_id) ?? [];
    const decision = decideSend({
      now,
      to: row.username,
      channelTimezone: row.channel_timezone,
      brandTimezone: row.brand_timezone,
      isMarketing: row.is_marketing,
      marketingSentLast24h: [...(capSent.get(row.channel_id) ?? []), ...earlier],
      cartCreatedAt: row.cart_at,
      texasCompliance: row.texas_compliance,
      province: stateOfAddress(row.shipping, row.billing),
    });
    const cutoff = sendBeforeOf(row);
    const goesAt = decision.action === 'hold' ? decision.until! : now;
    if (decision.action === 'skip') {
      updates.push(skipUpdate(row.id, decision.reason, decision.detail));
    } else if (cutoff && goesAt > cutoff) {
      updates.push(
        skipUpdate(
          row.id,
          SKIP_SEND_CUTOFF,
          `${decision.action === 'hold' ? `${decision.detail}; ` : ''}the sender's cutoff is ${cutoff.toISOString()}`,
        ),
      );
    } else if (decision.action === 'hold') {
      updates.push({
        id: row.id,
        status: row.status,
        scheduled_for: decision.until!,
        status_reason: `${decision.reason}: ${decision.detail}`,
        extra: {
          hold: {
            reason: decision.reason,
            until: decision.until!.toISOString(),
            time_zone: decision.timeZone,
            time_zone_source: decision.timeZoneSource,
            state: decision.state ?? null,
          },
        },
      });
    } else {
      if (row.is_marketing) sentInBatch.set(row.channel_id, [...earlier, now]);
      toSend.push(row);
    }
  }
  return { updates, toSend };
}

async function claimBatch(
  tx: Tx,
  provider: SmsProvider,
  {
    now,
    limit,
    ids,
    claimedAt,
    defaults,
    lookaheadMs,
  }: {
    now: Date;
    limit: number;
    ids?: readonly number[];
    claimedAt?: number;
    defaults: Omit<Pace, 'source'>;
    lookaheadMs?: number;
  },
): Promise<Claim> {
  const rows = await lockDueMessages(tx, { now, limit, ids });
  if (rows.length === 0) return { count: 0, outcomes: [], toDeliver: [] };
  const capped = rows
    .filter((row) => row.is_marketing && row.channel_id !== null && isStrictStateNumber(row.username ?? ''))
    .map((row) => row.channel_id!);
  const capSent = await lockChannelsForCap(tx, capped, now);
  const { updates, toSend } = decideBatch(rows, capSent, now);
  const sending = provider.local
    ? await claimForOutbox(tx, provider, toSend, now)
    : await claimForProvider(tx, provider, toSend, { now, claimedAt, defaults, lookaheadMs });
  const all = [...updates, ...sending.updates];
  await updateMessages(tx, all);
  return {
    count: rows.length,
    outcomes: all.filter((u) => u.status !== 'sending').map(outcomeOf),
    toDeliver: sending.toDeliver,
  };
}

/** One pass over the due messages: at most `limit` of them. */
export async function sendDueMessages(ctx: AppContext, options: SendDueOptions = {}): Promise<SendDueResult> {
  const provider = options.provider ?? ctx.clients.sms;
  const clock = (): Date => options.now ?? new Date();
  const sleep = options.sleep ?? realSleep;
  const batchSize = Math.max(1, options.batchSize ?? SEND_BATCH_SIZE);
  const result: SendDueResult = { sent: 0, deferred: 0, skipped: 0, failed: 0 };
  const defaults = { perSecond: ctx.config.SMS_MESSAGES_PER_SECOND, perDay: ctx.config.SMS_MESSAGES_PER_DAY };
  const count = (outcomes: Outcome[]): void => outcomes.forEach((o) => (result[o] += 1));

  const requeued =
    options.requeueStale === false ? 0 : await requeueStaleSending(ctx.db, { now: clock(), staleMs: STALE_SENDING_MS });
  if (requeued > 0) ctx.logger.warn({ requeued }, 'messages left in sending by a stopped worker were queued again');

  let remaining = Math.max(0, options.limit ?? DEFAULT_SEND_LIMIT);
  while (remaining > 0) {
    const now = clock();
    // The real clock moves on during the claim (and its waits for numbers' rows); a given one does not.
    const claimedAt = options.now ? undefined : now.getTime();
    const claim = await withTransaction(ctx.db, (tx) =>
      claimBatch(tx, provider, {
        now,
        limit: Math.min(batchSize, remaining),
        ids: options.messageIds,
        claimedAt,
        defaults,
        lookaheadMs: options.lookaheadMs,
      }),
    );
    if (claim.count === 0) break;
    remaining -= claim.count;
    count(claim.outcomes);
    if (claim.toDeliver.length > 0)
      count(await deliverAll(ctx, provider, claim.toDeliver, { clock, now, claimedAt, sleep }));
  }
  if (result.sent + result.deferred + result.skipped + result.failed > 0)
    ctx.logger.info({ ...result, provider: provider.name }, 'send-due finished');
  return result;
}
