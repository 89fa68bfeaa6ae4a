/**
 * The operator's sending overview (the `reclaim dashboard` Sending pane): texts sent in the last
 * minute and hour, what is held and until when, what was skipped and why, provider errors, and
 * the sending numbers' texts in the last minute against their limit (messages per second x 60):
 * the brands asked for, else the ten busiest of the last minute. No brands given: every brand.
 */
import { maskUsername } from '../contacts/index.ts';
import type { Handle } from '../db/index.ts';
import { readMessagesPerSecond } from './rate-limit.ts';
import {
  dueCount,
  heldMessages,
  providerErrors,
  sentCounts,
  sentLastMinuteByBrand,
  skippedByReason,
  type HeldMessageRow,
  type ReasonCount,
  type SentCounts,
} from './store/overview.ts';
import { brandSending } from './store/senders.ts';

export const HELD_LIST_LIMIT = 50;
export const ERROR_LIST_LIMIT = 10;
export const RATE_LIST_LIMIT = 10;

export interface SenderRate {
  brand_id: number;
  sender: string | null;
  last_minute: number;
  /** Texts a minute the number may send (its messages per second x 60). */
  limit_per_minute: number;
}

export interface SendingOverview {
  provider: string;
  sent: SentCounts;
  /** Due now, waiting for the send job. */
  due: number;
  held: Array<Omit<HeldMessageRow, 'username'> & { phone: string | null }>;
  held_by_reason: Array<{ reason: string; count: number }>;
  skipped: ReasonCount[];
  errors: ReasonCount[];
  rates: SenderRate[];
}

export async function sendingOverview(
  db: Handle,
  { brandIds, now, since, provider }: { brandIds?: number[]; now: Date; since: Date; provider: string },
): Promise<SendingOverview> {
  const [sent, due, held, skipped, errors, perBrand] = await Promise.all([
    sentCounts(db, { brandIds, now }),
    dueCount(db, { brandIds, now }),
    heldMessages(db, { brandIds, now, limit: HELD_LIST_LIMIT }),
    skippedByReason(db, { brandIds, since }),
    providerErrors(db, { brandIds, since, limit: ERROR_LIST_LIMIT }),
    sentLastMinuteByBrand(db, { brandIds, now }),
  ]);
  const lastMinute = new Map(perBrand.map((b) => [b.brand_id, b.last_minute]));
  // The numbers of the brands asked for, else of the brands that sent in the last minute, busiest first.
  const rateBrands = (brandIds ?? perBrand.map((b) => b.brand_id))
    .sort((a, b) => (lastMinute.get(b) ?? 0) - (lastMinute.get(a) ?? 0) || a - b)
    .slice(0, RATE_LIST_LIMIT);
  const senders = await brandSending(db, rateBrands);
  return {
    provider,
    sent,
    due,
    held: held.rows.map(({ username, ...row }) => ({ ...row, phone: username ? maskUsername(username) : null })),
    held_by_reason: held.byReason,
    skipped,
    errors,
    rates: rateBrands.map((brandId) => {
      const sending = senders.get(brandId);
      return {
        brand_id: brandId,
        sender: sending?.sender ? maskUsername(sending.sender) : null,
        last_minute: lastMinute.get(brandId) ?? 0,
        limit_per_minute: readMessagesPerSecond(...(sending?.messagesPerSecond ?? [])) * 60,
      };
    }),
  };
}
