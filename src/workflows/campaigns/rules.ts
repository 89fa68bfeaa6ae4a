/**
 * Pure campaign rules: when a campaign is scheduled (a local time in the brand's time zone, or an
 * instant), the warning for a time well before its creation (spec 1 section 9: scheduled sends
 * warn if scheduled more than 15 units before creation; the unit is the minute), and the progress
 * a campaign's rows add up to. No I/O.
 */
import { isValidTimeZone, zonedInstant } from '../../app/index.ts';

export const CAMPAIGN_NOT_FOUND = 'Flow not found';
export const PAST_SCHEDULE_MINUTES = 15;
export const PAST_SCHEDULE_WARNING = `This send is scheduled more than ${PAST_SCHEDULE_MINUTES} minutes before its creation (in the past); it will go out at once.`;
export const CAMPAIGN_NOT_CANCELLABLE = 'The campaign has already been sent or cancelled';
export const CAMPAIGN_ALREADY_STARTED = 'The campaign has started sending; it can only be cancelled';
/** The reason recorded on the messages a cancel skips. */
export const SKIP_CAMPAIGN_CANCELLED = 'campaign_cancelled';
export const MAX_CUTOFF_HOURS = 72;
/** The send path writes the texts of this many recipients per claim (one transaction). */
export const CAMPAIGN_BATCH_SIZE = 2_000;
/** Recipients one pass of the send path takes at most (the worker's tick continues with the rest). */
export const CAMPAIGN_SEND_LIMIT = 60_000;
/** The reason of a recipient claimed after its channel was deleted. */
export const SKIP_CHANNEL_MISSING = 'channel_missing';

export type RunState = 'scheduled' | 'sending' | 'sent' | 'cancelled';

/** More than 15 minutes before `createdAt`: the user must confirm. */
export const isPastSchedule = (scheduledFor: Date, createdAt: Date): boolean =>
  scheduledFor.getTime() < createdAt.getTime() - PAST_SCHEDULE_MINUTES * 60_000;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;

/**
 * A schedule: "now", an ISO instant with its offset (2026-11-25T17:00:00Z), or a local time
 * "2026-11-25 09:00" in the brand's time zone. Undefined when it is none of them.
 */
export function parseScheduleTime(value: string, timeZone: string, now: Date): Date | undefined {
  const text = value.trim();
  if (text.toLowerCase() === 'now') return now;
  const local = LOCAL.exec(text);
  if (local) {
    if (!isValidTimeZone(timeZone)) return undefined;
    const [, y, mo, d, h, mi] = local.map(Number) as number[];
    if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h! > 23 || mi! > 59) return undefined;
    return zonedInstant(timeZone, y!, mo!, d!, h!, mi!);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) return undefined;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

export interface MessageTally {
  status: string;
  skipReason: string | null;
  held: boolean;
  count: number;
}

export interface CampaignProgress {
  state: RunState | 'draft';
  scheduledFor: string | null;
  /** Contacts the segment matched when the audience was frozen. */
  targeted: number;
  /** The reachable ones (queued at freeze time; their texts are written as the send goes on). */
  queued: number;
  /** Waiting for their time: a recipient's window, a state cap or the per-number rate. */
  held: number;
  /** Due now, not handed to the provider yet. */
  pending: number;
  sent: number;
  delivered: number;
  /** Failed after it was sent (the carrier could not deliver it): counted in sent and in failed. */
  undelivered: number;
  failed: number;
  /** Left out at freeze time (excluded) or at send time (skipped), by reason. */
  skipped: Record<string, number>;
  clicked: number;
  replied: number;
  recovered: number;
  recoveredRevenue: number;
  /**
   * When the texts not sent yet (pending and held) will have gone out at the brand's number's
   * pace (its rate, its daily cap); null when none is left or the provider has no pace (outbox).
   */
  estimatedFinishAt?: string | null;
  /** The brand's number's pace: texts per second and per day; null without one. */
  pace?: { perSecond: number; perDay: number } | null;
  /** Of the held texts, those waiting for their number's daily cap, and when they start to go (ISO); null for none. */
  heldByDailyCap: { count: number; until: string | null } | null;
}

const SENT = ['sent', 'delivered', 'undelivered'];

/** The counts of a run: recipients by exclusion reason, its first texts by status. */
export function tallyProgress(input: {
  state: RunState | 'draft';
  scheduledFor: Date | null;
  excluded: { reason: string; count: number }[];
  queued: number;
  /** Queued recipients whose text is not written yet (the send path writes it when it takes them). */
  unstarted?: number;
  messages: MessageTally[];
  clicked: number;
  replied: number;
  recovered: number;
  recoveredRevenue: number;
  dailyCap?: { count: number; until: Date | null };
}): CampaignProgress {
  const skipped: Record<string, number> = {};
  const add = (reason: string, n: number): void => {
    skipped[reason] = (skipped[reason] ?? 0) + n;
  };
  for (const e of input.excluded) add(e.reason, e.count);
  let held = 0;
  let pending = input.unstarted ?? 0;
  let sent = 0;
  let delivered = 0;
  let undelivered = 0;
  let failed = 0;
  for (const m of input.messages) {
    if (m.status === 'agent_skipped') add(m.skipReason ?? 'skipped', m.count);
    else if (m.status === 'failed') failed += m.count;
    else if (SENT.includes(m.status)) {
      sent += m.count;
      if (m.status === 'delivered') delivered += m.count;
      if (m.status === 'undelivered') {
        failed += m.count;
        undelivered += m.count;
      }
    } else if (m.held) held += m.count;
    else pending += m.count;
  }
  const excludedTotal = input.excluded.reduce((s, e) => s + e.count, 0);
  return {
    state: input.state,
    scheduledFor: input.scheduledFor ? input.scheduledFor.toISOString() : null,
    targeted: excludedTotal + input.queued,
    queued: input.queued,
    held,
    pending,
    sent,
    delivered,
    undelivered,
    failed,
    skipped,
    clicked: input.clicked,
    replied: input.replied,
    recovered: input.recovered,
    recoveredRevenue: input.recoveredRevenue,
    heldByDailyCap:
      input.dailyCap && input.dailyCap.count > 0
        ? { count: input.dailyCap.count, until: input.dailyCap.until?.toISOString() ?? null }
        : null,
  };
}
