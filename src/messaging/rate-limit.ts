/**
 * Each sending number's pace: texts per second and per day, shared by every worker process.
 * The number's row in `sms_send_slots` holds its next free send time (one text every 1/rate s: a
 * token bucket holding one token, so no one-second window ever holds more than the rate), the
 * texts of the current day (UTC) against its daily cap, and the texts of the current and previous
 * minute (the rate the dashboard and /metrics show). A row lock serialises the claims of one
 * number; claims lock several numbers in sorted order.
 *
 * The pace comes from the number's 10DLC registration tier when Infobip reported one, else the
 * brand's settings (SMS integration messages_per_second / messages_per_day, brand extra_data
 * sms_messages_per_second / sms_messages_per_day), else SMS_MESSAGES_PER_SECOND /
 * SMS_MESSAGES_PER_DAY (defaults 1 and 2,000: below AT&T's lowest class, T's 75 texts a minute, and
 * T-Mobile's lowest brand tier, 2,000 a day).
 */
import type { Tx } from '../db/index.ts';
import { lockSendSlots, saveSendSlots } from './store/senders.ts';

export const DEFAULT_MESSAGES_PER_SECOND = 1;
export const DEFAULT_MESSAGES_PER_DAY = 2_000;
export const MAX_MESSAGES_PER_SECOND = 1_000;
/** Slots further ahead than this are not taken now: those messages wait for a later claim. */
export const RATE_LIMIT_LOOKAHEAD_MS = 10_000;

export const intervalMs = (messagesPerSecond: number): number => Math.ceil(1000 / messagesPerSecond);

/**
 * The slack a claim on the real clock adds to the end of its stretch of a number's time, so its
 * last text may go a little after its slot (a timer fires late, a provider call before it is slow)
 * and still keep one interval before the next claim's first: half an interval, 20 to 250 ms.
 */
export const slotGraceMs = (interval: number): number => Math.min(250, Math.max(20, Math.round(interval / 2)));

/** A sending number's pace and where it came from. */
export interface Pace {
  perSecond: number;
  perDay: number;
  source: 'tier' | 'setting' | 'default';
}

const positive = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
};

/** Messages per second from setting values; the default when none is a positive number. */
export function readMessagesPerSecond(...values: unknown[]): number {
  for (const value of values) {
    const n = positive(value);
    if (n !== undefined) return Math.min(n, MAX_MESSAGES_PER_SECOND);
  }
  return DEFAULT_MESSAGES_PER_SECOND;
}

/**
 * The number's pace: the registration's tier first (Infobip's), then the brand's settings, then the
 * configured defaults; per second and per day are chosen each on their own.
 */
export function readPace(
  {
    tier,
    perSecond,
    perDay,
  }: { tier?: { perSecond?: unknown; perDay?: unknown } | null; perSecond: unknown[]; perDay: unknown[] },
  defaults: { perSecond: number; perDay: number } = {
    perSecond: DEFAULT_MESSAGES_PER_SECOND,
    perDay: DEFAULT_MESSAGES_PER_DAY,
  },
): Pace {
  const tierSecond = positive(tier?.perSecond);
  const tierDay = positive(tier?.perDay);
  const settingSecond = perSecond.map(positive).find((n) => n !== undefined);
  const settingDay = perDay.map(positive).find((n) => n !== undefined);
  const second = tierSecond ?? settingSecond ?? defaults.perSecond;
  const day = tierDay ?? settingDay ?? defaults.perDay;
  return {
    perSecond: Math.min(second, MAX_MESSAGES_PER_SECOND),
    perDay: Math.max(1, Math.floor(day)),
    source:
      tierSecond !== undefined || tierDay !== undefined
        ? 'tier'
        : settingSecond !== undefined || settingDay !== undefined
          ? 'setting'
          : 'default',
  };
}

/** AT&T's 10DLC message classes (SMS texts per minute) as carriers publish them: A/B 4,500, C/D 2,400, E/F 240, T 75. */
export const ATT_CLASS_TPM: Readonly<Record<string, number>> = {
  A: 4_500,
  B: 4_500,
  C: 2_400,
  D: 2_400,
  E: 240,
  F: 240,
  T: 75,
};

/**
 * The throughput a 10DLC campaign answer of Infobip carries, when it carries one: a per-minute
 * figure (tpm / throughputPerMinute), an AT&T message class, a daily cap (T-Mobile's brand tier).
 * Undefined when it names none.
 */
export function tierOfCampaign(answer: Record<string, unknown>): { perSecond?: number; perDay?: number } | undefined {
  const nested =
    typeof answer.throughput === 'object' && answer.throughput !== null
      ? (answer.throughput as Record<string, unknown>)
      : {};
  const field = (...names: string[]): unknown => names.map((n) => nested[n] ?? answer[n]).find((v) => v != null);
  const klass = field('messageClass', 'attMessageClass');
  const tpm =
    positive(field('tpm', 'throughputPerMinute', 'smsTpm')) ??
    (typeof klass === 'string' ? ATT_CLASS_TPM[klass.trim().toUpperCase()] : undefined);
  const perDay = positive(field('dailyCap', 'tmobileDailyCap', 'messagesPerDay'));
  if (tpm === undefined && perDay === undefined) return undefined;
  return { ...(tpm !== undefined ? { perSecond: tpm / 60 } : {}), ...(perDay !== undefined ? { perDay } : {}) };
}

export interface SlotPlan {
  /** Send times of the messages to send now, in order. */
  slots: Date[];
  /** Estimated send times of the ones beyond the look-ahead (a later claim takes them). */
  later: Date[];
  /** How many are over the number's daily cap: they wait for the next day. */
  overCap: number;
  /** The number's next free time after the taken slots. */
  nextSendAt: Date;
}

/**
 * Pure: consecutive slots from max(nextSendAt, now), `interval` apart; those within the look-ahead
 * are taken, at most `dayLeft` of them (the rest of the day's cap); the others wait.
 */
export function planSlots({
  nextSendAt,
  now,
  count,
  interval,
  lookaheadMs = RATE_LIMIT_LOOKAHEAD_MS,
  dayLeft = Number.POSITIVE_INFINITY,
}: {
  nextSendAt: Date;
  now: Date;
  count: number;
  interval: number;
  lookaheadMs?: number;
  dayLeft?: number;
}): SlotPlan {
  const slots: Date[] = [];
  const later: Date[] = [];
  const allowed = Math.max(0, Math.min(count, dayLeft));
  let at = Math.max(nextSendAt.getTime(), now.getTime());
  for (let i = 0; i < allowed; i += 1, at += interval)
    (at <= now.getTime() + lookaheadMs ? slots : later).push(new Date(at));
  const next = slots.length > 0 ? new Date(slots[slots.length - 1]!.getTime() + interval) : nextSendAt;
  return { slots, later, overCap: count - allowed, nextSendAt: next };
}

/** Pure: the UTC day of a time, and the next day's start. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
export const nextUtcDay = (at: Date): Date =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
const minuteOf = (at: Date): number => Math.floor(at.getTime() / 60_000) * 60_000;

/** Pure: the minute counters after `n` more texts at `now`. */
export function rollMinute(
  row: { minute: Date | null; minute_count: number; last_minute_count: number },
  now: Date,
  n: number,
): { minute: Date; minute_count: number; last_minute_count: number } {
  const current = minuteOf(now);
  const was = row.minute ? row.minute.getTime() : undefined;
  if (was === current)
    return { minute: new Date(current), minute_count: row.minute_count + n, last_minute_count: row.last_minute_count };
  return {
    minute: new Date(current),
    minute_count: n,
    last_minute_count: was === current - 60_000 ? row.minute_count : 0,
  };
}

export interface Reservation extends SlotPlan {
  /** The clock the plan was made with: the caller's, moved on by the time spent waiting for the row. */
  plannedAt: Date;
  /** When the texts over the daily cap may go. */
  nextDayAt: Date;
}

/**
 * Takes send slots of several numbers inside the caller's transaction (their rows stay locked
 * until it commits): up to `count` for each. The time since the claim began, the wait for the rows
 * included (another claim of a number), is added to `now`, so a long wait never makes every slot
 * look too far ahead and slots stay on the real clock that other claims plan on.
 */
export async function reserveSlotsMany(
  tx: Tx,
  {
    provider,
    numbers,
    now,
    lookaheadMs,
    claimedAt,
    dailyCap = true,
  }: {
    provider: string;
    numbers: Array<{ sender: string; count: number; pace: Pace }>;
    /** The run's clock when the claim began... */
    now: Date;
    lookaheadMs?: number;
    /** ...and the real time then, when the run's clock is the real one (none: a fixed clock, kept as is). */
    claimedAt?: number;
    /** false: counted in the day, never held by its cap (a reply a person waits for). */
    dailyCap?: boolean;
  },
): Promise<Map<string, Reservation>> {
  const rows = await lockSendSlots(tx, { provider, senders: numbers.map((n) => n.sender).sort(), now });
  const at = claimedAt === undefined ? now : new Date(now.getTime() + Math.max(0, Date.now() - claimedAt));
  const today = utcDay(at);
  const reservations = new Map<string, Reservation>();
  const saved: Parameters<typeof saveSendSlots>[1] = [];
  for (const { sender, count, pace } of numbers) {
    const row = rows.get(sender)!;
    const dayCount = row.day === today ? row.day_count : 0;
    const plan = planSlots({
      nextSendAt: row.next_send_at,
      now: at,
      count,
      interval: intervalMs(pace.perSecond),
      lookaheadMs,
      dayLeft: dailyCap ? pace.perDay - dayCount : Number.POSITIVE_INFINITY,
    });
    const taken = plan.slots.length;
    // On the real clock the stretch ends with some slack for late hand-overs (hand-over.ts).
    if (claimedAt !== undefined && taken > 0)
      plan.nextSendAt = new Date(plan.nextSendAt.getTime() + slotGraceMs(intervalMs(pace.perSecond)));
    saved.push({
      provider,
      sender,
      next_send_at: plan.nextSendAt,
      per_second: pace.perSecond,
      per_day: pace.perDay,
      day: today,
      day_count: dayCount + taken,
      ...rollMinute(row, at, taken),
    });
    reservations.set(sender, { ...plan, plannedAt: at, nextDayAt: nextUtcDay(at) });
  }
  await saveSendSlots(tx, saved);
  return reservations;
}

/** reserveSlotsMany for one number. */
export async function reserveSlots(
  tx: Tx,
  {
    sender,
    count,
    pace,
    ...rest
  }: Omit<Parameters<typeof reserveSlotsMany>[1], 'numbers'> & { sender: string; count: number; pace: Pace },
): Promise<Reservation> {
  return (await reserveSlotsMany(tx, { ...rest, numbers: [{ sender, count, pace }] })).get(sender)!;
}

/**
 * Pure: when `remaining` texts of one number will have gone out at its pace, starting at `from`
 * with `today` texts already sent that day (UTC): at its rate while the day's cap lasts, the rest
 * on the following days from 00:00 UTC. Quiet hours and other brands' texts on the machine are
 * not counted: an estimate from the number's pace alone.
 */
export function estimateFinish({
  remaining,
  pace,
  today,
  from,
}: {
  remaining: number;
  pace: Pick<Pace, 'perSecond' | 'perDay'>;
  today: number;
  from: Date;
}): Date {
  if (remaining <= 0) return from;
  const dayLeft = Math.max(0, pace.perDay - today);
  if (remaining <= dayLeft) return new Date(from.getTime() + Math.ceil((remaining / pace.perSecond) * 1000));
  const rest = remaining - dayLeft;
  const fullDays = Math.ceil(rest / pace.perDay) - 1;
  const last = rest - fullDays * pace.perDay;
  const lastDay = nextUtcDay(from).getTime() + fullDays * 86_400_000;
  return new Date(lastDay + Math.ceil((last / pace.perSecond) * 1000));
}
