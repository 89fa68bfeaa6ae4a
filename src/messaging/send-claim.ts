/**
 * The send job's claim of the texts that go out (send-job.ts): the outbox marks them sent inside the
 * claiming transaction; a real provider's texts take send slots of the brand's number (status
 * 'sending'), or are held for the rate limit, the daily cap or a missing sending number.
 */
import type { Tx } from '../db/index.ts';
import { getDiscountCodes } from '../discounts/index.ts';
import type { ClaimedMessage } from './deliver.ts';
import type { SlotWindow } from './hand-over.ts';
import { outboxMessageId, type SmsProvider } from './providers.ts';
import { intervalMs, readPace, reserveSlotsMany, utcDay, type Pace } from './rate-limit.ts';
import { segmentInfo } from './rules.ts';
import { brandSending } from './store/senders.ts';
import type { DueMessage, MessageUpdate } from './store/sending.ts';

/** A brand without a sending number is looked at again after this long. */
export const NO_SENDER_RETRY_MS = 60 * 60_000;

const attemptOf = (row: DueMessage): number => Number(row.extra_data.send_attempts ?? 0) + 1;
const discountIdOf = (row: DueMessage): number | undefined => {
  const value = Number(row.extra_data.discount_code_id);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

const claimed = (
  row: DueMessage,
  from: string | null,
  slotAt?: Date,
  intervalMs?: number,
  window?: SlotWindow,
): ClaimedMessage => ({
  id: row.id,
  brandId: row.brand_id,
  channelId: row.channel_id!,
  to: row.username!,
  body: row.body,
  from,
  attempt: attemptOf(row),
  discountCodeId: discountIdOf(row),
  writtenCode: typeof row.extra_data.body_discount_code === 'string' ? row.extra_data.body_discount_code : undefined,
  allowUnsubscribed: row.extra_data.allow_unsubscribed === true && !row.is_marketing,
  slotAt,
  intervalMs,
  queuedStatus: row.status,
  window,
});

const sendingUpdate = (row: DueMessage): MessageUpdate => ({
  id: row.id,
  status: 'sending',
  extra: { send_attempts: attemptOf(row) },
});

/** The outbox: sent right here, except messages whose discount code must first be created at the store. */
export async function claimForOutbox(
  tx: Tx,
  provider: SmsProvider,
  toSend: DueMessage[],
  now: Date,
): Promise<{ updates: MessageUpdate[]; toDeliver: ClaimedMessage[] }> {
  const codeIds = toSend.map(discountIdOf).filter((id): id is number => id !== undefined);
  const codes = new Map((await getDiscountCodes(tx, codeIds)).map((code) => [code.id, code]));
  const updates: MessageUpdate[] = [];
  const toDeliver: ClaimedMessage[] = [];
  for (const row of toSend) {
    const codeId = discountIdOf(row);
    const code = codeId === undefined ? undefined : codes.get(codeId);
    const written = row.extra_data.body_discount_code;
    // A code not yet created at the store (or one the text does not name yet) is handled after commit.
    if (code && (code.status !== 'created' || (typeof written === 'string' && written !== code.code))) {
      updates.push(sendingUpdate(row));
      toDeliver.push(claimed(row, null));
      continue;
    }
    const segments = segmentInfo(row.body);
    updates.push({
      id: row.id,
      status: 'sent',
      sent_at: now,
      status_reason: null,
      segments: segments.segments,
      encoding: segments.encoding,
      provider: provider.name,
      provider_message_id: outboxMessageId(row.id),
    });
  }
  return { updates, toDeliver };
}

/** Real providers: the brand's number sends, at most its rate; what does not fit in the look-ahead waits. */
export async function claimForProvider(
  tx: Tx,
  provider: SmsProvider,
  toSend: DueMessage[],
  {
    now,
    claimedAt,
    defaults,
    lookaheadMs,
  }: { now: Date; claimedAt?: number; defaults: Omit<Pace, 'source'>; lookaheadMs?: number },
): Promise<{ updates: MessageUpdate[]; toDeliver: ClaimedMessage[] }> {
  const brands = await brandSending(tx, [...new Set(toSend.map((row) => row.brand_id))]);
  const updates: MessageUpdate[] = [];
  const toDeliver: ClaimedMessage[] = [];
  const bySender = new Map<string, { pace: Pace; rows: DueMessage[] }>();
  for (const row of toSend) {
    const brand = brands.get(row.brand_id);
    if (!brand?.sender) {
      updates.push({
        id: row.id,
        status: row.status,
        scheduled_for: new Date(now.getTime() + NO_SENDER_RETRY_MS),
        status_reason:
          'no_sender: the brand has no sending number (SMS integration infobip_phone_number or support phone)',
      });
      continue;
    }
    const group = bySender.get(brand.sender) ?? {
      pace: readPace({ tier: brand.tier, perSecond: brand.messagesPerSecond, perDay: brand.messagesPerDay }, defaults),
      rows: [],
    };
    group.rows.push(row);
    bySender.set(brand.sender, group);
  }
  // One lock statement for every number of the batch (in sender order) and one update after.
  const senders = [...bySender.keys()].sort();
  const plans = await reserveSlotsMany(tx, {
    provider: provider.name,
    numbers: senders.map((sender) => ({
      sender,
      count: bySender.get(sender)!.rows.length,
      pace: bySender.get(sender)!.pace,
    })),
    now,
    claimedAt,
    lookaheadMs,
  });
  for (const sender of senders) {
    const { pace, rows } = bySender.get(sender)!;
    const plan = plans.get(sender)!;
    // On the real clock the claim's stretch of the number's time bounds its hand-overs (hand-over.ts).
    const window: SlotWindow | undefined =
      claimedAt === undefined || plan.slots.length === 0
        ? undefined
        : {
            provider: provider.name,
            sender,
            end: plan.nextSendAt.getTime(),
            interval: intervalMs(pace.perSecond),
            day: utcDay(plan.plannedAt),
          };
    rows.forEach((row, i) => {
      const slot = plan.slots[i];
      const later = plan.later[i - plan.slots.length];
      if (slot) {
        updates.push(sendingUpdate(row));
        // On the run's clock (the plan's clock is it, moved on by the wait for the number's row).
        toDeliver.push(claimed(row, sender, slot, intervalMs(pace.perSecond), window));
      } else if (later) {
        updates.push({
          id: row.id,
          status: row.status,
          scheduled_for: later,
          status_reason: `rate_limited: ${pace.perSecond} message(s) per second from ${sender}`,
        });
      } else {
        updates.push({
          id: row.id,
          status: row.status,
          scheduled_for: plan.nextDayAt,
          status_reason: `daily_cap: ${sender} sent its ${pace.perDay} texts of ${plan.plannedAt.toISOString().slice(0, 10)} (UTC); held until ${plan.nextDayAt.toISOString()}`,
          extra: { hold: { reason: 'daily_cap', until: plan.nextDayAt.toISOString(), per_day: pace.perDay } },
        });
      }
    });
  }
  return { updates, toDeliver };
}
