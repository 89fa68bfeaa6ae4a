/**
 * A message's status as a brand reads it: received, queued, held for quiet hours (with the time
 * it will go), sending, sent, delivered, failed or skipped (with the reason). The label is text,
 * so colour is never the only signal.
 */
import { formatDateTime, type Locale } from '../../../lib/format.ts';
import type { Message } from '../api/types.ts';

export type StatusKind = 'received' | 'queued' | 'held' | 'sending' | 'sent' | 'delivered' | 'failed' | 'skipped';

export interface MessageStatus {
  kind: StatusKind;
  label: string;
  /** A sentence beside the label: when a held text goes, why one failed or was skipped. */
  detail: string | null;
}

const HOLDS: Record<string, string> = {
  quiet_hours: 'Held for quiet hours',
  state_quiet_hours: "Held for the state's quiet hours",
  state_daily_limit: "Held by the state's daily limit",
  daily_cap: "Held by your number's daily limit",
};

/** The words after "reason: " in a status reason ("unsubscribed: the channel opted out" -> "the channel opted out"). */
const reasonText = (reason: string | null): string | null => {
  if (!reason) return null;
  const colon = reason.indexOf(': ');
  return colon > 0 ? reason.slice(colon + 2) : reason.replace(/_/g, ' ');
};

export function messageStatus(
  message: Pick<Message, 'direction' | 'status' | 'scheduled_for' | 'status_reason' | 'skip_reason'>,
  locale: Pick<Locale, 'locale' | 'timezone'>,
  now: Date = new Date(),
): MessageStatus {
  const { status } = message;
  if (message.direction === 'incoming') return { kind: 'received', label: 'Received', detail: null };
  if (status === 'queued' || status === 'auto_queued') {
    const at = message.scheduled_for ? new Date(message.scheduled_for) : null;
    const later = at !== null && at.getTime() > now.getTime();
    const hold = message.status_reason?.split(':')[0] ?? '';
    if (later && HOLDS[hold])
      return { kind: 'held', label: HOLDS[hold], detail: `Goes at ${formatDateTime(at, locale)}` };
    return {
      kind: 'queued',
      label: 'Queued',
      detail: later ? `Scheduled for ${formatDateTime(at, locale)}` : null,
    };
  }
  if (status === 'sending') return { kind: 'sending', label: 'Sending', detail: null };
  if (status === 'sent') return { kind: 'sent', label: 'Sent', detail: null };
  if (status === 'delivered') return { kind: 'delivered', label: 'Delivered', detail: null };
  if (status === 'failed' || status === 'undelivered')
    return {
      kind: 'failed',
      label: status === 'undelivered' ? 'Not delivered' : 'Failed',
      detail: reasonText(message.status_reason),
    };
  if (status === 'agent_skipped')
    return {
      kind: 'skipped',
      label: 'Skipped',
      detail: reasonText(message.status_reason) ?? reasonText(message.skip_reason),
    };
  return { kind: 'queued', label: status.replace(/_/g, ' '), detail: null };
}

export function MessageStatusBadge({
  message,
  locale,
  now,
}: {
  message: Parameters<typeof messageStatus>[0];
  locale: Pick<Locale, 'locale' | 'timezone'>;
  now?: Date;
}) {
  const status = messageStatus(message, locale, now);
  return (
    <span className="message-status" data-status={status.kind}>
      <span className={`status-badge status-${status.kind}`}>{status.label}</span>
      {status.detail ? <span className="status-detail">{status.detail}</span> : null}
    </span>
  );
}
