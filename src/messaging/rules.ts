/**
 * Pure sending rules (DESIGN "Compliance (US texting)"): who may be texted when, and how many
 * segments a body costs. No I/O: every answer is a function of the arguments.
 *
 * - Only +1 numbers.
 * - Marketing texts go out between 8:00 and 21:00 in the recipient's local time: the channel's time
 *   zone, else the number's area code, else the brand's time zone.
 * - Florida, Oklahoma and Maryland numbers: 8:00-20:00, and at most 3 marketing texts per 24 h to
 *   one number (the 4th waits until the oldest of the 3 is 24 h old).
 * - A held message waits for the next allowed minute, unless the wait makes it pointless: a cart
 *   reminder is never sent more than 48 h after the cart.
 * - Transactional messages (STOP/HELP/START replies) ignore the clock, not the +1 rule.
 * - Texas customers (a Texas area code, or TX in the cart's, checkout's or order's address) get
 *   marketing texts only while the brand has texas_compliance: checked when candidates are selected
 *   and again here, with the brand's setting as it is when the text goes out.
 */
import { isValidTimeZone, localTime, zonedInstant } from '../app/index.ts';
import { isTexasNumber, isUsSmsNumber } from '../contacts/index.ts';
import { countSms, type Encoding } from './sms-count/rules.ts';
import { areaCodeInfo } from './timezones.ts';

export const SEND_WINDOW_START_MINUTE = 8 * 60;
export const SEND_WINDOW_END_MINUTE = 21 * 60;
/** States whose law ends the window at 20:00 and caps marketing texts per 24 h. */
export const STRICT_STATES: readonly string[] = ['FL', 'OK', 'MD'];
export const STRICT_STATE_WINDOW_END_MINUTE = 20 * 60;
export const STRICT_STATE_MARKETING_LIMIT = 3;
export const MARKETING_LIMIT_PERIOD_MS = 24 * 60 * 60 * 1000;
/** A cart reminder is not sent more than 48 h after the cart (the campaign's program summary). */
export const CART_REMINDER_MAX_AGE_MS = 48 * 60 * 60 * 1000;
/** Used when neither the channel, the area code nor the brand gives a valid time zone. */
export const FALLBACK_TIME_ZONE = 'America/Los_Angeles';

export type SendAction = 'send' | 'hold' | 'skip';
export type SendReason =
  | 'within_window'
  | 'transactional'
  | 'quiet_hours'
  | 'state_quiet_hours'
  | 'state_daily_limit'
  | 'non_us_number'
  | 'texas'
  | 'cart_reminder_expired';
export type TimeZoneSource = 'channel' | 'area_code' | 'brand';

export interface SendDecision {
  action: SendAction;
  /** For 'hold': the next allowed minute. */
  until?: Date;
  reason: SendReason;
  /** The same reason for people: local time, zone and window. */
  detail: string;
  timeZone?: string;
  timeZoneSource?: TimeZoneSource;
  /** US state of the number's area code, when known. */
  state?: string;
}

export interface SendInput {
  now: Date;
  /** The recipient in E.164. */
  to: string;
  channelTimezone?: string | null;
  brandTimezone?: string | null;
  isMarketing: boolean;
  /**
   * Marketing texts sent to this number by the brand in the last 24 h: their send times (preferred:
   * the hold ends exactly when the oldest one ages out) or only how many (then a hold is re-checked
   * after an hour).
   */
  marketingSentLast24h: number | readonly Date[];
  /** When the cart (or checkout) of a cart reminder was created; absent for other messages. */
  cartCreatedAt?: Date | null;
  /** The brand's texas_compliance (brands.extra_data) now, not when the text was written. */
  texasCompliance: boolean;
  /** The shopper's state from the address of the conversation's cart, checkout or order, if any. */
  province?: string | null;
}

// Time zone arithmetic lives in app (shared with the reports); re-exported for messaging's callers.
export { isValidTimeZone, localTime, zonedInstant, type LocalTime } from '../app/index.ts';

const pad = (n: number): string => String(n).padStart(2, '0');
export const formatMinute = (minuteOfDay: number): string =>
  `${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}`;

/** The earliest instant at or after `from` whose local time is inside [start, end) minutes of the day. */
export function nextInWindow(from: Date, timeZone: string, startMinute: number, endMinute: number): Date {
  const t = localTime(from, timeZone);
  const minute = t.hour * 60 + t.minute;
  if (minute >= startMinute && minute < endMinute) return from;
  const day = minute < startMinute ? t.day : t.day + 1;
  return zonedInstant(timeZone, t.year, t.month, day, Math.floor(startMinute / 60), startMinute % 60);
}

// -------------------------------------------------------------------------------------------
// The recipient and the decision.

export interface Recipient {
  timeZone: string;
  timeZoneSource: TimeZoneSource;
  state?: string;
  strictState: boolean;
  windowStart: number;
  windowEnd: number;
}

/** The US state of a number's area code (undefined outside the US or for an unknown code). */
const stateOfNumber = (to: string): string | undefined => {
  const info = areaCodeInfo(to);
  return info?.country === 'US' ? info.region : undefined;
};

/** A number in Florida, Oklahoma or Maryland: the 20:00 end and the 24 h cap apply to it. */
export const isStrictStateNumber = (to: string): boolean => STRICT_STATES.includes(stateOfNumber(to) ?? '');

/** Where a number's local time comes from and which window applies to it. */
export function recipientOf({
  to,
  channelTimezone,
  brandTimezone,
}: Pick<SendInput, 'to' | 'channelTimezone' | 'brandTimezone'>): Recipient {
  const info = areaCodeInfo(to);
  const state = stateOfNumber(to);
  const strictState = state !== undefined && STRICT_STATES.includes(state);
  const windows = {
    windowStart: SEND_WINDOW_START_MINUTE,
    windowEnd: strictState ? STRICT_STATE_WINDOW_END_MINUTE : SEND_WINDOW_END_MINUTE,
  };
  const base = { state, strictState, ...windows };
  if (isValidTimeZone(channelTimezone)) return { timeZone: channelTimezone, timeZoneSource: 'channel', ...base };
  if (info && isValidTimeZone(info.timeZone)) return { timeZone: info.timeZone, timeZoneSource: 'area_code', ...base };
  return {
    timeZone: isValidTimeZone(brandTimezone) ? brandTimezone : FALLBACK_TIME_ZONE,
    timeZoneSource: 'brand',
    ...base,
  };
}

/** The earliest instant at or after `now` when a marketing text may reach this recipient (clock only). */
export function nextAllowedSendTime(
  input: Pick<SendInput, 'now' | 'to' | 'channelTimezone' | 'brandTimezone'> & { isMarketing?: boolean },
): Date {
  if (input.isMarketing === false) return input.now;
  const recipient = recipientOf(input);
  return nextInWindow(input.now, recipient.timeZone, recipient.windowStart, recipient.windowEnd);
}

/** When the count of texts in the last 24 h drops below the limit (undefined: already below). */
export function limitFreesAt(
  now: Date,
  sent: number | readonly Date[],
  limit = STRICT_STATE_MARKETING_LIMIT,
): Date | undefined {
  if (typeof sent === 'number') return sent >= limit ? new Date(now.getTime() + 60 * 60 * 1000) : undefined;
  const recent = sent
    .map((d) => d.getTime())
    .filter((t) => t > now.getTime() - MARKETING_LIMIT_PERIOD_MS)
    .sort((a, b) => a - b);
  if (recent.length < limit) return undefined;
  return new Date(recent[recent.length - limit]! + MARKETING_LIMIT_PERIOD_MS);
}

const describeLocal = (at: Date, r: Recipient): string => {
  const t = localTime(at, r.timeZone);
  const where =
    r.timeZoneSource === 'channel'
      ? "the channel's time zone"
      : r.timeZoneSource === 'area_code'
        ? `area code${r.state ? `, ${r.state}` : ''}`
        : "the brand's time zone";
  return `${formatMinute(t.hour * 60 + t.minute)} in ${r.timeZone} (${where})`;
};

type Address = Record<string, unknown> | null | undefined;

/**
 * A two-letter state from addresses in any of the platforms' spellings (province_code, state_code,
 * provinceCode, else province or state; "Texas" is TX): the first address that names one.
 */
export function stateOfAddress(...addresses: Address[]): string | null {
  for (const address of addresses) {
    if (!address || typeof address !== 'object') continue;
    const code = address.province_code ?? address.state_code ?? address.provinceCode;
    if (typeof code === 'string' && code.trim()) return code.trim().toUpperCase();
    const name = address.province ?? address.state;
    if (typeof name === 'string' && name.trim())
      return name.trim().toLowerCase() === 'texas' ? 'TX' : name.trim().toUpperCase();
  }
  return null;
}

/** Why the shopper is a Texas customer (the candidates' wording), or undefined. */
function texasCustomer(to: string, province: string | null | undefined): string | undefined {
  if (isTexasNumber(to)) return 'a Texas area code';
  return province === 'TX' ? 'a TX address' : undefined;
}

/**
 * Send now, hold until a later minute, or skip (with the reason). The caller records the reason on
 * the message either way.
 */
export function decideSend(input: SendInput): SendDecision {
  const { now, to, isMarketing, cartCreatedAt } = input;
  if (!isUsSmsNumber(to)) return { action: 'skip', reason: 'non_us_number', detail: 'Only +1 numbers are texted.' };
  const texas = isMarketing && !input.texasCompliance ? texasCustomer(to, input.province) : undefined;
  if (texas)
    return {
      action: 'skip',
      reason: 'texas',
      detail: `Texas customer (${texas}) and the brand has not set texas_compliance`,
    };
  const expiresAt =
    cartCreatedAt && isMarketing ? new Date(cartCreatedAt.getTime() + CART_REMINDER_MAX_AGE_MS) : undefined;
  if (expiresAt && now > expiresAt) {
    return {
      action: 'skip',
      reason: 'cart_reminder_expired',
      detail: `The cart is more than 48 h old (reminders end at ${expiresAt.toISOString()}).`,
    };
  }
  if (!isMarketing)
    return { action: 'send', reason: 'transactional', detail: 'Transactional message: sent at any hour.' };

  const recipient = recipientOf(input);
  const context = { timeZone: recipient.timeZone, timeZoneSource: recipient.timeZoneSource, state: recipient.state };
  const windowText = `${formatMinute(recipient.windowStart)}-${formatMinute(recipient.windowEnd)}`;
  let earliest = now;
  let reason: SendReason | undefined;
  let detail = '';
  const freesAt = recipient.strictState ? limitFreesAt(now, input.marketingSentLast24h) : undefined;
  if (freesAt && freesAt > now) {
    earliest = freesAt;
    reason = 'state_daily_limit';
    detail = `${recipient.state} allows ${STRICT_STATE_MARKETING_LIMIT} marketing texts per 24 h to one number; the oldest ages out at ${freesAt.toISOString()}`;
  }
  const allowed = nextInWindow(earliest, recipient.timeZone, recipient.windowStart, recipient.windowEnd);
  if (allowed.getTime() > earliest.getTime() && reason === undefined) {
    const local = localTime(now, recipient.timeZone);
    const minute = local.hour * 60 + local.minute;
    reason =
      recipient.strictState && minute >= STRICT_STATE_WINDOW_END_MINUTE && minute < SEND_WINDOW_END_MINUTE
        ? 'state_quiet_hours'
        : 'quiet_hours';
    detail = `${describeLocal(now, recipient)} is outside ${windowText}${recipient.strictState ? ` (${recipient.state} law)` : ''}`;
  }
  if (allowed.getTime() <= now.getTime()) {
    return {
      action: 'send',
      reason: 'within_window',
      detail: `${describeLocal(now, recipient)} is inside ${windowText}`,
      ...context,
    };
  }
  if (expiresAt && allowed > expiresAt) {
    return {
      action: 'skip',
      reason: 'cart_reminder_expired',
      detail: `${detail}; the next allowed time ${allowed.toISOString()} is more than 48 h after the cart`,
      ...context,
    };
  }
  return {
    action: 'hold',
    until: allowed,
    reason: reason ?? 'quiet_hours',
    detail: `${detail}; held until ${describeLocal(allowed, recipient)}`,
    ...context,
  };
}

// -------------------------------------------------------------------------------------------
// Segments: counted by sms-count/rules.ts, the one function the panel's composer uses too.

export interface SegmentInfo {
  segments: number;
  encoding: Encoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
}

/** How many SMS segments a body costs and in which encoding it goes out (what each message records). */
export function segmentInfo(body: string): SegmentInfo {
  const { segments, encoding, units } = countSms(body);
  return { segments, encoding, units };
}
