/**
 * A brand's texting setup as its settings page shows it: the number texts go out from (and where
 * it comes from), the 10DLC registration's state once one has started, and the
 * sending rules every marketing text follows (rules.ts), as data the panel puts in words.
 */
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import {
  CART_REMINDER_MAX_AGE_MS,
  formatMinute,
  MARKETING_LIMIT_PERIOD_MS,
  SEND_WINDOW_END_MINUTE,
  SEND_WINDOW_START_MINUTE,
  STRICT_STATE_MARKETING_LIMIT,
  STRICT_STATE_WINDOW_END_MINUTE,
  STRICT_STATES,
} from './rules.ts';
import { brandTexting } from './store/senders.ts';

export interface TextingView {
  number: string | null;
  /** sms_integration: the SMS integration's number or sender id; support_phone: the brand's support phone. */
  number_source: 'sms_integration' | 'support_phone' | null;
  integration: { provider: string; status: string; is_enabled: boolean } | null;
  /** The 10DLC registration's automation state (`reclaim messaging status`) and since when; null before one starts. */
  ten_dlc: { status: string; updated_at: string | null; failed_from: string | null } | null;
  quiet_hours: {
    start: string;
    end: string;
    strict_states: string[];
    strict_end: string;
    strict_limit: number;
    strict_limit_hours: number;
    cart_reminder_max_hours: number;
    texas_compliance: boolean;
  };
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

export async function textingView(db: Handle, brandId: number): Promise<TextingView> {
  const row = await brandTexting(db, brandId);
  if (!row) throw new AppError('not_found', 'Brand not found');
  const settings = row.integration?.settings ?? {};
  const own = text(settings.infobip_phone_number) ?? text(settings.sender_id) ?? text(settings.phone);
  const support = text(row.support_phone);
  return {
    number: own ?? support ?? null,
    number_source: own ? 'sms_integration' : support ? 'support_phone' : null,
    integration: row.integration
      ? { provider: row.integration.slug, status: row.integration.status, is_enabled: row.integration.is_enabled }
      : null,
    ten_dlc: row.registration
      ? {
          status: row.registration.state,
          updated_at: row.registration.since,
          failed_from: row.registration.failed_from,
        }
      : null,
    quiet_hours: {
      start: formatMinute(SEND_WINDOW_START_MINUTE),
      end: formatMinute(SEND_WINDOW_END_MINUTE),
      strict_states: [...STRICT_STATES],
      strict_end: formatMinute(STRICT_STATE_WINDOW_END_MINUTE),
      strict_limit: STRICT_STATE_MARKETING_LIMIT,
      strict_limit_hours: MARKETING_LIMIT_PERIOD_MS / 3_600_000,
      cart_reminder_max_hours: CART_REMINDER_MAX_AGE_MS / 3_600_000,
      texas_compliance: row.texas_compliance,
    },
  };
}
