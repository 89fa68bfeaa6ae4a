/**
 * Per-number send rate limit for real providers (10DLC long codes: 1 message per second by default).
 * The next free send time of each sending number lives in `sms_send_slots`, so every worker
 * process shares it; a row lock serialises the processes that hand out slots for one number.
 */
import type { Tx } from '../db/index.ts';
import { lockNextSendAt, setNextSendAt } from './store/senders.ts';

export const DEFAULT_MESSAGES_PER_SECOND = 1;
export const MAX_MESSAGES_PER_SECOND = 100;
/** Slots further ahead than this are not taken now: those messages wait for a later run. */
export const RATE_LIMIT_LOOKAHEAD_MS = 10_000;

export const intervalMs = (messagesPerSecond: number): number => Math.ceil(1000 / messagesPerSecond);

/** Messages per second from a setting value; the default when absent or not a positive number. */
export function readMessagesPerSecond(...values: unknown[]): number {
  for (const value of values) {
    const n = typeof value === 'string' ? Number(value) : value;
    if (typeof n === 'number' && Number.isFinite(n) && n > 0) return Math.min(n, MAX_MESSAGES_PER_SECOND);
  }
  return DEFAULT_MESSAGES_PER_SECOND;
}

export interface SlotPlan {
  /** Send times of the messages to send in this run, in order. */
  slots: Date[];
  /** Estimated send times of the ones that must wait for a later run. */
  later: Date[];
  /** The number's next free time after the taken slots. */
  nextSendAt: Date;
}

/** Pure: consecutive slots from max(nextSendAt, now), `interval` apart; those within the look-ahead are taken. */
export function planSlots({
  nextSendAt,
  now,
  count,
  interval,
  lookaheadMs = RATE_LIMIT_LOOKAHEAD_MS,
}: {
  nextSendAt: Date;
  now: Date;
  count: number;
  interval: number;
  lookaheadMs?: number;
}): SlotPlan {
  const slots: Date[] = [];
  const later: Date[] = [];
  let at = Math.max(nextSendAt.getTime(), now.getTime());
  for (let i = 0; i < count; i += 1, at += interval)
    (at <= now.getTime() + lookaheadMs ? slots : later).push(new Date(at));
  const next = slots.length > 0 ? new Date(slots[slots.length - 1]!.getTime() + interval) : nextSendAt;
  return { slots, later, nextSendAt: next };
}

/**
 * Takes up to `count` send slots of one number inside the caller's transaction (the row stays
 * locked until it commits). Callers lock several numbers in sorted order to avoid deadlocks.
 */
export async function reserveSlots(
  tx: Tx,
  {
    provider,
    sender,
    count,
    messagesPerSecond,
    now,
    lookaheadMs,
  }: { provider: string; sender: string; count: number; messagesPerSecond: number; now: Date; lookaheadMs?: number },
): Promise<SlotPlan> {
  const plan = planSlots({
    nextSendAt: await lockNextSendAt(tx, { provider, sender, now }),
    now,
    count,
    interval: intervalMs(messagesPerSecond),
    lookaheadMs,
  });
  if (plan.slots.length > 0) await setNextSendAt(tx, { provider, sender, nextSendAt: plan.nextSendAt });
  return plan;
}
