/**
 * The operator's sending overview (the `reclaim dashboard` Sending pane): texts sent in the last
 * minute and hour, what is held and until when, what was skipped and why, provider errors, and
 * the sending numbers' texts in the last minute against their limit (messages per second x 60):
 * the brands asked for, else the ten busiest of the last minute. No brands given: every brand.
 */
import { maskUsername, optOutsByBrand } from '../contacts/index.ts';
import type { Handle } from '../db/index.ts';
import { readPace } from './rate-limit.ts';
import {
  dueBacklog,
  numberPaces,
  heldMessages,
  providerErrors,
  providerFailuresLastHour,
  sendingLastHourByBrand,
  sentLastMinuteByBrand,
  skippedByReason,
  type BrandHour,
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

/** A brand's last hour: texts handed to the provider, delivered, failed, and its opt-outs. */
export interface BrandSendingHour extends BrandHour {
  opt_outs: number;
}

export const BRAND_HOUR_LIMIT = 10;
export const NUMBER_LIST_LIMIT = 10;

/** A sending number's pace now: texts per second over the last minute against its limit, today's texts against the cap. */
export interface NumberPace {
  sender: string;
  rate: number;
  per_second: number | null;
  today: number;
  per_day: number | null;
}

export interface SendingOverview {
  provider: string;
  sent: SentCounts;
  /** Due now, waiting for a sender lane (or the send job). */
  due: number;
  /** The oldest due text's due time (null when none is due): its age is how far sending lags. */
  oldest_due_at: Date | null;
  /** The busiest sending numbers of the last minute (or today), every brand's: masked. */
  numbers: NumberPace[];
  held: Array<Omit<HeldMessageRow, 'username'> & { phone: string | null }>;
  held_by_reason: Array<{ reason: string; count: number }>;
  skipped: ReasonCount[];
  errors: ReasonCount[];
  rates: SenderRate[];
  /** Brands with texts or opt-outs in the last hour, busiest first (at most BRAND_HOUR_LIMIT). */
  brands_hour: BrandSendingHour[];
  /** Texts that failed at the provider (failed or undelivered) in the last hour. */
  failed_last_hour: number;
}

export async function sendingOverview(
  db: Handle,
  {
    brandIds,
    now,
    since,
    provider,
    defaults,
  }: {
    brandIds?: number[];
    now: Date;
    since: Date;
    provider: string;
    /** SMS_MESSAGES_PER_SECOND / SMS_MESSAGES_PER_DAY. */
    defaults?: { perSecond: number; perDay: number };
  },
): Promise<SendingOverview> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const [backlog, held, skipped, errors, perBrand, hour, optOuts, failedLastHour, numbers] = await Promise.all([
    dueBacklog(db, { brandIds, now }),
    heldMessages(db, { brandIds, now, limit: HELD_LIST_LIMIT }),
    skippedByReason(db, { brandIds, since }),
    providerErrors(db, { brandIds, since, limit: ERROR_LIST_LIMIT }),
    sentLastMinuteByBrand(db, { brandIds, now }),
    sendingLastHourByBrand(db, { brandIds, now }),
    optOutsByBrand(db, { brandIds, since: hourAgo }),
    providerFailuresLastHour(db, { brandIds, now }),
    // Numbers are not a brand's: the operator's (all brands) view only.
    brandIds ? Promise.resolve([]) : numberPaces(db, { now, limit: NUMBER_LIST_LIMIT }),
  ]);
  // The totals are the brands' figures added up (one read of the hour's texts, not two).
  const sent: SentCounts = {
    last_minute: perBrand.reduce((n, b) => n + b.last_minute, 0),
    last_hour: hour.reduce((n, b) => n + b.sent, 0),
  };
  const lastMinute = new Map(perBrand.map((b) => [b.brand_id, b.last_minute]));
  // The numbers of the brands asked for, else of the brands that sent in the last minute, busiest first.
  const rateBrands = (brandIds ?? perBrand.map((b) => b.brand_id))
    .sort((a, b) => (lastMinute.get(b) ?? 0) - (lastMinute.get(a) ?? 0) || a - b)
    .slice(0, RATE_LIST_LIMIT);
  const senders = await brandSending(db, rateBrands);
  return {
    provider,
    sent,
    due: backlog.due,
    oldest_due_at: backlog.oldest_due_at,
    numbers: numbers.map((n) => ({
      sender: maskUsername(n.sender),
      rate: n.rate,
      per_second: n.per_second,
      today: n.today,
      per_day: n.per_day,
    })),
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
        limit_per_minute:
          readPace(
            {
              tier: sending?.tier,
              perSecond: sending?.messagesPerSecond ?? [],
              perDay: sending?.messagesPerDay ?? [],
            },
            defaults,
          ).perSecond * 60,
      };
    }),
    brands_hour: brandHours(hour, optOuts),
    failed_last_hour: failedLastHour,
  };
}

/** Pure: the brands' hours with their opt-outs (a brand with opt-outs only is listed too), busiest first. */
export function brandHours(hour: BrandHour[], optOuts: Map<number, number>): BrandSendingHour[] {
  const rows = new Map<number, BrandSendingHour>(hour.map((h) => [h.brand_id, { ...h, opt_outs: 0 }]));
  for (const [brandId, n] of optOuts) {
    const row = rows.get(brandId) ?? {
      brand_id: brandId,
      sent: 0,
      delivered: 0,
      undelivered: 0,
      failed: 0,
      opt_outs: 0,
    };
    rows.set(brandId, { ...row, opt_outs: n });
  }
  return [...rows.values()]
    .sort((a, b) => b.sent - a.sent || b.failed - a.failed || b.opt_outs - a.opt_outs || a.brand_id - b.brand_id)
    .slice(0, BRAND_HOUR_LIMIT);
}
